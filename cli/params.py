"""The CLI's parameter types: every number range-checked where click parses it, negative numbers as arguments.

* :data:`POSITIVE` (versions, session numbers, minutes), :data:`COUNT` and :data:`NUMBER` (signed:
  bonuses, modifiers, amounts) are click ranges, so that a value past them is refused naming the option
  or argument (exit 2) before it reaches the service, a payload or the database.  :data:`MAX_INT` is the
  journal's one bound (journal.events.numbers): the range of the store's integer columns (``version``,
  ``session``) on PostgreSQL and of every number a payload carries.
* :data:`EVENT` and :data:`POINT` are the text arguments that may be a version: a version past
  :data:`MAX_INT`, or digits that are not ASCII digits, is refused the same way.
* :func:`allow_negative_numbers` is the one place that lets ``journal roll C -1`` and a verb's
  ``... club -7 4`` read ``-1`` and ``-7`` as arguments: click would take them for
  options.  It applies to the commands with a numeric positional argument (or :data:`SIGNED_TEXT`),
  where an unknown option is then read as an argument, and to no other.
"""

from __future__ import annotations

from typing import Any

import click

from cli.language import Command, Group, HelpText, SpokenChoice
from journal.events.numbers import MAX_INT
from journal.i18n import CLI, N_

POSITIVE = click.IntRange(1, MAX_INT)
COUNT = click.IntRange(0, MAX_INT)
NUMBER = click.IntRange(-MAX_INT, MAX_INT)


class SignedText(click.ParamType):
    """Text that may begin with '-' followed by a digit (dice notation such as ``-1`` or ``-2+1d6``)."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return value


SIGNED_TEXT = SignedText()


class VersionOrText(click.ParamType):
    """A version number (1..MAX_INT, ASCII digits) or any other text, passed on as text."""

    def __init__(self, name: str) -> None:
        self.name = name

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        text = str(value).strip()
        if text.isdigit() and not (text.isascii() and 1 <= int(text) <= MAX_INT):
            from journal.i18n import CLI

            self.fail(CLI.gettext("{value} is not a version (1..{largest})").format(value=repr(value), largest=MAX_INT),
                      param, ctx)
        return value


class EventRef(VersionOrText):
    """An event, named the one way every command takes: its number (``12``, «№12», "#12", ``v12``), an id or a unique
    id prefix.

    It is passed on as text (``№12`` as ``12``, journal.understand.event_number) and resolved by one function,
    journal.service.disputes.resolve_event (a prefix two ids share is refused listing them): :func:`event_id`.
    """

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from journal.understand import event_number

        text = str(value).strip()
        return super().convert(event_number(text) or text, param, ctx)


#: An event: a version (``12``, ``v12``), an event id or a unique id prefix.
EVENT = EventRef("event")
class PointRef(VersionOrText):
    """A point of the timeline: a version (``13``, ``v13``), an event id, before:ID, session:K[:start], an ISO time,
    or a session's start or end as the page names it («начало сессии 1», «конец сессии 1», "start of session 1"),
    «до №12» (before:12) or «сейчас» (head)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from journal.service.naming import spoken_point

        return super().convert(spoken_point(str(value)), param, ctx)

    def spoken(self, value: str) -> str:
        """``value`` as the reader types it now: ``head`` (a default: now) in the reader's language."""
        return CLI.pgettext("point", "head") if value == "head" else value


#: A point of the timeline: a version, an event id, before:ID, session:K[:start], an ISO time or «начало сессии K».
POINT = PointRef("point")


#: The forms a report is written in: text for the terminal, a Markdown or an HTML file.
FORMAT = SpokenChoice.fixed({"text": lambda: CLI.pgettext("format", "text"), "md": lambda: CLI.pgettext("format", "md"),
                       "html": lambda: CLI.pgettext("format", "html")})


def _numeric(kind: click.ParamType) -> bool:
    return isinstance(kind, (click.types.IntParamType, click.types.FloatParamType, SignedText))


def allow_negative_numbers(command: click.Command) -> click.Command:
    """Let ``-7`` be an argument of every command (in ``command``'s tree) that takes a numeric argument."""
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            allow_negative_numbers(sub)
    elif any(isinstance(param, click.Argument) and _numeric(param.type) for param in command.params):
        command.context_settings.setdefault("ignore_unknown_options", True)
    return command


def event_id(journal: Any, campaign: str, ref: str) -> str:
    """The id of the event of ``campaign`` that ``ref`` (an :data:`EVENT`) names; NotFound or ambiguous otherwise."""
    from journal.service.disputes import resolve_event

    return resolve_event(journal, campaign, ref).id


