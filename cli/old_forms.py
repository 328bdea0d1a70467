"""The command forms of an earlier release, kept for one release: each still works, and says its new form.

A renamed verb or option never breaks a user's command line (or a script written against it) at once: the old form
runs as the new one would, after one translated line on stderr, ``warning: ... is deprecated ...: write ...``.

* :func:`old_positional` keeps a value that was a trailing positional argument before it became an option
  (``... POWER 3`` for ``... POWER --rank 3``): the argument is hidden from the usage line and the help.
* :func:`say_old_form` is the warning itself, for the other kinds of old form (an old option's spelling).
"""

from __future__ import annotations

import functools
import shlex
from collections.abc import Callable
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from cli.output import warning_line
from journal.i18n import CLI

_ = CLI.gettext

F = TypeVar("F", bound=Callable[..., Any])


def say_old_form(old: str, new: str) -> None:
    """One line on stderr: ``old`` (as the user typed it) is deprecated and goes in the next release; ``new`` is
    what to write instead."""
    click.echo(warning_line(_("'{old}' is deprecated and goes in the next release: write '{new}'").format(
        old=old, new=new)), err=True)


class _Hidden(click.Argument):
    """An optional positional argument the usage line and the help never show."""

    def get_usage_pieces(self, ctx: click.Context) -> list[str]:
        return []


def old_positional(*options: str, metavars: tuple[str, ...], before: str | None = None) -> Callable[[F], F]:
    """Accept the values of the options named ``options`` (their Python names: ``rank``) as positional words too, as
    an earlier release took them (``metavars``: how its usage named them), with a warning naming the new form.

    The old words came last, or (``before``) just before the argument of that name, which then takes the last
    word: ``xp bonus C NAME 5 'reason'`` is ``xp bonus C NAME 'reason' --amount 5``.  Put it just under the
    ``@group.command`` decorator.  The options stop being required by click; a command given neither form is
    refused as click would refuse it (``Missing option '--rank'``, exit 2), one given both, with a usage error."""
    hidden = [f"old_{option}" for option in options]

    def decorate(f: F) -> F:
        params: list[click.Parameter] = f.__dict__.setdefault("__click_params__", [])
        new = [next(p for p in params if isinstance(p, click.Option) and p.name == option) for option in options]
        required = [param.required for param in new]
        for param in new:
            param.required = False
        for name, metavar in zip(hidden, metavars, strict=True):
            params.insert(0, _Hidden([name], metavar=metavar, required=False))  # params are reversed: the last ones

        @functools.wraps(f)
        def run(*args: Any, **kwargs: Any) -> Any:
            words = [word for word in (kwargs.pop(name) for name in hidden) if word is not None]
            ctx = click.get_current_context()
            moved = None
            if before is not None and (words or (kwargs.get(options[0]) is None
                                                 and _reads_as(kwargs.get(before), new[0], ctx))):
                moved, words = (words[-1], [kwargs[before], *words[:-1]]) if words else ("", [kwargs[before]])
                kwargs[before] = moved
            for param, word in zip(new, words, strict=False):
                assert param.name is not None
                if ctx.get_parameter_source(param.name) not in (ParameterSource.DEFAULT, None):
                    raise click.UsageError(_("{option} given twice: as {option} and as the last word (its old "
                                             "place)").format(option=param.opts[0]), ctx)
                kwargs[param.name] = param.type.convert(word, param, ctx)
            for param, needed in zip(new, required, strict=True):
                assert param.name is not None
                if needed and kwargs.get(param.name) is None:
                    raise click.MissingParameter(ctx=ctx, param=param)
            if words:
                tail = [shlex.quote(moved)] if moved else []
                options_given = [f"{param.opts[0]} {word}" for param, word in zip(new, words, strict=False)]
                say_old_form(" ".join([ctx.command_path, "…", *words, *tail]),
                             " ".join([ctx.command_path, "…", *tail, *options_given]))
            return f(*args, **kwargs)

        return run  # type: ignore[return-value]  # the same signature, less the hidden arguments

    return decorate


def _reads_as(value: object, param: click.Option, ctx: click.Context) -> bool:
    """Whether ``value`` (what the ``before`` argument got, ``param`` missing) reads as ``param``'s value: the
    earlier form without its last word (``renown C NAME 5``)."""
    if not isinstance(value, str) or not value:
        return False
    try:
        param.type.convert(value, param, ctx)
    except click.BadParameter:
        return False
    return True
