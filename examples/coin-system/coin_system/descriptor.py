"""The coin game's descriptor: everything the journal needs from it, named by the entry point in pyproject.toml."""

from journal.i18n import N_
from journal.systems.registry import (
    Bonds,
    Chart,
    Column,
    Demo,
    Fold,
    HouseRule,
    Lazy,
    Panel,
    Sheets,
    SystemDescriptor,
    XpEvent,
    register,
)

#: The demo campaign (its ``record`` and name: coin_system.demo reads the name here), fifth in the demo's order.
DEMO = Demo(Lazy("coin_system.demo:record"), campaign="Демо · Монетка", order=5)

DESCRIPTOR = register(SystemDescriptor(
    name="coin",
    title="Coin",
    payloads=("coin_system.events",),
    folds=(Fold("coin.sheet", 1, "coin_system.sheet"), Fold("coin.trust", 1, "coin_system.trust")),
    sheets=(Sheets("coin.sheet", "characters"),),
    summaries=Lazy("coin_system.summaries:LINES"),
    words=Lazy("coin_system.words:WORDS"),
    types=Lazy("coin_system.words:TYPES"),
    fields=Lazy("coin_system.words:FIELDS"),
    payload_fields=Lazy("coin_system.words:PAYLOAD"),
    tally=Lazy("coin_system.tally:RULES"),
    house_rules=(HouseRule("xp_per_heads", 1, N_("XP the tally awards for each heads of a session"), low=0, high=10),),
    cli=Lazy("coin_system.cli:group"),
    verbs={"flip": "coin_system.commands:flip", "trust": "coin_system.commands:trust"},
    rehearsals=Lazy("coin_system.rehearsals:REHEARSALS"),
    queries={"coins": Lazy("coin_system.queries:coins")},
    cli_queries={"coins": Lazy("coin_system.cli:coins_command")},
    demo=DEMO,
    bonds=Bonds(ticks={"coin.trust_changed": ("trust", "character", "other")}, projection="coin.trust",
                table=Lazy("coin_system.trust:table")),
    charts=(Chart("heads", N_("Heads flipped"), Lazy("coin_system.charts:heads"), N_("heads")),),
    invariants=Lazy("coin_system.invariants:INVARIANTS"),
    panels=(Panel("coins", N_("Heads and tails"), "coins", "coins", (
        Column("character", N_("character")), Column("heads", N_("heads"), "number"),
        Column("tails", N_("tails"), "number"))),),
    xp=(XpEvent("coin.xp_awarded"),),
    locale="coin_system",
))