class Name(click.ParamType):
    """A stored name typed at the table: a campaign, a member or a character, checked by :class:`TableCommand`.

    A name that is not stored but close to one (another case, a typo) is refused with "did you mean"
    (journal.service.names_lookup): an append-only record should not guess whom a roll belongs to.
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.name = kind

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return value


CAMPAIGN = Name("campaign")
MEMBER = Name("member")
CHARACTER = Name("character")


def _app(ctx: click.Context) -> Any:
    from cli.main import AppContext

    return ctx.find_object(AppContext)


def _campaign_argument(command: click.Command) -> click.Argument | None:
    """The command's CAMPAIGN argument when it is its first argument and required (the one ``use`` may supply)."""
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    if arguments and arguments[0].type is CAMPAIGN and arguments[0].required:
        return arguments[0]
    return None


def _given_campaign(command: click.Command, ctx: click.Context, args: list[str]) -> str | None:
    """The word in CAMPAIGN's place of ``args`` (the first positional word), or None when there is none.

    click's parser files positional words under their arguments' names (not in its list of leftovers), so the word
    is read from there.
    """
    argument = _campaign_argument(command)
    if argument is None or argument.name is None:
        return None
    parser = command.make_parser(ctx)
    try:
        opts, _leftover, _order = parser.parse_args(args=list(args))
    except click.UsageError:
        return None
    value = opts.get(argument.name)
    return value if isinstance(value, str) else None


def with_remembered_campaign(command: click.Command, ctx: click.Context, args: list[str]) -> list[str]:
    """``args`` with the campaign ``journal use`` remembered put first, when the command's CAMPAIGN was left out.

    CAMPAIGN counts as given when the first positional word is a stored campaign or close to one (a typo is
    then refused with "did you mean", never taken for a character's name).
    """
    app = _app(ctx)
    if app is None or app.campaign is None or _campaign_argument(command) is None or ctx.resilient_parsing:
        return args
    if any(arg in ("-h", "--help") for arg in args):
        return args
    first = _given_campaign(command, ctx, args)
    if first is not None:
        from journal.service.names_lookup import suggestions

        journal = app.journal()
        if journal.store.exists(first) or suggestions(first, journal.store.campaigns()):
            return args
    return [app.campaign, *args]


def check_names(ctx: click.Context) -> None:
    """Refuse a campaign, member or character name that is not stored but close to one (did you mean)."""
    app = _app(ctx)
    if app is None:
        return
    from journal.service.names_lookup import refuse_unknown

    names = [(p.type.kind, ctx.params.get(p.name or "")) for p in ctx.command.params if isinstance(p.type, Name)]
    campaign = next((value for kind, value in names if kind == "campaign" and value), None)
    if campaign is not None:
        refuse_unknown(app.journal(), "campaign", campaign)
        if not app.journal().store.exists(campaign):
            return  # the service refuses it with its own line
        if app.actor is not None:
            refuse_unknown(app.journal(), "member", app.actor, campaign)
    for kind, value in names:
        if kind != "campaign" and value and campaign is not None:
            for one in value if isinstance(value, (list, tuple)) else [value]:
                refuse_unknown(app.journal(), kind, one, campaign)  # type: ignore[arg-type]


class TableCommand(Command):
    """A command typed at the table: CAMPAIGN may be left out after ``journal use``; names get "did you mean"."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, with_remembered_campaign(self, ctx, args))

    def invoke(self, ctx: click.Context) -> Any:
        check_names(ctx)
        return super().invoke(ctx)


class TableGroup(Group):
    """A group whose commands (and subgroups) are :class:`TableCommand` s."""

    command_class = TableCommand
    group_class = type


class _Characters(TableGroup):
    """``character``: a word that is not one of its verbs means ``new`` (an old ``<system> character C ...`` line)."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["new", *args]
        return super().resolve_command(ctx, args)


def character_group(system: click.Group, create: click.Command, words: str) -> click.Group:
    """``<system> character new``: the one verb that creates a character; ``create``'s old name stays, hidden.

    ``words`` is the system's own word for what ``new`` makes, shown in the help (a msgid, marked ``N_``).
    """
    import copy

    characters = _Characters("character", help=HelpText(N_("Characters of the campaign: 'new' creates one ({words})."),
                                                        words=words))
    new = copy.copy(create)
    new.name = "new"
    create_help = create.help_msgid if isinstance(create, Command) else create.help
    new.help = (HelpText(N_("Create a character ({words}). {help}"), words=words, help=create_help)  # type: ignore[assignment]
                if create_help else HelpText(N_("Create a character ({words})."), words=words))
    characters.add_command(new)
    system.add_command(characters)
    create.hidden = True
    return characters
