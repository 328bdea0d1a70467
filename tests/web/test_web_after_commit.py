"""A write the server stored, then its witness hit a full disk: answered as stored (2xx) with a warning, not a 500.

The app over a database with its key, served in-process (Starlette's TestClient: the real middleware, endpoints,
service and store; a ``journal serve`` process costs more seconds to start than a loaded machine grants the
fixtures); the campaign's witness file is made a symlink to ``/dev/full`` (every write fails with ENOSPC, as on a
full disk) once the campaign is recorded.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from journal.store import open_store
from journal.store.keys import JournalKey
from journal.store.receipts import witness_file
from tests.web.conftest import auth, campaign_with_tokens
from web.app import create_app


@pytest.fixture
def full_disk(db_url: str, db_at_head: None) -> Iterator[tuple[TestClient, dict[str, str]]]:
    """A server over the test's database (with its key) and campaign 'Зола' whose witness writes hit /dev/full."""
    JournalKey.create_for_url(db_url)
    tokens = campaign_with_tokens(db_url, "Зола", "vpt", "Вика", ["Оля"])
    store = open_store(db_url)
    try:
        path = witness_file(store, "Зола")
        folder = store.witness
    finally:
        store.close()
    assert path is not None and path.exists()
    path.unlink()
    path.symlink_to("/dev/full")
    with TestClient(create_app(db_url)) as client:
        yield client, tokens | {"folder": str(folder)}


def test_a_stored_write_whose_witness_hits_a_full_disk_is_answered_200_with_a_warning(full_disk) -> None:
    """POST /api/roll: 200, the stored event, a ``warnings`` line naming the version and ENOSPC (in the request's
    language), and the header.  (One test: a server start costs seconds.)"""
    http, tokens = full_disk
    answer = http.post("/api/roll", json={"notation": "2d6", "dice": [3, 5]}, headers=auth(tokens["Оля"]))
    events = http.get("/api/events", headers=auth(tokens["Оля"])).json()["events"]
    russian = http.post("/api/roll", json={"notation": "2d6", "dice": [1, 2]},
                        headers=auth(tokens["Оля"]) | {"Accept-Language": "ru"})
    assert (answer.status_code, [e["version"] for e in answer.json()["events"]]) == (200, [5])
    assert answer.json()["warnings"] == [
        (f"campaign 'Зола': the events up to version 5 are stored, but then writing its receipt to the witness beside "
         f"the key ({tokens['folder']}) failed: No space left on device (errno 28)")]
    assert answer.headers["Journal-Warning"] == "stored; a step after the commit failed (see the body's warnings)"
    assert [(e["version"], e["type"]) for e in events][-1] == (5, "roll.made")
    assert (russian.status_code, russian.json()["warnings"][0].startswith(
        "кампания «Зола»: события по №6 записаны, но затем не удалось записать её квитанцию")) == (200, True)
