"""The coin game's words: its values, event types and sheet fields as people read them (context ``coin``)."""

from journal.i18n import pgettext

WORDS = {
    "heads": lambda: pgettext("coin", "heads"),
    "tails": lambda: pgettext("coin", "tails"),
    "trust": lambda: pgettext("coin", "trust"),
    # the house rule, as a player names it (journal rules propose --set KEY=VALUE)
    "xp_per_heads": lambda: pgettext("coin", "xp_per_heads"),
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
