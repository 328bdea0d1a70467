"""A small in-memory Wield event log for projection tests: payloads in, envelopes out, folds on demand.

(A module of its own, not ``conftest``: another test directory's ``conftest`` may own that module name.)
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from journal.events import Payload
from journal.events.envelope import Event
from journal.events.rolls import Roll
from journal.systems.wield import events as wield


class WieldLog:
    """Events of one campaign, numbered e1, e2, ... in the order recorded."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def record(self, payload: Payload, actor: str = "Судьба") -> str:
        """Append ``payload`` as the next event; return its id."""
        version = len(self.events) + 1
        self.events.append(
            Event(
                id=f"e{version}",
                campaign="Зола",
                version=version,
                type=payload.type,
                data=payload.to_data(),
                actor=actor,
                recorded_at=f"2024-01-01T00:00:{version:02d}Z",
            )
        )
        return f"e{version}"

    def fold(self, projection: ModuleType) -> dict[str, Any]:
        """Replay every event through ``projection``."""
        state: dict[str, Any] = projection.initial()
        for event in self.events:
            projection.apply(state, event)
        return state

    def table(self) -> None:
        """Two vatcha (John's Sword, Jill's Ring) and their wielders, each made by the other player."""
        sword, ring = ("Sword", "John", "Sword", ["Fire", "Death"]), ("Кольцо", "Jill", "Ring", ["Air"])
        for name, player, item, domains in (sword, ring):
            self.record(
                wield.VatchaCreated(
                    name=name, player=player, item=item, domains=domains, goal="Rule the kingdom",
                    steps=["one", "two", "three", "four", "five"], destruction="Drop it in a volcano",
                )
            )
        for name, player, vatcha, background, destiny in (
            ("Ярослава", "Jill", "Sword", "Thief", "Marry the prince"),
            ("Ansel", "John", "Кольцо", "Knight", "Kill the king"),
        ):
            self.record(
                wield.HeroCreated(name=name, player=player, vatcha=vatcha, background=background, destiny=destiny)
            )

    def broken_geis(self, hero: str, rank: int, chance: str = "the gate", promise: str = "never drink") -> str:
        """``hero`` offers a geis for ``chance``, Fate seals it at ``rank`` and declares it broken; the seal's id."""
        opening = self.record(wield.GeisOffered(hero=hero, chance=chance, promise=promise))
        sealed = self.record(wield.GeisSealed(hero=hero, negotiation=opening, promise=promise, rank=rank))
        self.record(wield.GeisBreached(hero=hero, geis=sealed, rank=rank, how="drank"))
        return sealed

    def chance(self, hero: str, task: str, die: int, target: int = 10) -> str:
        """A Hard chance of ``hero`` rolled with one d20 showing ``die`` against ``target``; its id."""
        return self.record(wield.ChanceRolled(hero=hero, task=task, difficulty="Hard", target=target,
                                              roll=Roll(sides=20, dice=[die]), total=die, success=die >= target))
