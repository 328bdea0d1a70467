"""Burned dice: the server dice a command threw and its decision does not record, recorded as ``dice.burned``.

The rule (docs/dice.md, "Refused commands burn their dice"): every server die the journal throws is recorded,
so that its counter is used and no later roll gets it.  A command refused after its dice were thrown would
otherwise leave the counter where it was, and its refusal, when it depends on the dice, would tell the player
the die the next roll gets.  ``Journal.execute`` is the one place that applies the rule, for every verb of
every system: it asks :func:`unrecorded` which of the context's throws the decision leaves out, and appends
:func:`burned` of them (alone, when the command was refused, and the refusal is then raised; or after the
decision's own events).

Pure code: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from journal.errors import RuleViolation
from journal.events.rolls import Roll, server_rolls
from journal.events.session import DiceBurned
from journal.service.context import Record

#: The reason a burn records when the decision was accepted and left some of its thrown dice out.
UNRECORDED = "unrecorded"


def unrecorded(thrown: Sequence[Roll], decided: Iterable[Record] = ()) -> list[Roll]:
    """The dice of ``thrown`` whose counters no server roll of ``decided`` uses, as rolls of consecutive counters."""
    used: set[int] = set()
    for record in decided:
        for found in server_rolls(record.payload.to_data()):
            used.update(range(found["counter"], found["counter"] + len(found["dice"])))
    left: list[Roll] = []
    for roll in thrown:
        assert roll.counter is not None  # a context keeps its server rolls only
        run: list[int] = []
        start = roll.counter
        for offset, value in enumerate(roll.dice):
            counter = roll.counter + offset
            if counter in used:
                if run:
                    left.append(Roll(sides=roll.sides, dice=run, source="server", counter=start))
                run, start = [], counter + 1
                continue
            run.append(value)
        if run:
            left.append(Roll(sides=roll.sides, dice=run, source="server", counter=start))
    return left


def reason(refusal: BaseException | None) -> str:
    """What a burn records of why: the rule a refusal names, its kind (``ValidationFailed``...), or :data:`UNRECORDED`."""
    if refusal is None:
        return UNRECORDED
    if isinstance(refusal, RuleViolation):
        return refusal.rule[:200]
    return type(refusal).__name__


def burned(rolls: Sequence[Roll], refusal: BaseException | None = None) -> Record:
    """The ``dice.burned`` record of ``rolls``, thrown by a command refused with ``refusal`` (None: accepted)."""
    return Record(DiceBurned(rolls=list(rolls), reason=reason(refusal)))
