"""Wield's query commands, ``journal debts`` and ``journal control`` (listed in Wield's descriptor)."""

from __future__ import annotations

from cli.output import line, table
from cli.queries import query_command
from journal.i18n import CLI, N_

_ = CLI.gettext


def _render_debts(result: dict) -> None:
    rows = result["geasa"]
    if not rows:
        line(_("no geis sealed in '{campaign}' (version {version})").format(campaign=result["campaign"],
                                                                          version=result["version"]))
        return
    table(_("geis debts at version {version}").format(version=result["version"]),
          [_("hero"), _("geis"), _("rank"), _("broken"), _("owed"), _("collected"), _("vanished")],
          [(r["hero"], r["geis"], r["rank"], _("yes") if r["broken"] else "", r["owed"], r["collected"], r["vanished"]) for r in rows])


def _render_control(result: dict) -> None:
    rows = result["standings"]
    if not rows:
        line(_("no vatcha bound to a hero in '{campaign}' (version {version})").format(campaign=result["campaign"],
                                                                                     version=result["version"]))
        return
    table(_("Control at version {version}").format(version=result["version"]),
          [_("vatcha"), _("wielder"), _("current"), _("Control lost"), _("dice v/w"), _("powers"), _("risks won v/w")],
          [(r["vatcha"], r["hero"], _("yes") if r["current"] else "", r["control_lost"], f"{r['vatcha_dice']}/{r['wielder_dice']}",
            len(r["transfers"]), f"{r['wins']['vatcha']}/{r['wins']['wielder']}") for r in rows])


debts_command = query_command("debts", N_("Geis debts: what each hero owes Fate, has paid, and what vanished."),
                              "journal.systems.wield.queries:debts", _render_debts)
control_command = query_command("control", N_("Control standings of every vatcha and wielder."),
                                "journal.systems.wield.queries:control", _render_control)
COMMANDS = [debts_command, control_command]
