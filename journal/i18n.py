"""The journal's languages: gettext catalogues per domain, the language of the process or of one request.

Every user-facing string is English in the code (the msgid) and is looked up in the catalogue of the
current language when it is shown.  Three domains, one per part of the code, each a catalogue of its own in
``journal/locale/<lang>/LC_MESSAGES/<domain>.po``:

- ``journal``: the core (journal/**, projections/**): errors, rule names, the service's and the systems' messages;
- ``cli``: the command line (cli/**): help texts and output;
- ``web``: the server (web/**) and the page (web/static/*.js).

The core writes ``_("...")``, ``ngettext(...)``, ``pgettext(...)`` and ``N_("...")`` (mark only, for constants
translated where they are shown); the CLI and the page's server use the same names from ``CLI`` and ``WEB``
(``_ = CLI.gettext``).  Placeholders are named: ``_("session {number} is open").format(number=n)``.

Only the stdlib ``gettext`` reads the compiled ``.mo`` files on the normal path.  A ``.mo`` is compiled by
Babel (``compile_catalogues``) in the build (setup.py's build_py hook) and, in a source checkout, on first use
when it is missing or older than its ``.po``: Babel is imported only then.  See docs/i18n.md.
"""

from __future__ import annotations

import contextlib
import gettext as stdlib_gettext
import io
import os
import threading
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path

#: The languages the journal speaks; English is the source language of every msgid.
LANGUAGES: tuple[str, ...] = ("en", "ru")
SOURCE_LANGUAGE = "en"
#: The catalogues' domains (see the module docstring for which code each one covers).
DOMAINS: tuple[str, ...] = ("journal", "cli", "web")
LOCALE_DIR = Path(__file__).resolve().with_name("locale")
#: A ``.mo`` this much older than its ``.po`` is stale (files unpacked together differ by a few milliseconds).
STALE_AFTER_SECONDS = 1.0
#: Where the locale environment is read, in POSIX order of precedence.
LOCALE_VARIABLES: tuple[str, ...] = ("LC_ALL", "LC_MESSAGES", "LANG")

_default: str | None = None
_request_language: ContextVar[str | None] = ContextVar("journal_language", default=None)
_loaded: dict[tuple[str, str], stdlib_gettext.NullTranslations] = {}
_lock = threading.Lock()


def normalise(value: str) -> str | None:
    """The journal's language for a tag or locale name (``ru``, ``ru-RU``, ``ru_RU.UTF-8``), or None."""
    tag = value.strip().lower().replace("-", "_").split(".")[0].split("@")[0].split("_")[0]
    return tag if tag in LANGUAGES else None


