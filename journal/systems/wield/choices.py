"""Wield's lists for its verbs' fields (journal.service.choices): heroes, vatcha, the sealed geasa by their promise
(a chance or a breach picks one so: its value is the seal's id, which nobody types), difficulties and Domains."""

from __future__ import annotations

from typing import Any

from journal.service.choices import Choices, Item


def _lists(folded: Any) -> dict[str, list[Item]]:
    return {"geasa": [{"value": geis_id, "text": f"{g['promise']} ({g['hero']})"}
                      for geis_id, g in folded["wield.geis"]["geasa"].items() if not g["broken"]]}


CHOICES = Choices(
    fields={"hero_name": "hero", "vatcha_name": "vatcha", "geis": "geasa", "difficulty": "difficulties",
            "domain": "domains"},
    creating=("vatcha", "hero"),
    words={"difficulties": ("Easy", "Hard", "Heroic", "Epic", "Impossible"),
           "domains": ("Air", "Destruction", "Earth", "Light", "Animal", "Darkness", "Fire", "Plant", "Creation",
                       "Death", "Life", "Water")},
    lists=_lists,
    main="chance",
)
