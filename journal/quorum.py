"""Quorum sizes and tallies shared by disputes and house rules of every system (pure, no I/O).

Players are the campaign's members without the Master role.  A first-degree quorum is two thirds of
all players, a second-degree quorum two thirds of the players present, both rounded up: ceil(2N/3).
A first-degree quorum counts votes *in favour* (a rule-change proposal); a second-degree quorum counts
present players who *voted* either way (a dispute the Master then closes with the deciding voice).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Literal

from journal.errors import RuleViolation

Degree = Literal["first", "second"]


def quorum_size(players: int) -> int:
    """Two thirds of ``players``, rounded up: the number of votes a quorum needs."""
    if players < 1:
        raise RuleViolation("quorum: players needed", f"a quorum of {players} players cannot be formed")
    return -(-2 * players // 3)


@dataclass(frozen=True, slots=True)
class Tally:
    """The votes counted for one quorum: who could vote, how many were needed, how they voted."""

    degree: Degree
    eligible: int
    required: int
    in_favour: int
    against: int

    @property
    def reached(self) -> bool:
        """First degree: enough votes in favour; second degree: enough present players voted."""
        counted = self.in_favour if self.degree == "first" else self.in_favour + self.against
        return counted >= self.required

    @property
    def majority_in_favour(self) -> bool:
        """Whether more voters were in favour than against (a tie is not a majority)."""
        return self.in_favour > self.against


def first_degree(votes: Mapping[str, bool], players: Collection[str]) -> Tally:
    """Tally ``votes`` (player -> in favour?) against a first-degree quorum of all ``players``."""
    return _tally("first", votes, players, "player of the campaign")


def second_degree(votes: Mapping[str, bool], present: Collection[str]) -> Tally:
    """Tally ``votes`` (player -> in favour?) against a second-degree quorum of the ``present`` players."""
    return _tally("second", votes, present, "player present")


def _tally(degree: Degree, votes: Mapping[str, bool], eligible: Collection[str], who: str) -> Tally:
    """Count the votes of eligible voters; a vote from anyone else is refused."""
    strangers = sorted(voter for voter in votes if voter not in eligible)
    if strangers:
        raise RuleViolation("quorum: only players vote", f"not a {who}: {', '.join(strangers)}")
    in_favour = sum(1 for choice in votes.values() if choice)
    return Tally(degree, len(eligible), quorum_size(len(eligible)), in_favour, len(votes) - in_favour)
