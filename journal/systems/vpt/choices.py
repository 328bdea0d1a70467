"""VPT's lists for its verbs' fields (journal.service.choices): the weapon table, the attacks, the named Hit
modifiers the recorder gives (the sheets give the rest), each with every value the rules allow it."""

from __future__ import annotations

from typing import Any

from journal.service.choices import Choices, Item
from journal.service.summaries import word, words_of
from journal.systems.vpt.commands.combat import SHEET_MODIFIERS
from journal.systems.vpt.rules import HIT_MODIFIERS


def _lists(folded: Any) -> dict[str, list[Item]]:
    words = words_of("vpt")
    return {
        "weapons": [{"value": name, "text": name} for name in sorted(folded["vpt.sheet"]["weapons"])],
        "modifiers": [{"value": name, "amount": amount, "text": f"{word(words, name)} {amount:+d}"}
                      for name, amounts in HIT_MODIFIERS.items() if name not in SHEET_MODIFIERS
                      for amount in sorted(amounts)],
    }


#: A hit's weapon starts at the table's first: a hit needs a weapon from the table or a target.
CHOICES = Choices(fields={"attack": "attacks", "weapon": "weapons", "modifiers": "modifiers"},
                  creating=("char", "weapon"), words={"attacks": ("melee", "ranged")}, first=("weapons",),
                  lists=_lists, main="hit")
