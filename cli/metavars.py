"""The names of the CLI's positional arguments in its usage lines and click's refusals, in the reader's language.

Click names an argument by its metavar (``CAMPAIGN``; ``[OPTIONS]`` and ``COMMAND [ARGS]...`` for every command
and group).  :func:`shown` reads each upper-case word of one through :data:`METAVARS` (a whole metavar first:
Dichotomy's ``F,P,M,S,N,T``, the words of a motive's outcome), so ``journal sheet`` is ``journal sheet
[ПАРАМЕТРЫ] КАМПАНИЯ ПЕРСОНАЖ`` in Russian and ``Не хватает аргумента «КАМПАНИЯ»``.  Lower-case words (a choice's values, typed as they are) stay.
cli/language.py applies it; tests/cli/test_cli_language.py fails on an argument whose words are not here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from journal.i18n import CLI

#: Each upper-case word of a metavar (or a whole metavar) -> its word now (``pgettext("metavar", ...)``).
METAVARS: dict[str, Callable[[], str]] = {
    "OPTIONS": lambda: CLI.pgettext("metavar", "OPTIONS"),
    "COMMAND": lambda: CLI.pgettext("metavar", "COMMAND"),
    "ARGS": lambda: CLI.pgettext("metavar", "ARGS"),
    "ABILITY": lambda: CLI.pgettext("metavar", "ABILITY"),
    "AMOUNT": lambda: CLI.pgettext("metavar", "AMOUNT"),
    "ATTACKER": lambda: CLI.pgettext("metavar", "ATTACKER"),
    "ATTR1": lambda: CLI.pgettext("metavar", "ATTR1"),
    "ATTR2": lambda: CLI.pgettext("metavar", "ATTR2"),
    "AVENGER": lambda: CLI.pgettext("metavar", "AVENGER"),
    "BACKGROUND": lambda: CLI.pgettext("metavar", "BACKGROUND"),
    "CAMPAIGN": lambda: CLI.pgettext("metavar", "CAMPAIGN"),
    "CAUSE": lambda: CLI.pgettext("metavar", "CAUSE"),
    "CHALLENGER": lambda: CLI.pgettext("metavar", "CHALLENGER"),
    "CHARACTER": lambda: CLI.pgettext("metavar", "CHARACTER"),
    "CHECK": lambda: CLI.pgettext("metavar", "CHECK"),
    "CONDITION": lambda: CLI.pgettext("metavar", "CONDITION"),
    "CONNECTION": lambda: CLI.pgettext("metavar", "CONNECTION"),
    "COST": lambda: CLI.pgettext("metavar", "COST"),
    "DAMAGE": lambda: CLI.pgettext("metavar", "DAMAGE"),
    "DECLARED": lambda: CLI.pgettext("metavar", "DECLARED"),
    "DEMAND": lambda: CLI.pgettext("metavar", "DEMAND"),
    "DESTINY": lambda: CLI.pgettext("metavar", "DESTINY"),
    "DIFFICULTY": lambda: CLI.pgettext("metavar", "DIFFICULTY"),
    "DISPUTE": lambda: CLI.pgettext("metavar", "DISPUTE"),
    "EFFECT": lambda: CLI.pgettext("metavar", "EFFECT"),
    "EVENT": lambda: CLI.pgettext("metavar", "EVENT"),
    "F,P,M,S,N,T": lambda: CLI.pgettext("metavar", "F,P,M,S,N,T"),
    "fulfilled|betrayed": lambda: CLI.pgettext("metavar", "fulfilled|betrayed"),
    "FILE": lambda: CLI.pgettext("metavar", "FILE"),
    "HERO": lambda: CLI.pgettext("metavar", "HERO"),
    "HOW": lambda: CLI.pgettext("metavar", "HOW"),
    "ITEM": lambda: CLI.pgettext("metavar", "ITEM"),
    "ITEMS": lambda: CLI.pgettext("metavar", "ITEMS"),
    "LEVEL": lambda: CLI.pgettext("metavar", "LEVEL"),
    "MOTIVE": lambda: CLI.pgettext("metavar", "MOTIVE"),
    "N": lambda: CLI.pgettext("metavar", "N"),
    "NAME": lambda: CLI.pgettext("metavar", "NAME"),
    "WEAPON": lambda: CLI.pgettext("metavar", "WEAPON"),
    "ENGAGED": lambda: CLI.pgettext("metavar", "ENGAGED"),
    "NEW": lambda: CLI.pgettext("metavar", "NEW"),
    "NOTATION": lambda: CLI.pgettext("metavar", "NOTATION"),
    "OLD": lambda: CLI.pgettext("metavar", "OLD"),
    "OTHER": lambda: CLI.pgettext("metavar", "OTHER"),
    "PLAYER": lambda: CLI.pgettext("metavar", "PLAYER"),
    "POOL": lambda: CLI.pgettext("metavar", "POOL"),
    "POWER": lambda: CLI.pgettext("metavar", "POWER"),
    "PROMISE": lambda: CLI.pgettext("metavar", "PROMISE"),
    "PROPOSAL": lambda: CLI.pgettext("metavar", "PROPOSAL"),
    "RANK": lambda: CLI.pgettext("metavar", "RANK"),
    "REASON": lambda: CLI.pgettext("metavar", "REASON"),
    "SIDE": lambda: CLI.pgettext("metavar", "SIDE"),
    "INITIATIVE": lambda: CLI.pgettext("metavar", "INITIATIVE"),
    "STATUS": lambda: CLI.pgettext("metavar", "STATUS"),
    "SUCCESS": lambda: CLI.pgettext("metavar", "SUCCESS"),
    "TARGET": lambda: CLI.pgettext("metavar", "TARGET"),
    "TASK": lambda: CLI.pgettext("metavar", "TASK"),
    "THRESHOLD": lambda: CLI.pgettext("metavar", "THRESHOLD"),
    "TOKEN_ID": lambda: CLI.pgettext("metavar", "TOKEN_ID"),
    "VATCHA": lambda: CLI.pgettext("metavar", "VATCHA"),
    "WI": lambda: CLI.pgettext("metavar", "WI"),
    "DEFENDER": lambda: CLI.pgettext("metavar", "DEFENDER"),
    "NOTE": lambda: CLI.pgettext("metavar", "NOTE"),
    "TIED": lambda: CLI.pgettext("metavar", "TIED"),
    "TITLE": lambda: CLI.pgettext("metavar", "TITLE"),
    # the values of options (``--as-of POINT``, ``--set KEY=VALUE``, click's TEXT)
    "CHAR": lambda: CLI.pgettext("metavar", "CHAR"),
    "D": lambda: CLI.pgettext("metavar", "D"),
    "DIRECTORY": lambda: CLI.pgettext("metavar", "DIRECTORY"),
    "DURATION": lambda: CLI.pgettext("metavar", "DURATION"),
    "HEX": lambda: CLI.pgettext("metavar", "HEX"),
    "IPS": lambda: CLI.pgettext("metavar", "IPS"),
    "KEY": lambda: CLI.pgettext("metavar", "KEY"),
    "LINE": lambda: CLI.pgettext("metavar", "LINE"),
    "OUTCOME": lambda: CLI.pgettext("metavar", "OUTCOME"),
    "POINT": lambda: CLI.pgettext("metavar", "POINT"),
    "SCHOOL": lambda: CLI.pgettext("metavar", "SCHOOL"),
    "TEXT": lambda: CLI.pgettext("metavar", "TEXT"),
    "URL": lambda: CLI.pgettext("metavar", "URL"),
    "VALUE": lambda: CLI.pgettext("metavar", "VALUE"),
    "WHOM": lambda: CLI.pgettext("metavar", "WHOM"),
}
_WORD = re.compile(r"[A-Z][A-Z0-9_]*")


def shown(metavar: str) -> str:
    """``metavar`` in the current language: the whole of it if named, else each upper-case word that is."""
    whole = METAVARS.get(metavar.strip("[].{}"))
    if whole is not None:
        return metavar.replace(metavar.strip("[].{}"), whole())
    return _WORD.sub(lambda match: METAVARS[match[0]]() if match[0] in METAVARS else match[0], metavar)
