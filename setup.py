"""The build hook: compile the gettext catalogues (journal/locale/**.po -> .mo) into every built package.

Everything else about the package is in pyproject.toml.  The compiler is journal/i18n.py's own
``compile_catalogues`` (Babel), loaded by path so that the build imports nothing else of the journal.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _compile_catalogues(target: Path) -> None:
    spec = importlib.util.spec_from_file_location("_journal_i18n_build", ROOT / "journal" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.compile_catalogues(ROOT / "journal" / "locale", target)


class BuildPyWithCatalogues(build_py):
    """build_py, then a .mo beside each .po of the built package (also the source tree's, for editable installs)."""

    def run(self) -> None:
        super().run()
        _compile_catalogues(Path(self.build_lib) / "journal" / "locale")
        if getattr(self, "editable_mode", False):
            _compile_catalogues(ROOT / "journal" / "locale")


setup(cmdclass={"build_py": BuildPyWithCatalogues})
