"""Dichotomy («Дихотомия»): the one descriptor the core reads (journal.systems.registry)."""

from journal.i18n import N_
from journal.systems.registry import (
            Chart,
            Demo,
            Fold,
            Lazy,
            Sheets,
            SystemDescriptor,
            TallyInput,
            Upcast,
            XpEvent,
            register,
)

#: The demo campaign (its ``record`` and name: journal.systems.dichotomy.demo reads the name here).
DEMO = Demo(Lazy("journal.systems.dichotomy.demo:record"),
            campaign="Демо · Дихотомия", order=3)

DESCRIPTOR = register(SystemDescriptor(
    name="dichotomy",
    title="Dichotomy",
    payloads=("journal.systems.dichotomy.events",),
    folds=(Fold("dichotomy.sheet", 3, "journal.systems.dichotomy.folds.sheet"),),
    sheets=(Sheets("dichotomy.sheet", "characters"),),
    upcasters=(Upcast("dichotomy.damage_applied", 1, "journal.systems.dichotomy.upcasters:damage_v1_to_v2"),
               Upcast("dichotomy.hits_recovered", 1, "journal.systems.dichotomy.upcasters:without_track"),
               Upcast("dichotomy.injury_healed", 1, "journal.systems.dichotomy.upcasters:without_track")),
    summaries=Lazy("journal.systems.dichotomy.summaries:LINES"),
    figures=Lazy("journal.systems.dichotomy.figures:READERS"),
    figure_texts=Lazy("journal.systems.dichotomy.figures:TEXTS"),
    words=Lazy("journal.systems.dichotomy.words:WORDS"),
    choices=Lazy("journal.systems.dichotomy.choices:CHOICES"),
    types=Lazy("journal.systems.dichotomy.words:TYPES"),
    fields=Lazy("journal.systems.dichotomy.words:FIELDS"),
    payload_fields=Lazy("journal.systems.dichotomy.words:PAYLOAD"),
    tally=Lazy("journal.systems.dichotomy.tally:RULES"),
    cli=Lazy("journal.systems.dichotomy.cli:group"),
    rehearsals=Lazy("journal.systems.dichotomy.rehearsals:REHEARSALS"),
    verbs={
        "new": "create_character", "check": "record_check", "ability": "gain_ability",
        "adventure-start": "start_adventure", "adventure-end": "end_adventure", "motive": "record_motive",
        "new-motive": "choose_motive", "swap": "swap_motive", "renown": "record_renown", "damage": "apply_damage",
        "dive": "take_dive", "fight-end": "end_fight", "recover": "recover_hits", "heal": "heal_injury",
        "wealth": "change_wealth", "spend": "spend_xp", "pack": "pack_equipment",
        "carry-over": "carry_over",
    },
    demo=DEMO,
    invariants=Lazy("journal.systems.dichotomy.invariants:INVARIANTS"),
    charts=(Chart("xp", N_("XP balance"), Lazy("journal.systems.dichotomy.charts:xp"), N_("XP")),
            Chart("health", N_("Health track: circles marked"), Lazy("journal.systems.dichotomy.charts:health"), N_("circles"))),
    xp=(XpEvent("dichotomy.xp_awarded"), XpEvent("dichotomy.xp_spent", "spend", bought=("connection", "reason")),
        XpEvent("dichotomy.carried_over", "carried")),
    tally_inputs=(TallyInput("motives", "motive", "motive", "outcome", ("fulfilled", "betrayed"),
                             title=N_("motive outcomes"), rule=N_("tally: motives"),
                             help=N_("A motive fulfilled or betrayed in the adventure that ended (repeatable)."),
                             label=N_("outcome"), none=N_("no outcome")),),
))