def choose_language(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``--lang``, then ``JOURNAL_LANG``, then the locale (``ru*`` is Russian), else English.

    An explicit ``--lang`` or ``JOURNAL_LANG`` that the journal does not speak is refused (ValidationFailed,
    naming the field); a locale of another language simply gives English.
    """
    env = os.environ if environ is None else environ
    for field, value in (("--lang", option), ("JOURNAL_LANG", env.get("JOURNAL_LANG"))):
        if value is not None and value.strip():
            chosen = normalise(value)
            if chosen is None:
                from journal.errors import ValidationFailed

                raise ValidationFailed(_("{field}: '{value}' is not a language of the journal ({languages})").format(
                    field=field, value=value, languages=", ".join(LANGUAGES)))
            return chosen
    for name in LOCALE_VARIABLES:
        value = env.get(name)
        if value:
            return "ru" if normalise(value) == "ru" else SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def choose_from_accept_language(header: str | None) -> str:
    """The language for an HTTP ``Accept-Language`` header: the best-weighted tag the journal speaks, else English."""
    weighted: list[tuple[float, int, str]] = []
    for position, part in enumerate((header or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _eq, number = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(number)
                except ValueError:
                    quality = 0.0
        chosen = normalise(tag) if tag.strip() else None
        if chosen is not None and quality > 0:
            weighted.append((-quality, position, chosen))
    return min(weighted)[2] if weighted else SOURCE_LANGUAGE


def _checked(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; the journal speaks {', '.join(LANGUAGES)}")
    return lang


def set_language(lang: str | None) -> None:
    """Set the process's language (the CLI does it once from --lang); None goes back to the environment's choice."""
    global _default
    _default = None if lang is None else _checked(lang)


@contextlib.contextmanager
def language(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside the block only (one request of the server, one test), whatever the process speaks."""
    token = _request_language.set(_checked(lang))
    try:
        yield lang
    finally:
        _request_language.reset(token)


def current_language() -> str:
    """The language strings are translated into now: the block's (``language``), else the process's."""
    global _default
    lang = _request_language.get()
    if lang is not None:
        return lang
    if _default is None:
        try:
            _default = choose_language(None)
        except Exception:  # noqa: BLE001 - a bad JOURNAL_LANG is refused by the CLI; here it means English
            _default = SOURCE_LANGUAGE
    return _default


def catalogue_path(domain: str, lang: str, suffix: str = ".po", root: Path | None = None) -> Path:
    """Where the catalogue of ``domain`` in ``lang`` lives (``.po`` source, ``.mo`` compiled)."""
    return (root or LOCALE_DIR) / lang / "LC_MESSAGES" / f"{domain}{suffix}"


def compile_po(po: Path) -> bytes:
    """The ``.mo`` bytes of one ``.po`` file (Babel; fuzzy entries left out, so they stay untranslated)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source, locale=po.parent.parent.name, domain=po.stem)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _write_atomically(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, target)


def compile_catalogues(source: Path | None = None, target: Path | None = None) -> list[Path]:
    """Compile every ``<lang>/LC_MESSAGES/*.po`` under ``source`` into a ``.mo`` beside it (or under ``target``).

    The build calls it (setup.py); ``pybabel compile`` does the same.  Returns the ``.mo`` files written.
    """
    source = source or LOCALE_DIR
    target = target or source
    written = []
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        _write_atomically(mo, compile_po(po))
        written.append(mo)
    return written


def _is_stale(po: Path, mo: Path) -> bool:
    try:
        return mo.stat().st_mtime + STALE_AFTER_SECONDS < po.stat().st_mtime
    except FileNotFoundError:
        return True


#: Catalogues of installed rule systems (root folder, domain), consulted after the ``journal`` domain's own: a
#: system outside the journal (examples/coin-system) brings its Russian in ``<root>/<lang>/LC_MESSAGES/<domain>.po``.
_system_catalogues: list[tuple[Path, str]] = []


def add_catalogue(root: Path, domain: str) -> None:
    """Look ``journal``-domain messages up in ``root/<lang>/LC_MESSAGES/<domain>.po`` (or ``.mo``) too, after the
    journal's own (journal.systems.registry calls it for a descriptor's ``locale``)."""
    entry = (Path(root), domain)
    with _lock:
        if entry not in _system_catalogues:
            _system_catalogues.append(entry)
        for key in [key for key in _loaded if key[0] == "journal"]:
            del _loaded[key]


def _load(domain: str, lang: str) -> stdlib_gettext.NullTranslations:
    found = _load_from(domain, lang, None)
    if domain == "journal" and lang != SOURCE_LANGUAGE:
        for root, name in _system_catalogues:
            found.add_fallback(_load_from(name, lang, root))
    return found


def _load_from(domain: str, lang: str, root: Path | None) -> stdlib_gettext.NullTranslations:
    if lang == SOURCE_LANGUAGE:
        return stdlib_gettext.NullTranslations()
    po, mo = catalogue_path(domain, lang, root=root), catalogue_path(domain, lang, ".mo", root=root)
    if po.is_file() and _is_stale(po, mo):  # a source checkout: compile once, keep it beside the .po if we may
        data = compile_po(po)
        with contextlib.suppress(OSError):
            _write_atomically(mo, data)
        return stdlib_gettext.GNUTranslations(io.BytesIO(data))
    if mo.is_file():
        with mo.open("rb") as compiled:
            return stdlib_gettext.GNUTranslations(compiled)
    return stdlib_gettext.NullTranslations()


def translations(domain: str, lang: str) -> stdlib_gettext.NullTranslations:
    """The gettext translations of ``domain`` in ``lang`` (loaded once per process; English is the msgids)."""
    key = (domain, lang)
    found = _loaded.get(key)
    if found is None:
        if domain not in DOMAINS:
            raise ValueError(f"unknown domain {domain!r}; the domains are {', '.join(DOMAINS)}")
        with _lock:
            found = _loaded.get(key)
            if found is None:
                found = _loaded[key] = _load(domain, _checked(lang))
    return found


def forget_loaded() -> None:
    """Drop the loaded catalogues, so that the next lookup reads the files again (tests, a long-lived server)."""
    with _lock:
        _loaded.clear()


def catalogue(domain: str, lang: str) -> dict[str, str | list[str]]:
    """``msgid -> msgstr`` of one domain, for the page: a plural entry maps its singular msgid to every form.

    A message with a context is keyed ``context + "\\x04" + msgid`` (gettext's own convention); untranslated
    (empty or fuzzy) entries and the header are left out.  English, the source language, is empty.
    """
    found: dict[str, str | list[str]] = {}
    plurals: dict[str, dict[int, str]] = {}
    raw: dict[object, str] = getattr(translations(domain, lang), "_catalog", {})
    for key, value in raw.items():
        if isinstance(key, tuple):
            msgid, index = key
            if msgid:
                plurals.setdefault(msgid, {})[index] = value
        elif key and value:
            found[str(key)] = value
    for msgid, forms in plurals.items():
        if all(forms.values()):
            found[msgid] = [forms[index] for index in sorted(forms)]
    return found


def plural_forms(lang: str) -> str:
    """The ``Plural-Forms`` header of ``lang`` (``nplurals=3; plural=...`` for Russian), for the page."""
    if lang == SOURCE_LANGUAGE:
        return "nplurals=2; plural=(n != 1);"
    for domain in DOMAINS:
        info = translations(domain, lang).info()
        if "plural-forms" in info:
            return info["plural-forms"]
    return "nplurals=2; plural=(n != 1);"


class Domain:
    """The lookups of one domain in the current language: ``_ = CLI.gettext``, ``CLI.ngettext(...)``."""

    def __init__(self, name: str) -> None:
        if name not in DOMAINS:
            raise ValueError(f"unknown domain {name!r}")
        self.name = name

    def gettext(self, message: str) -> str:
        """``message`` in the current language."""
        return translations(self.name, current_language()).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` ("1 событие, 2 события, 5 событий"); ``{n}`` in the text is left to ``.format``."""
        return translations(self.name, current_language()).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the current language, told apart from the same English text by ``context``."""
        return translations(self.name, current_language()).pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """``ngettext`` with a context."""
        return translations(self.name, current_language()).npgettext(context, singular, plural, n)

    def __repr__(self) -> str:
        return f"Domain({self.name!r})"


JOURNAL = Domain("journal")
CLI = Domain("cli")
WEB = Domain("web")


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (a constant, translated where it is shown)."""
    return message


def _(message: str) -> str:
    """``message`` (of the ``journal`` domain) in the current language."""
    return JOURNAL.gettext(message)


def gettext(message: str) -> str:
    """``_`` under its long name, for a module where ``_`` is a throwaway variable."""
    return JOURNAL.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The ``journal`` domain's form of a message for the count ``n``."""
    return JOURNAL.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A ``journal`` message with a context."""
    return JOURNAL.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """A ``journal`` plural message with a context."""
    return JOURNAL.npgettext(context, singular, plural, n)
