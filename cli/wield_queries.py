"""Wield's query commands, ``journal debts`` and ``journal control`` (listed in Wield's descriptor)."""

from __future__ import annotations

from cli.output import line, table
from cli.queries import query_command


def _render_debts(result: dict) -> None:
    rows = result["geasa"]
    if not rows:
        line(f"no geis sealed in '{result['campaign']}' (version {result['version']})")
        return
    table(f"geis debts at version {result['version']}", ["hero", "geis", "rank", "broken", "owed", "collected", "vanished"],
          [(r["hero"], r["geis"], r["rank"], "yes" if r["broken"] else "", r["owed"], r["collected"], r["vanished"]) for r in rows])


def _render_control(result: dict) -> None:
    rows = result["standings"]
    if not rows:
        line(f"no vatcha bound to a hero in '{result['campaign']}' (version {result['version']})")
        return
    table(f"Control at version {result['version']}", ["vatcha", "wielder", "current", "Control lost", "dice v/w", "powers", "risks won v/w"],
          [(r["vatcha"], r["hero"], "yes" if r["current"] else "", r["control_lost"], f"{r['vatcha_dice']}/{r['wielder_dice']}",
            len(r["transfers"]), f"{r['wins']['vatcha']}/{r['wins']['wielder']}") for r in rows])


debts_command = query_command("debts", "Geis debts: what each hero owes Fate, has paid, and what vanished.",
                              "journal.systems.wield.queries:debts", _render_debts)
control_command = query_command("control", "Control standings of every vatcha and wielder.",
                                "journal.systems.wield.queries:control", _render_control)
COMMANDS = [debts_command, control_command]
