"""The Master's console endpoints over a real ``journal serve`` (both databases): tokens, their QR codes, the tally preview."""

from __future__ import annotations

import httpx
import pytest

from tests.web.conftest import auth

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

MASTER = "Вика"
PLAYERS = ["Оля", "Дима"]


def _post(base: str, token: str, path: str, body: dict | None = None, **headers: str) -> httpx.Response:
    return httpx.post(base + path, json=body, headers={**auth(token), **headers}, timeout=10)


def test_an_issued_token_comes_with_the_pages_link_that_opens_the_journal_as_its_member(live: str, new_campaign) -> None:
    """POST /api/tokens answers the token and '<page>/#token=<token>'; the token opens /api/me as that member."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    issued = _post(live, tokens[MASTER], "/api/tokens", {"member": "Оля"}).json()
    me = httpx.get(live + "/api/me", headers=auth(issued["token"]), timeout=10).json()
    assert (issued["member"], issued["link"], me["me"]) == (
        "Оля", f"{live}/#token={issued['token']}", {"name": "Оля", "role": "player"})


def test_the_master_gets_the_qr_code_of_a_tokens_link_as_svg(live: str, new_campaign) -> None:
    """The QR endpoint answers the Master an SVG image drawn by segno, kept out of caches."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    answer = _post(live, tokens[MASTER], "/api/tokens/qr.svg", {"token": tokens["Оля"]})
    assert (answer.status_code, answer.headers["content-type"], answer.headers["cache-control"]) == (
        200, "image/svg+xml", "no-store")
    assert answer.text.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and 'class="segno"' in answer.text


def test_a_player_may_not_draw_a_tokens_qr_code(live: str, new_campaign) -> None:
    """A player's token asking for a QR code is refused 403 by the role rule of issuing tokens."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    answer = _post(live, tokens["Оля"], "/api/tokens/qr.svg", {"token": tokens["Оля"]})
    assert (answer.status_code, answer.json()["error"]) == (403, "only the Master may issue tokens ('Оля' is a player)")


def test_the_qr_code_of_another_campaigns_token_is_refused(live: str, new_campaign) -> None:
    """The Master cannot draw (or probe) a token of another campaign."""
    _first, tokens = new_campaign("vpt", MASTER, PLAYERS)
    _second, others = new_campaign("vpt", MASTER, PLAYERS)
    answer = _post(live, tokens[MASTER], "/api/tokens/qr.svg", {"token": others["Оля"]})
    assert (answer.status_code, answer.json()["error"]) == (403, "token: not of this campaign")


def test_the_qr_code_of_a_revoked_token_is_refused(live: str, new_campaign) -> None:
    """A revoked token draws nothing: the refusal names the token and its member."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    [revoked] = _post(live, tokens[MASTER], "/api/tokens/Дима/revoke").json()["events"]
    answer = _post(live, tokens[MASTER], "/api/tokens/qr.svg", {"token": tokens["Дима"]})
    listed = httpx.get(f"{live}/api/tokens", headers=auth(tokens[MASTER]), timeout=10).json()
    issued = next(t["issued_at"] for t in listed if t["token_id"] == revoked["data"]["token_id"])
    assert (answer.status_code, answer.json()["error"]) == (
        403, f"token: revoked (the token of 'Дима' issued {issued[:16].replace('T', ' ')})")


def test_a_player_may_not_list_the_tokens(live: str, new_campaign) -> None:
    """GET /api/tokens is the Master's: a player gets 403."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    answer = httpx.get(live + "/api/tokens", headers=auth(tokens["Дима"]), timeout=10)
    assert (answer.status_code, answer.json()["kind"]) == (403, "NotAuthorized")


def test_a_revoked_token_is_listed_revoked_and_opens_nothing(live: str, new_campaign) -> None:
    """Revoking by token id marks it revoked in the list, and the token is refused 401 from then on."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    listed = httpx.get(live + "/api/tokens", headers=auth(tokens[MASTER]), timeout=10).json()
    oles = next(t["token_id"] for t in listed if t["member"] == "Оля")
    _post(live, tokens[MASTER], f"/api/tokens/{oles}/revoke")
    after = httpx.get(live + "/api/tokens", headers=auth(tokens[MASTER]), timeout=10).json()
    assert [(t["member"], t["revoked"]) for t in after] == [(MASTER, False), ("Оля", True), ("Дима", False)]
    assert httpx.get(live + "/api/me", headers=auth(tokens["Оля"]), timeout=10).status_code == 401


