"""The server's app (as ``journal serve`` runs it) checks each campaign's head signature and witness when it first loads it, and refuses to serve
one that fails, in the reader's language (web/integrity.py); a campaign that holds is served as before."""

from __future__ import annotations

import httpx
import sqlalchemy as sa
from fastapi.testclient import TestClient

from journal.service import Journal
from journal.store import open_store
from journal.store.engine import attach_key
from tests.web.conftest import auth, campaign_with_tokens
from web.app import create_app

RU = {"Accept-Language": "ru-RU,ru;q=0.9"}


def _signed_campaign(db_url: str) -> dict[str, str]:
    store = open_store(db_url, upgrade=True)
    attach_key(store, create=True)  # as 'journal init' does
    store.close()
    return campaign_with_tokens(db_url, "Лес", "vpt", "Вика", ["Оля"])


def _cut_head(db_url: str) -> int:
    engine = sa.create_engine(db_url)
    with engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("DROP TRIGGER events_refuse_delete")
        else:
            conn.exec_driver_sql("SET LOCAL session_replication_role = replica")
        head = conn.exec_driver_sql("SELECT max(version) FROM events WHERE campaign = 'Лес'").scalar_one()
        conn.exec_driver_sql(f"DELETE FROM events WHERE campaign = 'Лес' AND version = {head}")
    engine.dispose()
    return head


def _get(db_url: str, path: str, headers: dict[str, str]) -> httpx.Response:
    """One GET to the server's app over the database, opened as ``journal serve`` opens it (its key found)."""
    journal = Journal(open_store(db_url))
    try:
        with TestClient(create_app(db_url, journal=journal)) as client:
            return client.get(path, headers=headers)
    finally:
        journal.close()


def test_a_campaign_whose_tail_was_cut_is_not_served_and_says_so_in_russian(db_url: str) -> None:
    """The last event (Оля's token) deleted before the server starts: the Master's GET /api/me is 409, in Russian,
    naming the witnessed head."""
    tokens = _signed_campaign(db_url)
    head = _cut_head(db_url)
    answer = _get(db_url, "/api/me", auth(tokens["Вика"]) | RU)
    assert (answer.status_code, answer.json()["error"]) == (409, (
        f"кампания 'Лес' не открывается: её запись не проходит проверку журнала (campaign 'Лес' version {head}: the "
        f"chain ends at version {head - 1} (its tail was cut)); запустите 'journal verify'"))


def test_a_campaign_that_holds_is_served(db_url: str) -> None:
    """Nothing touched: GET /api/me answers 200 with the campaign and member."""
    tokens = _signed_campaign(db_url)
    answer = _get(db_url, "/api/me", auth(tokens["Вика"]))
    assert (answer.status_code, answer.json()["campaign"], answer.json()["me"]) == (200, "Лес", {"name": "Вика",
                                                                                            "role": "master"})
