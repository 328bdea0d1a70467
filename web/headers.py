"""The security headers every answer of ``journal serve`` carries: the page runs only its own files, in no frame.

``Content-Security-Policy`` lets the page load scripts, styles, images and connections from its own origin
only (no inline script or style, no ``eval``; ``blob:`` images for the QR code the console draws), and
``frame-ancestors 'none'`` with ``X-Frame-Options: DENY`` keeps another site from framing the Master's console.
``X-Content-Type-Options: nosniff`` stops a browser from reading an answer as another type than it says, and
``Referrer-Policy: no-referrer`` keeps the page's address (which may carry a token link) out of other sites' logs.

:class:`SecurityHeaders` is pure ASGI and the app's outermost middleware, so every answer, an error or a 413 of
``BoundedBody`` too, carries them; the server's own answers below the app (``web.server``) carry the same
:data:`HEADERS`.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The page's policy: its own origin only, nothing inline, no frame.
CONTENT_SECURITY_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
                           "connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; "
                           "form-action 'self'; frame-ancestors 'none'")
#: Each security header and its value, as every answer carries them.
HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class SecurityHeaders:
    """Pure ASGI: every HTTP answer carries :data:`HEADERS` (a value the app set itself is kept)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, secured)
