"""Refused commands burn their dice (journal.service.burning, applied by ``Journal.execute``): no refusal tells a
player the die the next roll gets, and ``verify --rolls`` accounts for every counter (docs/dice.md)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from journal.errors import RuleViolation, ValidationFailed
from journal.events.rolls import Roll
from journal.events.session import FreeRoll
from journal.service import Journal
from journal.service.context import Context
from journal.service.sessions import add_salt, end_session, free_roll, start_session, verify_rolls
from journal.systems.stone_wheel import commands as sw
from tests.profiles import examples

CAMPAIGN = "Пепел"
REFUSED = "test: refused after the dice"


def _refused_after_a_d10(shown: list[Roll]) -> object:
    """A decide that throws a d10 and is then refused whatever it shows (what a verb checking too late does)."""

    def decide(ctx: Context) -> list:
        shown.append(ctx.dice(10, 1))
        raise RuleViolation(REFUSED, "after the throw")

    return decide


def _refused_on_a_ten(shown: list[Roll]) -> object:
    """A decide refused only when its d10 shows 10: the refusal depends on the die, as the exchange's did."""

    def decide(ctx: Context) -> list:
        roll = ctx.dice(10, 1)
        shown.append(roll)
        if roll.dice[0] == 10:
            raise RuleViolation(REFUSED, "a 10")
        return [FreeRoll(notation="1d10", rolls=[roll], result=roll.dice[0], description="1d10")]

    return decide


@pytest.fixture
def session(journal: Journal, table: str) -> str:
    """Session 1 of the VPT table open, with Аня's and Борис's salts."""
    start_session(journal, table, ["Аня", "Борис"], "ГМ")
    for who in ("Аня", "Борис"):
        add_salt(journal, table, actor=who)
    return table


def test_a_command_refused_after_its_dice_records_them_as_burned(journal: Journal, session: str) -> None:
    """The refusal reaches its caller, and the d10 it threw is recorded as dice.burned by the command's actor."""
    shown: list[Roll] = []
    with pytest.raises(RuleViolation, match="after the throw"):
        journal.execute(session, _refused_after_a_d10(shown), "Аня")
    burned = list(journal.log(session))[-1]
    assert (burned.type, burned.actor, burned.session, burned.data) == ("dice.burned", "Аня", 1, {
        "rolls": [{"sides": 10, "dice": shown[0].dice, "source": "server", "counter": 0}], "reason": REFUSED})


def test_the_next_roll_takes_the_counter_after_the_burned_dice(journal: Journal, session: str) -> None:
    """Refused at counter 0, the next roll is thrown at counter 1, and the closed session verifies."""
    with pytest.raises(RuleViolation):
        journal.execute(session, _refused_after_a_d10([]), "Аня")
    roll = free_roll(journal, session, "1d10", actor="Аня")
    end_session(journal, session, 60, "ГМ")
    assert (roll.data["rolls"][0]["counter"], [c.problems for c in verify_rolls(journal, session)]) == (1, [()])


def test_dice_a_decision_leaves_out_are_burned_in_it(journal: Journal, session: str) -> None:
    """A decide that throws two rolls and records the second appends the first as burned, in its own decision."""

    def decide(ctx: Context) -> list:
        ctx.dice(6, 2)
        kept = ctx.dice(6, 1)
        return [FreeRoll(notation="1d6", rolls=[kept], result=kept.dice[0], description="1d6")]

    appended = journal.execute(session, decide, "Аня")
    assert [(e.type, e.data.get("reason"), e.decision) for e in appended] == [
        ("roll.made", None, appended[0].id), ("dice.burned", "unrecorded", appended[0].id)]
    assert [r["counter"] for r in appended[1].data["rolls"]] == [0]


def test_a_command_refused_before_its_dice_appends_nothing(journal: Journal, session: str) -> None:
    """Refused before any die is thrown: nothing is appended, and the next roll is thrown at counter 0."""
    head = journal.store.head(session)

    def decide(ctx: Context) -> list:
        raise RuleViolation(REFUSED, "before the throw")

    with pytest.raises(RuleViolation):
        journal.execute(session, decide, "Аня")
    assert journal.store.head(session) == head
    assert free_roll(journal, session, "1d10", actor="Аня").data["rolls"][0]["counter"] == 0


# -- the property: no refused command gives the next accepted roll a die it has shown ------------------------------


SW = "Камень"
CHARS = dict(zip(("constitution", "strength", "dexterity", "perception", "intelligence", "wisdom", "charisma", "will",
                  "magic", "luck"), (5, 6, 4, 3, 2, 2, 3, 4, 1, 2), strict=True))