def test_a_retried_issue_is_refused_since_its_secret_was_shown_once(live: str, new_campaign) -> None:
    """The same Idempotency-Key again records no second token and answers the rule 'tokens: shown once'."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    first = _post(live, tokens[MASTER], "/api/tokens", {"member": "Оля"}, **{"Idempotency-Key": "k1"})
    again = _post(live, tokens[MASTER], "/api/tokens", {"member": "Оля"}, **{"Idempotency-Key": "k1"})
    listed = httpx.get(live + "/api/tokens", headers=auth(tokens[MASTER]), timeout=10).json()
    assert (first.status_code, again.status_code, again.json()["error"]) == (
        200, 409, (f"refused by rule 'tokens: shown once': token {first.json()['token_id']} of 'Оля' was issued by "
                  "the first try of this request; revoke it and issue another"))
    assert len(listed) == 4


def test_the_tally_preview_applies_the_masters_changes_and_writes_nothing(live: str, new_campaign) -> None:
    """A skipped line is shown skipped and a bonus as proposed; the campaign's head does not move."""
    _name, tokens = new_campaign("stone-wheel", MASTER, PLAYERS)
    _post(live, tokens[MASTER], "/api/sessions/start", {"present": PLAYERS})
    _post(live, tokens[MASTER], "/api/sessions/end", {"minutes": 120})
    head = httpx.get(live + "/api/events", params={"after": 0}, headers=auth(tokens[MASTER]), timeout=10).json()["head"]
    preview = _post(live, tokens[MASTER], "/api/tally/1/preview", {"skip": [f"master_xp:{MASTER}"]}).json()
    assert [(line["key"], line["status"]) for line in preview["lines"]] == [(f"master_xp:{MASTER}", "skipped")]
    assert httpx.get(live + "/api/events", params={"after": 0}, headers=auth(tokens[MASTER]),
                     timeout=10).json()["head"] == head


def _ended(live: str, token: str) -> None:
    """Session 1 with every player present, ended after 120 min (no character: the Master's line alone)."""
    _post(live, token, "/api/sessions/start", {"present": PLAYERS})
    _post(live, token, "/api/sessions/end", {"minutes": 120})


def test_the_tally_preview_shows_a_changed_amount_beside_the_proposal(live: str, new_campaign) -> None:
    """amounts {master_xp: 160}: the line reads 160, proposed 150, changeable from 1 to 2147483647."""
    _name, tokens = new_campaign("stone-wheel", MASTER, PLAYERS)
    _ended(live, tokens[MASTER])
    preview = _post(live, tokens[MASTER], "/api/tally/1/preview", {"amounts": {f"master_xp:{MASTER}": 160}}).json()
    assert [(line["key"], line["amount"], line["proposed"], line["range"]) for line in preview["lines"]] == [
        (f"master_xp:{MASTER}", 160, 150, [1, 2147483647])]


def test_the_tally_commit_records_the_masters_amount(live: str, new_campaign) -> None:
    """POST .../commit with amounts: the award is stored at 160, tally.committed lists 160 with 150 proposed."""
    _name, tokens = new_campaign("stone-wheel", MASTER, PLAYERS)
    _ended(live, tokens[MASTER])
    answer = _post(live, tokens[MASTER], "/api/tally/1/commit", {"amounts": {f"master_xp:{MASTER}": 160}})
    events = httpx.get(live + "/api/events", params={"after": 0}, headers=auth(tokens[MASTER]), timeout=10).json()
    award, done = events["events"][-2:]
    assert (answer.status_code, award["type"], award["data"]["amount"], done["data"]["summary"][0]["amount"],
            done["data"]["summary"][0]["proposed"]) == (200, "stone_wheel.xp_awarded", 160, 160, 150)


def test_the_tally_commit_refuses_an_amount_for_a_line_not_proposed_and_writes_nothing(live: str, new_campaign) -> None:
    """An unknown key answers 422 with one line naming 'set:' and the proposed lines; the head does not move."""
    _name, tokens = new_campaign("stone-wheel", MASTER, PLAYERS)
    _ended(live, tokens[MASTER])
    head = httpx.get(live + "/api/events", params={"after": 0}, headers=auth(tokens[MASTER]), timeout=10).json()["head"]
    answer = _post(live, tokens[MASTER], "/api/tally/1/commit", {"amounts": {"session_xp:Ратибор": 10}})
    assert (answer.status_code, answer.json()["error"]) == (
        422, f"set: 'session_xp:Ратибор' is not a proposed line of session 1 (proposed: master_xp:{MASTER})")
    assert httpx.get(live + "/api/events", params={"after": 0}, headers=auth(tokens[MASTER]),
                     timeout=10).json()["head"] == head


def test_the_master_adds_a_player_who_can_then_be_given_a_link(live: str, new_campaign) -> None:
    """POST /api/members by the Master records member.added; the new player can then be issued a token."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    added = _post(live, tokens[MASTER], "/api/members", {"name": "Аня"})
    issued = _post(live, tokens[MASTER], "/api/tokens", {"member": "Аня"})
    assert (added.status_code, added.json()["events"][0]["type"], added.json()["events"][0]["data"],
            issued.status_code) == (200, "member.added", {"name": "Аня", "role": "player"}, 200)


def test_a_player_may_not_add_a_member(live: str, new_campaign) -> None:
    """A player's token adding a member: 403 by the role rule of adding members."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    answer = _post(live, tokens["Оля"], "/api/members", {"name": "Аня"})
    assert (answer.status_code, answer.json()["kind"]) == (403, "NotAuthorized")


def test_a_member_added_twice_is_refused(live: str, new_campaign) -> None:
    """A name already a member: 409 naming the rule; nothing recorded."""
    name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    answer = _post(live, tokens[MASTER], "/api/members", {"name": "Оля"})
    assert (answer.status_code, answer.json()["error"]) == (
        409, f"refused by rule 'campaign: members are unique': 'Оля' is already a member of '{name}'")
