"""Wield's lists for its verbs' fields (journal.service.choices): heroes, vatcha, the sealed geasa by their promise
(a chance or a breach picks one so: its value is the seal's id, which nobody types), difficulties and Domains, and
the rolled successes a failure owed is collected on (by the hero and what was rolled, never an id)."""

from __future__ import annotations

from typing import Any

from journal.service.choices import Choices, Item

#: At most this many rolled successes are offered to collect a failure on (the newest first).
RECENT = 20


def _successes(folded: Any) -> list[Item]:
    """The rolled successes Fate may turn into a failure owed (``collect``'s ``success``), newest first, by what
    was rolled and whose it was: «Ёжик: Перепрыгнуть пропасть»; the value is the event's id, which nobody types."""
    from journal.i18n import _

    found = []
    for event_id, action in folded["wield.actions"]["actions"].items():
        what = _("combat round") if action["kind"] == "combat" else action["what"]
        for name, acted in action["heroes"].items():
            if acted["rolled"] and acted["success"] and name not in action["collected"]:
                found.append((action["version"], {"value": event_id, "text": f"{name}: {what}"}))
    return [item for _version, item in sorted(found, key=lambda pair: -pair[0])[:RECENT]]


def _lists(folded: Any) -> dict[str, list[Item]]:
    return {"geasa": [{"value": geis_id, "text": f"{g['promise']} ({g['hero']})"}
                      for geis_id, g in folded["wield.geis"]["geasa"].items() if not g["broken"]],
            "successes": _successes(folded)}


CHOICES = Choices(
    fields={"hero_name": "hero", "vatcha_name": "vatcha", "geis": "geasa", "difficulty": "difficulties",
            "domain": "domains", "success": "successes"},
    creating=("vatcha", "hero"),
    words={"difficulties": ("Easy", "Hard", "Heroic", "Epic", "Impossible"),
           "domains": ("Air", "Destruction", "Earth", "Light", "Animal", "Darkness", "Fire", "Plant", "Creation",
                       "Death", "Life", "Water")},
    lists=_lists,
    main="chance",
)
