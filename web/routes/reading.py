"""Reading: who am I, the event log, sessions, sheets and the other queries as of any point."""

import itertools
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Path, Query, Request

from journal.service.tokens import Bearer
from web.auth import journal_of, member
from web.errors import JSON
from web.render import timeline_json
from web.routes import MAX_INT, AsOf
from web.writes import WriteRoute

router = APIRouter(prefix="/api", tags=["reading"], route_class=WriteRoute)
Me = Annotated[Bearer, Depends(member)]

#: Session fields the API shows (the commitment and salts stay in the events).
SESSION_FIELDS = ("number", "present", "started_at", "ended_at", "minutes", "start_version", "end_version")


@router.get("/me", summary="The token's campaign and member")
def me(request: Request, who: Me) -> JSON:
    """The campaign (system, Master, members, version), the token's member with his role, the system's queries, its
    page panels (``[{name, title}]``, the titles in the request's language) and the keys of its rules a group may
    switch by a house rule (``house_rules``, empty for a system without any: the page then offers no house rules)."""
    from journal.service.house_rules import rules_of
    from journal.service.panels import declared
    from journal.systems.registry import system

    state = journal_of(request).campaign(who.campaign)
    return JSON({"campaign": state["name"], "system": state["system"], "master": state["master"],
                 "queries": sorted(system(state["system"]).queries), "panels": declared(state["system"]),
                 "house_rules": [known.key for known in rules_of(state["system"])],
                 "members": state["members"], "version": state["version"],
                 "me": {"name": who.member, "role": who.role}})


@router.get("/panels/{name}", summary="One of the system's page panels as of a point, written for people")
def panel(request: Request, who: Me, name: Annotated[str, Path(max_length=100, pattern=r"^[a-z0-9_-]+$")],
          as_of: AsOf = None) -> JSON:
    """``{campaign, version, name, title, columns: [{key, label, kind}], rows: [[cell, ...]]}``: the rows of a panel
    the campaign's system declares (its descriptor's ``panels``), every title, label and cell in the request's
    language (journal.service.panels); the page draws any panel with this one answer."""
    from journal.service.panels import panel as rows

    return JSON(rows(journal_of(request), who.campaign, name, as_of))


@router.get("/labels", summary="What the page calls the campaign's event types, sheet fields and values")
def labels(request: Request, who: Me) -> JSON:
    """``{system, title, types, fields, words}`` in the request's language: each event type's label, each sheet
    key's label and each enumerated value's word, from the tables of the campaign's system and the shared ones
    (journal.service.labels).  The events and sheets keep their identifiers; these are for display."""
    from journal.service.labels import labels as tables
    from journal.service.labels import title

    name = journal_of(request).campaign(who.campaign)["system"]
    return JSON({"system": name, "title": title(name), **tables(name)})


@router.get("/events", summary="The campaign's events after a version")
def events(
    request: Request,
    who: Me,
    after: Annotated[int, Query(ge=0, le=MAX_INT, description="Only events after this version.")] = 0,
    limit: Annotated[int, Query(ge=1, le=5000, description="At most this many events.")] = 500,
    type: Annotated[list[str] | None, Query(max_length=50, description="Only events of these types.")] = None,
) -> JSON:
    """Events in version order, each with its one-line summary, and the campaign's head version."""
    store = journal_of(request).store
    head = store.head(who.campaign)
    found: list = []
    if after < head:
        types = [t for t in type if t] if type else None
        stream = store.read(who.campaign, from_version=after + 1, types=types)
        try:
            found = timeline_json(journal_of(request), who.campaign, itertools.islice(stream, limit))
        finally:
            stream.close()
    return JSON({"events": found, "head": head})


@router.get("/sessions", summary="The campaign's sessions")
def sessions(request: Request, who: Me) -> JSON:
    """Every session with who was present, its start and end, its length and its bounding versions."""
    state = journal_of(request).at(who.campaign)["sessions"]
    rows = sorted(state["sessions"].values(), key=lambda s: s["number"])
    return JSON([{key: row[key] for key in SESSION_FIELDS} for row in rows])


