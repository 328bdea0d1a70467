"""Tokens and roles over HTTP: who may do what, which campaign a token opens, and the 401s (both databases)."""

from __future__ import annotations

import base64
import json
import socket
import time

import httpx
import pytest

from journal.service import Journal
from journal.service.tokens import revoke
from journal.store import open_store

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server


def api(base: str, token: str | None = None, header: str | None = None) -> httpx.Client:
    """A client sending ``Authorization: Bearer <token>`` (or the raw ``header``, or nothing)."""
    value = header if header is not None else (f"Bearer {token}" if token is not None else None)
    return httpx.Client(base_url=base, headers={"Authorization": value} if value else {}, timeout=30)


def test_every_master_only_command_refuses_a_player_token_with_403(live, new_campaign) -> None:
    """Sessions, Wield seal/breach/collect, Stone Wheel bonus XP, VPT weapons, rulings, tallies and adoptions: 403."""
    _, vpt = new_campaign("vpt", "Вика", ["Оля", "Дима"])
    _, wield = new_campaign("wield", "Фатум", ["Ро"])
    _, wheel = new_campaign("stone-wheel", "Мастер", ["Аня", "Боря"])
    with api(live, vpt["Оля"]) as olya, api(live, vpt["Дима"]) as dima, api(live, wield["Ро"]) as ro, \
            api(live, wheel["Аня"]) as anya:
        roll = olya.post("/api/roll", json={"notation": "1d6", "dice": [1]}).json()["events"][0]
        dispute = dima.post("/api/disputes", json={"event": roll["version"], "reason": "?"}).json()["events"][0]["id"]
        proposal = anya.post("/api/rules", json={"key": "xp_per_hour_player", "value": 60}).json()["events"][0]["id"]
        heads = [c.get("/api/events").json()["head"] for c in (olya, ro, anya)]
        refused = [
            olya.post("/api/sessions/start", json={"present": ["Оля"]}),
            olya.post("/api/sessions/end", json={}),
            ro.post("/api/wield/seal", json={"hero_name": "Ро", "rank": 1}),
            ro.post("/api/wield/breach", json={"hero_name": "Ро", "how": "солгал"}),
            ro.post("/api/wield/collect", json={"success": "3"}),
            anya.post("/api/stone-wheel/xp-bonus", json={"name": "Лис", "amount": 5, "reason": "сюжет"}),
            olya.post("/api/vpt/weapon", json={"name": "копьё", "target": 8, "initiative": 8}),
            olya.post(f"/api/disputes/{dispute}/rule", json={"ruling": "uphold"}),
            olya.post("/api/tally/1/commit", json={}),
            anya.post(f"/api/rules/{proposal}/adopt"),
        ]
        after = [c.get("/api/events").json()["head"] for c in (olya, ro, anya)]
    assert [(r.status_code, r.json()["kind"]) for r in refused] == [(403, "NotAuthorized")] * 10
    assert [r.json()["error"] for r in refused][:3] == [
        "only the Master may start a session ('Оля' is a player)",
        "only the Master may end a session ('Оля' is a player)",
        "only the Master may seal a geis ('Ро' is a player)"]
    assert after == heads


def test_a_token_opens_its_own_campaign_only(live, new_campaign) -> None:
    """A token of campaign A sees A; B's events, disputes and sheets are simply not there for it."""
    name, first = new_campaign("vpt", "Вика", ["Оля"])
    _, second = new_campaign("vpt", "Мастер", ["Аня"])
    with api(live, second["Аня"]) as anya, api(live, first["Оля"]) as olya:
        anya.post("/api/vpt/char", json={"name": "Лис"})
        roll = anya.post("/api/roll", json={"notation": "1d6", "dice": [2]}).json()["events"][0]
        dispute = anya.post("/api/disputes", json={"event": roll["version"], "reason": "?"}).json()["events"][0]["id"]
        me = olya.get("/api/me").json()
        added = olya.get("/api/events", params={"type": "member.added"}).json()["events"]
        audit = olya.get(f"/api/audit/{roll['id']}")
        shown = olya.get(f"/api/disputes/{dispute}")
        sheet = olya.get("/api/sheets/Лис")
    assert (me["campaign"], me["me"]) == (name, {"name": "Оля", "role": "player"})
    assert [e["data"]["name"] for e in added] == ["Оля"]
    assert [(r.status_code, r.json()["kind"]) for r in (audit, shown, sheet)] == [(404, "NotFound")] * 3


def _issued_day(journal: Journal, campaign: str, token_id: str) -> str:
    """When the token was issued, as an English refusal names it: its event's UTC time to the minute."""
    issued = next(e for e in journal.store.read(campaign, types=["member.token_issued"])
                  if e.data["token_id"] == token_id)
    return issued.recorded_at[:16].replace("T", " ")


