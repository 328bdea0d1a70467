"""``GET /api/report/{session}``: the session report's figures, drawn on the server as inline SVG, for the page;
``GET /api/report/{session}/html``: the whole report, the very document ``journal replay --format html`` writes (one
renderer: journal/service/session_report.py), which the page shows inside itself (its scripts and handlers dropped, its tables
each in a box of its own that scrolls sideways).

The figures are journal.service.reports's: what the campaign's system charts over the session (its descriptor's
``charts``, sampled from the one replay walk) and the session's dice, the journal's filled and the table's
outlined.  Their text is in the reader's language: ``?lang=`` (a tag such as ``ru`` or ``ru-RU``), else the
request's ``Accept-Language``, else English, as web.language chooses it for every request.
"""

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import HTMLResponse

from journal.i18n import current_language
from journal.service.tokens import Bearer
from web.auth import journal_of, member
from web.errors import JSON
from web.routes import MAX_INT

router = APIRouter(prefix="/api", tags=["reading"])
Me = Annotated[Bearer, Depends(member)]
Session = Annotated[int, Path(ge=1, le=MAX_INT)]
Lang = Annotated[str | None, Query(max_length=35, pattern=r"^[A-Za-z]{1,8}([-_][A-Za-z0-9]{1,8})*$",
                                   description="A language tag (default: Accept-Language).")]


@router.get("/report/{session}", summary="A session's charts and dice as SVG figures")
def report(request: Request, who: Me, session: Session, lang: Lang = None) -> JSON:
    """``{session, system, lang, figures: [{name, title, svg}]}``: the system's charts in order, the dice last."""
    from journal.service.reports import figures
    from journal.service.reports import report as walk

    result = walk(journal_of(request), who.campaign, session)
    return JSON({"session": session, "system": result["system"], "lang": current_language(),
                 "figures": figures(result)})


@router.get("/report/{session}/html", summary="The whole session report as one HTML document (as 'journal replay "
            "--format html')", response_class=HTMLResponse)
def report_html(request: Request, who: Me, session: Session, lang: Lang = None) -> HTMLResponse:
    from journal.service.reports import report as walk
    from journal.service.session_report import html

    return HTMLResponse(html(walk(journal_of(request), who.campaign, session)), headers={"Cache-Control": "no-store"})
