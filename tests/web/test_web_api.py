"""The API through a real ``journal serve`` process: reading, the table's commands, disputes, house rules,
tallies, one verb per system, and the JSON error of every refusal (on SQLite and PostgreSQL)."""

from __future__ import annotations

import httpx
import pytest

from journal.service.summaries import describe

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server


def api(base: str, token: str) -> httpx.Client:
    """An HTTP client of the server that sends ``token`` with every request."""
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30)


def test_me_names_the_campaign_and_the_members_role(live, new_campaign) -> None:
    """/api/me shows the token's campaign, its system and its queries, Master, members, version and the member's role."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as http:
        answer = http.get("/api/me")
    assert (answer.status_code, answer.json()) == (200, {
        "campaign": name, "system": "vpt", "master": "Вика", "queries": ["bonds"], "panels": [{"name": "bonds", "title": "Bonds"}],
        "house_rules": [], "members": {"Вика": "master", "Оля": "player"}, "version": 4,
        "me": {"name": "Оля", "role": "player"}})


def test_me_names_the_house_rules_the_campaigns_system_lets_a_group_change(live, new_campaign) -> None:
    """/api/me of a Stone Wheel campaign names its two rates, in the descriptor's order: the page's console decides
    its house rules screen from it without a second request."""
    _, tokens = new_campaign("stone-wheel", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as http:
        answer = http.get("/api/me")
    assert answer.json()["house_rules"] == ["xp_per_hour_player", "xp_per_hour_master"]


def test_a_roll_with_table_dice_is_recorded_and_answered_as_an_event(live, new_campaign) -> None:
    """POST /api/roll appends roll.made with the table's dice and answers with the stored event and its summary."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as http:
        answer = http.post("/api/roll", json={"notation": "2d6+1", "dice": [3, 5], "purpose": "поиск"})
    assert answer.status_code == 200
    [event] = answer.json()["events"]
    assert (event["version"], event["type"], event["actor"], event["session"], event["data"]["result"],
            event["summary"]) == (5, "roll.made", "Оля", None, 9, "2d6+1: [3, 5] + 1 = 9  (поиск)")


def test_events_pages_after_a_version_with_a_limit(live, new_campaign) -> None:
    """/api/events?after=V&limit=N returns the next N events in order, each summarised, and the head."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"]) as http:
        for value in (1, 2, 3):
            http.post("/api/roll", json={"notation": "1d6", "dice": [value]})
        answer = http.get("/api/events", params={"after": 4, "limit": 2}).json()
    assert answer["head"] == 7
    assert [(e["version"], e["type"], e["summary"]) for e in answer["events"]] == [
        (5, "roll.made", "1d6: [1] = 1"), (6, "roll.made", "1d6: [2] = 2")]


def test_events_filter_by_type(live, new_campaign) -> None:
    """/api/events?type=T returns only events of that type."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"]) as http:
        http.post("/api/roll", json={"notation": "1d6", "dice": [4]})
        answer = http.get("/api/events", params={"type": "member.added"}).json()
    assert [(e["version"], e["data"]) for e in answer["events"]] == [(2, {"name": "Оля", "role": "player"})]


def test_every_event_item_has_the_contract_fields(live, new_campaign) -> None:
    """Each item of /api/events carries version, id, type, actor, recorded_at, session, causation, data, summary."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"]) as http:
        first = http.get("/api/events", params={"limit": 1}).json()["events"][0]
    assert sorted(first) == ["actor", "causation", "data", "id", "recorded_at", "session", "summary", "type", "version"]
    assert first["summary"] == describe("campaign.created", first["data"])


def test_sessions_list_their_bounds_attendance_and_minutes(live, new_campaign) -> None:
    """A session started and ended through the API is listed with its versions, attendance and minutes."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля", "Дима"])
    with api(live, tokens["Вика"]) as http:
        started = http.post("/api/sessions/start", json={"present": ["Оля", "Дима"]})
        ended = http.post("/api/sessions/end", json={"minutes": 95})
        sessions = http.get("/api/sessions").json()
    assert (started.status_code, ended.status_code) == (200, 200)
    assert [{k: v for k, v in s.items() if not k.endswith("_at")} for s in sessions] == [
        {"number": 1, "present": ["Оля", "Дима"], "minutes": 95, "start_version": 7, "end_version": 8}]


