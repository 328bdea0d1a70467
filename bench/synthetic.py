"""A synthetic campaign for benchmarks: 6 characters, events cycling through the kinds a table records.

Dice rolls, XP awards, relationship ticks, geis and Control transfers, each shaped like the real
payloads, generated deterministically (a seeded PRNG) so that every run measures the same work.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from journal.events.envelope import NewEvent

CHARACTERS = ("Аня", "Борис", "Vera", "Гоша", "Dima", "Ёлка")
MASTER = "Судьба"


def synthetic_events(count: int, seed: int = 7) -> Iterator[NewEvent]:
    """``count`` events for one campaign, cycling through five kinds of table event."""
    rng = random.Random(seed)
    for i in range(count):
        who = CHARACTERS[i % 6]
        other = CHARACTERS[(i + 1 + i // 6) % 6]
        if other == who:
            other = CHARACTERS[(i + 2) % 6]
        kind = i % 5
        if kind == 0:
            dice = [rng.randint(1, 20) for _ in range(2)]
            data = {"hero": who, "roll": {"sides": 20, "dice": dice, "source": "server", "counter": i},
                    "target": 20, "total": sum(dice), "success": sum(dice) >= 20}
            yield NewEvent("wield.chance_rolled", data, MASTER, session=1 + i // 1000)
        elif kind == 1:
            yield NewEvent("stone_wheel.xp_awarded", {"character": who, "amount": 50, "source": "hours"}, MASTER,
                           session=1 + i // 1000)
        elif kind == 2:
            yield NewEvent("vpt.relationship_ticked", {"character": who, "target": other, "item": "saved_life",
                                                       "delta": 1}, who, session=1 + i // 1000)
        elif kind == 3:
            yield NewEvent("wield.geis_sealed", {"hero": who, "geis": f"never lie to {other}", "rank": 1 + i % 3},
                           MASTER, session=1 + i // 1000)
        else:
            yield NewEvent("wield.power_bestowed", {"vatcha": other, "hero": who, "power": "ember", "ranks": 1,
                                                    "control_lost": 1}, other, session=1 + i // 1000)
