"""``journal serve``: the HTTP API and the page, over the journal's database (uvicorn)."""

from __future__ import annotations

import click

from cli.main import AppContext


def _shown(url: str) -> str:
    """The database URL with any password masked."""
    if "://" not in url or "@" not in url:
        return url
    import sqlalchemy as sa

    from journal.store.engine import normalise_url

    return sa.engine.make_url(normalise_url(url)).render_as_string(hide_password=True)


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--heartbeat", default=15.0, show_default=True, type=click.FloatRange(0.05, 3600),
              help="Seconds between keep-alive comments on the event stream.")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]), help="uvicorn's log level.")
@click.pass_obj
def serve(app: AppContext, host: str, port: int, heartbeat: float, log_level: str) -> None:
    """Serve the journal over HTTP: members sign in with tokens from 'journal member token'."""
    import uvicorn

    from web.app import create_app

    application = create_app(app.db, heartbeat=heartbeat, journal=app.journal())
    click.echo(f"serving {_shown(app.db)} on http://{host}:{port}/ (Ctrl-C stops)", err=True)
    uvicorn.run(application, host=host, port=port, log_level=log_level, timeout_graceful_shutdown=3,
                access_log=log_level == "debug")


COMMANDS = [serve]
