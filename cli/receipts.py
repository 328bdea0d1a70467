"""``journal receipt``: a campaign's signed chain head as JSON, and the signature checks ``verify`` runs.

A member keeps the receipt; ``journal verify --receipt FILE`` later says whether the journal still holds
it (docs/security.md).  The JSON carries the journal's public key, so anyone can check its signature.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click
import orjson

from cli.main import AppContext
from cli.output import line
from cli.params import CAMPAIGN, TableCommand
from journal.i18n import CLI, N_

if TYPE_CHECKING:
    from journal.store import EventStore

_ = CLI.gettext
ngettext = CLI.ngettext


@click.command("receipt", cls=TableCommand, help=N_("Print the campaign's receipt: its chain head signed by the "
                                                    "journal, with the public key."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--as-of", "as_of", default=None, help=N_("The last signed head at or before this point (default: now)."))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help=N_("File to write (default: stdout)."))
@click.pass_obj
def receipt(app: AppContext, campaign: str, as_of: str | None, output: str | None) -> None:
    from journal.aftermath import stored
    from journal.errors import NotFound
    from journal.store.receipts import receipt_at, remember
    from projections.points import resolve

    store = app.journal().store
    head = store.head(campaign)
    if head == 0:
        raise NotFound(_("no campaign named '{campaign}'").format(campaign=campaign))
    found = receipt_at(store, campaign, resolve(store, campaign, as_of, head) if as_of else None)
    with stored(found.campaign, found.version):  # the receipt stands even when the witness cannot keep it
        remember(store, found)
    text = orjson.dumps(found.to_json(), option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS).decode()
    if output is None:
        line(text)
        return
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(text + "\n")
    line(_("receipt of campaign '{campaign}' version {version} written to {path}").format(
        campaign=found.campaign, version=found.version, path=output))


def public_key_option(value: str | None) -> str | None:
    """``--public-key``: 64 hex digits, lower-cased; one line naming the option otherwise."""
    if value is None:
        return None
    from journal.store.keys import load_public

    load_public(value)
    return value.lower()


def verify_signatures(store: EventStore, campaign: str | None, files: tuple[str, ...], public_key: str | None, *,
                      witness: bool = True) -> bool:
    """Check the heads' signatures, the witness and the receipt ``files``; print what broke; True when all hold.

    The key is ``public_key`` (every head must then be signed by it), else the journal's own key.  Without
    either only the receipt files are checked, each against the key it carries.  What holds by default (the
    journal's own key and witness) adds no line to verify's 'ok'; what was asked for (a key, receipts) does.
    ``witness`` False leaves the witness out (``journal restore`` weighs it against the backup on its own).
    """
    from journal.store import receipts

    trusted = public_key or (store.key.public_hex if store.key is not None else None)
    held = [(path, found) for path in files for found in receipts.load_file(path)]
    ok = True
    if trusted is not None:
        problems = receipts.head_problems(store, trusted, strict=public_key is not None, campaign=campaign)
        for problem in problems:
            click.echo(_("signature: {problem}").format(problem=problem), err=True)
        ok = not problems
        if ok and public_key is not None:
            line(_("ok: every campaign head is signed by key {key}").format(key=public_key))
    else:
        problems = receipts.keyless_problems(store, campaign)
        for problem in problems:
            click.echo(_("signature: {problem}").format(problem=problem), err=True)
        ok = not problems
    if witness and store.key is not None and (public_key is None or public_key == store.key.public_hex):
        broken = receipts.witness_problems(store, trusted, campaign)
        for text in broken:
            click.echo(_("witness: {problem}").format(problem=text), err=True)
        ok = ok and not broken
    failed = 0
    for path, kept in held:
        why = receipts.check(store, kept, public_key)
        if why is not None:
            click.echo(_("receipt {path}: {problem}").format(path=path, problem=why), err=True)
            failed += 1
    if held and not failed:
        line(ngettext("ok: {count} receipts hold", "ok: {count} receipts hold", len(held)).format(count=len(held)))
    return ok and not failed


COMMANDS = [receipt]
