"""VPT («ВПТ»): the one descriptor the core reads (journal.systems.registry)."""

from journal.i18n import N_
from journal.systems.registry import (
            Bonds,
            Chart,
            Column,
            Demo,
            Fold,
            Lazy,
            Panel,
            Sheets,
            SystemDescriptor,
            Upcast,
            register,
)

#: The demo campaign (its ``record`` and name: journal.systems.vpt.demo reads the name here).
DEMO = Demo(Lazy("journal.systems.vpt.demo:record"),
            campaign="Демо · ВПТ", order=4)

DESCRIPTOR = register(SystemDescriptor(
    name="vpt",
    title="VPT",
    payloads=("journal.systems.vpt.events",),
    folds=(Fold("vpt.sheet", 3, "journal.systems.vpt.folds.sheet"), Fold("vpt.bonds", 3, "journal.systems.vpt.folds.bonds")),
    sheets=(Sheets("vpt.sheet", "characters"),),
    upcasters=(Upcast("vpt.weapon_table_set", 1, "journal.systems.vpt.upcasters:weapon_table_v1_to_v2"),
               Upcast("vpt.wounds_taken", 1, "journal.systems.vpt.upcasters:without_total"),
               Upcast("vpt.relationship_ticked", 1, "journal.systems.vpt.upcasters:without_points"),
               Upcast("vpt.revenge_ticked", 1, "journal.systems.vpt.upcasters:without_points"),
               Upcast("vpt.revenge_renounced", 1, "journal.systems.vpt.upcasters:without_frozen_points"),
               Upcast("vpt.points_spent", 1, "journal.systems.vpt.upcasters:without_remaining")),
    summaries=Lazy("journal.systems.vpt.summaries:LINES"),
    figures=Lazy("journal.systems.vpt.figures:READERS"),
    words=Lazy("journal.systems.vpt.words:WORDS"),
    choices=Lazy("journal.systems.vpt.choices:CHOICES"),
    types=Lazy("journal.systems.vpt.words:TYPES"),
    fields=Lazy("journal.systems.vpt.words:FIELDS"),
    payload_fields=Lazy("journal.systems.vpt.words:PAYLOAD"),
    tally=Lazy("journal.systems.vpt.tally:RULES"),
    cli=Lazy("journal.systems.vpt.cli:group"),
    rehearsals=Lazy("journal.systems.vpt.rehearsals:REHEARSALS"),
    verbs={
        "char": "create_character", "initiative": "roll_initiative", "weapon": "set_weapon",
        "melee": "set_melee_order", "hit": "record_hit", "wound": "record_wounds", "death": "check_death",
        "morale": "check_morale", "tick": "tick_relationship", "revenge": "choose_revenge",
        "revenge-tick": "tick_revenge", "forgive": "renounce_revenge", "status": "gain_status",
        "status-renounce": "renounce_status", "spend": "spend_points", "relationship": "open_relationship",
        "carry-over": "carry_over",
    },
    queries={"bonds": Lazy("journal.systems.vpt.queries:bonds")},
    cli_queries={"bonds": Lazy("journal.systems.vpt.cli.queries:bonds_command")},
    demo=DEMO,
    invariants=Lazy("journal.systems.vpt.invariants:INVARIANTS"),
    bonds=Bonds(ticks={"vpt.relationship_ticked": ("relationship", "character", "other"),
                       "vpt.revenge_ticked": ("revenge", "avenger", "target")},
                projection="vpt.bonds", table=Lazy("journal.systems.vpt.folds.bonds:table"),
                charts={"relationship": N_("Relationship changes per pair"),
                        "revenge": N_("Revenge changes per pair (avenger → target)")}),
    charts=(Chart("relationships", N_("Relationships"), Lazy("journal.systems.vpt.charts:relationships"), N_("points")),
            Chart("revenge", N_("Revenge (avenger → target)"), Lazy("journal.systems.vpt.charts:revenge"), N_("points"))),
    panels=(Panel("bonds", N_("Bonds"), "bonds", "bonds", (
        Column("character", N_("character")), Column("bond", N_("bond"), "word", flag="frozen", note=N_("frozen")),
        Column("other", N_("towards")), Column("points", N_("points"), "number"),
        Column("statuses", N_("statuses"), "list"))),),
))
