"""``journal tally CAMPAIGN --session K``: the end-of-session awards, proposed as a table, committed by the Master.

Without ``--commit`` nothing is written.  The Master's choices go with the command: ``--bonus
CHAR=AMOUNT:REASON`` (bonus experience, for a system that keeps it), ``--motive CHAR=MOTIVE:OUTCOME``
(for a system that scores motives: fulfilled or betrayed in the adventure that ended in the session),
``--skip LINE`` (drop a proposed line, named by the first column of the table).  All three repeat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli.main import AppContext
from cli.output import emit_json, line, table

if TYPE_CHECKING:
    from journal.service.tallies import Bonus, MotiveChoice

HEADERS = ["line", "kind", "character", "towards", "item", "amount", "status", "reason"]


def _bonuses(items: tuple[str, ...]) -> list[Bonus]:
    from journal.service.tallies import Bonus

    out = []
    for item in items:
        name, sep, rest = item.partition("=")
        amount, colon, reason = rest.partition(":")
        if not sep or not colon or not name.strip():
            raise click.BadParameter(f"'{item}' is not CHAR=AMOUNT:REASON", param_hint="--bonus")
        try:
            value = int(amount)
        except ValueError:
            raise click.BadParameter(f"'{amount}' is not a whole number of XP", param_hint="--bonus") from None
        out.append(Bonus(name.strip(), value, reason.strip()))
    return out


def _motives(items: tuple[str, ...]) -> list[MotiveChoice]:
    from journal.service.tallies import MotiveChoice

    out = []
    for item in items:
        name, sep, rest = item.partition("=")
        motive, colon, outcome = rest.rpartition(":")
        if not sep or not colon or not name.strip() or not motive.strip() or not outcome.strip():
            raise click.BadParameter(f"'{item}' is not CHAR=MOTIVE:fulfilled|betrayed", param_hint="--motive")
        out.append(MotiveChoice(name.strip(), motive.strip(), outcome.strip()))
    return out


def _amount(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _rows(lines: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(r["key"], r["kind"], r["character"], r["other"] or "", r["item"], _amount(r["amount"]),
             r.get("status", "committed"), r["reason"]) for r in lines]


@click.command("tally")
@click.argument("campaign")
@click.option("--session", "number", required=True, type=int, help="The ended session to tally.")
@click.option("--commit", is_flag=True, help="Append the proposed lines (the Master; once per session).")
@click.option("--bonus", "bonuses", multiple=True, metavar="CHAR=AMOUNT:REASON", help="A bonus award (repeatable).")
@click.option("--motive", "motives", multiple=True, metavar="CHAR=MOTIVE:OUTCOME",
              help="A motive fulfilled or betrayed in the adventure that ended (repeatable).")
@click.option("--skip", "skip", multiple=True, metavar="LINE", help="Drop a proposed line (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
@click.pass_obj
def tally(app: AppContext, campaign: str, number: int, commit: bool, bonuses: tuple[str, ...],
          motives: tuple[str, ...], skip: tuple[str, ...], as_json: bool) -> None:
    """Propose the end-of-session awards of session K of CAMPAIGN; --commit records them."""
    from journal.service.tallies import commit_tally, propose_tally

    chosen_bonuses, chosen_motives = _bonuses(bonuses), _motives(motives)
    if commit:
        events = commit_tally(app.journal(), campaign, number, bonuses=chosen_bonuses, motives=chosen_motives,
                              skip=list(skip), actor=app.actor)
        done = events[-1]
        if as_json:
            emit_json({"campaign": campaign, "session": number, "tally": {"id": done.id, "version": done.version},
                       "events": [{"id": e.id, "version": e.version, "type": e.type, **e.data} for e in events]})
            return
        if done.data["summary"]:
            table(f"session {number} tally committed", HEADERS, _rows(done.data["summary"]))
        skipped = f"; skipped: {', '.join(done.data['skipped'])}" if done.data["skipped"] else ""
        line(f"session {number} tallied at version {done.version} (event {done.id}): "
             f"{done.data['lines']} line(s) appended{skipped}")
        return
    result = propose_tally(app.journal(), campaign, number, bonuses=chosen_bonuses, motives=chosen_motives,
                           skip=list(skip), actor=app.actor)
    if as_json:
        emit_json(result)
        return
    present = ", ".join(result["present"])
    if result["lines"]:
        table(f"session {number} tally ({result['minutes']} min; present: {present})", HEADERS, _rows(result["lines"]))
    else:
        line(f"session {number} ({result['minutes']} min; present: {present}): nothing to tally")
    if result["tallied"] is not None:
        line(f"session {number} was tallied at version {result['tallied']['version']} "
             f"(event {result['tallied']['id']})")
    else:
        proposed = sum(1 for r in result["lines"] if r["status"] == "proposed")
        line(f"{proposed} line(s) proposed; the Master records them with --commit")


COMMANDS = [tally]
