"""Wield («Владетели»): the one descriptor the core reads (journal.systems.registry); its registration line."""

from journal.i18n import N_
from journal.systems.registry import (
            Chart,
            Column,
            Demo,
            Fold,
            HouseRule,
            Lazy,
            Panel,
            Sheets,
            SystemDescriptor,
            Upcast,
            register,
)

#: The demo campaign (its ``record`` and name: journal.systems.wield.demo reads the name here).
DEMO = Demo(Lazy("journal.systems.wield.demo:record"),
            campaign="Демо · Владетели", order=1)

DESCRIPTOR = register(SystemDescriptor(
    name="wield",
    title="Wield",
    payloads=("journal.systems.wield.events",),
    folds=(Fold("wield.sheet", 4, "journal.systems.wield.folds.sheet"), Fold("wield.geis", 3, "journal.systems.wield.folds.geis"),
           Fold("wield.control", 3, "journal.systems.wield.folds.control"), Fold("wield.actions", 3, "journal.systems.wield.folds.actions")),
    sheets=(Sheets("wield.sheet", "heroes", "hero"), Sheets("wield.sheet", "vatcha", "vatcha")),
    upcasters=(Upcast("wield.power_bestowed", 1, "journal.systems.wield.upcasters:bestowed_v1_to_v2"),
               Upcast("wield.failure_collected", 1, "journal.systems.wield.upcasters:collected_v1_to_v2")),
    summaries=Lazy("journal.systems.wield.summaries:LINES"),
    figures=Lazy("journal.systems.wield.figures:READERS"),
    words=Lazy("journal.systems.wield.words:WORDS"),
    choices=Lazy("journal.systems.wield.choices:CHOICES"),
    types=Lazy("journal.systems.wield.words:TYPES"),
    fields=Lazy("journal.systems.wield.words:FIELDS"),
    payload_fields=Lazy("journal.systems.wield.words:PAYLOAD"),
    notes=Lazy("journal.systems.wield.summaries:notes"),
    house_rules=(HouseRule("control_mapping", "pyramid",
                           N_("Control lost for the boxes marked: pyramid = the row of the last box (10 when full); "
                              "linear = one per box"), choices=("pyramid", "linear")),),
    cli=Lazy("journal.systems.wield.cli:group"),
    rehearsals=Lazy("journal.systems.wield.rehearsals:REHEARSALS"),
    verbs={
        "vatcha": "record_vatcha", "hero": "record_hero", "power": "record_power", "condition": "record_condition",
        "lift": "remove_condition", "death": "record_death", "chance": "record_chance",
        "round": "record_combat_round", "risk": "record_control_risk", "reroll": "reroll_control_risk",
        "offer": "offer_geis", "refuse": "refuse_geis", "counter": "counter_geis", "seal": "seal_geis",
        "breach": "breach_geis", "collect": "collect_failure", "carry-over": "carry_over",
    },
    queries={"debts": Lazy("journal.systems.wield.queries:debts"), "control": Lazy("journal.systems.wield.queries:control")},
    cli_queries={"debts": Lazy("journal.systems.wield.cli.queries:debts_command"), "control": Lazy("journal.systems.wield.cli.queries:control_command")},
    demo=DEMO,
    invariants=Lazy("journal.systems.wield.invariants:INVARIANTS"),
    charts=(Chart("debts", N_("Geis debts owed to Fate"), Lazy("journal.systems.wield.charts:debts"), N_("failures")),
            Chart("control", N_("Control: the vatcha's dice against its wielder"), Lazy("journal.systems.wield.charts:control"),
                  N_("dice"))),
    labels=Lazy("journal.systems.wield.charts:labels"),
    panels=(Panel("debts", N_("Geis debts"), "debts", "geasa", (
                Column("hero", N_("hero")), Column("geis", N_("geis"), flag="broken", note=N_("broken")),
                Column("rank", N_("rank"), "number"), Column("owed", N_("owed"), "number"),
                Column("collected", N_("paid"), "number"), Column("vanished", N_("vanished"), "number"))),
            Panel("control", N_("Control"), "control", "standings", (
                Column("vatcha", N_("vatcha")), Column("hero", N_("wielder"), flag="current", note=N_("now")),
                Column("control_lost", N_("lost"), "number"), Column("vatcha_dice/wielder_dice", N_("dice v/w"), "pair"),
                Column("wins.vatcha/wins.wielder", N_("risks won v/w"), "pair")))),
))
