"""VPT's query command, ``journal bonds`` (listed in VPT's descriptor)."""

from __future__ import annotations

from cli.output import line, table
from cli.queries import query_command
from journal.i18n import CLI, N_

_ = CLI.gettext


def _render_bonds(result: dict) -> None:
    rows = result["bonds"]
    if not rows:
        line(_("no relationships or revenge in '{campaign}' (version {version})").format(campaign=result["campaign"],
                                                                                       version=result["version"]))
        return
    bonds = {"relationship": _("relationship"), "revenge": _("revenge")}
    table(_("bonds at version {version}").format(version=result["version"]),
          [_("character"), _("bond"), _("towards"), _("points"), _("statuses")],
          [(r["character"], bonds.get(r["bond"], r["bond"]) + (_(" (frozen)") if r["frozen"] else ""), r["other"],
            r["points"], ", ".join(r["statuses"]))
           for r in rows])


bonds_command = query_command("bonds", N_("Relationship and Revenge standings, pair by pair."),
                              "journal.systems.vpt.queries:bonds", _render_bonds)
COMMANDS = [bonds_command]
