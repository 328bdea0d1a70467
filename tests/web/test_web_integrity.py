"""The server's app (as ``journal serve`` runs it) checks each campaign's head signature and witness when it first loads it, and refuses to serve
one that fails, in the reader's language (web/integrity.py); a campaign that holds is served as before."""

from __future__ import annotations

import subprocess

import httpx
import sqlalchemy as sa
from fastapi.testclient import TestClient

from journal.service import Journal
from journal.store import open_store
from journal.store.opening import attach_key
from tests.web.conftest import JOURNAL, auth, campaign_with_tokens
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
        f"кампания 'Лес' не открывается: её запись не проходит проверку журнала: кампания «Лес», №{head}: цепочка "
        f"кончается на №{head - 1} (её хвост отрезан) (сообщите Мастеру: проверка журнала запускается там, где журнал "
        f"хранится)"))


def test_a_campaign_that_holds_is_served(db_url: str) -> None:
    """Nothing touched: GET /api/me answers 200 with the campaign and member."""
    tokens = _signed_campaign(db_url)
    answer = _get(db_url, "/api/me", auth(tokens["Вика"]))
    assert (answer.status_code, answer.json()["campaign"], answer.json()["me"]) == (200, "Лес", {"name": "Вика",
                                                                                            "role": "master"})


def _session_on_the_laptop(db_url: str, campaign: str, players: list[str]) -> None:
    """The Master's first ``session start`` and ``end`` from the CLI's service: it makes the journal's key."""
    from journal.service.sessions import end_session, start_session

    journal = Journal(open_store(db_url))
    try:
        start_session(journal, campaign, players, "Вика")
        end_session(journal, campaign, 30, "Вика")
    finally:
        journal.close()


def test_a_campaign_created_after_the_laptop_made_the_key_is_served_by_a_server_started_before(db_url: str) -> None:
    """`journal serve` opened on a journal without a key; the laptop's first session makes it, then a second campaign
    recording it is created: the running server takes the key up and serves the second campaign (it said "no key to
    check its signatures with", 409, before)."""
    from tests.web.conftest import serving

    with serving(db_url) as running:
        first = campaign_with_tokens(db_url, "Лес", "vpt", "Вика", ["Оля"])
        assert httpx.get(running.base + "/api/me", headers=auth(first["Вика"]), timeout=30).status_code == 200
        _session_on_the_laptop(db_url, "Лес", ["Оля"])
        second = campaign_with_tokens(db_url, "Поле", "vpt", "Вика", ["Оля"])
        answer = httpx.get(running.base + "/api/me", headers=auth(second["Вика"]), timeout=30)
    assert (answer.status_code, answer.json()["campaign"]) == (200, "Поле")


def test_a_server_started_before_the_key_was_made_signs_its_writes_with_it(db_url: str) -> None:
    """The same server then records a roll in the campaign created after the key: `journal verify` holds (its head is
    signed under the key its creation recorded)."""
    from tests.web.conftest import serving

    with serving(db_url) as running:
        first = campaign_with_tokens(db_url, "Лес", "vpt", "Вика", ["Оля"])
        httpx.get(running.base + "/api/me", headers=auth(first["Вика"]), timeout=30).raise_for_status()
        _session_on_the_laptop(db_url, "Лес", ["Оля"])
        second = campaign_with_tokens(db_url, "Поле", "vpt", "Вика", ["Оля"])
        rolled = httpx.post(running.base + "/api/roll", headers=auth(second["Оля"]), timeout=30,
                            json={"notation": "1d6", "dice": [4], "purpose": "след"})
    verified = subprocess.run([JOURNAL, "--db", db_url, "verify"], capture_output=True, text=True, check=False)
    assert (rolled.status_code, verified.returncode, verified.stdout.splitlines()[0]) == (
        200, 0, "ok: 11 events in 2 campaigns, every chain holds")