@router.get("/sheets", summary="Every character sheet as of a point")
def sheets(request: Request, who: Me, as_of: AsOf = None) -> JSON:
    """``{version, sheets: {name: sheet}}`` (each sheet carries its ``kind``, as the system's descriptor names it)."""
    from journal.service.queries import sheets as all_sheets

    folded = journal_of(request).at(who.campaign, as_of)
    return JSON({"version": folded.version, "sheets": all_sheets(folded)})


@router.get("/sheets/{character}", summary="One character's sheet and XP as of a point")
def sheet(request: Request, who: Me, character: Annotated[str, Path(max_length=200)], as_of: AsOf = None) -> JSON:
    from journal.service.queries import sheet as one_sheet

    return JSON(one_sheet(journal_of(request), who.campaign, character, as_of))


@router.get("/xp", summary="XP ledgers (or one session's earnings)")
def xp(request: Request, who: Me, as_of: AsOf = None,
       session: Annotated[int | None, Query(ge=1, le=MAX_INT)] = None) -> JSON:
    from journal.service.queries import xp as query

    return JSON(query(journal_of(request), who.campaign, session, as_of))


@router.get("/diff", summary="Sheet fields changed between two points")
def diff(request: Request, who: Me,
         start: Annotated[str, Query(alias="from", max_length=100, pattern=r"^[ -~]+$")],
         end: Annotated[str, Query(alias="to", max_length=100, pattern=r"^[ -~]+$")] = "head") -> JSON:
    from journal.service.queries import diff as query

    return JSON(query(journal_of(request), who.campaign, start, end))


@router.get("/audit/{event}", summary="The evidence about one event")
def audit(request: Request, who: Me,
          event: Annotated[str, Path(max_length=40, pattern=r"^[0-9A-Za-z:-]+$",
                                     description="A version, an event id or a unique id prefix.")]) -> JSON:
    """Envelope, recorder, roll proofs, sheet changes, chain status, disputes and voids of the event; each roll proof
    says ``where`` it sits in the payload in the reader's words («риски №1 · бросок», as the CLI's audit names it)."""
    from journal.service.audit import audit as gather
    from journal.service.words import roll_place

    found = gather(journal_of(request), who.campaign, event)
    found["rolls"] = [{**proof, "where": roll_place(found["system"], found["envelope"]["type"], proof["path"])}
                      for proof in found.get("rolls") or []]
    return JSON(found)


@router.get("/replay/{session}", summary="A past session, event by event")
def replay(request: Request, who: Me, session: Annotated[int, Path(ge=1, le=MAX_INT)]) -> JSON:
    from journal.service.replay import replay as walk

    return JSON(walk(journal_of(request), who.campaign, session))


@router.get("/receipt", summary="The campaign's receipt: its chain head signed by the journal")
def receipt(request: Request, who: Me) -> JSON:
    """The last signed head (campaign, version, hash, time, public key, signature), for the member's device to keep."""
    from journal.store.receipts import receipt_at

    return JSON(receipt_at(journal_of(request).store, who.campaign).to_json())


@router.post("/receipts/check", summary="Check receipts kept on a device against the chain")
def check_receipts(request: Request, who: Me,
                   body: Annotated[list[dict[str, Any]], Body(max_length=1000)]) -> JSON:
    """``{ok, results: [{version, ok, problem}]}``: whether the journal still holds each receipt of this campaign.

    What this trusts: the server answering (docs/security.md); a device that distrusts it checks its
    receipts with ``journal verify --receipt`` against a copy of the database instead.
    """
    from journal.errors import ValidationFailed
    from journal.i18n import WEB
    from journal.store.receipts import Receipt, check

    store = journal_of(request).store
    trusted = store.key.public_hex if store.key is not None else None
    results: list[dict[str, Any]] = []
    for number, item in enumerate(body, start=1):
        try:
            held = Receipt.parse(item, WEB.gettext("receipt {number}").format(number=number))
        except ValidationFailed as exc:
            results.append({"version": None, "ok": False, "problem": str(exc)})
            continue
        problem = (WEB.gettext("receipt {number}: of campaign '{campaign}', not this token's").format(
            number=number, campaign=held.campaign) if held.campaign != who.campaign else check(store, held, trusted))
        results.append({"version": held.version, "ok": problem is None, "problem": problem})
    return JSON({"ok": all(r["ok"] for r in results), "results": results})