def test_server_dice_roll_in_an_open_session(live, new_campaign) -> None:
    """Without table dice the journal throws server dice of the open session, numbered from counter 0."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"]) as http:
        http.post("/api/sessions/start", json={"present": ["Оля"]})
        [event] = http.post("/api/roll", json={"notation": "3d6"}).json()["events"]
    assert (event["session"], [(r["source"], r["counter"], len(r["dice"])) for r in event["data"]["rolls"]]) == (
        1, [("server", 0, 3)])


def test_vpt_verbs_take_structured_json(live, new_campaign) -> None:
    """vpt char, weapon, initiative (sides as objects) and melee (fighters as objects) record their events."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"]) as gm, api(live, tokens["Оля"]) as olya:
        olya.post("/api/vpt/char", json={"name": "Вольтаир", "hit_bonus": 1})
        gm.post("/api/vpt/char", json={"name": "Питер", "limit": 2})
        gm.post("/api/vpt/weapon", json={"name": "копьё", "target": 8, "initiative": 8})
        initiative = olya.post("/api/vpt/initiative", json={
            "mode": "careful", "enemies": [{"name": "орки", "initiative": 3}], "dice": [5]})
        melee = gm.post("/api/vpt/melee", json={"fighters": [
            {"character": "Вольтаир", "weapon": "копьё", "engaged": "Питер"}, {"character": "Питер", "initiative": 6}]})
    assert initiative.json()["events"][0]["data"]["order"] == ["players", "орки"]
    assert melee.json()["events"][0]["data"]["order"] == [["Вольтаир"], ["Питер"]]


def test_sheets_answer_as_of_a_point(live, new_campaign) -> None:
    """/api/sheets shows every sheet now; ?as_of=V shows them as they were at version V."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as http:
        http.post("/api/vpt/char", json={"name": "Вольтаир"})
        now = http.get("/api/sheets").json()
        before = http.get("/api/sheets", params={"as_of": "4"}).json()
        one = http.get("/api/sheets/Вольтаир").json()
    assert (now["version"], sorted(now["sheets"]), before) == (5, ["Вольтаир"], {"version": 4, "sheets": {}})
    assert (one["character"], one["sheet"]["player"]) == ("Вольтаир", "Оля")


def test_sheets_take_a_point_as_the_lines_print_it(live, new_campaign) -> None:
    """?as_of=№4 (as the Russian lines print a point) and ?as_of=%234 ("#4") answer as ?as_of=4."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as http:
        http.post("/api/vpt/char", json={"name": "Вольтаир"})
        answers = [http.get("/api/sheets", params={"as_of": point}).json() for point in ("№4", "#4", "4")]
    assert answers == [{"version": 4, "sheets": {}}] * 3


def test_a_dispute_is_opened_voted_and_overturned_with_corrected_dice(live, new_campaign) -> None:
    """Players open and vote on a dispute of a roll; the Master's overturn voids it and records the correction."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля", "Дима"])
    with api(live, tokens["Вика"]) as gm, api(live, tokens["Оля"]) as olya, api(live, tokens["Дима"]) as dima:
        roll = olya.post("/api/roll", json={"notation": "2d6", "dice": [1, 1]}).json()["events"][0]
        opened = dima.post("/api/disputes", json={"event": roll["version"], "reason": "кубик упал"}).json()["events"][0]
        olya.post(f"/api/disputes/{opened['id']}/vote", json={"choice": "overturn"})
        dima.post(f"/api/disputes/{opened['id'][:8]}/vote", json={"choice": "overturn"})
        ruled = gm.post(f"/api/disputes/{opened['id']}/rule", json={"ruling": "overturn", "correct_dice": [6, 6]})
        shown = gm.get(f"/api/disputes/{opened['id']}").json()["dispute"]
    assert ruled.status_code == 200
    assert [(e["type"], e["data"].get("result")) for e in ruled.json()["events"]] == [
        ("dispute.ruled", None), ("correction.voided", None), ("roll.made", 12)]
    assert (shown["status"], shown["tally"]["overturn"]) == ("overturned", 2)


def test_a_house_rule_is_proposed_voted_and_adopted(live, new_campaign) -> None:
    """A Stone Wheel rate proposed by a player, voted in by both players, is adopted by the Master."""
    _, tokens = new_campaign("stone-wheel", "Вика", ["Оля", "Дима"])
    with api(live, tokens["Вика"]) as gm, api(live, tokens["Оля"]) as olya, api(live, tokens["Дима"]) as dima:
        proposal = olya.post("/api/rules", json={"key": "xp_per_hour_player", "value": 60}).json()["events"][0]["id"]
        olya.post(f"/api/rules/{proposal}/vote", json={"in_favour": True})
        dima.post(f"/api/rules/{proposal}/vote", json={"in_favour": True})
        adopted = gm.post(f"/api/rules/{proposal}/adopt")
        rules = gm.get("/api/rules").json()["rules"]
    assert (adopted.status_code, adopted.json()["events"][0]["data"]["value"]) == (200, 60)
    assert {r["key"]: r["value"] for r in rules}["xp_per_hour_player"] == 60


def test_the_rules_name_the_values_each_takes(live, new_campaign) -> None:
    """/api/rules of a Wield campaign: control_mapping takes the words pyramid and linear (no range); a Stone Wheel
    rate takes a whole number 0-1000 (no words)."""
    _, wield = new_campaign("wield", "Вика", ["Оля"])
    _, stone = new_campaign("stone-wheel", "Вика", ["Оля"])
    with api(live, wield["Оля"]) as first, api(live, stone["Оля"]) as second:
        mapping = first.get("/api/rules").json()["rules"][0]
        rate = second.get("/api/rules").json()["rules"][0]
    assert [(r["key"], r["choices"], r["low"], r["high"]) for r in (mapping, rate)] == [
        ("control_mapping", ["pyramid", "linear"], None, None), ("xp_per_hour_player", [], 0, 1000)]


def test_a_tally_is_proposed_then_committed_by_the_master(live, new_campaign) -> None:
    """GET /api/tally/K proposes the session's awards; POST .../commit appends them with tally.committed."""
    _, tokens = new_campaign("stone-wheel", "Вика", ["Оля"])
    with api(live, tokens["Вика"]) as gm:
        gm.post("/api/sessions/start", json={"present": ["Вика", "Оля"]})
        gm.post("/api/sessions/end", json={"minutes": 120})
        proposed = gm.get("/api/tally/1").json()
        committed = gm.post("/api/tally/1/commit", json={"skip": []})
    assert [(line["key"], line["amount"], line["status"]) for line in proposed["lines"]] == [
        ("master_xp:Вика", 150, "proposed")]
    assert [e["type"] for e in committed.json()["events"]] == ["stone_wheel.xp_awarded", "tally.committed"]


