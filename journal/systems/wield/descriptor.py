"""Wield («Владетели»): the one descriptor the core reads (journal.systems.registry); its registration line."""

from journal.i18n import N_
from journal.systems.registry import Chart, Fold, HouseRule, Sheets, SystemDescriptor, register

DESCRIPTOR = register(SystemDescriptor(
    name="wield",
    title="Wield",
    payloads=("journal.systems.wield.events",),
    folds=(Fold("wield.sheet", 3, "journal.systems.wield.folds.sheet"), Fold("wield.geis", 3, "journal.systems.wield.folds.geis"),
           Fold("wield.control", 3, "journal.systems.wield.folds.control"), Fold("wield.actions", 3, "journal.systems.wield.folds.actions")),
    sheets=(Sheets("wield.sheet", "heroes", "hero"), Sheets("wield.sheet", "vatcha", "vatcha")),
    summaries="journal.systems.wield.summaries:LINES",
    words="journal.systems.wield.words:WORDS",
    choices="journal.systems.wield.choices:CHOICES",
    types="journal.systems.wield.words:TYPES",
    fields="journal.systems.wield.words:FIELDS",
    notes="journal.systems.wield.summaries:notes",
    house_rules=(HouseRule("control_mapping", "pyramid",
                           "Control lost for the boxes marked: pyramid = the row of the last box (10 when full); "
                           "linear = one per box", choices=("pyramid", "linear")),),
    cli="journal.systems.wield.cli:group",
    rehearsals="journal.systems.wield.rehearsals:REHEARSALS",
    verbs={
        "vatcha": "record_vatcha", "hero": "record_hero", "power": "record_power", "condition": "record_condition",
        "lift": "remove_condition", "death": "record_death", "chance": "record_chance",
        "round": "record_combat_round", "risk": "record_control_risk", "reroll": "reroll_control_risk",
        "offer": "offer_geis", "refuse": "refuse_geis", "counter": "counter_geis", "seal": "seal_geis",
        "breach": "breach_geis", "collect": "collect_failure", "carry-over": "carry_over",
    },
    queries={"debts": "journal.systems.wield.queries:debts", "control": "journal.systems.wield.queries:control"},
    cli_queries={"debts": "journal.systems.wield.cli.queries:debts_command", "control": "journal.systems.wield.cli.queries:control_command"},
    demo="journal.systems.wield.demo:record",
    invariants="journal.systems.wield.invariants:INVARIANTS",
    charts=(Chart("debts", N_("Geis debts owed to Fate"), "journal.systems.wield.charts:debts", N_("failures")),
            Chart("control", N_("Control: the vatcha's dice against its wielder"), "journal.systems.wield.charts:control",
                  N_("dice"))),
    labels="journal.systems.wield.charts:labels",
))
