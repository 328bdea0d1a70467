"""What the carry-over tests of every system share: a sheet written to a file, and the log's length around a refusal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

Run = Callable[..., Any]


def sheet_file(folder: Path, sheet: object) -> str:
    """``sheet`` as JSON in ``folder/sheet.json``: its path."""
    path = folder / "sheet.json"
    path.write_bytes(orjson.dumps(sheet))
    return str(path)


def log_count(run: Run, campaign: str) -> int:
    """How many events ``journal log CAMPAIGN`` lists."""
    return len(run("log", campaign, "--json").stdout.splitlines())


def refused(run: Run, campaign: str, system: str, folder: Path, sheet: object) -> tuple[int, str]:
    """The carry-over of ``sheet``'s exit and stderr, once it is checked that nothing was written."""
    before = log_count(run, campaign)
    result = run(system, "carry-over", campaign, sheet_file(folder, sheet))
    assert log_count(run, campaign) == before
    return result.exit_code, result.stderr
