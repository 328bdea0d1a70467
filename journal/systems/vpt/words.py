"""VPT's display words: what each enumerated value recorded in its events reads as, in one table.

An event keeps the identifier (``melee``, ``saved_life``); the summary lines, the verbs' form options
(web.routes.verbs, through the descriptor's ``words``) and the reports show ``word(WORDS, value)``
(journal.service.summaries): the English word (the identifier as the journal always printed it; a named Hit
modifier the rule text's condition, "Ranged Attack from high ground") in the current language.  Each entry is ``pgettext("vpt", ...)`` in a lambda: marked for extraction, looked up
only when shown, and told apart from another system's same English word (``power``) by its context.

:data:`TYPES` names each of the system's event types and :data:`FIELDS` each key of its sheets (the
descriptor's ``types`` and ``fields``): the page shows them (journal.service.labels, ``GET /api/labels``).
:data:`PAYLOAD` names the keys of its events' payloads that are not its sheets' (the descriptor's
``payload_fields``): the audit shows a payload by them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from journal.errors import ValidationFailed
from journal.i18n import gettext, pgettext
from journal.understand import plain, read, understood

if TYPE_CHECKING:
    from journal.systems.vpt.commands import Fighter
    from journal.systems.vpt.rules import Side

WORDS: dict[str, Callable[[], str]] = {
    # how a hit is made (vpt.hit_rolled.attack)
    "melee": lambda: pgettext("vpt", "melee"),
    "ranged": lambda: pgettext("vpt", "ranged"),
    # where a hit's target number came from (vpt.hit_rolled.target_from)
    "weapon_table": lambda: pgettext("vpt", "weapon_table"),
    "explicit": lambda: pgettext("vpt", "explicit"),
    # the named Hit modifiers (vpt.hit_rolled.modifiers, rules.HIT_MODIFIERS), in every language as the rule text's
    # list of conditions says them (rules/vpt.md §5, seeds/004); the identifier is still read where typed
    "preparation": lambda: pgettext("vpt", "Preparation above 4"),
    "fresh": lambda: pgettext("vpt", "Fresh"),
    "engaged": lambda: pgettext("vpt", "engaged in melee"),
    "mounted": lambda: pgettext("vpt", "on horseback with a suitable weapon"),
    "high_ground": lambda: pgettext("vpt", "Ranged Attack from high ground"),
    "outnumbering": lambda: pgettext("vpt", "in melee, allies outnumber the enemies"),
    "won_initiative": lambda: pgettext("vpt", "won Initiative"),
    "standing_still": lambda: pgettext("vpt", "Ranged Attack standing still"),
    "enemy_in_cover": lambda: pgettext("vpt", "enemy in cover"),
    "unmounted_against_rider": lambda: pgettext("vpt", "in melee with a rider, not mounted"),
    "enemy_preparation": lambda: pgettext("vpt", "enemy's Preparation above 4"),
    "exhausted": lambda: pgettext("vpt", "Exhausted"),
    # initiative (vpt.initiative_rolled.mode, its sides' kind)
    "reckless": lambda: pgettext("vpt", "reckless"),
    "careful": lambda: pgettext("vpt", "careful"),
    "living": lambda: pgettext("vpt", "living"),
    "animal": lambda: pgettext("vpt", "animal"),
    "magical": lambda: pgettext("vpt", "magical"),
    # the players' side of an initiative when the recorder named none (vpt.initiative_rolled.party's default)
    "players": lambda: pgettext("vpt", "players"),
    # Morale (vpt.morale_rolled.result)
    "surrenders": lambda: pgettext("vpt", "surrenders"),
    "flees": lambda: pgettext("vpt", "flees"),
    "retreats_without_attacking": lambda: pgettext("vpt", "retreats without attacking"),
    "retreats_attacking": lambda: pgettext("vpt", "retreats attacking"),
    "recovers": lambda: pgettext("vpt", "recovers"),
    # the Relationship and Revenge checklists (vpt.relationship_ticked.items, vpt.revenge_ticked.items)
    "saved_life": lambda: pgettext("vpt", "saved_life"),
    "gave_magic_item": lambda: pgettext("vpt", "gave_magic_item"),
    "date_successful": lambda: pgettext("vpt", "date_successful"),
    "date_especially_successful": lambda: pgettext("vpt", "date_especially_successful"),
    "date_stopped": lambda: pgettext("vpt", "date_stopped"),
    "no_interaction": lambda: pgettext("vpt", "no_interaction"),
    "fought": lambda: pgettext("vpt", "fought"),
    "killed_associates": lambda: pgettext("vpt", "killed_associates"),
    "obtained_magic_item": lambda: pgettext("vpt", "obtained_magic_item"),
    # the standings points are spent from (vpt.points_spent.bond)
    "relationship": lambda: pgettext("vpt", "relationship"),
    "revenge": lambda: pgettext("vpt", "revenge"),
}

#: What each of the system's event types is called (the page's timeline, the evidence of a dispute).
TYPES: dict[str, Callable[[], str]] = {
    "vpt.carried_over": lambda: pgettext("vpt event", "Carried over"),
    "vpt.character_created": lambda: pgettext("vpt event", "New character"),
    "vpt.death_checked": lambda: pgettext("vpt event", "Death check"),
    "vpt.hit_rolled": lambda: pgettext("vpt event", "Hit"),
    "vpt.initiative_rolled": lambda: pgettext("vpt event", "Initiative"),
    "vpt.melee_order_set": lambda: pgettext("vpt event", "Melee order"),
    "vpt.morale_rolled": lambda: pgettext("vpt event", "Morale"),
    "vpt.points_spent": lambda: pgettext("vpt event", "Points spent"),
    "vpt.relationship_opened": lambda: pgettext("vpt event", "Relationship begun"),
    "vpt.relationship_ticked": lambda: pgettext("vpt event", "Relationship checklist"),
    "vpt.revenge_renounced": lambda: pgettext("vpt event", "Revenge renounced"),
    "vpt.revenge_target_chosen": lambda: pgettext("vpt event", "Revenge target"),
    "vpt.revenge_ticked": lambda: pgettext("vpt event", "Revenge checklist"),
    "vpt.status_gained": lambda: pgettext("vpt event", "Status gained"),
    "vpt.status_renounced": lambda: pgettext("vpt event", "Status renounced"),
    "vpt.weapon_table_set": lambda: pgettext("vpt event", "Weapon table"),
    "vpt.wounds_taken": lambda: pgettext("vpt event", "Wounds"),
}

#: What each key of the system's sheets is called (top level and nested records alike); the JSON keeps the keys.
FIELDS: dict[str, Callable[[], str]] = {
    "hit_bonus": lambda: pgettext("vpt sheet", "Hit bonus"),
    "health_bonus": lambda: pgettext("vpt sheet", "Health bonus"),
    "morale": lambda: pgettext("vpt sheet", "Morale"),
    "preparation": lambda: pgettext("vpt sheet", "Preparation"),
    "dungeon_speed": lambda: pgettext("vpt sheet", "Dungeon speed"),
    "limit": lambda: pgettext("vpt sheet", "Limit"),
    "wounds": lambda: pgettext("vpt sheet", "Wounds"),
    "alive": lambda: pgettext("vpt sheet", "Alive"),
    "last_morale": lambda: pgettext("vpt sheet", "Last Morale"),
    "relationships": lambda: pgettext("vpt sheet", "Relationships"),
    "revenge": lambda: pgettext("vpt sheet", "Revenge"),
    "past_revenges": lambda: pgettext("vpt sheet", "Past revenges"),
    "points": lambda: pgettext("vpt sheet", "points"),
    "statuses": lambda: pgettext("vpt sheet", "statuses"),
    "target": lambda: pgettext("vpt sheet", "target"),
}

#: What each key of the system's event payloads is called where its sheets' FIELDS do not name it (nested
#: records' keys too; ``<event type>:<key>`` for one event's top-level key): the audit shows a payload by them.
PAYLOAD: dict[str, Callable[[], str]] = {
    # initiative and melee order (vpt.initiative_rolled, vpt.melee_order_set)
    "mode": lambda: pgettext("vpt payload", "mode"),
    "party": lambda: pgettext("vpt payload", "party"),
    "enemies": lambda: pgettext("vpt payload", "enemies"),
    "initiative": lambda: pgettext("vpt payload", "initiative"),
    "total": lambda: pgettext("vpt payload", "total"),
    "order": lambda: pgettext("vpt payload", "order"),
    "winner": lambda: pgettext("vpt payload", "winner"),
    "combatants": lambda: pgettext("vpt payload", "combatants"),
    "weapon": lambda: pgettext("vpt payload", "weapon"),
    "weapon_initiative": lambda: pgettext("vpt payload", "weapon initiative"),
    "engaged": lambda: pgettext("vpt payload", "engaged"),
    "won_initiative": lambda: pgettext("vpt payload", "won initiative"),
    "mounted_bonus": lambda: pgettext("vpt payload", "mounted bonus"),
    "effective_initiative": lambda: pgettext("vpt payload", "effective initiative"),
    # the Hit table (vpt.weapon_table_set)
    "weapons": lambda: pgettext("vpt payload", "weapons"),
    "merge": lambda: pgettext("vpt payload", "merge"),
    "extra_attacks": lambda: pgettext("vpt payload", "extra attacks"),
    "fires_in_melee": lambda: pgettext("vpt payload", "fires in melee"),
    "follow_up_after_shield": lambda: pgettext("vpt payload", "follow-up after a shield"),
    # a hit, a death check and Morale (vpt.hit_rolled, vpt.death_checked, vpt.morale_rolled)
    "attacker": lambda: pgettext("vpt payload", "attacker"),
    "defender": lambda: pgettext("vpt payload", "defender"),
    "attack": lambda: pgettext("vpt payload", "attack"),
    "modifiers": lambda: pgettext("vpt payload", "modifiers"),
    "target_from": lambda: pgettext("vpt payload", "target from"),
    "against_shield": lambda: pgettext("vpt payload", "against a shield"),
    "shield_destroyed": lambda: pgettext("vpt payload", "shield destroyed"),
    "dead": lambda: pgettext("vpt payload", "dead"),
    "group_health": lambda: pgettext("vpt payload", "group Health"),
    "wounds_recovered": lambda: pgettext("vpt payload", "wounds recovered"),
    # the bonds: ticks, Statuses, revenge and points spent
    "other": lambda: pgettext("vpt payload", "other"),
    "items": lambda: pgettext("vpt payload", "items"),
    "change": lambda: pgettext("vpt payload", "change"),
    "status": lambda: pgettext("vpt payload", "status"),
    "avenger": lambda: pgettext("vpt payload", "avenger"),
    "bond": lambda: pgettext("vpt payload", "bond"),
    "purpose": lambda: pgettext("vpt payload", "purpose"),
}

#: Words the table types besides the display words (journal.understand reads both): the CLI's short words and
#: the rule text's («щит»: the enemy's shield is cover, vpt.md §4), for the value each names.
ALIASES: dict[str, str] = {
    # the Relationship checklist
    "saved": "saved_life", "спас": "saved_life", "gift": "gave_magic_item", "подарок": "gave_magic_item",
    "date": "date_successful", "свидание": "date_successful", "date+": "date_especially_successful",
    "boring": "date_stopped", "none": "no_interaction",
    # the Revenge checklist
    "killed": "killed_associates", "item": "obtained_magic_item",
    # the Hit modifiers
    "cover": "enemy_in_cover", "shield": "enemy_in_cover", "щит": "enemy_in_cover", "укрытие": "enemy_in_cover",
    "still": "standing_still", "won": "won_initiative", "high": "high_ground", "outnumber": "outnumbering",
    "rider": "unmounted_against_rider", "всадник": "unmounted_against_rider", "возвышенность": "high_ground",
    "навязал": "engaged",
    # the Hit modifiers' earlier display words (before they read as the rule text's conditions): still typed
    "подготовка": "preparation", "верхом": "mounted", "с возвышенности": "high_ground",
    "численный перевес": "outnumbering", "стоя на месте": "standing_still", "враг в укрытии": "enemy_in_cover",
    "пеший против всадника": "unmounted_against_rider", "подготовка врага": "enemy_preparation",
}


def value_of(text: str, values: Iterable[str]) -> str:
    """The one of ``values`` that ``text`` (a word of the table, journal.understand) names; ``text`` itself else.

    An unknown word goes on as typed, so that the rule that checks the value refuses it in its own words.
    """
    return understood(text, values, WORDS, ALIASES) or text


def chosen(text: str, values: Iterable[str], field: str) -> str:
    """The one of ``values`` that ``text`` names (``осторожно``, ``careful``); refused in one line naming the field
    (its payload label) and the words it takes: a choice the service reads as the command line does."""
    return read(text, values, WORDS, PAYLOAD[field](), ALIASES)


def modifiers_of(given: Mapping[str, int]) -> dict[str, int]:
    """The Hit modifiers ``given`` by the table's names (``щит``, ``engaged``) under their rules names."""
    from journal.systems.vpt.rules import HIT_MODIFIERS

    return {value_of(name, HIT_MODIFIERS): value for name, value in given.items()}


