"""Stone Wheel's display words: what each enumerated value recorded in its events reads as, in one table.

An event keeps the identifier (``attack``, ``block``, ``physical``); the summary lines, the verbs' form
options (web.routes.verbs, through the descriptor's ``words``) and the reports show ``word(WORDS, value)``
(journal.service.summaries): the English word (the identifier, as the journal always printed it) in the
current language.  Each entry is ``pgettext("stone-wheel", ...)`` in a lambda: marked for extraction, looked
up only when shown, told apart from another system's same English word by its context.

:data:`TYPES` names each of the system's event types and :data:`FIELDS` each key of its sheets (the
descriptor's ``types`` and ``fields``): the page shows them (journal.service.labels, ``GET /api/labels``).
:data:`PAYLOAD` names the keys of its events' payloads that are not its sheets' (the descriptor's
``payload_fields``): the audit shows a payload by them.
"""

from __future__ import annotations

from collections.abc import Callable

from journal.i18n import pgettext

#: What harmed, when the Master names nothing else (``stone-wheel damage --cause``'s default): shown in the reader's words.
DAMAGE = "damage"

WORDS: dict[str, Callable[[], str]] = {
    # a character's type (stone_wheel.character_created.kind)
    "physical": lambda: pgettext("stone-wheel", "physical"),
    "mental": lambda: pgettext("stone-wheel", "mental"),
    "general": lambda: pgettext("stone-wheel", "general"),
    # a challenge's action (stone_wheel.combat_exchanged.action)
    "attack": lambda: pgettext("stone-wheel", "attack"),
    "grab": lambda: pgettext("stone-wheel", "grab"),
    "cast": lambda: pgettext("stone-wheel", "cast"),
    "other": lambda: pgettext("stone-wheel", "other"),
    # the response to it (stone_wheel.combat_exchanged.response)
    "none": lambda: pgettext("stone-wheel", "none"),
    "block": lambda: pgettext("stone-wheel", "block"),
    "dodge": lambda: pgettext("stone-wheel", "dodge"),
    "counterattack": lambda: pgettext("stone-wheel", "counterattack"),
    "resist": lambda: pgettext("stone-wheel", "resist"),
    # the pools (stone_wheel.recovered.pool)
    "health": lambda: pgettext("stone-wheel", "health"),
    "stamina": lambda: pgettext("stone-wheel", "stamina"),
    "mana": lambda: pgettext("stone-wheel", "mana"),
    "survival": lambda: pgettext("stone-wheel", "survival"),
    # why a pool comes back when the Master names nothing else (stone_wheel.recovered.reason's default)
    "rest": lambda: pgettext("stone-wheel", "rest"),
    # what harmed when the Master names nothing else (stone_wheel.damage_taken.cause's default)
    "damage": lambda: pgettext("stone-wheel", "damage"),
    # how a soul returns (stone_wheel.revived.method)
    "class_request": lambda: pgettext("stone-wheel", "class_request"),
    "ritual": lambda: pgettext("stone-wheel", "ritual"),
    "spell": lambda: pgettext("stone-wheel", "spell"),
    # what XP improves (stone_wheel.xp_spent.kind)
    "skill": lambda: pgettext("stone-wheel", "skill"),
    "spell_mastery": lambda: pgettext("stone-wheel", "spell_mastery"),
    "spell_efficiency": lambda: pgettext("stone-wheel", "spell_efficiency"),
    "characteristic": lambda: pgettext("stone-wheel", "characteristic"),
    "parameter": lambda: pgettext("stone-wheel", "parameter"),
    # the schools of magic (events.School)
    "creation": lambda: pgettext("stone-wheel", "creation"),
    "control": lambda: pgettext("stone-wheel", "control"),
    "alteration": lambda: pgettext("stone-wheel", "alteration"),
    # the values a sheet shows (its kind, its status)
    "alive": lambda: pgettext("stone-wheel", "alive"),
    "dead": lambda: pgettext("stone-wheel", "dead"),
    "unconscious": lambda: pgettext("stone-wheel", "unconscious"),
    # who struck in an exchange (stone_wheel.combat_exchanged.striker)
    "challenger": lambda: pgettext("stone-wheel", "challenger"),
    "responder": lambda: pgettext("stone-wheel", "responder"),
    # what breaking turn order cost (stone_wheel.turn_order_violated.consequence)
    "warning": lambda: pgettext("stone-wheel", "warning"),
    "health_penalty": lambda: pgettext("stone-wheel", "health_penalty"),
    # the house rules, as a player names them (journal rules propose --set KEY=VALUE)
    "xp_per_hour_player": lambda: pgettext("stone-wheel", "xp_per_hour_player"),
    "xp_per_hour_master": lambda: pgettext("stone-wheel", "xp_per_hour_master"),
}

