"""VPT's upcasters: older payload shapes raised to the current ones (listed in the descriptor).

Plain functions of the payload dict, in a module that imports nothing heavy: the folds load it only when
an old payload is read.
"""

from __future__ import annotations

from typing import Any


def weapon_table_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 (release 0.1) had no ``merge``: every table it recorded was the whole table."""
    return {**data, "merge": data.get("merge", False)}
