"""Where phones reach ``journal serve`` (web/hosting.py, cli/serve.py): the public URL in the links and QR codes,
the LAN addresses it prints, and the proxy headers it believes only from the allowed proxies (both databases).

Every test runs a real ``journal serve`` process and speaks HTTP to it over loopback; a stranger connects from
127.0.0.2, a reverse proxy on the same host from 127.0.0.1 (uvicorn's default ``--forwarded-allow-ips``).  A test
of the default options shares the module's server (``live``); one of an option starts its own.  A refused option is
the real CLI run in this process (CliRunner): click refuses it before anything is served.
"""

from __future__ import annotations

import io
import subprocess

import httpx
import pytest
import segno
from click.testing import CliRunner

from cli.main import cli
from tests.web.conftest import auth, serving, start_server
from tests.web.flood import answer, connect, half_open

MASTER = "Вика"
PLAYERS = ["Оля"]
PUBLIC = "https://journal.example.org/table/"


def _issue(base: str, master: str, *, source: str | None = None, **headers: str) -> dict:
    transport = httpx.HTTPTransport(local_address=source) if source else None
    with httpx.Client(transport=transport, timeout=30) as http:
        answered = http.post(base + "/api/tokens", json={"member": "Оля"}, headers={**auth(master), **headers})
    assert answered.status_code == 200, answered.text
    return answered.json()


def _qr(link: str, member: str, campaign: str) -> str:
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=4, border=4, xmldecl=False, title=f"{member}: {campaign}")
    return out.getvalue().decode()


def test_public_url_is_the_link_the_token_answer_gives(module_db: str, new_campaign) -> None:
    """--public-url https://journal.example.org/table: the link is there, not at 127.0.0.1, and not loopback."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    with serving(module_db, "--public-url", "https://journal.example.org/table") as running:
        issued = _issue(running.base, tokens[MASTER])
    assert (issued["link"], issued["loopback"]) == (f"{PUBLIC}#token={issued['token']}", False)


def test_public_url_reaches_each_worker_process(module_db: str, new_campaign) -> None:
    """--workers 2 --public-url: the link a worker answers is at the public URL (its settings carry it)."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    with serving(module_db, "--workers", "2", "--public-url", PUBLIC) as running:
        issued = _issue(running.base, tokens[MASTER])
    assert issued["link"] == f"{PUBLIC}#token={issued['token']}"


def test_public_url_is_the_qr_codes_payload(module_db: str, new_campaign) -> None:
    """The QR code's SVG is segno's drawing of the public link (byte for byte), not of the request's address."""
    name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    with serving(module_db, "--public-url", PUBLIC) as running:
        svg = httpx.post(running.base + "/api/tokens/qr.svg", json={"token": tokens["Оля"]},
                         headers=auth(tokens[MASTER]), timeout=30).text
    assert svg == _qr(f"{PUBLIC}#token={tokens['Оля']}", "Оля", name)


def test_journal_public_url_in_the_environment_is_the_links_address(module_db: str, new_campaign,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """JOURNAL_PUBLIC_URL does what --public-url does."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    monkeypatch.setenv("JOURNAL_PUBLIC_URL", PUBLIC)
    with serving(module_db) as running:
        issued = _issue(running.base, tokens[MASTER])
    assert issued["link"] == f"{PUBLIC}#token={issued['token']}"


def test_a_link_at_127_0_0_1_is_marked_loopback_for_the_consoles_warning(live: str, new_campaign) -> None:
    """Without --public-url, the Master's browser at 127.0.0.1 gets a link there, marked loopback."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    issued = _issue(live, tokens[MASTER])
    assert (issued["link"], issued["loopback"]) == (f"{live}/#token={issued['token']}", True)


def test_a_link_at_a_lan_address_is_not_marked_loopback(live: str, new_campaign) -> None:
    """The Master's browser at a LAN address (Host: 192.0.2.9:8000): the link is there, not marked."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    issued = _issue(live, tokens[MASTER], Host="192.0.2.9:8000")
    assert (issued["link"], issued["loopback"]) == (f"http://192.0.2.9:8000/#token={issued['token']}", False)


@pytest.mark.parametrize("bad", ["ftp://journal.example.org/", "journal.example.org", "https://x.org/?a=1",
                                 "https://x.org:99999/"])
def test_a_bad_public_url_is_refused_naming_the_option(module_db: str, bad: str) -> None:
    """A public URL that no phone could open is a usage error (exit 2) naming --public-url, no traceback.

    The refusal is click's, before anything is served: the real CLI in this process (CliRunner, exceptions not
    caught) says the same as a ``journal`` process, without the second of imports a process costs."""
    done = CliRunner().invoke(cli, ["--db", module_db, "serve", "--public-url", bad], prog_name="journal",
                              catch_exceptions=False)
    assert (done.exit_code, "Error: Invalid value for '--public-url': public URL: " in done.stderr,
            "Traceback" in done.stderr) == (2, True, False)


def _lan_by_ip() -> list[str]:
    """This machine's non-loopback IPv4 addresses as ``ip -4 addr`` lists them (the test's own oracle)."""
    try:
        listed = subprocess.run(["ip", "-o", "-4", "addr", "show"], check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("no 'ip' command to list the addresses with")
    found: list[str] = []
    for line in listed.splitlines():
        address = line.split()[3].split("/")[0]
        if not address.startswith(("127.", "169.254.")) and address not in found:
            found.append(address)
    return found


def test_serve_on_every_interface_prints_the_lan_addresses_and_never_0_0_0_0(module_db: str) -> None:
    """--host 0.0.0.0 at uvicorn's own log level: the addresses phones open, and no line names 0.0.0.0."""
    lan = _lan_by_ip()
    running = start_server(module_db, "--host", "0.0.0.0", "--log-level", "info")
    port = running.base.rsplit(":", 1)[1]
    log = running.stop()
    shown = ", ".join(f"http://{address}:{port}/" for address in lan)
    assert (f"phones on this network open: {shown}" in log.splitlines(), "0.0.0.0" in log) == (True, False), log


