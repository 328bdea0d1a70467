"""The coin game's descriptor; ``DESCRIPTOR`` is registered by the test that uses it (its registration line)."""

from journal.systems.registry import Fold, Sheets, SystemDescriptor

DESCRIPTOR = SystemDescriptor(
    name="coin",
    title="Coin",
    payloads=("coin_system.events",),
    folds=(Fold("coin.sheet", 1, "coin_system.sheet"),),
    sheets=(Sheets("coin.sheet", "characters"),),
    summaries="coin_system.summaries:LINES",
    cli="coin_system.cli:group",
    verbs={"flip": "coin_system.commands:flip"},
)
