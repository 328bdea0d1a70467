"""The rule systems the journal knows: one :class:`SystemDescriptor` per system, found through entry points.

A rule system is one package under ``journal/systems/`` whose ``descriptor`` module defines
``DESCRIPTOR``: that one object lists everything the core needs from the system (its payload modules,
its folds, where its sheets keep their characters, its summary lines, its tally rules, its house-rule
keys, its CLI group, its verbs with the service functions behind them, its extra queries and its demo).
The store, the engine, the service, the CLI and the web iterate over the registered descriptors and
never name a system.  Systems are found through the entry-point group ``campaign_journal.systems``
(:data:`GROUP`): the journal's pyproject.toml declares its four, and any installed package may declare one more
(``pip install ./examples/coin-system``); a test may :func:`register` one more.

What a descriptor points at in the system's modules is a :class:`Lazy` reference: a ``module:attribute`` string
with the type of the object it names (``Lazy[Mapping[str, Line]]``), imported only when used (``.load()``), so that
loading the registry (on every CLI start) costs a directory listing and a few tiny imports, and mypy checks what
the core does with each.  A plain string given where a reference is expected is taken as one.  What the core reads
of a system is all here, typed: no module attribute is looked up by convention (a demo's campaign and order are
its :class:`Demo`; a fold's reads are its module's typed ``TYPES``/``SUFFIXES``/``CAUSED``, projections.catalog).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from journal.errors import ValidationFailed

if TYPE_CHECKING:
    import click

T = TypeVar("T")
#: The folds' states of a campaign (projection name -> state), as the engine hands them to a system.
States = dict[str, Any]
#: One summary line of an event: its payload -> the line.
Line = Callable[[dict[str, Any]], str]
#: A label in the current language (looked up when called).
Word = Callable[[], str]


@dataclass(frozen=True)
class Lazy(Generic[T]):
    """A ``module:attribute`` reference to an object of type ``T``, imported on its first :meth:`load`."""

    reference: str

    def __post_init__(self) -> None:
        if not isinstance(self.reference, str) or not self.reference.partition(":")[0]:
            raise TypeError(f"a lazy reference is 'module:attribute', not {self.reference!r}")

    def load(self) -> T:
        """The object the reference names (imported once)."""
        return cast(T, _loaded(self.reference))

    def __str__(self) -> str:
        return self.reference


def lazy(value: Any) -> Any:
    """``value`` as a :class:`Lazy` (a string is taken as the reference; a Lazy or None is kept)."""
    return Lazy(value) if isinstance(value, str) else value


def _coerce(instance: object, names: tuple[str, ...], mappings: tuple[str, ...] = ()) -> None:
    """Turn the plain strings given for the reference fields ``names`` (and the values of ``mappings``) into Lazy."""
    for name in names:
        object.__setattr__(instance, name, lazy(getattr(instance, name)))
    for name in mappings:
        object.__setattr__(instance, name, {key: lazy(value) for key, value in getattr(instance, name).items()})


@dataclass(frozen=True)
class Fold:
    """A projection of the system: its name (``<system>.<what>``), version (bump when its logic changes), module."""

    name: str
    version: int
    module: str


@dataclass(frozen=True)
class Sheets:
    """Where a sheet projection keeps characters: ``states[projection][key]``, each a ``kind`` of sheet."""

    projection: str
    key: str
    kind: str = "character"


@dataclass(frozen=True)
class HouseRule:
    """A key a campaign of this system may switch by a quorum-backed amendment (journal.service.house_rules)."""

    key: str
    default: Any
    description: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Bonds:
    """Standings a system keeps between pairs of characters (a session replay's bond chart).

    ``ticks``: event type -> (bond, the payload field naming the character, the one naming the other) of
    the events that move a standing by their ``change``; ``projection``: the fold that keeps the standings;
    ``table``: ``module:function`` of that fold's rows, ``state -> [{bond, character, other, points, frozen}]``;
    ``charts``: each bond's chart title in the session report.
    """

    ticks: dict[str, tuple[str, str, str]]
    projection: str
    table: Lazy[Callable[[dict[str, Any]], list[dict[str, Any]]]]
    #: bond -> the title (an English message id) of the session report's chart of its changes per pair; the first
    #: bond's chart is drawn even when the session moved none, the others only when it moved one.
    charts: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _coerce(self, ("table",))


@dataclass(frozen=True)
class Chart:
    """A chart of the system's session report: one line per series, sampled from the folds after each event.

    ``series``: ``module:function`` ``(states) -> {series label: number}`` (a character, a pair, a vatcha and its
    wielder), read from the system's own folds; the report walk (journal.service.replay) calls it after every event
    of the session, and journal.service.reports draws the lines.  ``title`` and ``unit`` are English message ids
    (translated by journal.i18n); ``name`` is the chart's stable id (``data-chart`` in the SVG).
    """

    name: str
    title: str
    series: Lazy[Callable[[States], Mapping[str, float]]]
    unit: str = ""

    def __post_init__(self) -> None:
        _coerce(self, ("series",))


@dataclass(frozen=True)
class Demo:
    """The system's demo campaign (``journal demo``): ``record(journal) -> campaign name`` records it through the
    service functions its verbs call; ``campaign`` names it beforehand, ``order`` places it among the others'; the
    one demo that says ``replayed`` is the printout's replay and audit, of its first server roll of
    ``audited_type``."""

    record: Lazy[Callable[[Any], str]]
    campaign: str
    order: int = 0
    replayed: bool = False
    audited_type: str | None = None

    def __post_init__(self) -> None:
        _coerce(self, ("record",))


@dataclass(frozen=True)
class Upcast:
    """An upcaster of the system: ``function`` turns a ``from_version`` payload of ``type`` into the next version."""

    type: str
    from_version: int
    function: str


@dataclass(frozen=True)
class Invariant:
    """A state the rules allow, checked on the folds after every overturn (journal.service.invariants).

    ``rule``: the rule in the rule text's words (marked with ``N_``; the refusal translates it);
    ``check``: ``(states) -> [what breaks it]``, one short line per character or record that breaks it;
    ``reads``: the projections ``check`` reads (empty: every one).  An overturn folds only the projections the
    void changes and those the invariants over them read, and checks an invariant after each event that changed
    one of its projections.
    """

    rule: str
    check: Callable[[dict[str, Any]], list[str]]
    reads: tuple[str, ...] = ()


@dataclass(frozen=True)
class Precondition:
    """A rule an event must meet in the state just before it, checked on the fold after every overturn: the state
    the command decided from may be gone (a death check whose wounds are voided, a spend whose points are).

    ``rule``: the rule in the rule text's words (``N_``); ``types``: the event types it applies to; ``check``:
    ``(states, event) -> [what breaks it]``, calling the same rule function the command calls; ``reads``: the
    projections ``check`` reads (empty: every one).  Listed in the system's ``INVARIANTS`` with the invariants.
    """

    rule: str
    types: tuple[str, ...]
    check: Callable[[dict[str, Any], Any], list[str]]
    reads: tuple[str, ...] = ()


@dataclass(frozen=True)
class Column:
    """One column of a page panel: the row field ``key`` shown under ``label`` (an English msgid, ``N_``).

    ``kind`` says how the server writes the cell in the reader's language (journal.service.panels):
    ``text`` (as it is), ``number``, ``word`` (the system's display word of the value, its ``words`` table),
    ``list`` (the values joined by commas, a dash when empty) or ``pair`` (``key`` names two fields joined by
    ``/``, ``attack/defence``, shown ``3/2``).  A key may reach into a record (``wins.first``).
    ``flag``: a true/false field of the row; when it is true, ``note`` (a msgid) is added in brackets
    (``Отдать плащ (нарушен)``).
    """

    key: str
    label: str
    kind: str = "text"
    flag: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class Panel:
    """A panel of the table page: rows of one of the system's ``queries``, drawn by the page's one renderer.

    ``name``: the panel's stable id (``/api/panels/<name>``, ``data-panel`` on the page); ``title``: an English
    msgid; ``query``: the name of the query (in the descriptor's ``queries``) whose answer holds the rows, under
    ``rows``; ``columns``: what each row shows, in order.
    """

    name: str
    title: str
    query: str
    rows: str
    columns: tuple[Column, ...]


@dataclass(frozen=True)
class TallyInput:
    """A choice the Master gives with the system's tally beyond bonuses, skips and amounts (Dichotomy's motive
    outcomes), one per tally line that asks for it: a character, the thing chosen about (``item``) and its ``value``.

    ``name``: its key in the service's ``choices``, in the API body and in a line's ``choice`` (``motives``);
    ``option``: the CLI's repeatable option, ``--<option> CHAR=ITEM:VALUE`` (``--motive``); ``item`` and
    ``value``: the names of its fields in the API body (``motive``, ``outcome``); ``values``: the values it takes
    (the page shows the system's ``words`` for them).  Messages are English msgids (``N_``): ``title``, what the
    choices are (in a refusal); ``rule``, the rule refusing them on a campaign of another system; ``help``, the CLI
    option's help; ``label`` and ``none``, the console picker's label and its empty choice.
    """

    name: str
    option: str
    item: str
    value: str
    values: tuple[str, ...]
    title: str
    rule: str
    help: str
    label: str
    none: str

    @property
    def metavar(self) -> str:
        """The CLI option's form, ``CHAR=MOTIVE:OUTCOME``."""
        return f"CHAR={self.item.upper()}:{self.value.upper()}"

    @property
    def form(self) -> str:
        """The CLI option's form with its values, ``CHAR=MOTIVE:fulfilled|betrayed`` (a refusal names it)."""
        return f"CHAR={self.item.upper()}:{'|'.join(self.values)}"


@dataclass(frozen=True)
class XpEvent:
    """An event type of the system that the shared XP ledger (projections/xp.py) folds.

    ``kind``: ``award`` (``amount`` earned from the source its ``source`` field names; without one, ``award``),
    ``spend`` (``amount`` spent, on what the first non-empty of its ``bought`` fields names) or ``carried`` (a
    running campaign brought in: its ``xp`` field's ``earned`` and ``spent``, under the source ``carried_over``);
    ``character``: the field naming whose ledger it is.
    """

    type: str
    kind: str = "award"
    character: str = "character"
    amount: str = "amount"
    source: str | None = "source"
    bought: tuple[str, ...] = ("reason",)
    xp: str = "xp"


@dataclass(frozen=True)
class SystemDescriptor:
    """Everything the core needs from one rule system (see the module docstring)."""

    #: The name campaigns store (``campaign.created.system``) and URLs and the CLI use (lower case, words joined by hyphens).
    name: str
    #: The system's name for people.
    title: str
    #: Modules whose import declares (and so registers) the system's payload models.
    payloads: tuple[str, ...]
    #: The system's projections, folded for every campaign of the system after the shared ones.
    folds: tuple[Fold, ...]
    #: Where the sheets keep characters (``journal sheet``, replay, the page).
    sheets: tuple[Sheets, ...]
    #: Upcasters of the system's older payload shapes (journal.events.upcasting), registered with its folds.
    upcasters: tuple[Upcast, ...] = ()
    #: ``module:attribute`` of a dict ``event type -> (data -> one line)``: the system's summary lines.
    summaries: Lazy[Mapping[str, Line]] | None = None
    #: ``module:attribute`` of a dict ``value -> (() -> its display word in the current language)``: the words its
    #: enumerated values (``melee``, ``Heroic``) read as in summaries, the verbs' form options and reports.
    words: Lazy[Mapping[str, Word]] | None = None
    #: ``module:attribute`` of a dict ``event type -> (() -> its label in the current language)``: what the page
    #: and the reports call each of the system's event types (``<system>.hit_rolled`` reads "Hit").
    types: Lazy[Mapping[str, Word]] | None = None
    #: ``module:attribute`` of a dict ``sheet field -> (() -> its label in the current language)``: the names of the
    #: keys of the system's sheets (``heads`` reads "Heads"); the JSON keeps the keys.
    fields: Lazy[Mapping[str, Word]] | None = None
    #: ``module:attribute`` of a dict ``payload key -> (() -> its label in the current language)``: the names of the
    #: keys of the system's event payloads, nested records' too (``base_threshold`` reads "base threshold"), where
    #: they are not its sheets' (``fields``, which the payloads' keys fall back to); a key whose meaning differs in
    #: one event type may be labelled ``<event type>:<key>`` there (its top-level key only).  The audit shows a
    #: payload by them and a payload's refusal names its field by them (journal.service.labels.payload_labels); the
    #: JSON keeps the keys.  None: the payloads are named by ``fields`` and the shared labels alone.
    payload_fields: Lazy[Mapping[str, Word]] | None = None
    #: ``module:function`` ``(states) -> {event id: note}``: what the folds now say of an earlier event
    #: (a success Fate collected reads as a failure), shown beside its line in the log and the replay.
    notes: Lazy[Callable[[States], Mapping[str, str]]] | None = None
    #: ``module:attribute`` of a dict ``event type -> (states, data) -> {field: value}``: the running totals its
    #: summary line shows, read from the states just after the event (journal.service.figures).
    figures: Lazy[Mapping[str, Callable[[States, dict[str, Any]], dict[str, Any]]]] | None = None
    #: ``module:attribute`` of a dict ``figure field -> (value -> text)``: how a figure's value reads in the "at the
    #: table" mark (a Dichotomy ``track`` as its drawing); a field not named reads as ``str`` of its value.
    figure_texts: Lazy[Mapping[str, Callable[[Any], str]]] | None = None
    #: ``module:attribute`` of the system's tally rules (a journal.service.tallies.TallyRules: the service's type,
    #: which this leaf cannot import, so it reads as Any here and is typed where the service loads it).
    tally: Lazy[Any] | None = None
    #: ``module:attribute`` of what its verbs' fields are picked from (a journal.service.choices.Choices; Any here,
    #: like ``tally``).
    choices: Lazy[Any] | None = None
    #: House-rule keys of the system.
    house_rules: tuple[HouseRule, ...] = ()
    #: ``module:attribute`` of the click group of the system's verbs (``journal <name> ...``).
    cli: Lazy[click.Command] | None = None
    #: verb -> ``module:function`` of the service function it calls; the API body and the page's form
    #: are the function's parameters (less the journal, the campaign and the actor).
    verbs: dict[str, str] = field(default_factory=dict)
    #: ``module:attribute`` of a dict ``event type -> (journal, campaign, data, actor) -> None``: how an imported event
    #: of that type is decided again by the verb that records it, with arguments taken from its payload
    #: (journal.service.importing hands it a journal whose ``execute`` decides on the file's campaign as it stands).
    rehearsals: Lazy[Mapping[str, Callable[..., None]]] | None = None
    #: the system's own queries: name -> ``module:function`` ``(journal, campaign, as_of) -> dict`` (``/api/<name>``).
    queries: dict[str, Lazy[Callable[..., dict[str, Any]]]] = field(default_factory=dict)
    #: their CLI commands: name -> ``module:attribute`` of the click command (``journal <name>``).
    cli_queries: dict[str, Lazy[click.Command]] = field(default_factory=dict)
    #: The system's demo campaign, recorded by ``journal demo``.
    demo: Demo | None = None
    #: The standings between pairs of characters the system keeps, if any.
    bonds: Bonds | None = None
    #: What the session report charts (journal.service.reports), in the order it draws them.
    charts: tuple[Chart, ...] = ()
    #: ``module:function`` ``(states) -> {key: name}``: the names of the raw keys (event ids) its sheets are keyed
    #: by, so that a replay's changed fields read ``geasa.<promise>.owed`` rather than an id.
    labels: Lazy[Callable[[States], Mapping[str, str]]] | None = None
    #: ``module:attribute`` of the system's tuple of :class:`Invariant` (checked with the shared ones after an overturn).
    invariants: Lazy[Sequence[Invariant | Precondition]] | None = None
    #: The panels the table page shows for a campaign of the system (``GET /api/panels/<name>``), in order.
    panels: tuple[Panel, ...] = ()
    #: The Master's choices its tally takes beyond bonuses, skips and amounts (``journal tally --<option>``).
    tally_inputs: tuple[TallyInput, ...] = ()
    #: The event types that award (or spend) experience, folded by the shared XP ledger (projections.xp).
    xp: tuple[XpEvent, ...] = ()
    #: A package whose ``locale/<lang>/LC_MESSAGES/<name>.po`` holds the system's own translations, for a system
    #: outside the journal (the built-in ones are in the journal's catalogue): looked up after the journal's.
    locale: str | None = None

    def __post_init__(self) -> None:
        _coerce(self, ("summaries", "words", "types", "fields", "payload_fields", "notes", "tally", "choices", "cli",
                       "rehearsals", "labels", "invariants", "figure_texts"), ("queries", "cli_queries"))

    def references(self) -> list[Lazy[Any]]:
        """Every lazy reference of the descriptor (its charts', bonds' and demo's too): what a test loads."""
        found: list[Lazy[Any]] = [value for f in fields(self) for value in [getattr(self, f.name)]
                                  if isinstance(value, Lazy)]
        found += [*self.queries.values(), *self.cli_queries.values(), *(chart.series for chart in self.charts)]
        found += [self.bonds.table] if self.bonds else []
        return found + ([self.demo.record] if self.demo else [])

    @property
    def package(self) -> str:
        return self.payloads[0].rsplit(".", 1)[0]

    def verb_function(self, verb: str) -> Any:
        """The service function behind ``verb`` (a bare name lives in the package's ``commands``)."""
        reference = self.verbs[verb]
        return load(reference if ":" in reference else f"{self.package}.commands:{reference}")


_REGISTRY: dict[str, SystemDescriptor] = {}
_discovered = False


def register(descriptor: SystemDescriptor) -> SystemDescriptor:
    """Register ``descriptor`` (once per name); return it, so a descriptor module reads ``DESCRIPTOR = register(...)``."""
    known = _REGISTRY.get(descriptor.name)
    if known is not None and known is not descriptor:
        raise ValueError(f"rule system {descriptor.name!r} registered twice")
    _REGISTRY[descriptor.name] = descriptor
    if descriptor.locale is not None:
        from importlib import resources

        from journal.i18n import add_catalogue

        add_catalogue(Path(str(resources.files(descriptor.locale))) / "locale", descriptor.name)
    return descriptor


def unregister(name: str) -> None:
    """Forget a system registered by :func:`register` (for tests that add one)."""
    _REGISTRY.pop(name, None)


#: The entry-point group systems are registered in (pyproject.toml declares the four built-in ones).
GROUP = "campaign_journal.systems"


def _discover() -> None:
    """Register every system of the entry-point group :data:`GROUP`: each entry names a descriptor.

    A source tree that was never installed has no entry points: its folders under journal/systems/ are
    read instead, so that a checkout still runs (``python -m cli.main``) before ``pip install -e .``.
    """
    global _discovered
    if _discovered:
        return
    _discovered = True
    found = list(metadata.entry_points(group=GROUP))
    for entry in found:
        descriptor = entry.load()
        if not isinstance(descriptor, SystemDescriptor):
            raise TypeError(f"entry point {entry.name!r} of {GROUP} names {entry.value}, not a SystemDescriptor")
        if _REGISTRY.get(descriptor.name) is not descriptor:
            register(descriptor)
    if found:
        return
    import journal.systems

    for module in pkgutil.iter_modules(journal.systems.__path__):
        if module.ispkg:
            try:
                importlib.import_module(f"journal.systems.{module.name}.descriptor")
            except ModuleNotFoundError as exc:  # a package without a descriptor is not a rule system
                if exc.name != f"journal.systems.{module.name}.descriptor":
                    raise


def descriptors() -> list[SystemDescriptor]:
    """Every registered rule system, in name order."""
    _discover()
    return [_REGISTRY[name] for name in sorted(_REGISTRY)]


def names() -> list[str]:
    """The names of every registered rule system."""
    return [d.name for d in descriptors()]


def system(name: str) -> SystemDescriptor:
    """The descriptor of ``name``; ValidationFailed naming the known systems otherwise."""
    _discover()
    found = _REGISTRY.get(name)
    if found is None:
        raise ValidationFailed(f"system: '{name}' is not one of {', '.join(names())}")
    return found


def load(reference: str | Lazy[Any]) -> Any:
    """The object a ``module:attribute`` reference names (untyped: prefer the descriptor's ``Lazy.load()``)."""
    return _loaded(reference.reference if isinstance(reference, Lazy) else reference)


def _loaded(reference: str) -> Any:
    module, _, attribute = reference.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


def of_module(module: str) -> SystemDescriptor | None:
    """The system whose folders hold ``module`` (a dotted name), if any."""
    for descriptor in descriptors():
        folds = {fold.module for fold in descriptor.folds}
        if module.startswith(descriptor.package + ".") or module in folds:
            return descriptor
    return None


def word_tables(event_type: str) -> tuple[dict[str, Callable[[], str]], dict[str, Callable[[], str]]]:
    """The field labels (``fields``, then ``payload_fields``) and the ``words`` of the system ``event_type`` belongs
    to (its prefix is the system's name, each ``-`` written ``_``; none for a shared type):
    what a payload's refusal names a field and its values by (journal.events.refusals)."""
    prefix = event_type.split(".", 1)[0]
    descriptor = next((d for d in descriptors() if d.name.replace("-", "_") == prefix), None)
    if descriptor is None:
        return {}, {}
    return ({**(dict(descriptor.fields.load()) if descriptor.fields else {}),
             **(dict(descriptor.payload_fields.load()) if descriptor.payload_fields else {})},
            (dict(descriptor.words.load()) if descriptor.words else {}))