def test_serve_with_public_url_prints_it(module_db: str) -> None:
    """--public-url: serve says the links carry it."""
    running = start_server(module_db, "--public-url", PUBLIC)
    log = running.stop()
    assert f"links and QR codes carry {PUBLIC}" in log.splitlines(), log


def test_forwarded_proto_from_the_local_proxy_makes_the_link_https(live: str, new_campaign) -> None:
    """A reverse proxy at 127.0.0.1 (allowed by default) says X-Forwarded-Proto: https: the link is https."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    issued = _issue(live, tokens[MASTER], Host="journal.example.org", **{"X-Forwarded-Proto": "https"})
    assert issued["link"] == f"https://journal.example.org/#token={issued['token']}"


def test_forwarded_proto_from_a_stranger_is_ignored(live: str, new_campaign) -> None:
    """The same header from 127.0.0.2, not an allowed proxy: the link keeps the connection's http."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    issued = _issue(live, tokens[MASTER], source="127.0.0.2", Host="journal.example.org",
                    **{"X-Forwarded-Proto": "https"})
    assert issued["link"] == f"http://journal.example.org/#token={issued['token']}"


def test_forwarded_proto_is_ignored_with_no_proxy_headers(module_db: str, new_campaign) -> None:
    """--no-proxy-headers: even the local proxy's X-Forwarded-Proto is not believed."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    with serving(module_db, "--no-proxy-headers") as running:
        issued = _issue(running.base, tokens[MASTER], Host="journal.example.org", **{"X-Forwarded-Proto": "https"})
    assert issued["link"] == f"http://journal.example.org/#token={issued['token']}"


def test_forwarded_allow_ips_names_the_believed_proxy(module_db: str, new_campaign) -> None:
    """--forwarded-allow-ips 127.0.0.2: the proxy at 127.0.0.2 is believed, 127.0.0.1 no longer."""
    _name, tokens = new_campaign("vpt", MASTER, PLAYERS)
    forged = {"Host": "journal.example.org", "X-Forwarded-Proto": "https"}
    with serving(module_db, "--forwarded-allow-ips", "127.0.0.2") as running:
        believed = _issue(running.base, tokens[MASTER], source="127.0.0.2", **forged)["link"]
        local = _issue(running.base, tokens[MASTER], **forged)["link"]
    assert (believed.split("#")[0], local.split("#")[0]) == ("https://journal.example.org/", "http://journal.example.org/")


def test_a_forged_forwarded_for_does_not_escape_the_per_client_cap(module_db: str) -> None:
    """The cap counts the socket's peer: past 2 connections from 127.0.0.2, one that claims another client
    (X-Forwarded-For) is still refused 503, the proxy headers allowed from any address."""
    forged = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.7\r\n\r\n"
    with serving(module_db, "--max-connections-per-client", "2", "--forwarded-allow-ips", "*") as running, \
            half_open(running.base, 2), connect(running.base, first=forged) as third:
        refused = answer(third)
    assert refused.split(b"\r\n")[0] == b"HTTP/1.1 503 Service Unavailable"
