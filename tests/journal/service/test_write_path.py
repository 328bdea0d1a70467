"""The write path goes down and comes back: walked call by call, a write never calls up into a higher layer except
through a callable the higher layer handed down (the writer's work, the dice source, the after-commit hooks).

The walk is Python's own profiler hook (``sys.setprofile``) over a real write on each database: each call whose
caller's module sits in a lower layer than the callee's is a climb; the test lists every climb and compares the set
with :data:`HANDED_DOWN`.  An import of a higher layer, or a call of one that was not handed down, shows up as a
climb the set does not hold.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from journal.service import Journal, sessions, tallies

#: (module prefix, layer): events <- store <- projections <- service <- cli | web, the leaves at 0.
LAYERS: tuple[tuple[str, int], ...] = (
    ("journal.systems.registry", 0), ("journal.events", 0), ("journal.dice", 0), ("journal.errors", 0),
    ("journal.i18n", 0), ("journal.limits", 0), ("journal.aftermath", 0),
    ("journal.store", 1), ("projections", 2), ("journal.service", 3), ("journal.quorum", 3), ("cli", 4), ("web", 4),
)
#: A system's modules, by what they hold: payloads and pure rules are leaves, folds are projections, commands
#: and tally rules run in the service, its CLI group in the CLI.
SYSTEM_PARTS = {"events": 0, "rules": 0, "names": 0, "upcasters": 0, "folds": 2, "standings": 2, "invariants": 2,
                "charts": 2, "words": 2, "summaries": 2, "choices": 2, "queries": 2, "descriptor": 0, "cli": 4}

#: The calls up a write makes, each through a callable handed down to the lower layer: (caller's module, callee's
#: module, callee's function).
HANDED_DOWN = {
    ("journal.store.grouping", "journal.service.journal", "work"),  # the writer's work, run in the store's group commit
    ("journal.store.grouping", "journal.service.warm", "keep"),  # the warm cache's hook: the group's new heads
    ("journal.store.engine", "journal.service.warm", "<lambda>"),  # its after-commit hook
    ("journal.dice.notation", "journal.service.context", "draw"),  # the dice source the command's context gives
}


def _layer(module: str | None) -> int | None:
    if module is None:
        return None
    if module.startswith("journal.systems.") and module != "journal.systems.registry":
        parts = module.split(".")
        return SYSTEM_PARTS.get(parts[3], 3) if len(parts) > 3 else 3
    for prefix, rank in LAYERS:
        if module == prefix or module.startswith(prefix + "."):
            return rank
    return None


@contextmanager
def walked() -> Iterator[set[tuple[str, str, str]]]:
    """Every climb made inside the block: (caller's module, callee's module, callee's function)."""
    climbs: set[tuple[str, str, str]] = set()

    def hook(frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call" or frame.f_back is None:
            return
        callee, caller = frame.f_globals.get("__name__"), frame.f_back.f_globals.get("__name__")
        low, high = _layer(caller), _layer(callee)
        if low is not None and high is not None and high > low:
            climbs.add((str(caller), str(callee), frame.f_code.co_name))

    previous: Callable[..., Any] | None = sys.getprofile()
    sys.setprofile(hook)
    try:
        yield climbs
    finally:
        sys.setprofile(previous)


def _campaign(journal: Journal) -> None:
    from journal.systems.vpt import commands as vpt

    journal.create_campaign("Walk", "vpt", "Вика")
    journal.add_member("Walk", "Оля")
    vpt.create_character(journal, "Walk", "Питер", "Оля", actor="Вика")
    sessions.start_session(journal, "Walk", ["Вика", "Оля"], actor="Вика")


def test_a_roll_calls_up_only_through_what_was_handed_down(journal: Journal) -> None:
    """A free roll: the service down to the store and back; the only calls up are the handed-down callables."""
    _campaign(journal)
    with walked() as climbs:
        sessions.free_roll(journal, "Walk", "2d6", table=[3, 4], actor="Оля")
    assert climbs - HANDED_DOWN == set()


def test_a_tally_commit_calls_up_only_through_what_was_handed_down(journal: Journal) -> None:
    """`journal tally --commit`'s service call: the tally rules, the fold, the store; no climb but the handed-down."""
    _campaign(journal)
    sessions.free_roll(journal, "Walk", "2d6", table=[3, 4], actor="Оля")
    sessions.end_session(journal, "Walk", minutes=60, actor="Вика")
    with walked() as climbs:
        tallies.commit_tally(journal, "Walk", 1, actor="Вика")
    assert climbs - HANDED_DOWN == set()


def test_the_walk_sees_a_store_calling_up_into_the_service() -> None:
    """The walk can fail: a store function that calls a service function directly is a climb."""
    namespace: dict[str, Any] = {"__name__": "journal.store.fake"}
    exec("def down(up):\n    return up()\n", namespace)  # noqa: S102 - a function of a 'store' module, made here
    service: dict[str, Any] = {"__name__": "journal.service.fake"}
    exec("def up():\n    return 1\n", service)  # noqa: S102
    with walked() as climbs:
        namespace["down"](service["up"])
    assert climbs == {("journal.store.fake", "journal.service.fake", "up")}
