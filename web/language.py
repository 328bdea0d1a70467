"""The language of each HTTP request, chosen in one place: ``?lang=``, else ``Accept-Language``, else English.

``web.edge.Edge`` (the app's one pure-ASGI wrapper) chooses each request's language with :func:`of_scope` and runs the
whole request (the body's bound and the write's token, dependencies, endpoint, exception handlers, a streamed body)
inside ``journal.i18n.language(...)``.  The choice lives in a ContextVar; a sync endpoint runs in a worker thread and a
streamed body in tasks of the request's task, both with a copy of the request's context, so every string the server
writes (an event's summary, a refusal, a verb's help) is looked up in the reader's language.  The answer says which one
in ``Content-Language`` (and ``Vary: Accept-Language``: :func:`tag`); ``scope["state"]["lang"]`` holds it.
"""

from __future__ import annotations

from urllib.parse import parse_qsl

from starlette.datastructures import Headers
from starlette.types import Scope

from journal.i18n import choose_from_accept_language, normalise

#: Where the chosen language is kept in the request's scope state.
STATE_KEY = "lang"
#: The header an answer names its language in, and the one its Vary header gains (as an ASGI answer carries them).
CONTENT_LANGUAGE = b"content-language"
VARY, ACCEPT_LANGUAGE = b"vary", "Accept-Language"


def choose(lang: str | None, accept: str | None) -> str:
    """The journal's language for ``lang`` (a tag such as ``ru-RU``), else for the Accept-Language header, else English."""
    return (normalise(lang) if lang else None) or choose_from_accept_language(accept)


def of_scope(scope: Scope) -> str:
    """The language a request asks for: its ``?lang=`` (the last one given), else its ``Accept-Language``."""
    asked = None
    query = scope.get("query_string", b"")
    if query:
        for key, value in parse_qsl(query.decode("latin-1")):
            if key == "lang":
                asked = value
    return choose(asked, Headers(scope=scope).get("accept-language"))


def tag(raw: list[tuple[bytes, bytes]], chosen: str) -> None:
    """Say ``chosen`` in an answer's header list: ``Content-Language`` unless the app set its own, and
    ``Accept-Language`` added to its ``Vary`` (as Starlette's ``MutableHeaders`` does: the first Vary extended, any
    other dropped; a new one at the end)."""
    varies = []
    named = False
    for index, (name, _value) in enumerate(raw):
        if name == CONTENT_LANGUAGE:
            named = True
        elif name == VARY:
            varies.append(index)
    if not named:
        raw.append((CONTENT_LANGUAGE, chosen.encode("latin-1")))
    if not varies:
        raw.append((VARY, ACCEPT_LANGUAGE.encode("latin-1")))
        return
    first = varies[0]
    raw[first] = (VARY, f"{raw[first][1].decode('latin-1')}, {ACCEPT_LANGUAGE}".encode("latin-1"))
    for index in reversed(varies[1:]):
        del raw[index]
