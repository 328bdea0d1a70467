"""VPT's lists for its verbs' fields (journal.service.choices): the weapon table, the attacks, the named Hit
modifiers the recorder gives (the sheets give the rest), each with every value the rules allow it, and the tick's
checklists in the rule text's words, and Initiative's modes and kinds of sides."""

from __future__ import annotations

from typing import Any

from journal.service.choices import Choices, Item
from journal.service.summaries import word, words_of
from journal.systems.vpt.commands.combat import SHEET_MODIFIERS
from journal.systems.vpt.rules import HIT_MODIFIERS, INITIATIVE_RANGES, RELATIONSHIP_POINTS, REVENGE_POINTS


def _lists(folded: Any) -> dict[str, list[Item]]:
    words = words_of("vpt")
    return {
        "weapons": [{"value": name, "text": name} for name in sorted(folded["vpt.sheet"]["weapons"])],
        "modifiers": [{"value": name, "amount": amount, "text": f"{word(words, name)} {amount:+d}"}
                      for name, amounts in HIT_MODIFIERS.items() if name not in SHEET_MODIFIERS
                      for amount in sorted(amounts)],
    }


#: A hit's weapon starts at the table's first: a hit needs a weapon from the table or a target.  A tick's items are
#: the rule text's checklists («спас жизнь», «подарил магический предмет»…; «сражались»… for a revenge).  A hit and
#: a tick are a tap away: a tick is that tap, its checklist's box and its submit.
CHOICES = Choices(fields={"attack": "attacks", "weapon": "weapons", "modifiers": "modifiers",
                          "attacker": "characters", "avenger": "characters", "engaged": "characters",
                          "tick:items": "relationship_items", "revenge-tick:items": "revenge_items"},
                  creating=("char", "weapon"),
                  words={"attacks": ("melee", "ranged"), "relationship_items": tuple(RELATIONSHIP_POINTS),
                         "revenge_items": tuple(REVENGE_POINTS),
                         # the Hit modifiers the recorder names (``vpt hit --mod``; the sheets give the rest)
                         "hit_modifiers": tuple(name for name in HIT_MODIFIERS if name not in SHEET_MODIFIERS),
                         # how the players roll Initiative, the kinds of the enemy sides, the players' side's name
                         # when the recorder names none (``vpt initiative``)
                         "initiative_modes": ("reckless", "careful"), "initiative_kinds": tuple(INITIATIVE_RANGES),
                         "parties": ("players",)},
                  first=("weapons",), lists=_lists, main="hit", quick=("hit", "tick"))
