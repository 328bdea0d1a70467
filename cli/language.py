"""The CLI in the chosen language: help texts translated when they are shown, and click's own messages.

Help texts are English msgids in the code, marked ``N_("...")`` and never translated at import: the
language is chosen by ``--lang`` (or JOURNAL_LANG, the locale) after the command modules are imported.
:class:`Command` and :class:`Group` store the msgid and translate ``help``, ``short_help``, ``epilog`` and
each parameter's help every time help is shown, in the language of that moment
(journal.i18n.current_language).  Every command of the CLI is one of them: a top-level command names them
in ``cls=``, a group's subcommands inherit them (tests/cli/test_cli_language.py walks the tree).

Click's own messages ("Usage:", "Options", "Error: ...", "No such option ...") are looked up by click
through the stdlib ``gettext.gettext`` of its modules; :func:`speak_click_messages` points those lookups at
the ``cli`` domain, whose Russian catalogue translates them (cli/click_messages.py marks the msgids).
See docs/i18n.md.
"""

from __future__ import annotations

import copy
import gettext as stdlib_gettext
import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import click

from journal.i18n import CLI, JOURNAL, N_

#: click's modules that look their messages up with ``from gettext import gettext as _`` / ``ngettext``.
CLICK_MODULES = ("click.core", "click.exceptions", "click.parser", "click.types", "click.formatting",
                 "click.decorators", "click.termui", "click.utils", "click.shell_completion")
#: The msgid of the help option, kept in the code so that help is translated when shown, not when cached.
HELP_OPTION_HELP = "Show this message and exit."
#: The msgid of ``--lang``'s help (the group's option and every command's own).
LANG_HELP = N_("Language of messages and reports (default: JOURNAL_LANG, then the locale; ru* is Russian).")


def speak(value: str | None) -> None:
    """Speak ``--lang`` ``value``, else JOURNAL_LANG, else the locale's language; ValidationFailed for a bad one."""
    import os

    from journal.i18n import choose_language as chosen
    from journal.i18n import set_language

    set_language(chosen(value, os.environ))


def choose_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """The ``--lang`` callback (eager: before any help or message is printed); a bad language is a usage error.

    Unset, it keeps the language already spoken: the group's parse (cli/main.py) spoke the ``--lang`` found
    anywhere among the arguments (``journal sheet C --lang ru``), else JOURNAL_LANG or the locale."""
    from journal.errors import ValidationFailed

    if value is None:
        return
    try:
        speak(value)
    except ValidationFailed as exc:
        raise click.UsageError(str(exc), ctx) from None


def language_given(args: list[str]) -> str | None:
    """The value of ``--lang`` among ``args`` (before a ``--``), or None."""
    for position, arg in enumerate(args):
        if arg == "--":
            break
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
        if arg == "--lang" and position + 1 < len(args):
            return args[position + 1]
    return None


def _lang_option() -> click.Option:
    """``--lang`` as each command takes it, after its name as well as before (``journal sheet C --lang ru``)."""
    return click.Option(["--lang"], default=None, metavar="en|ru", is_eager=True, expose_value=False,
                        callback=choose_language, help=LANG_HELP)


class SpokenWords:
    """A part of a :class:`HelpText` that lists words a player types: in English ``english``, as the help always
    read (the short words typed at the table); in another language :meth:`spoken`, the words of that language
    which the command takes too (journal.understand).  The help then lists what a player types, never a rules key."""

    def __init__(self, english: str) -> None:
        self.english = english

    def spoken(self) -> str:
        """The words in the current language (not English)."""
        raise NotImplementedError

    def __str__(self) -> str:
        from journal.i18n import current_language

        return self.english if current_language() == "en" else self.spoken()


