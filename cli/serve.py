"""``journal serve``: the HTTP API and the page, over the journal's database (uvicorn)."""

from __future__ import annotations

import dataclasses
import os
from typing import TYPE_CHECKING

import click

from cli.language import Command, SpokenChoice
from cli.main import AppContext
from journal.i18n import CLI, N_

_ = CLI.gettext

if TYPE_CHECKING:
    from fastapi import FastAPI

    from cli.backups import Schedule
    from journal.service import Journal
    from web import server

#: The environment variable that hands ``serve``'s settings to each worker process (JSON) when ``--workers`` > 1.
WORKER_SETTINGS = "JOURNAL_SERVE_SETTINGS"

#: ``--log-level``: how much the web server's log says, from its critical errors alone to its debugging lines.
LOG_LEVEL = SpokenChoice.fixed({"critical": lambda: CLI.pgettext("log level", "critical"),
                          "error": lambda: CLI.pgettext("log level", "error"),
                          "warning": lambda: CLI.pgettext("log level", "warning"),
                          "info": lambda: CLI.pgettext("log level", "info"),
                          "debug": lambda: CLI.pgettext("log level", "debug")})


def _shown(url: str) -> str:
    """The database URL with any password masked."""
    if "://" not in url or "@" not in url:
        return url
    import sqlalchemy as sa

    from journal.store.urls import normalise_url

    return sa.engine.make_url(normalise_url(url)).render_as_string(hide_password=True)


@click.command("serve", help=N_("Serve the journal over HTTP: members sign in with tokens from 'journal member "
                                "token'."), cls=Command)
@click.option("--host", default="127.0.0.1", show_default=True, help=N_("Address to listen on."))
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help=N_("Port to listen on."))
@click.option("--heartbeat", default=15.0, show_default=True, type=click.FloatRange(0.05, 3600),
              help=N_("Seconds between keep-alive comments on the event stream."))
@click.option("--log-level", default="info", show_default=True,
              type=LOG_LEVEL, help=N_("uvicorn's log level."))
@click.option("--read-url", default=None, metavar="URL",
              help=N_("A PostgreSQL streaming standby of --db: members' reads go there, after it has replayed their "
                      "own last write."))
@click.option("--read-wait", default=0.5, show_default=True, type=click.FloatRange(0, 60),
              help=N_("Seconds a read waits for the standby to replay the member's last write before it reads from "
                      "the primary."))
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help=N_("Server processes sharing the port (writes stay serialised per campaign in the database)."))
@click.option("--warm", default=256, show_default=True, type=click.IntRange(0, 1_000_000),
              help=N_("Campaigns whose folded head each process keeps in memory (0: fold every request)."))
@click.option("--backup-every", "backup_every", default=None, metavar="DURATION",
              help=N_("Write a backup of the database every DURATION (90s, 30m, 6h, 1d), the first at once; with "
                      "--backup-dir."))
@click.option("--backup-dir", "backup_dir", default=None, type=click.Path(file_okay=False),
              help=N_("The folder the backups of --backup-every go to (made if missing)."))
@click.option("--keep", default=None, type=click.IntRange(1, 100_000),
              help=N_("Keep only the N newest backups of this database in --backup-dir."))
@click.option("--header-timeout", default=10.0, show_default=True, type=click.FloatRange(0.05, 3600),
              help=N_("Seconds a request's headers may take to arrive (408 and the connection closed past them)."))
@click.option("--body-timeout", default=30.0, show_default=True, type=click.FloatRange(0.05, 3600),
              help=N_("Seconds a request's body may take to arrive after its headers (408 past them)."))
@click.option("--max-connections", default=0, show_default=True, type=click.IntRange(0, 10_000_000),
              help=N_("Open connections each process holds (503 past them; 0: its file-descriptor limit, less "
                      "room for the database)."))
@click.option("--max-connections-per-client", default=128, show_default=True, type=click.IntRange(0, 10_000_000),
              help=N_("Open connections each process holds from one client address (503 past them; 0: no cap, "
                      "for a reverse proxy on the same host)."))
@click.option("--public-url", "public_url", envvar="JOURNAL_PUBLIC_URL", default=None, metavar="URL",
              help=N_("The address phones open the journal at (https://journal.example.org/): put into the devices' "
                      "links and QR codes (default: the address the Master's browser used)."))
