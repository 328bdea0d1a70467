"""VPT's query command, ``journal bonds`` (listed in VPT's descriptor)."""

from __future__ import annotations

from cli.output import line, table
from cli.queries import query_command


def _render_bonds(result: dict) -> None:
    rows = result["bonds"]
    if not rows:
        line(f"no relationships or revenge in '{result['campaign']}' (version {result['version']})")
        return
    table(f"bonds at version {result['version']}", ["character", "bond", "towards", "points", "statuses"],
          [(r["character"], r["bond"] + (" (frozen)" if r["frozen"] else ""), r["other"], r["points"], ", ".join(r["statuses"]))
           for r in rows])


bonds_command = query_command("bonds", "Relationship and Revenge standings, pair by pair.",
                              "journal.systems.vpt.queries:bonds", _render_bonds)
COMMANDS = [bonds_command]