def test_a_revoked_token_is_refused_with_401(live, new_campaign, module_db) -> None:
    """Once the Master revokes it, the token that worked a moment ago is 401, naming the revocation."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as olya:
        before = olya.get("/api/me").status_code
        journal = Journal(open_store(module_db))
        try:
            [event] = revoke(journal, name, "Оля")
            day = _issued_day(journal, name, event.data["token_id"])
        finally:
            journal.close()
        after = olya.get("/api/me")
        roll = olya.post("/api/roll", json={"notation": "1d6", "dice": [1]})
    assert before == 200
    assert (after.status_code, after.json(), after.headers["www-authenticate"]) == (401, {
        "error": f"token: revoked (the token of 'Оля' issued {day})", "kind": "Unauthenticated"}, "Bearer")
    assert roll.status_code == 401


def test_a_write_whose_token_is_revoked_while_its_body_arrives_is_refused_with_401(live, new_campaign,
                                                                                   module_db) -> None:
    """Оля's roll sends its headers and half its body; the token is checked then (before the body is read) and the
    Master revokes it; the rest of the body arrives: 401 'token: revoked …', and no roll is stored."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    body = json.dumps({"notation": "1d6", "dice": [3]}).encode()
    host, port = live.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as raw:
        raw.sendall(f"POST /api/roll HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {tokens['Оля']}\r\n"
                    f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body[:10])
        time.sleep(1)  # ordering, not timing: the server has the headers (and checks the token) before the revoke
        journal = Journal(open_store(module_db))
        try:
            [event] = revoke(journal, name, "Оля")
            day = _issued_day(journal, name, event.data["token_id"])
        finally:
            journal.close()
        raw.sendall(body[10:])
        answer = raw.makefile("rb").read()
    head, _, payload = answer.partition(b"\r\n\r\n")
    with api(live, tokens["Вика"]) as vika:
        rolls = vika.get("/api/events", params={"type": "roll.made"}).json()["events"]
    assert (head.split(b"\r\n")[0], json.loads(payload), rolls) == (
        b"HTTP/1.1 401 Unauthorized",
        {"error": f"token: revoked (the token of 'Оля' issued {day})", "kind": "Unauthenticated"}, [])


def test_a_missing_token_is_401(live) -> None:
    """Without an Authorization header every API endpoint answers 401 with the hint to get a token."""
    with api(live) as anonymous:
        answers = [anonymous.get("/api/me"), anonymous.get("/api/events"), anonymous.post("/api/roll", json={})]
    assert [(a.status_code, a.json()["kind"]) for a in answers] == [(401, "Unauthenticated")] * 3
    assert answers[0].json()["error"].startswith("missing token: send 'Authorization: Bearer <token>'")


def test_malformed_and_unknown_tokens_are_401(live, new_campaign) -> None:
    """A wrong scheme, garbage, a bad secret, an unknown secret or an unknown campaign: 401 each, never 5xx."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    campaign = tokens["Оля"].split(".")[1]
    stranger = base64.urlsafe_b64encode("Нет такой".encode()).decode().rstrip("=")
    secret = base64.urlsafe_b64encode(bytes(32)).decode().rstrip("=")
    headers = ["Basic b2xhOnB3", "Bearer", "Bearer garbage", f"Bearer jt1.{campaign}.c2hvcnQ",
               f"Bearer jt1.{campaign}.{secret}", f"Bearer jt1.{stranger}.{secret}", f"Bearer {tokens['Оля']}x"]
    answers = []
    for header in headers:
        with api(live, header=header) as client:
            answers.append(client.get("/api/me"))
    assert [(a.status_code, a.json()["kind"]) for a in answers] == [(401, "Unauthenticated")] * len(headers)
    assert [a.json()["error"] for a in answers][3:6] == [
        "token: malformed (wrong length)", "token: unknown", "token: unknown (no such campaign)"]


def test_the_actor_is_the_tokens_member_whatever_the_body_says(live, new_campaign) -> None:
    """A body naming another actor is ignored: the event is recorded by the token's member."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as olya:
        roll = olya.post("/api/roll", json={"notation": "1d6", "dice": [6], "actor": "Вика"})
        made = olya.post("/api/vpt/char", json={"name": "Вольтаир", "actor": "Вика", "player": None})
        stored = olya.get("/api/events", params={"after": 4}).json()["events"]
    assert (roll.status_code, made.status_code) == (200, 200)
    assert [(e["type"], e["actor"]) for e in stored] == [("roll.made", "Оля"), ("vpt.character_created", "Оля")]
    assert stored[1]["data"]["player"] == "Оля"
