"""Wield's display words: what each enumerated value recorded in its events reads as, in one table.

An event keeps the identifier (``Heroic``, ``Air``, ``attack``); the summary lines, the verbs' form options
(web.routes.verbs, through the descriptor's ``words``) and the CLI show ``word(WORDS, value)``
(journal.service.summaries): the English word in the current language.  Each entry is
``pgettext("wield", ...)`` in a lambda: marked for extraction, looked up only when shown, told apart from
another system's same English word by its context.  A geis's size is named by its rank: :func:`geis_size`
reads rules.GEIS_SIZES, the one table of sizes.

:data:`TYPES` names each of the system's event types and :data:`FIELDS` each key of its sheets (the
descriptor's ``types`` and ``fields``): the page shows them (journal.service.labels, ``GET /api/labels``).
:data:`PAYLOAD` names the keys of its events' payloads that are not its sheets' (the descriptor's
``payload_fields``): the audit shows a payload by them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from journal.i18n import gettext, pgettext
from journal.understand import read, understood

WORDS: dict[str, Callable[[], str]] = {
    # the difficulty of a chance (wield.chance_rolled.difficulty)
    "Easy": lambda: pgettext("wield", "Easy"),
    "Hard": lambda: pgettext("wield", "Hard"),
    "Heroic": lambda: pgettext("wield", "Heroic"),
    "Epic": lambda: pgettext("wield", "Epic"),
    "Impossible": lambda: pgettext("wield", "Impossible"),
    # the twelve Domains (wield.vatcha_created.domains, wield.power_bestowed.domain)
    "Air": lambda: pgettext("wield", "Air"),
    "Destruction": lambda: pgettext("wield", "Destruction"),
    "Earth": lambda: pgettext("wield", "Earth"),
    "Light": lambda: pgettext("wield", "Light"),
    "Animal": lambda: pgettext("wield", "Animal"),
    "Darkness": lambda: pgettext("wield", "Darkness"),
    "Fire": lambda: pgettext("wield", "Fire"),
    "Plant": lambda: pgettext("wield", "Plant"),
    "Creation": lambda: pgettext("wield", "Creation"),
    "Death": lambda: pgettext("wield", "Death"),
    "Life": lambda: pgettext("wield", "Life"),
    "Water": lambda: pgettext("wield", "Water"),
    # a combatant's declared action (wield.combat_round.actions)
    "attack": lambda: pgettext("wield", "attack"),
    "defend": lambda: pgettext("wield", "defend"),
    "power": lambda: pgettext("wield", "power"),
    # the sides of a Control Risk (wield.failure_collected.winner)
    "vatcha": lambda: pgettext("wield", "vatcha"),
    "wielder": lambda: pgettext("wield", "wielder"),
    # a re-roll after a complete tie (wield.control_risk.outcome), who refused a geis (wield.geis_refused.by)
    "reroll": lambda: pgettext("wield", "reroll"),
    "fate": lambda: pgettext("wield", "fate"),
    # how Control is lost (wield.power_bestowed.mapping, the control_mapping house rule)
    "pyramid": lambda: pgettext("wield", "pyramid"),
    "linear": lambda: pgettext("wield", "linear"),
    # the house rule itself, as a player names it (journal rules propose --set KEY=VALUE)
    "control_mapping": lambda: pgettext("wield", "control_mapping"),
    # the values a sheet shows (its kind, its status)
    "hero": lambda: pgettext("wield", "hero"),
    "chance": lambda: pgettext("wield", "chance"),
    "risk": lambda: pgettext("wield", "risk"),
    "combat": lambda: pgettext("wield", "combat"),
}


def geis_size(rank: int) -> str:
    """A geis's size for its rank (1 small, 2 large, 3 major) in the current language; ``?`` for another rank."""
    from journal.systems.wield.rules import GEIS_SIZES

    size = GEIS_SIZES.get(rank)
    return gettext(size) if size is not None else "?"

