"""CI's second look at a red run: every test that failed runs once more, and each is named flaky or failed twice.

``again.py FIRST.xml`` reads pytest's JUnit XML report of the suite, runs each test that failed or errored in it
once more (in one pytest run, two workers), and prints ``flaky: NODE`` for each that passed the second time and
``failed twice: NODE`` for each that did not.  It exits 0: the caller fails the run whatever it prints, so a flake is
named in the log and never hidden by a re-run.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path


def _node(classname: str, name: str) -> str:
    """The pytest node id of a JUnit test case: its module file, its classes, its name."""
    parts = classname.split(".")
    for end in range(len(parts), 0, -1):
        module = "/".join(parts[:end]) + ".py"
        if Path(module).is_file():
            return "::".join([module, *parts[end:], name])
    return "::".join([*parts, name])


def outcomes(report: Path) -> dict[str, bool]:
    """Node id -> passed, for every test case in ``report`` (a skipped test counts as passed)."""
    found: dict[str, bool] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        node = _node(case.get("classname", ""), case.get("name", ""))
        failed = any(child.tag in ("failure", "error") for child in case)
        found[node] = found.get(node, True) and not failed
    return found


def main(first: Path) -> int:
    failed = [node for node, passed in outcomes(first).items() if not passed]
    if not failed:
        print("no test failed in the report: the run failed outside the tests")
        return 0
    print(f"{len(failed)} failed; running them once more")
    with tempfile.TemporaryDirectory() as folder:
        again_xml = Path(folder) / "again.xml"
        subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "-q", f"--junitxml={again_xml}", *failed],
                       check=False)
        again = outcomes(again_xml) if again_xml.is_file() else {}
    for node in failed:
        print(f"flaky: {node}" if again.get(node) else f"failed twice: {node}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
