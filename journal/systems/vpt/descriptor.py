"""VPT («ВПТ»): the one descriptor the core reads (journal.systems.registry)."""

from journal.i18n import N_
from journal.systems.registry import Bonds, Chart, Fold, Sheets, SystemDescriptor, Upcast, register

DESCRIPTOR = register(SystemDescriptor(
    name="vpt",
    title="VPT",
    payloads=("journal.systems.vpt.events",),
    folds=(Fold("vpt.sheet", 3, "projections.vpt.sheet"), Fold("vpt.bonds", 3, "projections.vpt.bonds")),
    sheets=(Sheets("vpt.sheet", "characters"),),
    upcasters=(Upcast("vpt.weapon_table_set", 1, "journal.systems.vpt.upcasters:weapon_table_v1_to_v2"),
               Upcast("vpt.wounds_taken", 1, "journal.systems.vpt.upcasters:without_total"),
               Upcast("vpt.relationship_ticked", 1, "journal.systems.vpt.upcasters:without_points"),
               Upcast("vpt.revenge_ticked", 1, "journal.systems.vpt.upcasters:without_points"),
               Upcast("vpt.points_spent", 1, "journal.systems.vpt.upcasters:without_remaining")),
    summaries="journal.systems.vpt.summaries:LINES",
    figures="journal.systems.vpt.figures:READERS",
    words="journal.systems.vpt.words:WORDS",
    choices="journal.systems.vpt.choices:CHOICES",
    types="journal.systems.vpt.words:TYPES",
    fields="journal.systems.vpt.words:FIELDS",
    tally="journal.systems.vpt.tally:RULES",
    cli="cli.vpt:group",
    rehearsals="journal.systems.vpt.rehearsals:REHEARSALS",
    verbs={
        "char": "create_character", "initiative": "roll_initiative", "weapon": "set_weapon",
        "melee": "set_melee_order", "hit": "record_hit", "wound": "record_wounds", "death": "check_death",
        "morale": "check_morale", "tick": "tick_relationship", "revenge": "choose_revenge",
        "revenge-tick": "tick_revenge", "forgive": "renounce_revenge", "status": "gain_status",
        "status-renounce": "renounce_status", "spend": "spend_points", "relationship": "open_relationship",
        "carry-over": "carry_over",
    },
    queries={"bonds": "journal.systems.vpt.queries:bonds"},
    cli_queries={"bonds": "cli.vpt_queries:bonds_command"},
    demo="journal.systems.vpt.demo:record",
    invariants="journal.systems.vpt.invariants:INVARIANTS",
    bonds=Bonds(ticks={"vpt.relationship_ticked": ("relationship", "character", "other"),
                       "vpt.revenge_ticked": ("revenge", "avenger", "target")},
                projection="vpt.bonds", table="projections.vpt.bonds:table"),
    charts=(Chart("relationships", N_("Relationships"), "journal.systems.vpt.charts:relationships", N_("points")),
            Chart("revenge", N_("Revenge (avenger → target)"), "journal.systems.vpt.charts:revenge", N_("points"))),
))