def items_of(items: Iterable[str], values: Iterable[str]) -> list[str]:
    """Checklist items typed at the table (``спас жизнь``, ``saved``) as their rules names."""
    known = list(values)
    return [value_of(item, known) for item in items]


_SIDE = re.compile(r"^(?P<name>.+?)\s*(?:=|\s)\s*(?P<initiative>[+-]?\d+)(?:\s*:?\s*(?P<kind>\S.*))?$")


def _rows(text: str) -> list[str]:
    return [row.strip() for row in re.split(r"[;\n]", text) if row.strip()]


def sides_of(text: str) -> list[Side]:
    """Enemy sides typed at the table: ``Жулики 7; Стража 5 животные`` (or ``A=7:living``, or the JSON list)."""
    from journal.systems.vpt.rules import INITIATIVE_RANGES, Side

    if text.strip().startswith("["):
        try:
            return [Side(row["name"], int(row["initiative"]), row.get("kind")) for row in json.loads(text)]
        except (ValueError, TypeError, KeyError, AttributeError):
            raise ValidationFailed(gettext("enemies: not a JSON list of {{name, initiative, kind}}")) from None
    sides = []
    for row in _rows(text):
        match = _SIDE.match(row)
        kind = match and match["kind"]
        named = understood(kind, INITIATIVE_RANGES, WORDS, ALIASES) if kind else None
        if match is None or (kind and named is None):
            raise ValidationFailed(gettext("enemies: '{row}' is not NAME INITIATIVE [kind], e.g. 'Жулики 7'")
                                   .format(row=row))
        sides.append(Side(match["name"].strip(), int(match["initiative"]), named))  # type: ignore[arg-type]
    return sides


