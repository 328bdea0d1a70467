"""The security headers every answer of ``journal serve`` carries: the page runs only its own files, in no frame.

``Content-Security-Policy`` lets the page load scripts, styles, images and connections from its own origin
only (no inline script or style, no ``eval``; ``blob:`` images for the QR code the console draws), and
``frame-ancestors 'none'`` with ``X-Frame-Options: DENY`` keeps another site from framing the Master's console.
``X-Content-Type-Options: nosniff`` stops a browser from reading an answer as another type than it says, and
``Referrer-Policy: no-referrer`` keeps the page's address (which may carry a token link) out of other sites' logs.

:func:`secure` adds them to an answer; ``web.edge.Edge`` calls it last on every HTTP answer of the app, an error or a
refusal of its own (413, a write's 401) too; the server's own answers below the app (``web.server``) carry the same
:data:`HEADERS`.
"""

from __future__ import annotations

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


#: :data:`HEADERS` as an ASGI answer carries them (lower-case names, latin-1 bytes), in their order.
RAW: tuple[tuple[bytes, bytes], ...] = tuple((name.lower().encode("latin-1"), value.encode("latin-1"))
                                             for name, value in HEADERS.items())


def secure(raw: list[tuple[bytes, bytes]]) -> None:
    """Add to an answer's header list each of :data:`HEADERS` it lacks, at its end and in their order (a value the app
    set itself is kept), as Starlette's ``MutableHeaders.setdefault`` adds them one by one."""
    present = {name for name, _value in raw}
    raw.extend(pair for pair in RAW if pair[0] not in present)
