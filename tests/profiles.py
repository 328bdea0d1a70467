"""Hypothesis's two settings profiles for this suite: a thorough ``ci`` one and a quick ``dev`` one.

CI (``CI=true``) runs the ``ci`` profile: every property at the example count its module names.  On a developer's
machine the ``dev`` profile runs a fifth of them (at least five), so a local run of the suite stays quick; set
``HYPOTHESIS_PROFILE=ci`` to run the thorough counts anywhere.  A property names its count through
:func:`examples`, never as a bare ``max_examples``, so the profile decides.
"""

from __future__ import annotations

import os

from hypothesis import settings

#: The profile in force: HYPOTHESIS_PROFILE, else ``ci`` under CI=true, else ``dev``.
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") == "true" else "dev")
#: The share of each property's examples the ``dev`` profile runs.
DEV_SHARE = 5

#: Hypothesis's own default (100) for a property that names no count.
DEFAULT_EXAMPLES = 100

settings.register_profile("ci", max_examples=DEFAULT_EXAMPLES, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=DEFAULT_EXAMPLES // DEV_SHARE, deadline=None)
settings.load_profile(PROFILE)


def examples(thorough: int) -> int:
    """The examples a property runs: ``thorough`` under the ``ci`` profile, a fifth of it (at least 5) under ``dev``."""
    return thorough if PROFILE == "ci" else max(5, thorough // DEV_SHARE)