def _stone_wheel(journal: Journal) -> None:
    """Камень: Мастер, Аня (Ратибор) and Боря (Ёжик, hard to kill: the exchanges land without a death)."""
    journal.create_campaign(SW, "stone-wheel", "Мастер")
    journal.add_member(SW, "Аня")
    journal.add_member(SW, "Боря")
    params = dict.fromkeys(("attack", "dodge", "block", "casting", "search", "stamina_recovery", "disease_resistance",
                            "toxin_resistance", "magic_resistance", "reaction", "movement", "carry"), 0)
    params |= {"health": 20, "stamina": 3, "mana": 6, "survival": 10, "damage": 3, "health_recovery": 2,
               "mana_recovery": 1}
    sw.create_character(journal, SW, "Ратибор", "Аня", "physical", "человек", "воин", CHARS, params)
    sw.create_character(journal, SW, "Ёжик", "Боря", "general", "ёж", "вор", CHARS,
                        {**params, "health": 10**6, "survival": 10**6})


def _exchange(journal: Journal, **terms: int) -> None:
    sw.record_exchange(journal, SW, "Ратибор", "Ёжик", **({"threshold": 10, "pool": 1, "weapon": 2} | terms),
                       actor="Аня")


#: The refusals a player can make: with inputs no rule allows (refused before the dice), or checked after them.
REFUSALS = {
    "armour -1": lambda journal, shown: _exchange(journal, armour=-1),
    "counter armour -1": lambda journal, shown: _exchange(journal, counter_weapon=1, counter_armour=-1),
    "threshold 99": lambda journal, shown: _exchange(journal, threshold=99),
    "refused after the dice": lambda journal, shown: journal.execute(SW, _refused_after_a_d10(shown), "Аня"),
    "refused on a 10": lambda journal, shown: journal.execute(SW, _refused_on_a_ten(shown), "Аня"),
}


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(refusals=st.lists(st.sampled_from(sorted(REFUSALS)), max_size=6))
def test_no_refused_commands_change_the_die_the_next_accepted_roll_gets(journal: Journal, refusals: list[str]) -> None:
    """Whatever refused commands a player sends first, the next accepted roll gets the die at the first counter the
    journal has not recorded: not one any refusal showed, and the same as with no refusal at all when none threw
    dice (a refusal before the dice appends nothing); ``verify --rolls`` recomputes every counter of the session."""
    if not journal.store.exists(SW):
        _stone_wheel(journal)
    start = start_session(journal, SW, ["Аня", "Боря"], "Мастер")
    add_salt(journal, SW, actor="Аня")
    head = journal.store.head(SW)
    shown: list[Roll] = []
    for name in refusals:
        try:
            REFUSALS[name](journal, shown)
        except RuleViolation:
            continue
    roll = free_roll(journal, SW, "1d10", actor="Аня").data["rolls"][0]
    end_session(journal, SW, 60, "Мастер")
    during = [e for e in journal.log(SW) if e.version > head and e.session == start.data["number"]]
    recorded = sum(len(r["dice"]) for e in during for r in e.data.get("rolls", []))  # burned, accepted, the roll
    thrown = sum(len(r.dice) for r in shown)
    assert (roll["counter"], recorded - len(roll["dice"]), all(r.counter < roll["counter"] for r in shown)) == (
        thrown, thrown, True)
    assert [c.problems for c in verify_rolls(journal, SW)][-1] == ()


def test_a_free_roll_with_too_long_a_purpose_is_refused_before_its_dice(journal: Journal, session: str) -> None:
    """A 501-character purpose is refused before any die: nothing is appended, the next roll gets counter 0."""
    head = journal.store.head(session)
    with pytest.raises(ValidationFailed, match="field 'purpose'"):
        free_roll(journal, session, "1d10", purpose="x" * 501, actor="Аня")
    assert journal.store.head(session) == head
    assert free_roll(journal, session, "1d10", actor="Аня").data["rolls"][0]["counter"] == 0


def test_a_refusal_raised_through_a_nested_command_keeps_its_burn(journal: Journal, session: str) -> None:
    """A decide that runs a command refused after its d10, and lets the refusal through: the d10 is still burned."""
    shown: list[Roll] = []

    def outer(ctx: Context) -> list:
        journal.execute(session, _refused_after_a_d10(shown), "Аня")
        return []

    with pytest.raises(RuleViolation, match="after the throw"):
        journal.execute(session, outer, "Аня")
    last = list(journal.log(session))[-1]
    assert (last.type, [(r["counter"], r["dice"]) for r in last.data["rolls"]]) == (
        "dice.burned", [(shown[0].counter, list(shown[0].dice))])
    assert free_roll(journal, session, "1d10", actor="Аня").data["rolls"][0]["counter"] == shown[0].counter + 1