#: What each of the system's event types is called (the page's timeline, the evidence of a dispute).
TYPES: dict[str, Callable[[], str]] = {
    "wield.carried_over": lambda: pgettext("wield event", "Carried over"),
    "wield.chance_rolled": lambda: pgettext("wield event", "Chance"),
    "wield.combat_round": lambda: pgettext("wield event", "Combat round"),
    "wield.condition_gained": lambda: pgettext("wield event", "Condition gained"),
    "wield.condition_removed": lambda: pgettext("wield event", "Condition removed"),
    "wield.control_risk": lambda: pgettext("wield event", "Control Risk"),
    "wield.failure_collected": lambda: pgettext("wield event", "Fate collects a failure"),
    "wield.geis_breached": lambda: pgettext("wield event", "Geis broken"),
    "wield.geis_counter_offered": lambda: pgettext("wield event", "Geis counter-offer"),
    "wield.geis_offered": lambda: pgettext("wield event", "Geis offered"),
    "wield.geis_refused": lambda: pgettext("wield event", "Geis refused"),
    "wield.geis_sealed": lambda: pgettext("wield event", "Geis sealed"),
    "wield.hero_created": lambda: pgettext("wield event", "New hero"),
    "wield.hero_died": lambda: pgettext("wield event", "Hero died"),
    "wield.power_bestowed": lambda: pgettext("wield event", "Power bestowed"),
    "wield.vatcha_created": lambda: pgettext("wield event", "New vatcha"),
}

#: What each key of the system's sheets is called (top level and nested records alike); the JSON keeps the keys.
FIELDS: dict[str, Callable[[], str]] = {
    "vatcha": lambda: pgettext("wield sheet", "Vatcha"),
    "background": lambda: pgettext("wield sheet", "Background"),
    "destiny": lambda: pgettext("wield sheet", "Destiny"),
    "powers": lambda: pgettext("wield sheet", "Powers"),
    "power": lambda: pgettext("wield sheet", "power"),
    "rank": lambda: pgettext("wield sheet", "rank"),
    "domain": lambda: pgettext("wield sheet", "domain"),
    "domains": lambda: pgettext("wield sheet", "Domains"),
    "wounds": lambda: pgettext("wield sheet", "Wounds"),
    "conditions": lambda: pgettext("wield sheet", "Conditions"),
    "geasa": lambda: pgettext("wield sheet", "Geasa"),
    "promise": lambda: pgettext("wield sheet", "promise"),
    "degree": lambda: pgettext("wield sheet", "degree"),
    "broken": lambda: pgettext("wield sheet", "broken"),
    "owed": lambda: pgettext("wield sheet", "Owed to Fate"),
    "results": lambda: pgettext("wield sheet", "Results"),
    "version": lambda: pgettext("wield sheet", "version"),
    "what": lambda: pgettext("wield sheet", "what"),
    "success": lambda: pgettext("wield sheet", "success"),
    "collected": lambda: pgettext("wield sheet", "collected"),
    "alive": lambda: pgettext("wield sheet", "Alive"),
    "death": lambda: pgettext("wield sheet", "Death"),
    "item": lambda: pgettext("wield sheet", "Item"),
    "goal": lambda: pgettext("wield sheet", "Goal"),
    "steps": lambda: pgettext("wield sheet", "Steps"),
    "connections": lambda: pgettext("wield sheet", "Connections"),
    "destruction": lambda: pgettext("wield sheet", "Destruction"),
    "wielder": lambda: pgettext("wield sheet", "Wielder"),
    "boxes": lambda: pgettext("wield sheet", "Boxes"),
    "pyramid": lambda: pgettext("wield sheet", "Pyramid"),
    "control_lost": lambda: pgettext("wield sheet", "Control lost"),
    "control": lambda: pgettext("wield sheet", "Control"),
}