@click.option("--proxy-headers/--no-proxy-headers", default=True, show_default=True,
              help=N_("Take the client's address and scheme from X-Forwarded-For and X-Forwarded-Proto, when the "
                      "connection comes from --forwarded-allow-ips."))
@click.option("--forwarded-allow-ips", default="127.0.0.1", show_default=True, metavar="IPS",
              help=N_("The reverse proxies whose X-Forwarded-* headers are believed: addresses or networks, "
                      "comma-separated ('*': any, only behind a firewall)."))
@click.pass_obj
def serve(app: AppContext, host: str, port: int, heartbeat: float, log_level: str, read_url: str | None,
          read_wait: float, workers: int, warm: int, header_timeout: float, body_timeout: float,
          max_connections: int, max_connections_per_client: int, backup_every: str | None, backup_dir: str | None,
          keep: int | None, public_url: str | None, proxy_headers: bool, forwarded_allow_ips: str) -> None:
    from web import server

    public = _public(public_url)
    schedule = _schedule(app.db, backup_every, backup_dir, keep)
    server.raise_file_limit()  # before the cap is drawn from it (workers inherit the limit)
    limits = server.Limits(header_timeout, body_timeout, max_connections_per_client, max_connections)
    journal = app.journal()  # the database answers and its schema is current before any worker starts
    if schedule is not None:
        schedule.start()
    try:
        _run(app, journal, host, port, heartbeat, log_level, read_url, read_wait, workers, warm, limits,
             Hosting(public, proxy_headers, forwarded_allow_ips))
    finally:
        if schedule is not None:
            schedule.stop()  # a backup under way is finished, never left cut short by the shutdown


@dataclasses.dataclass(frozen=True)
class Hosting:
    """Where the journal is reached: the public URL of its links, and which proxies' forwarded headers count."""

    public_url: str | None
    proxy_headers: bool
    forwarded_allow_ips: str


