"""Wield («Владетели»): the one descriptor the core reads (journal.systems.registry); its registration line."""

from journal.i18n import N_
from journal.systems.registry import Chart, Fold, HouseRule, Sheets, SystemDescriptor, Upcast, register

DESCRIPTOR = register(SystemDescriptor(
    name="wield",
    title="Wield",
    payloads=("journal.systems.wield.events",),
    folds=(Fold("wield.sheet", 3, "projections.wield.sheet"), Fold("wield.geis", 3, "projections.wield.geis"),
           Fold("wield.control", 3, "projections.wield.control"), Fold("wield.actions", 3, "projections.wield.actions")),
    sheets=(Sheets("wield.sheet", "heroes", "hero"), Sheets("wield.sheet", "vatcha", "vatcha")),
    upcasters=(Upcast("wield.power_bestowed", 1, "journal.systems.wield.upcasters:bestowed_v1_to_v2"),
               Upcast("wield.failure_collected", 1, "journal.systems.wield.upcasters:collected_v1_to_v2")),
    summaries="journal.systems.wield.summaries:LINES",
    figures="journal.systems.wield.figures:READERS",
    words="journal.systems.wield.words:WORDS",
    choices="journal.systems.wield.choices:CHOICES",
    types="journal.systems.wield.words:TYPES",
    fields="journal.systems.wield.words:FIELDS",
    notes="journal.systems.wield.summaries:notes",
    house_rules=(HouseRule("control_mapping", "pyramid",
                           "Control lost for the boxes marked: pyramid = the row of the last box (10 when full); "
                           "linear = one per box", choices=("pyramid", "linear")),),
    cli="cli.wield:group",
    rehearsals="journal.systems.wield.rehearsals:REHEARSALS",
    verbs={
        "vatcha": "record_vatcha", "hero": "record_hero", "power": "record_power", "condition": "record_condition",
        "lift": "remove_condition", "death": "record_death", "chance": "record_chance",
        "round": "record_combat_round", "risk": "record_control_risk", "reroll": "reroll_control_risk",
        "offer": "offer_geis", "refuse": "refuse_geis", "counter": "counter_geis", "seal": "seal_geis",
        "breach": "breach_geis", "collect": "collect_failure", "carry-over": "carry_over",
    },
    queries={"debts": "journal.systems.wield.queries:debts", "control": "journal.systems.wield.queries:control"},
    cli_queries={"debts": "cli.wield_queries:debts_command", "control": "cli.wield_queries:control_command"},
    demo="journal.systems.wield.demo:record",
    invariants="journal.systems.wield.invariants:INVARIANTS",
    charts=(Chart("debts", N_("Geis debts owed to Fate"), "journal.systems.wield.charts:debts", N_("failures")),
            Chart("control", N_("Control: the vatcha's dice against its wielder"), "journal.systems.wield.charts:control",
                  N_("dice"))),
    labels="journal.systems.wield.charts:labels",
))
