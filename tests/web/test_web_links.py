"""The Master's one-time link over a real ``journal serve`` (both databases): printed by the first serve, claimed
once for a device token, and refused when replayed, raced, guessed, carried as a bearer or used past its time."""

from __future__ import annotations

import datetime as dt
import os
import re
import secrets
import threading
import time

import httpx

from journal.service import Journal
from journal.service.links import issue_link
from journal.service.tokens import _b64encode, make_token
from journal.store import open_store
from tests.web.conftest import auth, serving

MASTER = "Вика"


def _campaign(db: str, name: str, ttl: dt.timedelta | None = None) -> str:
    """Campaign ``name`` with its Master and no token; a one-time link's token for her (open ``ttl``)."""
    journal = Journal(open_store(db, upgrade=True))
    try:
        journal.create_campaign(name, "vpt", MASTER)
        return issue_link(journal, name, MASTER, **({} if ttl is None else {"ttl": ttl})).token
    finally:
        journal.close()


def _claim(base: str, link: str) -> httpx.Response:
    return httpx.post(base + "/api/link/claim", headers=auth(link), timeout=30)


def test_the_first_serve_prints_a_link_that_signs_the_master_in(db_url: str) -> None:
    """A campaign with no token: serve prints '<page>#link=…'; claimed, its token opens /api/me as the Master."""
    journal = Journal(open_store(db_url, upgrade=True))
    journal.create_campaign("Лес", "vpt", MASTER)
    journal.close()
    with serving(db_url) as running:
        printed = os.pread(running.log.fileno(), 1 << 20, 0).decode()
        link = re.search(r"#link=(\S+)", printed)
        assert link is not None, printed
        answer = _claim(running.base, link.group(1))
        me = httpx.get(running.base + "/api/me", headers=auth(answer.json()["token"]), timeout=10).json()
    assert (answer.status_code, f"{running.base}/#link=" in printed, me["me"]) == (
        200, True, {"name": MASTER, "role": "master"})


def test_a_serve_after_the_claim_prints_no_link(db_url: str) -> None:
    """Once the Master's device holds a token, the next serve makes no link."""
    link = _campaign(db_url, "Лес")
    with serving(db_url) as running:
        assert _claim(running.base, link).status_code == 200
    with serving(db_url) as running:
        printed = os.pread(running.log.fileno(), 1 << 20, 0).decode()
    assert "#link=" not in printed


def test_a_link_opened_twice_is_refused_the_second_time(live: str, module_db: str) -> None:
    """The second claim of one link: 409, one line; the first device's token still opens the journal."""
    link = _campaign(module_db, "Луг")
    first = _claim(live, link)
    second = _claim(live, link)
    me = httpx.get(live + "/api/me", headers=auth(first.json()["token"]), timeout=10)
    assert (first.status_code, second.status_code, second.json()["error"], me.status_code) == (
        200, 409, ("refused by rule 'link: used once': this link was opened once already: ask the Master for a new "
                   "one (the Master's console makes it, under Devices)"), 200)


def test_two_phones_racing_with_one_link_get_one_token(live: str, module_db: str) -> None:
    """Four claims of one link at once (real concurrent requests): one 200, three 409 'link: used once'."""
    link = _campaign(module_db, "Поле")
    start = threading.Barrier(4)
    answers: list[httpx.Response] = []
    lock = threading.Lock()

    def phone() -> None:
        start.wait()
        answer = _claim(live, link)
        with lock:
            answers.append(answer)

    threads = [threading.Thread(target=phone) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    codes = sorted(a.status_code for a in answers)
    refusals = {a.json()["error"].split("':")[0] for a in answers if a.status_code == 409}
    assert (codes, refusals) == ([200, 409, 409, 409], {"refused by rule 'link: used once"})


def test_a_link_past_its_time_is_refused(live: str, module_db: str) -> None:
    """A link whose time is over: 409 'link: expired', and no token is issued."""
    link = _campaign(module_db, "Река", ttl=dt.timedelta(seconds=-1))
    answer = _claim(live, link)
    assert (answer.status_code, answer.json()["error"].startswith("refused by rule 'link: expired': this link expired at ")) == (409, True)


def test_a_guessed_link_opens_nothing(live: str, module_db: str) -> None:
    """A link of the right campaign and shape but another secret: 401 'token: unknown'."""
    _campaign(module_db, "Гора")
    guessed = make_token("Гора", _b64encode(secrets.token_bytes(32)))
    answer = _claim(live, guessed)
    assert (answer.status_code, answer.json()["error"]) == (401, "token: unknown")


def test_a_link_is_no_bearer_token(live: str, module_db: str) -> None:
    """The link itself carried as a bearer opens nothing: 401, before and after it is claimed."""
    link = _campaign(module_db, "Озеро")
    before = httpx.get(live + "/api/me", headers=auth(link), timeout=10)
    assert (before.status_code, before.json()["error"]) == (
        401, "token: a one-time link opens only its claim, not the journal")


def test_campaign_new_serve_prints_the_link_and_serves_it(db_url: str, tmp_path) -> None:
    """``journal campaign new … --serve``: the campaign is made, the server started on every interface, and the
    link it prints (its QR code below it) signs the Master's phone in."""
    import subprocess

    from tests.web.conftest import JOURNAL, SERVER_START, Served, free_port

    open_store(db_url, upgrade=True).close()
    port = free_port()
    log = (tmp_path / "stderr").open("w+b")
    process = subprocess.Popen([JOURNAL, "--db", db_url, "campaign", "new", "Лес", "--system", "vpt", "--master",
                                MASTER, "--serve", "--port", str(port)], stdout=subprocess.DEVNULL, stderr=log,
                               env={k: v for k, v in os.environ.items() if k not in ("JOURNAL_DB", "JOURNAL_ACTOR")})
    running = Served(process, f"http://127.0.0.1:{port}", log)
    try:
        link = None
        deadline = time.monotonic() + SERVER_START
        while link is None and time.monotonic() < deadline and process.poll() is None:
            link = re.search(r"#link=(\S+)\n", os.pread(log.fileno(), 1 << 20, 0).decode())
            time.sleep(0.05)  # the poll's pace, as conftest.start_server's (no assert on time)
        assert link is not None, os.pread(log.fileno(), 1 << 20, 0).decode()
        answer = None
        while answer is None and time.monotonic() < deadline and process.poll() is None:
            try:
                answer = _claim(running.base, link.group(1))
            except httpx.TransportError:  # printed before uvicorn listens
                time.sleep(0.05)
        printed = os.pread(log.fileno(), 1 << 20, 0).decode()
    finally:
        running.stop()
    assert (answer is not None and answer.status_code, "\u2580" in printed or "\u2588" in printed) == (200, True), printed
