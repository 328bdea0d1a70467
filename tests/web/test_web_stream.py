"""``GET /api/stream``: server-sent events from a real server, resumable with Last-Event-ID (both databases)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack

import httpx


def frames(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    """Server-sent events as dicts of their fields (comments as ``{"comment": text}``), one per blank line."""
    current: dict[str, str] = {}
    for line in lines:
        if line == "":
            if current:
                yield current
            current = {}
        elif line.startswith(":"):
            yield {"comment": line[1:].strip()}
        else:
            name, _, value = line.partition(":")
            current[name] = value.removeprefix(" ")


def next_event(found: Iterator[dict[str, str]]) -> dict[str, str]:
    """The next frame that is an event (comments and the retry hint skipped)."""
    return next(frame for frame in found if "data" in frame)


def test_the_stream_delivers_an_event_appended_by_another_client(live, new_campaign) -> None:
    """A player's stream (token in ?token=) receives the Master's roll as id, event name and the /api/events item."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    master = httpx.Client(base_url=live, headers={"Authorization": f"Bearer {tokens['Вика']}"}, timeout=30)
    with master, httpx.stream("GET", f"{live}/api/stream", params={"token": tokens["Оля"]}, timeout=30) as stream:
        assert (stream.status_code, stream.headers["content-type"].split(";")[0]) == (200, "text/event-stream")
        found = frames(stream.iter_lines())
        assert next(found) == {"comment": f"stream of '{name}' after version 4"}
        master.post("/api/roll", json={"notation": "2d6", "dice": [2, 5]})
        event = next_event(found)
        listed = master.get("/api/events", params={"after": 4}).json()["events"]
    assert (event["id"], event["event"]) == ("5", "journal")
    assert [json.loads(event["data"])] == listed


def test_the_stream_resumes_after_last_event_id(live, new_campaign) -> None:
    """Reconnecting with Last-Event-ID: 5 sends version 6 onward, whatever ?after says."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    headers = {"Authorization": f"Bearer {tokens['Оля']}"}
    with httpx.Client(base_url=live, headers=headers, timeout=30) as http:
        for value in (1, 2, 3):
            http.post("/api/roll", json={"notation": "1d6", "dice": [value]})
    with httpx.stream("GET", f"{live}/api/stream", params={"after": 0}, headers={**headers, "Last-Event-ID": "5"},
                      timeout=30) as stream:
        found = frames(stream.iter_lines())
        resumed = [next_event(found) for _ in range(2)]
    assert [(e["id"], json.loads(e["data"])["data"]["rolls"][0]["dice"]) for e in resumed] == [("6", [2]), ("7", [3])]


def test_the_stream_starts_after_the_given_version(live, new_campaign) -> None:
    """?after=V sends the events after V already stored, in order."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    headers = {"Authorization": f"Bearer {tokens['Вика']}"}
    with httpx.stream("GET", f"{live}/api/stream", params={"after": 2}, headers=headers, timeout=30) as stream:
        found = frames(stream.iter_lines())
        first = [next_event(found)["id"] for _ in range(2)]
    assert first == ["3", "4"]


def test_an_idle_stream_sends_heartbeat_comments(live, new_campaign) -> None:
    """With nothing to send, the stream writes a comment line (every --heartbeat seconds; 1 s in the tests)."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with httpx.stream("GET", f"{live}/api/stream", params={"token": tokens["Оля"]}, timeout=30) as stream:
        found = frames(stream.iter_lines())
        comments = [frame for frame in (next(found) for _ in range(3)) if "comment" in frame]
    assert comments[-1] == {"comment": "heartbeat"}


def test_the_stream_without_a_token_is_401(live) -> None:
    """No header and no ?token=: 401 JSON, not a stream."""
    answer = httpx.get(f"{live}/api/stream", timeout=30)
    assert (answer.status_code, answer.json()["kind"]) == (401, "Unauthenticated")


def test_the_fifth_stream_of_one_token_is_429(live, new_campaign) -> None:
    """A token holding 4 open streams gets 429 and the one-line JSON error for a fifth (the header or ?token=)."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with ExitStack() as stack, httpx.Client(base_url=live, timeout=30) as client:
        codes = [stack.enter_context(client.stream("GET", "/api/stream", params={"token": tokens["Оля"]})).status_code
                 for _ in range(4)]
        fifth = client.get("/api/stream", headers={"Authorization": f"Bearer {tokens['Оля']}"})
    assert (codes, fifth.status_code, fifth.json()) == ([200] * 4, 429, {
        "error": "stream: this token already holds 4 open streams (at most 4 per token)", "kind": "TooManyStreams"})


def test_the_cap_counts_each_token_apart(live, new_campaign) -> None:
    """With one token at its 4 streams, another token of the same campaign still opens one."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with ExitStack() as stack, httpx.Client(base_url=live, timeout=30) as client:
        for _ in range(4):
            stack.enter_context(client.stream("GET", "/api/stream", params={"token": tokens["Оля"]}))
        other = stack.enter_context(client.stream("GET", "/api/stream", params={"token": tokens["Вика"]}))
        assert other.status_code == 200


def test_a_closed_stream_gives_its_slot_back(live, new_campaign) -> None:
    """After a token's 4 streams close, it opens 4 again (the server frees a slot when the client goes away)."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    params = {"token": tokens["Оля"]}
    with httpx.Client(base_url=live, timeout=30) as client:
        for _ in range(4):
            with client.stream("GET", "/api/stream", params=params) as first:
                assert first.status_code == 200
        with ExitStack() as stack:
            codes = [_open_when_freed(stack, client, params) for _ in range(4)]
    assert codes == [200] * 4


def _open_when_freed(stack: ExitStack, client: httpx.Client, params: dict[str, str]) -> int:
    """Open a stream, retrying a 429 while the server has yet to notice that an earlier client left."""
    for _ in range(200):
        answer = stack.enter_context(client.stream("GET", "/api/stream", params=params))
        if answer.status_code != 429:
            return answer.status_code
        answer.close()
        time.sleep(0.05)
    return 429


def test_a_stream_open_at_shutdown_ends_its_response_instead_of_being_cancelled(db_url, make_campaign) -> None:
    """SIGTERM with a stream open: the stream ends itself (the client reads to the end of the body), and the server's
    log holds neither uvicorn's "timeout graceful shutdown exceeded" nor the cancelled task's traceback."""
    from tests.web.conftest import start_server

    tokens = make_campaign("Пепел у ворот", "vpt", "Вика", ["Оля"])
    running = start_server(db_url)
    try:
        with httpx.stream("GET", f"{running.base}/api/stream", params={"token": tokens["Оля"]},
                          timeout=60) as stream:
            lines = stream.iter_lines()
            assert next(frames(lines)) == {"comment": "stream of 'Пепел у ворот' after version 4"}
            log = running.stop()
            rest = list(lines)  # the body ends: no read error, no hang
    finally:
        if running.process.poll() is None:
            running.stop()
    assert ("Traceback" in log, "graceful shutdown exceeded" in log, rest[-1:] in ([], [""])) == (False, False, True)
