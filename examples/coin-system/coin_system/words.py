"""The coin game's words: its values, event types, sheet fields and payload keys as people read them (context
``coin``)."""

from journal.i18n import pgettext

WORDS = {
    "heads": lambda: pgettext("coin", "heads"),
    "tails": lambda: pgettext("coin", "tails"),
    "trust": lambda: pgettext("coin", "trust"),
    # the kind of a tally line (coin_system.tally)
    "heads_xp": lambda: pgettext("coin", "heads_xp"),
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
#: The keys of its payloads that are not its sheet's (the audit shows a payload by them).
PAYLOAD = {
    "face": lambda: pgettext("coin payload", "face"),
    "change": lambda: pgettext("coin payload", "change"),
}
