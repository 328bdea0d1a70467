"""Stone Wheel events are facts: an overturn through the quorum leaves the sheets the log without it would give.

Each test records a log, overturns one of its decisions through the real dispute path (open, two of the
three players vote overturn, the Master rules), and compares the folded sheets, exactly, with a second
campaign in which the same commands were run without that decision.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from stone_wheel_table import CAMPAIGN, record_table

from journal.errors import RuleViolation
from journal.events.envelope import Event, NewEvent
from journal.service import Journal
from journal.service import disputes as D
from journal.systems.stone_wheel import commands as sw

WITHOUT = "Камень без"


@pytest.fixture
def twin(camp: Journal) -> Journal:
    """The campaign of ``camp`` again as WITHOUT: same members and characters (the log without the voided event)."""
    return record_table(camp, WITHOUT)


def overturn(journal: Journal, event: Event, campaign: str = CAMPAIGN) -> list[Event]:
    """Вера disputes ``event``, Аня and Боря vote overturn, the Master overturns: the ruling and its voids."""
    opened = D.open_dispute(journal, campaign, event.id, "не так было", actor="Вера")
    D.vote(journal, opened.id, "overturn", actor="Аня")
    D.vote(journal, opened.id, "overturn", actor="Боря")
    return D.rule(journal, opened.id, "overturn")


def sheets(journal: Journal, campaign: str = CAMPAIGN) -> dict[str, Any]:
    """The characters, turn mode and violation counts of ``campaign`` now (the as-of engine: voids skipped)."""
    state = journal.at(campaign)["stone_wheel.sheet"]
    return {key: state[key] for key in ("characters", "masters", "turn_mode", "violations")}


def vitals(journal: Journal, name: str, campaign: str = CAMPAIGN) -> tuple[int, int, str]:
    """(Health, Survival, status) of ``name``."""
    found = sheets(journal, campaign)["characters"][name]
    return found["current"]["health"], found["current"]["survival"], found["status"]


def attack(journal: Journal, campaign: str = CAMPAIGN) -> list[Event]:
    """Ёжик hits Ратибор unanswered: 3 successes, weapon 3 + damage 1 + margin 3 = 7."""
    return sw.record_exchange(journal, campaign, "Ёжик", "Ратибор", threshold=7, pool=3, dice=[7, 8, 9], weapon=3,
                              actor="Боря")


def test_an_exchange_appends_its_hit_and_damage_in_one_execute_call(camp: Journal, monkeypatch) -> None:
    """One call of Journal.execute appends the exchange and the 7 damage it dealt: one decision."""
    calls: list[str] = []
    execute = camp.execute

    def counting(campaign: str, *args: Any, **kwargs: Any) -> list[Event]:
        calls.append(campaign)
        return execute(campaign, *args, **kwargs)

    monkeypatch.setattr(camp, "execute", counting)
    events = attack(camp)
    assert calls == [CAMPAIGN]
    assert [(e.type, e.data.get("amount")) for e in events] == [
        ("stone_wheel.combat_exchanged", None), ("stone_wheel.damage_taken", 7)]
    assert [e.decision_id for e in camp.store.read(CAMPAIGN, from_version=events[0].version)] == [events[0].id] * 2


def test_an_overturned_attack_takes_its_damage_with_it(twin: Journal) -> None:
    """Health 20 -> 13 after the hit; the quorum overturns the exchange: 20 again, as if it never was.

    Needs the whole-decision void (an overturn voids every event of the disputed event's decision).
    """
    exchange, damage = attack(twin)
    assert (vitals(twin, "Ратибор"), damage.data["amount"]) == ((13, 10, "alive"), 7)
    ruling = overturn(twin, exchange)
    assert [e.data["target"] for e in ruling[1:]] == [exchange.id, damage.id]
    assert vitals(twin, "Ратибор") == (20, 10, "alive")
    assert sheets(twin) == sheets(twin, WITHOUT)


def test_an_overturned_damage_takes_its_exchange_with_it(twin: Journal) -> None:
    """The quorum disputes the damage of an exchange: the exchange goes too (one decision), Health 20 again."""
    exchange, damage = attack(twin)
    ruling = overturn(twin, damage)
    assert [e.data["target"] for e in ruling[1:]] == [exchange.id, damage.id]
    assert vitals(twin, "Ратибор") == (20, 10, "alive")
    assert sheets(twin) == sheets(twin, WITHOUT)


def test_a_voided_damage_leaves_the_penalty_the_table_applied_for_a_later_second_violation(twin: Journal) -> None:
    """4 damage, then two violations: the 2nd costs 16 // 2 = 8 (Health 8).  The damage overturned: the 2nd still
    costs the 8 the table applied (a fact, not repriced on the 20 the fold now holds): Health 12."""
    damage = sw.record_damage(twin, CAMPAIGN, "Ратибор", 4, "стрела")[0]
    sw.start_turn_mode(twin, CAMPAIGN)
    sw.record_violation(twin, CAMPAIGN, "Ратибор")
    second = sw.record_violation(twin, CAMPAIGN, "Ратибор")
    assert (second.schema, second.data["damage"], vitals(twin, "Ратибор")) == (2, 8, (8, 10, "alive"))
    overturn(twin, damage)
    assert vitals(twin, "Ратибор") == (12, 10, "alive")


def test_a_voided_damage_reprices_a_violation_recorded_under_schema_1(twin: Journal) -> None:
    """A violation stored before the penalty was a fact (schema 1) is priced by the fold, as it always was: the
    damage overturned, the 2nd costs half of 20, 10 (Health 10)."""
    damage = sw.record_damage(twin, CAMPAIGN, "Ратибор", 4, "стрела")[0]
    sw.start_turn_mode(twin, CAMPAIGN)
    for number, cost in ((1, 0), (2, 8)):
        twin.store.append(CAMPAIGN, [NewEvent("stone_wheel.turn_order_violated", {
            "character": "Ратибор", "violation": number, "consequence": "warning" if number == 1 else "health_penalty",
            "damage": cost}, "Мастер", schema=1)], twin.store.head(CAMPAIGN))
    assert vitals(twin, "Ратибор") == (8, 10, "alive")
    overturn(twin, damage)
    assert vitals(twin, "Ратибор") == (10, 10, "alive")


def test_a_voided_first_violation_under_a_second_is_refused(twin: Journal) -> None:
    """Violations 1 and 2 (10 off 20): overturning the 1st would leave the 2nd counted as the 1st of the turn mode
    with its half-Health penalty: refused, naming the 2nd and the rule; nothing written."""
    sw.start_turn_mode(twin, CAMPAIGN)
    first = sw.record_violation(twin, CAMPAIGN, "Ратибор")
    second = sw.record_violation(twin, CAMPAIGN, "Ратибор")
    opened = D.open_dispute(twin, CAMPAIGN, first.id, "не так было", actor="Вера")
    D.vote(twin, opened.id, "overturn", actor="Аня")
    D.vote(twin, opened.id, "overturn", actor="Боря")
    head = twin.store.head(CAMPAIGN)
    named = re.escape(f"refused by rule 'dispute: overturn': without event version {first.version}, version "
                      f"{second.version} (")
    rule = re.escape("breaks the rule «breaking turn order: the first time a warning, the second half the Health, "
                     "the third unconsciousness»: Ратибор: recorded as violation 2, now violation 1 of this turn "
                     f"mode; dispute version {second.version} first")
    with pytest.raises(RuleViolation, match=f"^{named}.*\\) {rule}$"):
        D.rule(twin, opened.id, "overturn")
    assert twin.store.head(CAMPAIGN) == head


def test_a_voided_recovery_lets_a_later_sleep_restore_its_full_hours(twin: Journal) -> None:
    """10 damage, 5 healed, 5 h of sleep at 2/h (recorded: 5 restored, no more than was lost): 20.  The healing
    overturned: the sleep restores its 10, Health 20, as in the log without the healing (not 15)."""
    sw.record_damage(twin, CAMPAIGN, "Ратибор", 10, "меч")
    healed = sw.record_recovery(twin, CAMPAIGN, "Ратибор", "health", 5, "зелье")
    assert sw.record_sleep(twin, CAMPAIGN, "Ратибор", [5]).data["health_restored"] == 5
    overturn(twin, healed)
    sw.record_damage(twin, WITHOUT, "Ратибор", 10, "меч")
    assert sw.record_sleep(twin, WITHOUT, "Ратибор", [5]).data["health_restored"] == 10
    assert vitals(twin, "Ратибор") == (20, 10, "alive")
    assert sheets(twin) == sheets(twin, WITHOUT)


def test_a_voided_damage_undoes_the_death_a_later_damage_recorded(twin: Journal) -> None:
    """Ёжик (Health 8, Survival 4): 8 damage, then 4 more kill him.  The first overturned: 4 off 8 Health,
    alive at 4/4, as in the log without it (the recorded death follows Survival, which is 4)."""
    first = sw.record_damage(twin, CAMPAIGN, "Ёжик", 8, "обвал")[0]
    assert [e.type for e in sw.record_damage(twin, CAMPAIGN, "Ёжик", 4, "камень")] == [
        "stone_wheel.damage_taken", "stone_wheel.died"]
    assert vitals(twin, "Ёжик") == (0, 0, "dead")
    overturn(twin, first)
    assert [e.type for e in sw.record_damage(twin, WITHOUT, "Ёжик", 4, "камень")] == ["stone_wheel.damage_taken"]
    assert vitals(twin, "Ёжик") == (4, 4, "alive")
    assert sheets(twin) == sheets(twin, WITHOUT)


def test_a_killing_blow_is_overturned_only_after_the_revival_that_undid_it(twin: Journal) -> None:
    """12 damage kill Ёжик (damage and death, one decision), a ritual brings him back at 2/1.  Overturning
    the blow is refused, naming the revival (it has no death to undo without the blow), nothing written; the
    revival overturned first (dead again, 0/0), then the blow: Ёжик never died, 8/4, as in the log without both."""
    blow = sw.record_damage(twin, CAMPAIGN, "Ёжик", 12, "обвал")[0]
    revival = sw.record_revival(twin, CAMPAIGN, "Ёжик", "Вера", "ritual", 2, 1)
    assert vitals(twin, "Ёжик") == (2, 1, "alive")
    opened = D.open_dispute(twin, CAMPAIGN, blow.id, "не так было", actor="Вера")
    D.vote(twin, opened.id, "overturn", actor="Аня")
    D.vote(twin, opened.id, "overturn", actor="Боря")
    head = twin.store.head(CAMPAIGN)
    named = (f"later events depend on the decision of event version {blow.version}: version {revival.version} "
             f"({revival.type}; stone_wheel.sheet: counts only with it); dispute them first")
    with pytest.raises(RuleViolation, match=re.escape(named)):
        D.rule(twin, opened.id, "overturn")
    assert (twin.store.head(CAMPAIGN), vitals(twin, "Ёжик")) == (head, (2, 1, "alive"))
    assert [e.data["target"] for e in overturn(twin, revival)[1:]] == [revival.id]
    assert vitals(twin, "Ёжик") == (0, 0, "dead")
    ruling = D.rule(twin, opened.id, "overturn")
    assert [e.data["target"] for e in ruling[1:]] == [e.id for e in twin.store.decision(blow)]
    assert len(ruling) == 3  # the ruling, the void of the damage and the void of the death
    assert vitals(twin, "Ёжик") == (8, 4, "alive")
    assert sheets(twin) == sheets(twin, WITHOUT)