#: What each of the system's event types is called (the page's timeline, the evidence of a dispute).
TYPES: dict[str, Callable[[], str]] = {
    "stone_wheel.carried_over": lambda: pgettext("stone-wheel event", "Carried over"),
    "stone_wheel.character_created": lambda: pgettext("stone-wheel event", "New character"),
    "stone_wheel.combat_exchanged": lambda: pgettext("stone-wheel event", "Combat exchange"),
    "stone_wheel.damage_taken": lambda: pgettext("stone-wheel event", "Damage"),
    "stone_wheel.died": lambda: pgettext("stone-wheel event", "Death"),
    "stone_wheel.effect_gained": lambda: pgettext("stone-wheel event", "Effect gained"),
    "stone_wheel.effect_removed": lambda: pgettext("stone-wheel event", "Effect removed"),
    "stone_wheel.perk_gained": lambda: pgettext("stone-wheel event", "Perk gained"),
    "stone_wheel.recovered": lambda: pgettext("stone-wheel event", "Recovery"),
    "stone_wheel.request_rolled": lambda: pgettext("stone-wheel event", "Request"),
    "stone_wheel.revived": lambda: pgettext("stone-wheel event", "Revived"),
    "stone_wheel.sleep_rolled": lambda: pgettext("stone-wheel event", "Sleep"),
    "stone_wheel.stamina_spent": lambda: pgettext("stone-wheel event", "Stamina spent"),
    "stone_wheel.turn_mode_ended": lambda: pgettext("stone-wheel event", "Turn mode ended"),
    "stone_wheel.turn_mode_started": lambda: pgettext("stone-wheel event", "Turn mode started"),
    "stone_wheel.turn_order_violated": lambda: pgettext("stone-wheel event", "Turn order broken"),
    "stone_wheel.xp_awarded": lambda: pgettext("stone-wheel event", "Experience awarded"),
    "stone_wheel.xp_spent": lambda: pgettext("stone-wheel event", "Experience spent"),
}

#: What each key of the system's sheets is called (top level and nested records alike); the JSON keeps the keys.
FIELDS: dict[str, Callable[[], str]] = {
    "race": lambda: pgettext("stone-wheel sheet", "Race"),
    "class": lambda: pgettext("stone-wheel sheet", "Class"),
    "characteristics": lambda: pgettext("stone-wheel sheet", "Characteristics"),
    "constitution": lambda: pgettext("stone-wheel sheet", "Constitution"),
    "strength": lambda: pgettext("stone-wheel sheet", "Strength"),
    "dexterity": lambda: pgettext("stone-wheel sheet", "Dexterity"),
    "perception": lambda: pgettext("stone-wheel sheet", "Perception"),
    "intelligence": lambda: pgettext("stone-wheel sheet", "Intelligence"),
    "wisdom": lambda: pgettext("stone-wheel sheet", "Wisdom"),
    "charisma": lambda: pgettext("stone-wheel sheet", "Charisma"),
    "will": lambda: pgettext("stone-wheel sheet", "Will"),
    "magic": lambda: pgettext("stone-wheel sheet", "Magic"),
    "luck": lambda: pgettext("stone-wheel sheet", "Luck"),
    "parameters": lambda: pgettext("stone-wheel sheet", "Parameters"),
    "health": lambda: pgettext("stone-wheel sheet", "Health"),
    "stamina": lambda: pgettext("stone-wheel sheet", "Stamina"),
    "mana": lambda: pgettext("stone-wheel sheet", "Mana"),
    "survival": lambda: pgettext("stone-wheel sheet", "Survival"),
    "attack": lambda: pgettext("stone-wheel sheet", "Attack"),
    "damage": lambda: pgettext("stone-wheel sheet", "Damage"),
    "dodge": lambda: pgettext("stone-wheel sheet", "Dodge"),
    "block": lambda: pgettext("stone-wheel sheet", "Block"),
    "casting": lambda: pgettext("stone-wheel sheet", "Casting"),
    "search": lambda: pgettext("stone-wheel sheet", "Search"),
    "health_recovery": lambda: pgettext("stone-wheel sheet", "Health recovery"),
    "stamina_recovery": lambda: pgettext("stone-wheel sheet", "Stamina recovery"),
    "mana_recovery": lambda: pgettext("stone-wheel sheet", "Mana recovery"),
    "disease_resistance": lambda: pgettext("stone-wheel sheet", "Disease resistance"),
    "toxin_resistance": lambda: pgettext("stone-wheel sheet", "Toxin resistance"),
    "magic_resistance": lambda: pgettext("stone-wheel sheet", "Magic resistance"),
    "reaction": lambda: pgettext("stone-wheel sheet", "Reaction"),
    "movement": lambda: pgettext("stone-wheel sheet", "Movement"),
    "carry": lambda: pgettext("stone-wheel sheet", "Carry"),
    "current": lambda: pgettext("stone-wheel sheet", "Now"),
    "skills": lambda: pgettext("stone-wheel sheet", "Skills"),
    "spells": lambda: pgettext("stone-wheel sheet", "Spells"),
    "schools": lambda: pgettext("stone-wheel sheet", "schools"),
    "mastery": lambda: pgettext("stone-wheel sheet", "mastery"),
    "efficiency": lambda: pgettext("stone-wheel sheet", "efficiency"),
    "perks": lambda: pgettext("stone-wheel sheet", "Perks"),
    "effects": lambda: pgettext("stone-wheel sheet", "Effects"),
    "dead": lambda: pgettext("stone-wheel sheet", "Dead"),
    "knocked_out": lambda: pgettext("stone-wheel sheet", "Unconscious"),
    "status": lambda: pgettext("stone-wheel sheet", "Status"),
}