#: What each key of the system's event payloads is called where its sheets' FIELDS do not name it (nested
#: records' keys too; ``<event type>:<key>`` for one event's top-level key): the audit shows a payload by them.
PAYLOAD: dict[str, Callable[[], str]] = {
    # a chance and a combat risk (wield.chance_rolled, wield.combat_round.checks)
    "hero": lambda: pgettext("wield payload", "hero"),
    "task": lambda: pgettext("wield payload", "task"),
    "difficulty": lambda: pgettext("wield payload", "difficulty"),
    "target": lambda: pgettext("wield payload", "target"),
    "profession": lambda: pgettext("wield payload", "profession"),
    "extra_dice": lambda: pgettext("wield payload", "extra dice"),
    "bonus": lambda: pgettext("wield payload", "bonus"),
    "total": lambda: pgettext("wield payload", "total"),
    "geis": lambda: pgettext("wield payload", "geis"),
    # a combat round (wield.combat_round)
    "declarations": lambda: pgettext("wield payload", "declarations"),
    "reconsidered": lambda: pgettext("wield payload", "reconsidered"),
    "actions": lambda: pgettext("wield payload", "actions"),
    "checks": lambda: pgettext("wield payload", "risks"),
    "hits": lambda: pgettext("wield payload", "hits"),
    "combatant": lambda: pgettext("wield payload", "combatant"),
    "action": lambda: pgettext("wield payload", "action"),
    "defends": lambda: pgettext("wield payload", "defends"),
    "attacker": lambda: pgettext("wield payload", "attacker"),
    "defender": lambda: pgettext("wield payload", "defender"),
    "inflicted": lambda: pgettext("wield payload", "inflicted"),
    "protected": lambda: pgettext("wield payload", "protected"),
    # a power and a Control Risk (wield.power_bestowed, wield.control_risk)
    "mapping": lambda: pgettext("wield payload", "mapping"),
    "demand": lambda: pgettext("wield payload", "demand"),
    "vatcha_dice": lambda: pgettext("wield payload", "vatcha's dice"),
    "wielder_dice": lambda: pgettext("wield payload", "wielder's dice"),
    "vatcha_roll": lambda: pgettext("wield payload", "vatcha's roll"),
    "wielder_roll": lambda: pgettext("wield payload", "wielder's roll"),
    "outcome": lambda: pgettext("wield payload", "outcome"),
    "reroll_of": lambda: pgettext("wield payload", "reroll of"),
    # a geis offered, refused, sealed, broken and collected on (wield.geis_*, wield.failure_collected)
    "chance": lambda: pgettext("wield payload", "chance"),
    "negotiation": lambda: pgettext("wield payload", "negotiation"),
    "by": lambda: pgettext("wield payload", "by"),
    "how": lambda: pgettext("wield payload", "how"),
    "winner": lambda: pgettext("wield payload", "winner"),
    # a connection, a condition and a death
    "text": lambda: pgettext("wield payload", "text"),
    "condition": lambda: pgettext("wield payload", "condition"),
    "effect": lambda: pgettext("wield payload", "effect"),
    "cause": lambda: pgettext("wield payload", "cause"),
    "debts_vanished": lambda: pgettext("wield payload", "debts vanished"),
}


def value_of(text: str, values: Iterable[str], label: Callable[[], str]) -> str:
    """The one of ``values`` that ``text`` names (``Воздух``, ``air``, ``Героическая``: journal.understand).

    A word that names none is refused in one line naming the field (``label``) and the words it takes.
    """
    return read(text, values, WORDS, label())


def domain_of(text: str) -> str:
    """The Domain (``Air``) a word of the table names: ``Воздух``, ``air``."""
    from journal.systems.wield.rules import DOMAINS

    return value_of(text, DOMAINS, FIELDS["domain"])


def domains_of(texts: Iterable[str]) -> list[str]:
    """A vatcha's Domains typed at the table; a word that names none goes on as typed, for the rule to refuse."""
    from journal.systems.wield.rules import DOMAINS

    return [understood(text, DOMAINS, WORDS) or text for text in texts]


def difficulty_of(text: str) -> str:
    """The difficulty tier (``Heroic``) a word of the table names: ``Героическая``, ``heroic``; else as typed,
    for the rule (rules.chance_target) to refuse naming the tiers."""
    from journal.systems.wield.rules import DIFFICULTIES

    return understood(text, DIFFICULTIES, WORDS) or text.strip().capitalize()
