"""docs/hosting.md and the files it ships (deploy/journal.service, deploy/Caddyfile) say what ``journal serve`` takes.

Every ``journal … serve …`` line of the page's ``sh`` blocks, and the unit's ``ExecStart``, is parsed by the real
click command (nothing is started): an option the CLI does not have, or a value it refuses, fails here.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest

from cli.main import cli
from cli.serve import _public, serve

ROOT = Path(__file__).resolve().parents[2]
HOSTING = ROOT / "docs" / "hosting.md"
UNIT = ROOT / "deploy" / "journal.service"
CADDY = ROOT / "deploy" / "Caddyfile"


def _serve_lines() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", HOSTING.read_text(encoding="utf-8"), re.DOTALL)
    return [line for block in blocks for line in block.splitlines() if " serve" in line and not line.startswith("#")]


def _parsed(words: list[str]) -> dict:
    """``serve``'s parameters from an argv (``VAR=value`` prefixes and the path to ``journal`` dropped)."""
    env = {}
    while "=" in words[0] and not words[0].startswith("-"):
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    assert Path(words[0]).name == "journal", words
    at = words.index("serve")
    with cli.make_context("journal", words[1:at], resilient_parsing=True):
        pass
    with serve.make_context("serve", words[at + 1:]) as ctx:
        params = dict(ctx.params)
    if params["public_url"] is None and "JOURNAL_PUBLIC_URL" in env:
        params["public_url"] = env["JOURNAL_PUBLIC_URL"]
    _public(params["public_url"])  # refused as serve refuses it
    return params


@pytest.mark.parametrize("line", _serve_lines())
def test_each_serve_command_of_the_hosting_page_is_one_serve_takes(line: str) -> None:
    """The command parses through click, its public URL passes serve's check."""
    assert _parsed(shlex.split(line, comments=True))["port"] == 8000


def test_the_hosting_page_shows_serve_commands() -> None:
    """The page's sh blocks hold the LAN and --public-url commands (the parametrized test has lines to check)."""
    assert len(_serve_lines()) == 3


def _unit() -> dict[str, list[str]]:
    keys: dict[str, list[str]] = {}
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            keys.setdefault(key, []).append(value)
    return keys


def test_the_units_exec_start_is_a_serve_command_behind_a_local_proxy() -> None:
    """deploy/journal.service runs serve on 127.0.0.1:8000, believes the proxy at 127.0.0.1, no per-client cap."""
    params = _parsed(shlex.split(_unit()["ExecStart"][0]))
    assert (params["host"], params["port"], params["forwarded_allow_ips"], params["max_connections_per_client"],
            params["proxy_headers"]) == ("127.0.0.1", 8000, "127.0.0.1", 0, True)


def test_the_units_public_url_passes_serves_check() -> None:
    """The unit's JOURNAL_PUBLIC_URL is an https address serve takes."""
    (public,) = [value.partition("=")[2] for value in _unit()["Environment"] if value.startswith("JOURNAL_PUBLIC_URL=")]
    assert _public(public) == "https://journal.example.org/"


def test_a_bad_public_url_in_the_unit_would_be_refused() -> None:
    """The check the unit's URL passes refuses one without a scheme (so the test above can fail)."""
    with pytest.raises(click.BadParameter):
        _public("journal.example.org")


def test_the_caddyfile_proxies_to_the_units_address() -> None:
    """deploy/Caddyfile's reverse_proxy names 127.0.0.1:8000, where the unit listens."""
    assert re.findall(r"reverse_proxy (\S+)", CADDY.read_text(encoding="utf-8")) == ["127.0.0.1:8000"]


def test_the_hosting_page_links_the_backups_page() -> None:
    """The backups section links docs/backups.md, which exists."""
    assert "(backups.md)" in HOSTING.read_text(encoding="utf-8") and (ROOT / "docs" / "backups.md").is_file()
