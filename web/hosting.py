"""Where phones reach ``journal serve``: the public address put into links and QR codes, and the LAN addresses.

- :func:`public_url` checks the address ``serve --public-url`` (``JOURNAL_PUBLIC_URL``) names: ``http`` or
  ``https``, a host, no query or fragment; it is kept with one trailing ``/``, as the page's base.
- :func:`lan_addresses` lists this machine's non-loopback IPv4 addresses from its network interfaces (the
  kernel's ``SIOCGIFADDR``, no packet sent; elsewhere than Linux, the addresses of its host name).
- :class:`NoStartLine` drops uvicorn's own "running on http://0.0.0.0:8000" line: ``serve`` says where
  phones reach it instead, and no phone opens 0.0.0.0.
- :func:`loopback` says whether a link names this machine only (``127.0.0.0/8``, ``::1``, ``localhost``): a
  phone cannot open it.  The API answers it beside each link (``web/routes/console.py``) and the console warns.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import struct
from urllib.parse import urlsplit

from journal.i18n import WEB

_ = WEB.gettext

#: Linux's ioctl that reads an interface's IPv4 address.
SIOCGIFADDR = 0x8915


def public_url(text: str) -> str:
    """``text`` as the page's public base (``https://journal.example.org/``), or ValueError naming the rule."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(_("public URL: http:// or https:// and a host, e.g. https://journal.example.org/"))
    if parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError(_("public URL: no query, fragment or user in it"))
    try:
        parts.port  # noqa: B018 - a bad port raises here
    except ValueError:
        raise ValueError(_("public URL: the port is not a number from 0 to 65535")) from None
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return f"{parts.scheme}://{parts.netloc}{path}"


def loopback(url: str) -> bool:
    """Whether ``url``'s host is this machine only (127.0.0.0/8, ::1, localhost): no phone can open it."""
    host = (urlsplit(url).hostname or "").rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _interface_address(sock: socket.socket, name: str) -> str | None:
    import fcntl

    try:
        packed = fcntl.ioctl(sock.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
    except OSError:
        return None  # no IPv4 address on this interface (or it is down)
    return socket.inet_ntoa(packed[20:24])


def lan_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses, in interface order, each once (none sent a packet)."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            for _index, name in socket.if_nameindex():
                address = _interface_address(sock, name)
                if address is not None:
                    found.append(address)
    except (OSError, ImportError, AttributeError):  # not Linux: the host name's addresses
        try:
            found = [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
        except OSError:
            found = []
    addresses: list[str] = []
    for address in found:
        parsed = ipaddress.ip_address(address)
        if not (parsed.is_loopback or parsed.is_unspecified or parsed.is_link_local) and address not in addresses:
            addresses.append(address)
    return addresses


class NoStartLine(logging.Filter):
    """Drop uvicorn's "Uvicorn running on …" record (``serve`` prints the addresses phones reach instead)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Uvicorn running on")


def hide_start_line() -> None:
    """Install :class:`NoStartLine` on uvicorn's log of this process (once)."""
    log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, NoStartLine) for f in log.filters):
        log.addFilter(NoStartLine())