class ChoiceWords(SpokenWords):
    """The words a verb's field takes: the words of the system's choices for that field (its descriptor's
    ``choices``, journal.service.choices: what the page offers), «спас жизнь», …; or one of its lists of words,
    named as its ``words`` name it (``hit_modifiers``)."""

    def __init__(self, system: str, field: str, english: str, only: tuple[str, ...] = ()) -> None:
        super().__init__(english)
        self.system = system
        #: the field as the choices name it (``tick:items``, ``difficulty``), or a list of its words
        self.field = field
        #: the values of the field named here (all of them when empty): a help text may name one word of a list
        self.only = only

    def spoken(self) -> str:
        from journal.service.choices import choices_of
        from journal.service.summaries import words_of
        from journal.understand import shown

        own = choices_of(self.system)
        listed = own.words[own.fields.get(self.field, self.field)]
        values = [value for value in listed if not self.only or value in self.only]
        return shown(values, words_of(self.system))

    def __repr__(self) -> str:
        return f"ChoiceWords({self.system!r}, {self.field!r}, {self.english!r})"


class SpokenChoice(click.ParamType):
    """One of a few values, typed as the table says it: the value or its word in any of the journal's languages
    (journal.understand, the one reading of the table's words), passed on as the value.  English usage, help and
    refusals read as click.Choice's did (``[attack|grab]``, ``[text|md|html]``); in another language they name the
    words a player types (``[атака|захват]``, ``[текст|md|html]``), a default included (:meth:`spoken`).

    ``values`` and ``words`` are read when the option is parsed or shown (a system registered later counts; the
    words are msgids translated then): a system's own list through :meth:`of_system`, a fixed one through
    :meth:`fixed`."""

    name = "word"

    def __init__(self, values: Callable[[], Sequence[str]], words: Callable[[], Mapping[str, Callable[[], str]]],
                 shown_as: str) -> None:
        self._values = values
        self._words = words
        self.shown_as = shown_as

    @classmethod
    def fixed(cls, words: Mapping[str, Callable[[], str]]) -> SpokenChoice:
        """Choices of the journal's own (``--format``, ``--log-level``): each value with its word."""
        return cls(lambda: tuple(words), lambda: words, "|".join(words))

    @classmethod
    def of_system(cls, system: str, listed: str, *, fields: bool = False) -> SpokenChoice:
        """A list of ``system``'s choices (its ``words``, journal.service.choices: what the page offers);
        ``fields``: the words are the system's field labels (Stone Wheel's pools: «Здоровье»), not its ``words``."""
        from functools import partial

        return cls(partial(_system_values, system, listed), partial(_system_words, system, fields),
                   f"{system}:{listed}")

    def values(self) -> tuple[str, ...]:
        return tuple(self._values())

    def words(self) -> Mapping[str, Callable[[], str]]:
        return self._words()

    def spoken(self, value: str) -> str:
        """``value`` as the reader types it now: itself in English, its word in another language."""
        from journal.i18n import current_language

        words = self.words()
        return value if current_language() == "en" or value not in words else words[value]()

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from journal.i18n import current_language
        from journal.understand import shown, understood

        values = self.values()
        found = understood(value, values, self.words())
        if found is not None:
            return found
        if current_language() == "en":  # click's own refusal, as the option always gave it
            return click.Choice(values).convert(value, param, ctx)
        self.fail(CLI.ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", len(values))
                  .format(value=value, choice=shown(values, self.words()), choices=shown(values, self.words())),
                  param, ctx)

    def get_missing_message(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        """Click's "Choose from:" with the words the reader types, one a line (click's own message, translated)."""
        import click.types

        choose = click.types._("Choose from:\n\t{choices}")  # click's msgid, looked up as click looks it up
        return choose.format(choices=",\n\t".join(self.spoken(value) for value in self.values()))

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:  # click 8.1: no ctx
        listed = "|".join(self.spoken(value) for value in self.values())
        return f"{{{listed}}}" if param.required and param.param_type_name == "argument" else f"[{listed}]"

    def __repr__(self) -> str:
        return f"SpokenChoice({self.shown_as!r})"


def _system_values(system: str, listed: str) -> tuple[str, ...]:
    from journal.service.choices import choices_of

    return tuple(choices_of(system).words[listed])


def _system_words(system: str, fields: bool) -> Mapping[str, Callable[[], str]]:
    from journal.service.summaries import words_of
    from journal.systems import registry

    if fields:
        reference = registry.system(system).fields
        return dict(reference.load()) if reference is not None else {}
    return words_of(system)


class RuleWords(SpokenWords):
    """The house rules a campaign may switch, each as ``KEY=VALUE`` in the words a player types (the registered
    systems' descriptors, journal.service.house_rules.examples): «потеря Контроля=линейно», …"""

    def spoken(self) -> str:
        from journal.service.house_rules import examples
        from journal.understand import shown

        return shown(examples(), {})

    def __repr__(self) -> str:
        return f"RuleWords({self.english!r})"


class HelpText:
    """A help text built of msgids: ``template`` with each ``{name}`` filled by its own translated msgid (or by a
    :class:`SpokenWords`, words a player types in the reader's language)."""

    def __init__(self, template: str, **values: str | HelpText | SpokenWords) -> None:
        self.template = template
        self.values = values

    def __str__(self) -> str:
        return CLI.gettext(self.template).format(**{name: translate(value) for name, value in self.values.items()})

    def __repr__(self) -> str:
        return f"HelpText({self.template!r}, **{self.values!r})"


class WordsOption(click.Option):
    """An option whose help is a :class:`HelpText` (the words a player types, :class:`SpokenWords`): kept as given,
    not cleaned as click cleans a docstring, and read in the reader's language when shown (:func:`shown`)."""

    def __init__(self, *args: Any, help: HelpText | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = help  # type: ignore[assignment]


def translate(message: str | HelpText | SpokenWords | None) -> str | None:
    """A help msgid (or :class:`HelpText`, :class:`SpokenWords`) in the current language; None and "" stay as they are.

    A msgid the ``cli`` catalogue lacks is looked up in the ``journal`` one: a system's descriptor declares some
    of the CLI's help texts (a tally input's ``--<option>``), and its folder's strings are the journal's."""
    if isinstance(message, (HelpText, SpokenWords)):
        return str(message)
    if not message:
        return message
    shown = CLI.gettext(message)
    return JOURNAL.gettext(message) if shown == message else shown


def shown(param: click.Parameter) -> click.Parameter:
    """``param`` as help shows it now: a copy whose help is translated (the parameter itself keeps the msgid), and
    whose default, when its type says how a value is typed in the reader's language (``spoken``: «текст» for
    ``--format``'s ``text``), reads so."""
    message = getattr(param, "help", None)
    spoken = getattr(param.type, "spoken", None)
    if not message and not (spoken and isinstance(param.default, str)):
        return param
    copied = copy.copy(param)
    if message:
        copied.help = translate(message)
    if spoken and isinstance(param.default, str):
        copied.default = spoken(param.default)
    return copied


class Translated:
    """Mixin of a click command: help, short help and epilog are msgids, read in the current language."""

    _help_msgid: str | HelpText | None = None
    _short_help_msgid: str | HelpText | None = None
    _epilog_msgid: str | HelpText | None = None

    @property
    def help(self) -> str | None:
        return translate(self._help_msgid)

    @help.setter
    def help(self, value: str | HelpText | None) -> None:
        self._help_msgid = value

    @property
    def help_msgid(self) -> str | HelpText | None:
        """The help text as written in the code (the msgid)."""
        return self._help_msgid

    @property
    def short_help(self) -> str | None:
        return translate(self._short_help_msgid)

    @short_help.setter
    def short_help(self, value: str | HelpText | None) -> None:
        self._short_help_msgid = value

    @property
    def epilog(self) -> str | None:
        return translate(self._epilog_msgid)

    @epilog.setter
    def epilog(self, value: str | HelpText | None) -> None:
        self._epilog_msgid = value

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        """The command's parameters, ``--lang`` among them (the group's own, or one added before ``--help``)."""
        params: list[click.Parameter] = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if type(param) is click.Argument:  # named in the reader's language (cli/metavars.py)
                param.__class__ = ShownArgument
        if any(p.name == "lang" for p in params):
            return params
        helps = set(ctx.help_option_names)
        at = len(params) - 1 if params and helps & set(getattr(params[-1], "opts", ())) else len(params)
        return [*params[:at], _lang_option(), *params[at:]]

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """The usage line's pieces (``[OPTIONS]``, the arguments, ``COMMAND [ARGS]...``) in the current language."""
        from cli.metavars import shown as metavar

        return [metavar(piece) for piece in super().collect_usage_pieces(ctx)]  # type: ignore[misc]

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option: click.Option | None = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = HELP_OPTION_HELP
        return option

    def format_arguments(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        arguments = [p for p in self.get_params(ctx) if isinstance(p, click.Argument)]
        if any(getattr(argument, "help", None) for argument in arguments):
            with formatter.section(CLI.gettext("Positional arguments")):
                formatter.write_dl([shown(argument).get_help_record(ctx) or ("", "") for argument in arguments])

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from cli.metavars import shown as metavar

        records = [shown(p).get_help_record(ctx) for p in self.get_params(ctx)
                   if not isinstance(p, click.Argument)]
        # an option's value named in the reader's language too (``--set ПРАВИЛО=ЗНАЧЕНИЕ``, ``--weapon ТЕКСТ``)
        options = [(_named(record[0], metavar), record[1]) for record in records if record is not None]
        if options:
            with formatter.section(CLI.gettext("Options")):
                formatter.write_dl(options)
        if isinstance(self, click.Group):  # a group lists its commands after its options (click.Group does)
            self.format_commands(ctx, formatter)


def _named(option: str, metavar: Callable[[str], str]) -> str:
    """An option's help record name (``-w, --weapon TEXT``) with its value's metavar in the reader's language."""
    names, space, value = option.rpartition(" ")
    return f"{names} {metavar(value)}" if space and not value.startswith("-") else option


class ShownArgument(click.Argument):
    """A positional argument named in the reader's language in usage lines and refusals (cli/metavars.py)."""

    def make_metavar(self, ctx: click.Context) -> str:
        from cli.metavars import shown as metavar

        return metavar(super().make_metavar(ctx))

    def get_error_hint(self, ctx: click.Context | None) -> str:
        from cli.metavars import shown as metavar

        return metavar(super().get_error_hint(ctx))


class Command(Translated, click.Command):
    """A click command whose help is shown in the current language."""


class Group(Translated, click.Group):
    """A click group whose help is shown in the current language; its commands and subgroups are of its kind."""

    command_class = Command
    group_class = type

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        """The command ``args`` name; a mistyped one is refused with click's "Did you mean" over every command the
        group lists (click offers only those already loaded: the journal's load when first named)."""
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as exc:
            if exc.possibilities:
                raise
            raise click.exceptions.NoSuchCommand(exc.command_name, possibilities=self.list_commands(ctx),
                                                 ctx=ctx) from None


def _gettext(message: str) -> str:
    return CLI.gettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return CLI.ngettext(singular, plural, n)


#: click's number types, named in its refusals (``'x' is not a valid integer range``): their names as msgids.
CLICK_TYPE_NAMES = {"IntParamType": N_("integer"), "IntRange": N_("integer range"), "FloatParamType": N_("float"),
                    "FloatRange": N_("float range")}


def _type_name(msgid: str) -> property:
    return property(lambda self: CLI.gettext(msgid))


def speak_click_messages() -> None:
    """Let click's own messages speak the current language: its modules look them up in the ``cli`` domain, and
    its number types say their names (:data:`CLICK_TYPE_NAMES`) in it."""
    import click.types

    for cls, msgid in CLICK_TYPE_NAMES.items():
        kind = getattr(click.types, cls)
        if not isinstance(kind.__dict__.get("name"), property):
            kind.name = _type_name(msgid)
    for name in CLICK_MODULES:
        module: Any = importlib.import_module(name)
        if getattr(module, "_", None) is stdlib_gettext.gettext:
            module._ = _gettext
        if getattr(module, "ngettext", None) is stdlib_gettext.ngettext:
            module.ngettext = _ngettext
