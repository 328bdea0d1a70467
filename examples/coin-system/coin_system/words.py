"""The coin game's words: its values, event types and sheet fields as people read them (context ``coin``)."""

from journal.i18n import pgettext

WORDS = {
    "heads": lambda: pgettext("coin", "heads"),
    "tails": lambda: pgettext("coin", "tails"),
    "trust": lambda: pgettext("coin", "trust"),
}
TYPES = {
    "coin.flipped": lambda: pgettext("coin event", "Coin flipped"),
    "coin.trust_changed": lambda: pgettext("coin event", "Trust"),
    "coin.xp_awarded": lambda: pgettext("coin event", "XP for heads"),
}
FIELDS = {
    "heads": lambda: pgettext("coin sheet", "heads"),
    "tails": lambda: pgettext("coin sheet", "tails"),
}
