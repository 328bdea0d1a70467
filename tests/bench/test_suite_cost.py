"""bench.suite_cost in a real pytest run: its rows name each module with its test count, and the report prints them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_run_with_the_plugin_reports_each_module_with_its_tests(tmp_path: Path) -> None:
    """Two modules of two and one tests: the report's rows name both with their counts; no row is made up."""
    (tmp_path / "test_two.py").write_text("def test_a():\n    pass\n\n\ndef test_b():\n    sum(range(10**5))\n")
    (tmp_path / "test_one.py").write_text("def test_c():\n    pass\n")
    rows = tmp_path / "rows"
    # Not this run's PYTEST_* variables: an xdist worker's name (PYTEST_XDIST_WORKER) would name the inner run's file.
    env = {**{name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")},
           "SUITE_COST_DIR": str(rows), "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "bench.suite_cost", "-p", "no:cacheprovider",
                          "-p", "no:xdist", "--rootdir", str(tmp_path), "-c", os.devnull, str(tmp_path)],
                         check=False, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert [path.name for path in rows.iterdir()] == ["main.json"]
    report = subprocess.run([sys.executable, "-m", "bench.suite_cost", "--folder", str(rows)], cwd=ROOT,
                            capture_output=True, text=True, timeout=60, check=True).stdout.splitlines()
    counted = sorted((line.split()[0], line.split()[-1]) for line in report[1:-1])
    assert (counted, report[-1].split()[:3], report[-1].split()[-1]) == (
        [("test_one.py", "1"), ("test_two.py", "2")], ["all", "2", "modules"], "3")
