"""``GET /api/i18n?lang=``: the page's translation catalogue (the ``web`` domain) in the reader's language.

``lang`` is a language tag or locale name (``ru``, ``ru-RU``); without it, or when the journal does not
speak it, the request's ``Accept-Language`` decides (web.language chooses for every request; English is the
fallback).
The answer is ``{lang, plural_forms, messages: {English msgid: translation}}``; English has no messages
and the page shows its own strings.  No token is needed: the strings are the page's, the same for
everyone, and the sign-in form is translated too.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from journal.i18n import catalogue, current_language, plural_forms
from web.errors import JSON

router = APIRouter(prefix="/api", tags=["reading"])

DOMAIN = "web"


@router.get("/i18n", summary="The page's strings in the reader's language")
def strings(lang: Annotated[str | None, Query(max_length=35, pattern=r"^[A-Za-z]{1,8}([-_][A-Za-z0-9]{1,8})*$",
                                              description="A language tag (default: Accept-Language).")] = None
            ) -> JSON:
    """``{lang, plural_forms, messages}``: the ``web`` catalogue of the language chosen (empty for English)."""
    chosen = current_language()  # web.language chose it from ``lang``, else Accept-Language
    return JSON({"lang": chosen, "plural_forms": plural_forms(chosen), "messages": catalogue(DOMAIN, chosen)})