#: What each key of the system's event payloads is called where its sheets' FIELDS do not name it (nested
#: records' keys too; ``<event type>:<key>`` for one event's top-level key): the audit shows a payload by them.
PAYLOAD: dict[str, Callable[[], str]] = {
    # a request's or a combat side's d10 pool (stone_wheel.request_rolled.attempt, combat_exchanged's challenge and answer)
    "check": lambda: pgettext("stone-wheel payload", "check"),
    "attempt": lambda: pgettext("stone-wheel payload", "attempt"),
    "skill": lambda: pgettext("stone-wheel payload", "skill"),
    "skill_levels": lambda: pgettext("stone-wheel payload", "skill levels"),
    "base_threshold": lambda: pgettext("stone-wheel payload", "base threshold"),
    "threshold": lambda: pgettext("stone-wheel payload", "threshold"),
    "successes": lambda: pgettext("stone-wheel payload", "successes"),
    # a combat exchange (stone_wheel.combat_exchanged)
    "action": lambda: pgettext("stone-wheel payload", "action"),
    "challenge": lambda: pgettext("stone-wheel payload", "challenge"),
    "target": lambda: pgettext("stone-wheel payload", "target"),
    "response": lambda: pgettext("stone-wheel payload", "response"),
    "answer": lambda: pgettext("stone-wheel payload", "answer"),
    "margin": lambda: pgettext("stone-wheel payload", "margin"),
    "striker": lambda: pgettext("stone-wheel payload", "striker"),
    "final_margin": lambda: pgettext("stone-wheel payload", "final margin"),
    "critical": lambda: pgettext("stone-wheel payload", "critical"),
    "parry": lambda: pgettext("stone-wheel payload", "parry"),
    # damage, death and revival (stone_wheel.damage_taken.attack, died, revived)
    "cause": lambda: pgettext("stone-wheel payload", "cause"),
    "by": lambda: pgettext("stone-wheel payload", "by"),
    "weapon": lambda: pgettext("stone-wheel payload", "weapon"),
    "character_damage": lambda: pgettext("stone-wheel payload", "character damage"),
    "adds_character_damage": lambda: pgettext("stone-wheel payload", "adds character damage"),
    "armour": lambda: pgettext("stone-wheel payload", "armour"),
    "method": lambda: pgettext("stone-wheel payload", "method"),
    # turn order, effects, perks and sleep
    "violation": lambda: pgettext("stone-wheel payload", "violation"),
    "consequence": lambda: pgettext("stone-wheel payload", "consequence"),
    "effect": lambda: pgettext("stone-wheel payload", "effect"),
    "perk": lambda: pgettext("stone-wheel payload", "perk"),
    "note": lambda: pgettext("stone-wheel payload", "note"),
    "hours": lambda: pgettext("stone-wheel payload", "hours"),
    "health_restored": lambda: pgettext("stone-wheel payload", "Health restored"),
    "mana_restored": lambda: pgettext("stone-wheel payload", "Mana restored"),
    # experience spent (stone_wheel.xp_spent) and a spell's name
    "levels": lambda: pgettext("stone-wheel payload", "levels"),
    "name": lambda: pgettext("stone-wheel payload", "name"),
}
