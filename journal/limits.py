"""The sizes every way into the journal keeps to: one place, so that no way in takes more than another.

An HTTP request body (``web.app``) and one line of an imported file (``journal.store.importing``) are held to
the same :data:`MAX_BODY`: whatever a command could have recorded fits in it, and an import takes no more.
"""

from __future__ import annotations

#: The largest request body the service reads, and the longest line an import takes, in bytes.
MAX_BODY = 64 * 1024
#: How far ahead of this journal's clock an imported ``recorded_at`` may lie (clocks of two machines differ).
CLOCK_SKEW_SECONDS = 300
