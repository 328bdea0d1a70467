"""Click's own messages that users of the journal see, marked for extraction into the ``cli`` domain.

Click looks them up itself (cli/language.py routes its lookups to the ``cli`` catalogue); they are listed
here, with click's exact msgids, only so that ``pybabel extract`` puts them in cli.pot and
tests/test_translations.py checks that each has Russian.  Messages for the programmer (a parameter declared
twice and the like) are left out: they stay English.  Update the list when click changes a msgid.
"""

from __future__ import annotations

from journal.i18n import N_


def ngettext(singular: str, plural: str, n: int = 2) -> tuple[str, str]:
    """Mark a plural msgid (Babel extracts ``ngettext(singular, plural, n)``) without translating it."""
    return singular, plural


MESSAGES = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Positional arguments"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("%(prog)s, version %(version)s"),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("Missing command."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Aborted!"),
    N_("required"),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("deprecated"),
    N_("Option {name!r} does not take a value."),
    N_("Value must be an iterable."),
    N_("Choose from:\n\t{choices}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{value!r} is not a valid UUID."),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("{name} {filename!r} is not executable."),
    N_("Could not open file {filename!r}: {message}"),
    N_("Do you want to continue?"),
    N_("Confirm the action without prompting."),
)

PLURAL_MESSAGES = (
    ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    ngettext("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    ngettext("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."),
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
)
