"""Dichotomy's display words: what each enumerated value recorded in its events reads as, in one table.

An event keeps the identifier (``finesse``, ``fulfilled``, ``Greed``); the summary lines, the verbs' form
options (web.routes.verbs, through the descriptor's ``words``) and the reports show ``word(WORDS, value)``
(journal.service.summaries): the English word (as the journal always printed it) in the current language.
Each entry is ``pgettext("dichotomy", ...)`` in a lambda: marked for extraction, looked up only when shown,
told apart from another system's same English word (Wield's ``power``) by its context.  The motives,
abilities and connections are the rules' lists (rules.MOTIVES, rules.ABILITIES, rules.CONNECTION_COSTS).

:data:`TYPES` names each of the system's event types and :data:`FIELDS` each key of its sheets (the
descriptor's ``types`` and ``fields``): the page shows them (journal.service.labels, ``GET /api/labels``).
:data:`PAYLOAD` names the keys of its events' payloads that are not its sheets' (the descriptor's
``payload_fields``): the audit shows a payload by them.
"""

from __future__ import annotations

from collections.abc import Callable

from journal.i18n import pgettext

WORDS: dict[str, Callable[[], str]] = {
    # the six Attributes (dichotomy.check_rolled.dice, dichotomy.ability_gained.ability)
    "finesse": lambda: pgettext("dichotomy", "finesse"),
    "power": lambda: pgettext("dichotomy", "power"),
    "martial": lambda: pgettext("dichotomy", "martial"),
    "spiritual": lambda: pgettext("dichotomy", "spiritual"),
    "natural": lambda: pgettext("dichotomy", "natural"),
    "technical": lambda: pgettext("dichotomy", "technical"),
    # a check's outcome (dichotomy.check_rolled.outcome)
    "failure": lambda: pgettext("dichotomy", "failure"),
    "partial": lambda: pgettext("dichotomy", "partial"),
    "total": lambda: pgettext("dichotomy", "total"),
    "critical": lambda: pgettext("dichotomy", "critical"),
    # a motive's outcome (dichotomy.xp_awarded.outcome)
    "fulfilled": lambda: pgettext("dichotomy", "fulfilled"),
    "betrayed": lambda: pgettext("dichotomy", "betrayed"),
    # where a bonus award comes from (dichotomy.xp_awarded.source)
    "renown": lambda: pgettext("dichotomy", "renown"),
    "motive": lambda: pgettext("dichotomy", "motive"),
    # Wealth Levels (dichotomy.character_created.wealth, dichotomy.wealth_changed)
    "destitute": lambda: pgettext("dichotomy", "destitute"),
    "comfortable": lambda: pgettext("dichotomy", "comfortable"),
    "affluent": lambda: pgettext("dichotomy", "affluent"),
    # how a career ends (dichotomy.damage_applied.end)
    "death": lambda: pgettext("dichotomy", "death"),
    "career_ended": lambda: pgettext("dichotomy", "career ended"),
    # how Hits come back (dichotomy.hits_recovered.how)
    "recover_action": lambda: pgettext("dichotomy", "recover_action"),
    "rest": lambda: pgettext("dichotomy", "rest"),
    # the injury healed (dichotomy.injury_healed.injury)
    "injury": lambda: pgettext("dichotomy", "injury"),
    "serious": lambda: pgettext("dichotomy", "serious"),
    # the Motives (rules.MOTIVES)
    "Bloodlust": lambda: pgettext("dichotomy", "Bloodlust"),
    "Callous": lambda: pgettext("dichotomy", "Callous"),
    "Conscience": lambda: pgettext("dichotomy", "Conscience"),
    "Coward": lambda: pgettext("dichotomy", "Coward"),
    "Exploration": lambda: pgettext("dichotomy", "Exploration"),
    "Faith": lambda: pgettext("dichotomy", "Faith"),
    "Fame": lambda: pgettext("dichotomy", "Fame"),
    "Freedom": lambda: pgettext("dichotomy", "Freedom"),
    "Greed": lambda: pgettext("dichotomy", "Greed"),
    "Guardian": lambda: pgettext("dichotomy", "Guardian"),
    "Honor": lambda: pgettext("dichotomy", "Honor"),
    "Love": lambda: pgettext("dichotomy", "Love"),
    "Mission": lambda: pgettext("dichotomy", "Mission"),
    "Power": lambda: pgettext("dichotomy", "Power"),
    "Revenge": lambda: pgettext("dichotomy", "Revenge"),
    "Truth": lambda: pgettext("dichotomy", "Truth"),
    # the Special Abilities (rules.ABILITIES)
    "Cover Fire": lambda: pgettext("dichotomy", "Cover Fire"),
    "Deadly Aim": lambda: pgettext("dichotomy", "Deadly Aim"),
    "Double Shot": lambda: pgettext("dichotomy", "Double Shot"),
    "Mobility": lambda: pgettext("dichotomy", "Mobility"),
    "Point Blank": lambda: pgettext("dichotomy", "Point Blank"),
    "Quick Shot": lambda: pgettext("dichotomy", "Quick Shot"),
    "Cleave": lambda: pgettext("dichotomy", "Cleave"),
    "Defender": lambda: pgettext("dichotomy", "Defender"),
    "Locked in Mortal Combat": lambda: pgettext("dichotomy", "Locked in Mortal Combat"),
    "Short-Range Attack": lambda: pgettext("dichotomy", "Short-Range Attack"),
    "Smite": lambda: pgettext("dichotomy", "Smite"),
    "Tough as Nails": lambda: pgettext("dichotomy", "Tough as Nails"),
    "Acrobatics": lambda: pgettext("dichotomy", "Acrobatics"),
    "Climbing": lambda: pgettext("dichotomy", "Climbing"),
    "Destructive": lambda: pgettext("dichotomy", "Destructive"),
    "Escape Artist": lambda: pgettext("dichotomy", "Escape Artist"),
    "Stealthy": lambda: pgettext("dichotomy", "Stealthy"),
    "Swimming": lambda: pgettext("dichotomy", "Swimming"),
    "Biokinesis": lambda: pgettext("dichotomy", "Biokinesis"),
    "Bless": lambda: pgettext("dichotomy", "Bless"),
    "Clairvoyance": lambda: pgettext("dichotomy", "Clairvoyance"),
    "Dowsing": lambda: pgettext("dichotomy", "Dowsing"),
    "Psychometry": lambda: pgettext("dichotomy", "Psychometry"),
    "Pyrokinesis": lambda: pgettext("dichotomy", "Pyrokinesis"),
    "Telekinesis": lambda: pgettext("dichotomy", "Telekinesis"),
    "Telepathy": lambda: pgettext("dichotomy", "Telepathy"),
    "Alertness": lambda: pgettext("dichotomy", "Alertness"),
    "Orienteering": lambda: pgettext("dichotomy", "Orienteering"),
    "Physik": lambda: pgettext("dichotomy", "Physik"),
    "Sense Motives": lambda: pgettext("dichotomy", "Sense Motives"),
    "Speak with Animals": lambda: pgettext("dichotomy", "Speak with Animals"),
    "Survival": lambda: pgettext("dichotomy", "Survival"),
    "Tracking": lambda: pgettext("dichotomy", "Tracking"),
    "Architecture": lambda: pgettext("dichotomy", "Architecture"),
    "Disable Device": lambda: pgettext("dichotomy", "Disable Device"),
    "Find Traps": lambda: pgettext("dichotomy", "Find Traps"),
    "Investigative": lambda: pgettext("dichotomy", "Investigative"),
    "Linguistics": lambda: pgettext("dichotomy", "Linguistics"),
    "Mechanics": lambda: pgettext("dichotomy", "Mechanics"),
    # the connections XP buys (rules.CONNECTION_COSTS)
    "Cottage": lambda: pgettext("dichotomy", "Cottage"),
    "Assistant": lambda: pgettext("dichotomy", "Assistant"),
    "Notability": lambda: pgettext("dichotomy", "Notability"),
    # the values a sheet shows (its kind, its status)
    "active": lambda: pgettext("dichotomy", "active"),
}

