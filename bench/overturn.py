"""Overturn benchmark: the Master's ruling that voids an event near the start of a 100,000-event campaign.

    python -m bench.overturn                         # SQLite, a temporary file, 100,000 events
    python -m bench.overturn --events 20000          # smaller
    python -m bench.overturn --db postgresql://postgres@127.0.0.1/test   # a schema of its own, dropped after

The campaign is the VPT campaign of bench.projections (one real session repeated with fresh ids), with a session 2
of ``--runs`` free rolls recorded through the CLI.  Each free roll in turn is disputed by both players present, they
vote overturn, and the Master rules: the ruling folds the campaign once as it would stand with the void and checks
every declared invariant (journal.service.overturns); no fold reads a roll, so the check reads only the events that
name a causation.  Then the first hit of session 1 is overturned with the wounds it dealt: the sheets are folded
over the whole tail.  Each figure is the wall time of ``disputes.rule`` alone, the campaign already warm (opening
and voting are not timed), with the CPU time the process spent in it (on a shared machine the wall time also
holds the waits for a core).  Target (issue 21): an overturn of an event near the start under one second.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from bench.databases import fresh_database
from bench.projections import CAMPAIGN, _cli, fill, record_template


def build(url: str, total: int, per_session: int, rolls: int) -> tuple[int, int]:
    """The campaign: the template's start and session 1, a session 2 of ``rolls`` free rolls recorded through the CLI
    (one decision each, as at the table), then copies of session 1 up to ``total`` events; (events, sessions)."""
    _setup, session = record_template(url)
    _cli(url, "session", "start", CAMPAIGN, "--present", "Оля,Дима")
    for _ in range(rolls):
        _cli(url, "--as", "Оля", "roll", CAMPAIGN, "2d6+1", "--dice", "3,4")
    _cli(url, "session", "end", CAMPAIGN, "--minutes", "30")
    events, sessions, _rate = fill(url, session, total, per_session, number=3)
    return events, sessions


def overturns(url: str, events: list[str], profile: bool = False) -> list[tuple[float, float]]:
    """Dispute, vote on and overturn each of ``events`` (ids), one after another; the rulings' (wall, CPU) times.

    With ``profile``, each ruling runs under cProfile and its 25 costliest calls (cumulative) are printed."""
    from journal.service import Journal, disputes

    journal = Journal.open(url)
    try:
        journal.at(CAMPAIGN)  # the head folded once, as in a running server
        times = []
        for event in events:
            opened = disputes.open_dispute(journal, CAMPAIGN, event, "ошибка", actor="Оля")
            for voter in ("Оля", "Дима"):
                disputes.vote(journal, opened.id, "overturn", actor=voter)
            profiler = cProfile.Profile() if profile else None
            started, cpu = time.perf_counter(), time.process_time()
            if profiler is not None:
                profiler.enable()
            disputes.rule(journal, opened.id, "overturn", actor="Вика")
            if profiler is not None:
                profiler.disable()
            times.append((time.perf_counter() - started, time.process_time() - cpu))
            if profiler is not None:
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    finally:
        journal.close()
    return times


def first_of(url: str, kind: str, session: int) -> list[str]:
    """The ids of the events of type ``kind`` recorded in ``session``."""
    from journal.store import open_store

    store = open_store(url)
    try:
        return [e.id for e in store.read(CAMPAIGN, types=(kind,)) if e.session == session]
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--db", default=None, help="a PostgreSQL URL, or 'sqlite' (the default: a temporary file)")
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--per-session", type=int, default=1000, help="events per session")
    parser.add_argument("--runs", type=int, default=3, help="overturns, each of the next free roll of session 2")
    parser.add_argument("--profile", action="store_true", help="print the cProfile of the hit's overturn")
    args = parser.parse_args()
    with fresh_database(args.db) as url:
        events, sessions = build(url, args.events, args.per_session, args.runs)
        print(f"built {events:,} events in {sessions:,} sessions")
        for what, kind, session, count in (("a free roll of session 2", "roll.made", 2, args.runs),
                                           ("the first hit of session 1 and its wounds", "vpt.hit_rolled", 1, 1)):
            times = overturns(url, first_of(url, kind, session)[:count], profile=args.profile and kind != "roll.made")
            shown = ", ".join(f"{wall:.2f}" for wall, _cpu in times)
            print(f"overturn of {what}: median {statistics.median(wall for wall, _cpu in times):.2f} s ({shown}); "
                  f"CPU {statistics.median(cpu for _wall, cpu in times):.2f} s   target < 1 s")


if __name__ == "__main__":
    main()
