"""The language of each HTTP request, chosen in one place: ``?lang=``, else ``Accept-Language``, else English.

:class:`RequestLanguage` is the app's outermost pure-ASGI middleware: it chooses the request's language and
runs the whole request (middlewares, dependencies, endpoint, exception handlers, a streamed body) inside
``journal.i18n.language(...)``.  The choice lives in a ContextVar; Starlette runs a sync endpoint through
``run_in_threadpool`` and a streamed body in tasks of the request's task, both with a copy of the request's
context, so every string the server writes (an event's summary, a refusal, a verb's help) is looked up in
the reader's language.  The answer says which one in ``Content-Language`` (and ``Vary: Accept-Language``); ``scope["state"]["lang"]`` holds it.
"""

from __future__ import annotations

from urllib.parse import parse_qsl

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from journal.i18n import choose_from_accept_language, language, normalise

#: Where the chosen language is kept in the request's scope state.
STATE_KEY = "lang"


def choose(lang: str | None, accept: str | None) -> str:
    """The journal's language for ``lang`` (a tag such as ``ru-RU``), else for the Accept-Language header, else English."""
    return (normalise(lang) if lang else None) or choose_from_accept_language(accept)


def of_scope(scope: Scope) -> str:
    """The language a request asks for: its ``?lang=`` (the last one given), else its ``Accept-Language``."""
    asked = None
    for key, value in parse_qsl(scope.get("query_string", b"").decode("latin-1")):
        if key == "lang":
            asked = value
    return choose(asked, Headers(scope=scope).get("accept-language"))


class RequestLanguage:
    """Pure ASGI: every HTTP request runs in its reader's language (see the module docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        chosen = of_scope(scope)
        scope.setdefault("state", {})[STATE_KEY] = chosen

        async def tagged(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if "content-language" not in headers:
                    headers["Content-Language"] = chosen
                headers.add_vary_header("Accept-Language")
            await send(message)

        with language(chosen):
            await self.app(scope, receive, tagged)