def test_audit_and_replay_answer_for_an_event_and_a_session(live, new_campaign) -> None:
    """/api/audit/V gives the evidence about an event; /api/replay/K walks a session."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"]) as gm:
        gm.post("/api/sessions/start", json={"present": ["Оля"]})
        gm.post("/api/roll", json={"notation": "1d20"})
        gm.post("/api/sessions/end", json={"minutes": 10})
        audit = gm.get("/api/audit/6").json()
        replay = gm.get("/api/replay/1").json()
    assert (audit["envelope"]["type"], [p["status"] for p in audit["rolls"]]) == ("roll.made", ["verified"])
    assert [e["type"] for e in replay["events"] if e["part"] == "session"] == [
        "session.started", "roll.made", "session.ended"]


def test_a_rule_refusal_is_409_with_the_cli_message_and_the_pages_hint(live, new_campaign) -> None:
    """A command the rules refuse is 409 with the CLI's one-line message, its hint of what to do next in the page's
    words (no command to run), and the error class as kind."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"]) as gm:
        answer = gm.post("/api/sessions/end", json={})
    assert (answer.status_code, answer.json()) == (409, {
        "error": "refused by rule 'session: open session needed': ending a session needs an open session "
                 "(the Master starts it on the Master's console)", "kind": "RuleViolation"})


def test_another_systems_verb_is_refused_by_rule(live, new_campaign) -> None:
    """A wield verb in a vpt campaign is 409: the campaign plays one rule system."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"]) as gm:
        answer = gm.post("/api/wield/death", json={"hero_name": "Ро", "cause": "яд"})
    assert (answer.status_code, answer.json()) == (409, {
        "error": f"refused by rule 'campaign: one rule system': '{name}' plays vpt, not wield", "kind": "RuleViolation"})


def test_bad_input_is_422_naming_the_field(live, new_campaign) -> None:
    """A body missing a field, bad notation, or a number past 2^31 - 1 is 422 with a one-line error."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as http:
        missing = http.post("/api/roll", json={"dice": [1]})
        notation = http.post("/api/roll", json={"notation": "2d"})
        huge = http.post("/api/roll", json={"notation": "1d6", "dice": [10**20]})
        not_json = http.post("/api/roll", content=b"{", headers={"Content-Type": "application/json"})
    assert (missing.status_code, missing.json()) == (422, {"error": "body field 'notation': Field required",
                                                           "kind": "ValidationFailed"})
    assert (notation.status_code, notation.json()["kind"]) == (422, "ValidationFailed")
    assert (huge.status_code, huge.json()["error"]) == (
        422, "body.dice.0: the number is out of range (at most 2147483647 either way)")
    assert (not_json.status_code, not_json.json()["kind"]) == (422, "ValidationFailed")


def test_an_unknown_event_is_404_and_an_unknown_route_too(live, new_campaign) -> None:
    """A missing event is 404 NotFound with the service's message; an unknown path is a JSON 404 as well."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"]) as gm:
        event = gm.get("/api/audit/99")
        route = gm.get("/api/nothing-here")
    assert (event.status_code, event.json()) == (404, {"error": f"no event at version 99 in campaign '{name}'",
                                                       "kind": "NotFound"})
    assert (route.status_code, route.json()["kind"]) == (404, "NotFound")


def test_the_page_health_and_openapi_are_served(live) -> None:
    """/ serves the page, /healthz answers ok and /openapi.json lists one endpoint per system verb."""
    page = httpx.get(f"{live}/")
    health = httpx.get(f"{live}/healthz")
    paths = httpx.get(f"{live}/openapi.json").json()["paths"]
    assert (page.status_code, page.headers["content-type"].split(";")[0]) == (200, "text/html")
    assert health.json() == {"ok": True}
    assert {"/api/wield/seal", "/api/stone-wheel/xp-bonus", "/api/dichotomy/check", "/api/vpt/melee",
            "/api/me", "/api/stream"} <= set(paths)
