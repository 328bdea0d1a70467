"""The server's check of each campaign it serves: its head signature and its witness, when it first loads it.

Reads never look at signatures, so without this a database edited under a running journal (a re-chained history,
a cut tail) would be served as if it held; only ``journal verify`` would notice.  The first request that opens a
campaign (every member's request passes through ``web.auth``) runs the checks ``verify`` runs on a campaign's head
(journal.store.receipts.load_problems); a campaign that fails is refused (409, in the request's language) on every
request until it holds again, and one that holds is not checked again by this process: from then on each append
checks the witness itself (journal.store.receipts.refuse_past_witness).
"""

from __future__ import annotations

import threading
import weakref

from journal.errors import VERIFY, IntegrityFailure
from journal.i18n import WEB
from journal.service import Journal

_ = WEB.gettext

#: The campaigns each journal of this process has found holding.
_HOLDING: weakref.WeakKeyDictionary[Journal, set[str]] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def check_campaign(journal: Journal, campaign: str) -> None:
    """IntegrityFailure naming what broke when ``campaign`` fails the head signature or the witness check."""
    with _LOCK:
        if campaign in _HOLDING.get(journal, ()):
            return
    from journal.store.receipts import load_problems

    journal.take_up_key()  # a key the CLI made since the server started (its first session start) checks too
    problems = load_problems(journal.store, campaign)
    if problems:
        raise IntegrityFailure(_("campaign '{campaign}' is not served: its record fails the journal's check: "
                                 "{problem}").format(campaign=campaign, problem=problems[0]), hint=VERIFY)
    with _LOCK:
        _HOLDING.setdefault(journal, set()).add(campaign)
