"""The coin game's summary lines, in the reader's language."""

from coin_system.words import WORDS
from journal.i18n import _
from journal.service.summaries import word

LINES = {
    "coin.flipped": lambda d: _("{character} flips {face}").format(character=d["character"], face=word(WORDS, d["face"])),
    "coin.trust_changed": lambda d: _("{character} trusts {other} {change:+d}").format(**d),
    "coin.xp_awarded": lambda d: _("{character} earns {amount} XP for heads").format(**d),
}