#: What each of the system's event types is called (the page's timeline, the evidence of a dispute).
TYPES: dict[str, Callable[[], str]] = {
    "dichotomy.carried_over": lambda: pgettext("dichotomy event", "Carried over"),
    "dichotomy.ability_gained": lambda: pgettext("dichotomy event", "Ability gained"),
    "dichotomy.adventure_ended": lambda: pgettext("dichotomy event", "Adventure ended"),
    "dichotomy.adventure_started": lambda: pgettext("dichotomy event", "Adventure started"),
    "dichotomy.character_created": lambda: pgettext("dichotomy event", "New character"),
    "dichotomy.check_rolled": lambda: pgettext("dichotomy event", "Check"),
    "dichotomy.damage_applied": lambda: pgettext("dichotomy event", "Damage"),
    "dichotomy.dive_taken": lambda: pgettext("dichotomy event", "Dive"),
    "dichotomy.equipment_packed": lambda: pgettext("dichotomy event", "Equipment packed"),
    "dichotomy.fight_ended": lambda: pgettext("dichotomy event", "Fight ended"),
    "dichotomy.hits_recovered": lambda: pgettext("dichotomy event", "Hits recovered"),
    "dichotomy.injury_healed": lambda: pgettext("dichotomy event", "Injury healed"),
    "dichotomy.motive_chosen": lambda: pgettext("dichotomy event", "Motive chosen"),
    "dichotomy.motive_swapped": lambda: pgettext("dichotomy event", "Motive swapped"),
    "dichotomy.wealth_changed": lambda: pgettext("dichotomy event", "Wealth changed"),
    "dichotomy.xp_awarded": lambda: pgettext("dichotomy event", "Experience awarded"),
    "dichotomy.xp_spent": lambda: pgettext("dichotomy event", "Experience spent"),
}