#: The words of a melee row that mark its fighter (journal.systems.vpt.commands.Fighter's flags).
_FLAGS = {"won": "won_initiative", "выиграл": "won_initiative", "mounted": "mounted", "верхом": "mounted"}


def fighters_of(text: str) -> list[Fighter]:
    """Fighters typed at the table: ``Иван меч @Орк; Орк 3 won`` (``NAME:WEAPON[@ENGAGED]``, or the JSON list)."""
    from journal.systems.vpt.commands import Fighter

    if text.strip().startswith("["):
        try:
            return [Fighter(**row) for row in json.loads(text)]
        except (ValueError, TypeError):
            raise ValidationFailed(gettext("fighters: not a JSON list of {{character, weapon, ...}}")) from None
    fighters = []
    for row in _rows(text):
        words = row.split()
        flags: set[str] = set()
        while words and plain(words[-1]) in _FLAGS:
            flags.add(_FLAGS[plain(words.pop())])
        head, _at, engaged = " ".join(words).partition("@")
        name, sep, arm = head.partition(":")
        if not sep:
            name, _space, arm = head.strip().rpartition(" ")
        name, arm, engaged = name.strip(), arm.strip(), engaged.strip()
        if not name or not arm:
            raise ValidationFailed(gettext("fighters: '{row}' is not NAME WEAPON [@ENGAGED], e.g. 'Иван меч @Орк'")
                                   .format(row=row))
        explicit = arm.lstrip("+-").isdigit()
        fighters.append(Fighter(name, None if explicit else arm, int(arm) if explicit else None, engaged or None,
                                "won_initiative" in flags, "mounted" in flags))
    return fighters
