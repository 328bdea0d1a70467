"""Stone Wheel («Каменное колесо»): the one descriptor the core reads (journal.systems.registry)."""

from journal.i18n import N_
from journal.systems.registry import (
            Chart,
            Demo,
            Fold,
            HouseRule,
            Lazy,
            Sheets,
            SystemDescriptor,
            Upcast,
            XpEvent,
            register,
)

#: The demo campaign (its ``record`` and name: journal.systems.stone_wheel.demo reads the name here).
DEMO = Demo(Lazy("journal.systems.stone_wheel.demo:record"),
            campaign="Демо · Каменное колесо", order=2, replayed=True, audited_type="stone_wheel.request_rolled")

DESCRIPTOR = register(SystemDescriptor(
    name="stone-wheel",
    title="Stone Wheel",
    payloads=("journal.systems.stone_wheel.events",),
    folds=(Fold("stone_wheel.sheet", 4, "journal.systems.stone_wheel.folds.sheet"),),
    sheets=(Sheets("stone_wheel.sheet", "characters"),),
    upcasters=(Upcast("stone_wheel.damage_taken", 1, "journal.systems.stone_wheel.upcasters:damage_v1_to_v2"),
               Upcast("stone_wheel.died", 1, "journal.systems.stone_wheel.upcasters:died_v1_to_v2"),
               Upcast("stone_wheel.turn_order_violated", 1,
                      "journal.systems.stone_wheel.upcasters:violation_v1_to_v2")),
    summaries=Lazy("journal.systems.stone_wheel.summaries:LINES"),
    words=Lazy("journal.systems.stone_wheel.words:WORDS"),
    choices=Lazy("journal.systems.stone_wheel.choices:CHOICES"),
    types=Lazy("journal.systems.stone_wheel.words:TYPES"),
    fields=Lazy("journal.systems.stone_wheel.words:FIELDS"),
    payload_fields=Lazy("journal.systems.stone_wheel.words:PAYLOAD"),
    tally=Lazy("journal.systems.stone_wheel.tally:RULES"),
    house_rules=(
        HouseRule("xp_per_hour_player", 50,
                  N_("session XP per hour for each player present: floor(rate x minutes / 60)"), low=0, high=1000),
        HouseRule("xp_per_hour_master", 75,
                  N_("session XP per hour for the Master who ran it: floor(rate x minutes / 60)"), low=0, high=1000),
    ),
    cli=Lazy("journal.systems.stone_wheel.cli:group"),
    rehearsals=Lazy("journal.systems.stone_wheel.rehearsals:REHEARSALS"),
    verbs={
        "character": "create_character", "request": "record_request", "exchange": "record_exchange",
        "damage": "record_damage", "turn-start": "start_turn_mode", "turn-end": "end_turn_mode",
        "violation": "record_violation", "sleep": "record_sleep", "effect": "record_effect",
        "recover": "record_recovery", "revive": "record_revival", "xp-session": "award_session_xp",
        "xp-bonus": "award_bonus_xp", "xp-spend": "spend_xp", "carry-over": "carry_over",
    },
    demo=DEMO,
    invariants=Lazy("journal.systems.stone_wheel.invariants:INVARIANTS"),
    charts=(Chart("xp", N_("XP balance"), Lazy("journal.systems.stone_wheel.charts:xp"), N_("XP")),
            Chart("health", N_("Health"), Lazy("journal.systems.stone_wheel.charts:health"), N_("Health"))),
    xp=(XpEvent("stone_wheel.xp_awarded"), XpEvent("stone_wheel.xp_spent", "spend", bought=("target", "kind", "reason")),
        XpEvent("stone_wheel.carried_over", "carried")),
))