#: What each key of the system's sheets is called (top level and nested records alike); the JSON keeps the keys.
FIELDS: dict[str, Callable[[], str]] = {
    "attributes": lambda: pgettext("dichotomy sheet", "Attributes"),
    "finesse": lambda: pgettext("dichotomy sheet", "Finesse"),
    "power": lambda: pgettext("dichotomy sheet", "Power"),
    "martial": lambda: pgettext("dichotomy sheet", "Martial"),
    "spiritual": lambda: pgettext("dichotomy sheet", "Spiritual"),
    "natural": lambda: pgettext("dichotomy sheet", "Natural"),
    "technical": lambda: pgettext("dichotomy sheet", "Technical"),
    "abilities": lambda: pgettext("dichotomy sheet", "Abilities"),
    "attribute": lambda: pgettext("dichotomy sheet", "attribute"),
    "name": lambda: pgettext("dichotomy sheet", "name"),
    "monster_slayer_bonus": lambda: pgettext("dichotomy sheet", "Monster Slayer bonus"),
    "motives": lambda: pgettext("dichotomy sheet", "Motives"),
    "motive": lambda: pgettext("dichotomy sheet", "motive"),
    "since": lambda: pgettext("dichotomy sheet", "since"),
    "last_scored": lambda: pgettext("dichotomy sheet", "last scored"),
    "locked_until": lambda: pgettext("dichotomy sheet", "locked until"),
    "health": lambda: pgettext("dichotomy sheet", "Health"),
    "shaken": lambda: pgettext("dichotomy sheet", "shaken"),
    "injured": lambda: pgettext("dichotomy sheet", "injured"),
    "serious": lambda: pgettext("dichotomy sheet", "seriously injured"),
    "drawing": lambda: pgettext("dichotomy sheet", "track"),
    "may_dive": lambda: pgettext("dichotomy sheet", "May dive"),
    "diving": lambda: pgettext("dichotomy sheet", "Diving"),
    "status": lambda: pgettext("dichotomy sheet", "Status"),
    "wealth": lambda: pgettext("dichotomy sheet", "Wealth"),
    "connections": lambda: pgettext("dichotomy sheet", "Connections"),
    "cost": lambda: pgettext("dichotomy sheet", "cost"),
    "equipment": lambda: pgettext("dichotomy sheet", "Equipment"),
    "carrying_capacity": lambda: pgettext("dichotomy sheet", "Carrying capacity"),
    "first_adventure": lambda: pgettext("dichotomy sheet", "first adventure"),
}

#: What each key of the system's event payloads is called where its sheets' FIELDS do not name it (nested
#: records' keys too; ``<event type>:<key>`` for one event's top-level key): the audit shows a payload by them.
PAYLOAD: dict[str, Callable[[], str]] = {
    # a new character's name (its abilities' and connections' are the sheet's «name»)
    "dichotomy.character_created:name": lambda: pgettext("dichotomy payload", "name"),
    # a check and its dice (dichotomy.check_rolled)
    "action": lambda: pgettext("dichotomy payload", "action"),
    "defender": lambda: pgettext("dichotomy payload", "defender"),
    "outcome": lambda: pgettext("dichotomy payload", "outcome"),
    "attribute_value": lambda: pgettext("dichotomy payload", "attribute value"),
    "tn": lambda: pgettext("dichotomy payload", "TN"),
    "modifier": lambda: pgettext("dichotomy payload", "modifier"),
    "defender_attribute": lambda: pgettext("dichotomy payload", "defender's attribute"),
    "total": lambda: pgettext("dichotomy payload", "total"),
    "success": lambda: pgettext("dichotomy payload", "success"),
    # damage, recovery and healing (dichotomy.damage_applied, hits_recovered, injury_healed)
    "round": lambda: pgettext("dichotomy payload", "round"),
    "damage": lambda: pgettext("dichotomy payload", "damage"),
    "hits_lost": lambda: pgettext("dichotomy payload", "Hits lost"),
    "discarded": lambda: pgettext("dichotomy payload", "discarded"),
    "end": lambda: pgettext("dichotomy payload", "end"),
    "how": lambda: pgettext("dichotomy payload", "how"),
    "hits": lambda: pgettext("dichotomy payload", "Hits"),
    "injury": lambda: pgettext("dichotomy payload", "injury"),
    # abilities, adventures, motives and experience
    "ability": lambda: pgettext("dichotomy payload", "ability"),
    "title": lambda: pgettext("dichotomy payload", "title"),
    "adventure": lambda: pgettext("dichotomy payload", "adventure"),
    "slot": lambda: pgettext("dichotomy payload", "slot"),
    "old": lambda: pgettext("dichotomy payload", "old"),
    "new": lambda: pgettext("dichotomy payload", "new"),
    "betrayed": lambda: pgettext("dichotomy payload", "betrayed"),
    "connection": lambda: pgettext("dichotomy payload", "connection"),
    "note": lambda: pgettext("dichotomy payload", "note"),
    # wealth and equipment (dichotomy.wealth_changed, dichotomy.equipment_packed)
    "previous": lambda: pgettext("dichotomy payload", "previous"),
    "level": lambda: pgettext("dichotomy payload", "level"),
    "items": lambda: pgettext("dichotomy payload", "items"),
    "capacity": lambda: pgettext("dichotomy payload", "capacity"),
}