def _public(text: str | None) -> str | None:
    """``--public-url`` checked (``web.hosting.public_url``), or None; a bad one is a usage error naming it."""
    if text is None or not text.strip():
        return None
    from web.hosting import public_url

    try:
        return public_url(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--public-url'") from None


def _listening(host: str, port: int) -> str:
    """The address ``serve`` says it is on: for every interface (0.0.0.0, ::) the first one a phone reaches."""
    from web.hosting import lan_addresses

    if host in ("0.0.0.0", "::", ""):
        lan = lan_addresses()
        return f"http://{lan[0] if lan else '127.0.0.1'}:{port}/"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def _reached(host: str, port: int, public_url: str | None) -> str:
    """The line after ``serving …``: the links' public address, the LAN addresses, or that only this machine
    reaches it (never 0.0.0.0: no phone opens that)."""
    from web.hosting import lan_addresses, loopback

    if public_url is not None:
        return _("links and QR codes carry {url}").format(url=public_url)
    if host in ("0.0.0.0", "::", ""):
        lan = lan_addresses()
        if not lan:
            return _("no network address found: only this machine reaches http://127.0.0.1:{port}/").format(port=port)
        return _("phones on this network open: {urls}").format(urls=", ".join(f"http://{a}:{port}/" for a in lan))
    if loopback(_listening(host, port)):
        return _("only this machine reaches it: --host 0.0.0.0 lets phones on this network in; behind a proxy, "
                 "--public-url names the address they open")
    return _("links and QR codes carry the address the Master's browser uses; --public-url names another")


def _run(app: AppContext, journal: Journal, host: str, port: int, heartbeat: float, log_level: str,
         read_url: str | None, read_wait: float, workers: int, warm: int, limits: server.Limits,
         hosting: Hosting) -> None:
    """Serve until stopped: uvicorn over one app, or over ``workers`` processes."""
    import uvicorn

    from web import server
    from web.app import create_app

    if read_url is not None:  # the standby is checked before the server says it serves
        from journal.store.replicas import open_read_store

        open_read_store(journal.store, read_url).close()
    reads = _(", reads from {url}").format(url=_shown(read_url)) if read_url else ""
    processes = CLI.ngettext(" in {count} processes", " in {count} processes", workers).format(count=workers) \
        if workers > 1 else ""
    settings = {"host": host, "port": port, "log_level": log_level, "timeout_graceful_shutdown": 3,
                "access_log": log_level == "debug", "http": server.http_protocol(), "loop": "web.server:new_loop",
                "proxy_headers": hosting.proxy_headers, "forwarded_allow_ips": hosting.forwarded_allow_ips}
    url = _listening(host, port)
    master_links(journal, hosting.public_url or url)
    from web.hosting import hide_start_line

    hide_start_line()  # uvicorn would say 0.0.0.0, which no phone opens
    if workers == 1:
        server.configure(limits)
        served = create_app(app.db, heartbeat=heartbeat, journal=journal, read_url=read_url, read_wait=read_wait,
                            warm=warm, public_url=hosting.public_url)
        click.echo(_("serving {db}{reads} on {url}{processes} (Ctrl-C stops)").format(
            db=_shown(app.db), reads=reads, url=url, processes=""), err=True)
        click.echo(_reached(host, port, hosting.public_url), err=True)
        server.freeze_loaded()
        uvicorn.run(served, **settings)  # type: ignore[arg-type]
        return
    click.echo(_("serving {db}{reads} on {url}{processes} (Ctrl-C stops)").format(
        db=_shown(app.db), reads=reads, url=url, processes=processes), err=True)
    click.echo(_reached(host, port, hosting.public_url), err=True)
    import orjson

    os.environ[WORKER_SETTINGS] = orjson.dumps({"db": app.db, "heartbeat": heartbeat, "read_url": read_url,
                                                "read_wait": read_wait, "warm": warm,
                                                "public_url": hosting.public_url,
                                                "limits": dataclasses.asdict(limits)}).decode()
    uvicorn.run("cli.serve:worker_app", factory=True, workers=workers, **settings)  # type: ignore[arg-type]


def master_links(journal: Journal, base: str) -> None:
    """For each campaign with no device token yet: a one-time Master link and its QR code, on stderr
    (journal/service/links.py: opened once, within its time, it becomes the Master's device token on that phone)."""
    import segno

    from journal.service.links import LINK_TTL, issue_link, needs_link
    from web.hosting import loopback

    for found in journal.campaigns():
        if found.get("name") is None or found.get("master") is None:
            continue  # a stream of raw appends with no campaign.created (a benchmark's): no Master to link
        if not needs_link(journal, found["name"]):
            continue
        issued = issue_link(journal, found["name"], found["master"])
        link = f"{base}#link={issued.token}"
        click.echo(_("one-time link for {master}, the Master of '{campaign}' (open it on your phone within {minutes} "
                     "minutes; it works once):").format(master=found["master"], campaign=found["name"],
                                                       minutes=int(LINK_TTL.total_seconds() // 60)), err=True)
        click.echo(link, err=True)
        if loopback(link):
            click.echo(_("this link names this machine only: --host 0.0.0.0 or --public-url lets a phone open it"),
                       err=True)
        else:
            segno.make(link, error="m").terminal(out=click.get_text_stream("stderr"), compact=True)  # type: ignore[operator]


def _schedule(url: str, every: str | None, folder: str | None, keep: int | None) -> Schedule | None:
    """The backups ``--backup-every`` asks for (not started), or None; the three options are checked together."""
    from pathlib import Path

    from cli.backups import Schedule, parse_duration

    if every is None:
        if folder is not None or keep is not None:
            raise click.UsageError(_("--backup-dir and --keep go with --backup-every"))
        return None
    if folder is None:
        raise click.UsageError(_("--backup-every needs --backup-dir (where the backups go)"))
    seconds = parse_duration(every)
    Path(folder).mkdir(parents=True, exist_ok=True)
    return Schedule(url, Path(folder), seconds, keep)


def worker_app() -> FastAPI:
    """The app of one ``serve --workers N`` process, from the settings its parent left in the environment."""
    import orjson

    from web import server
    from web.app import create_app

    given = orjson.loads(os.environ[WORKER_SETTINGS])
    server.configure(server.Limits(**given["limits"]))
    app = create_app(given["db"], heartbeat=given["heartbeat"], read_url=given["read_url"],
                     read_wait=given["read_wait"], warm=given["warm"], public_url=given["public_url"])
    server.freeze_loaded()
    return app


COMMANDS = [serve]
