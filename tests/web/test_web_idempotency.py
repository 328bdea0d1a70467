"""The Idempotency-Key header of every write, through a real ``journal serve`` process (both databases).

A retry with the key of a write answers as the first request did (same status, same JSON) and stores
nothing more; another key, another member or another request under the same key is a write of its own.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.web.conftest import auth

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

ROLL = {"notation": "3d6", "purpose": "взлом"}


def client(base: str, token: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers=auth(token), timeout=30)


def head(http: httpx.Client) -> int:
    return http.get("/api/events", params={"limit": 1}).json()["head"]


def in_session(live: str, new_campaign) -> dict[str, str]:
    """A VPT campaign (Вика the Master, Оля and Дима) whose session is open, so the journal throws its own dice."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля", "Дима"])
    with client(live, tokens["Вика"]) as master:
        master.post("/api/sessions/start", json={"present": ["Оля", "Дима"]}).raise_for_status()
    return tokens


def test_a_retry_with_the_same_key_answers_the_first_answer_and_stores_one_decision(live, new_campaign) -> None:
    """Two POST /api/roll on the journal's dice under one key: the same 200 and JSON twice, one roll stored."""
    tokens = in_session(live, new_campaign)
    with client(live, tokens["Оля"]) as olya:
        version = head(olya)
        first = olya.post("/api/roll", json=ROLL, headers={"Idempotency-Key": "roll-1"})
        retry = olya.post("/api/roll", json=ROLL, headers={"Idempotency-Key": "roll-1"})
        after = head(olya)
    assert (first.status_code, retry.status_code, retry.json()) == (200, 200, first.json())
    assert after == version + 1


def test_a_different_key_stores_a_second_decision(live, new_campaign) -> None:
    """The same roll under two keys: two rolls stored, at consecutive versions."""
    tokens = in_session(live, new_campaign)
    with client(live, tokens["Оля"]) as olya:
        version = head(olya)
        answers = [olya.post("/api/roll", json=ROLL, headers={"Idempotency-Key": key}) for key in ("a", "b")]
    assert [a.json()["events"][0]["version"] for a in answers] == [version + 1, version + 2]


def test_a_write_without_a_key_is_stored_each_time(live, new_campaign) -> None:
    """The same roll twice with no key: two rolls (the header is optional)."""
    tokens = in_session(live, new_campaign)
    with client(live, tokens["Оля"]) as olya:
        version = head(olya)
        statuses = [olya.post("/api/roll", json=ROLL).status_code for _ in range(2)]
        after = head(olya)
    assert (statuses, after) == ([200, 200], version + 2)


def test_a_retry_after_the_campaign_moved_on_answers_the_first_answer(live, new_campaign) -> None:
    """A retry after another member's write answers the first roll's event, at its own version."""
    tokens = in_session(live, new_campaign)
    with client(live, tokens["Оля"]) as olya, client(live, tokens["Дима"]) as dima:
        first = olya.post("/api/roll", json=ROLL, headers={"Idempotency-Key": "k"})
        dima.post("/api/roll", json=ROLL).raise_for_status()
        retry = olya.post("/api/roll", json=ROLL, headers={"Idempotency-Key": "k"})
        after = head(olya)
    assert (retry.json(), after) == (first.json(), first.json()["events"][0]["version"] + 1)


def test_the_same_key_from_another_member_is_their_own_write(live, new_campaign) -> None:
    """Оля and Дима send one key: two rolls, each by its own actor."""
    tokens = in_session(live, new_campaign)
    with client(live, tokens["Оля"]) as olya, client(live, tokens["Дима"]) as dima:
        answers = [http.post("/api/roll", json=ROLL, headers={"Idempotency-Key": "same"}) for http in (olya, dima)]
    assert [a.json()["events"][0]["actor"] for a in answers] == ["Оля", "Дима"]


def test_a_key_reused_for_another_request_records_that_request(live, new_campaign) -> None:
    """One key on a roll for 'взлом', then on a roll for 'поиск': the second is stored too, with its own purpose."""
    tokens = in_session(live, new_campaign)
    with client(live, tokens["Оля"]) as olya:
        answers = [olya.post("/api/roll", json={**ROLL, "purpose": purpose}, headers={"Idempotency-Key": "reused"})
                   for purpose in ("взлом", "поиск")]
    assert [a.json()["events"][0]["data"]["purpose"] for a in answers] == ["взлом", "поиск"]


def test_a_retry_of_a_generated_verb_stores_one_character(live, new_campaign) -> None:
    """POST /api/vpt/char twice under one key: the second answers the first character and the sheet exists once."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with client(live, tokens["Оля"]) as olya:
        version = head(olya)
        answers = [olya.post("/api/vpt/char", json={"name": "Вольтаир"}, headers={"Idempotency-Key": "char"})
                   for _ in range(2)]
        after = head(olya)
    assert ([a.status_code for a in answers], answers[1].json(), after) == ([200, 200], answers[0].json(),
                                                                           version + 1)


def test_a_retry_of_a_session_start_answers_the_first_start(live, new_campaign) -> None:
    """POST /api/sessions/start twice under one key: one session.started; without the key the retry would be refused."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with client(live, tokens["Вика"]) as master:
        answers = [master.post("/api/sessions/start", json={"present": ["Оля"]}, headers={"Idempotency-Key": "s1"})
                   for _ in range(2)]
        started = master.get("/api/events", params={"type": "session.started"}).json()["events"]
    assert ([a.status_code for a in answers], answers[1].json(), len(started)) == ([200, 200], answers[0].json(), 1)


def test_eight_simultaneous_sends_of_one_key_store_one_decision(live, new_campaign) -> None:
    """8 threads post one roll under one key at once: 8 identical 200s and one roll stored."""
    tokens = in_session(live, new_campaign)
    with client(live, tokens["Оля"]) as olya:
        version = head(olya)

    def send(_: int) -> httpx.Response:
        with client(live, tokens["Оля"]) as http:
            return http.post("/api/roll", json=ROLL, headers={"Idempotency-Key": "burst"})

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(send, range(8)))
    with client(live, tokens["Оля"]) as olya:
        after = head(olya)
    assert [(a.status_code, a.json()) for a in answers] == [(200, answers[0].json())] * 8
    assert after == version + 1


def test_a_key_over_200_characters_is_refused_422_naming_the_header(live, new_campaign) -> None:
    """A 201-character key: 422 naming Idempotency-Key, and nothing stored."""
    tokens = in_session(live, new_campaign)
    with client(live, tokens["Оля"]) as olya:
        version = head(olya)
        answer = olya.post("/api/roll", json=ROLL, headers={"Idempotency-Key": "k" * 201})
        after = head(olya)
    assert (answer.status_code, answer.json()) == (422, {
        "error": "header field 'Idempotency-Key': String should have at most 200 characters",
        "kind": "ValidationFailed"})
    assert after == version


def test_a_key_with_a_control_character_is_refused_422_naming_the_header(live, new_campaign) -> None:
    """A key holding a tab: 422 naming Idempotency-Key, and nothing stored."""
    tokens = in_session(live, new_campaign)
    with client(live, tokens["Оля"]) as olya:
        version = head(olya)
        answer = olya.post("/api/roll", json=ROLL, headers={"Idempotency-Key": "a\tb"})
        after = head(olya)
    assert (answer.status_code, answer.json()["error"]) == (
        422, "header field 'Idempotency-Key': String should match pattern '^[ -~]+$'")
    assert after == version
