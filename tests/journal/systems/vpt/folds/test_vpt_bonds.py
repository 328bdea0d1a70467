"""VPT bonds projection: the table of Relationship and Revenge standings, session scoring, frozen revenges."""

from typing import Any

import orjson

from journal.events import Payload
from journal.events.envelope import Event
from journal.systems.vpt import events as ev
from journal.systems.vpt.folds import bonds


def fold(*payloads: Payload) -> dict[str, Any]:
    """Replay the payloads as events of one campaign into a fresh bonds state."""
    state = bonds.initial()
    for version, payload in enumerate(payloads, start=1):
        bonds.apply(state, Event(id=f"e{version}", campaign="c", version=version, type=payload.type,
                                 data=payload.to_data(), actor="Мастер", recorded_at="2024-01-01T00:00:00Z"))
    return state


def tick(character: str, other: str, session: int, items: list[str], change: int, points: int) -> ev.RelationshipTicked:
    """A relationship tick payload."""
    return ev.RelationshipTicked(character=character, other=other, session=session, items=items, change=change)


def test_pair_can_stand_differently_towards_each_other() -> None:
    """Gained together, spent apart: Вильгельм 2 towards Боблин, Боблин 0 towards Вильгельм."""
    state = fold(
        tick("Вильгельм", "Боблин", 1, ["date_especially_successful"], 2, 2),
        tick("Боблин", "Вильгельм", 1, ["date_especially_successful"], 2, 2),
        ev.PointsSpent(character="Боблин", other="Вильгельм", bond="relationship", amount=2),
    )
    assert bonds.table(state) == [
        {"bond": "relationship", "character": "Боблин", "other": "Вильгельм", "points": 0, "statuses": [],
         "frozen": False},
        {"bond": "relationship", "character": "Вильгельм", "other": "Боблин", "points": 2, "statuses": [],
         "frozen": False},
    ]


def test_scored_items_accumulate_within_a_session() -> None:
    """Two ticks in session 3 leave both items on record for that session."""
    state = fold(tick("Вильгельм", "Боблин", 3, ["saved_life"], 1, 1),
                 tick("Вильгельм", "Боблин", 3, ["gave_magic_item"], 1, 2))
    assert bonds.scored_items(state, "relationship", "Вильгельм", "Боблин", 3) == ["saved_life", "gave_magic_item"]


def test_scored_items_reset_in_next_session() -> None:
    """Items scored in session 1 do not count in session 2."""
    state = fold(tick("Вильгельм", "Боблин", 1, ["saved_life"], 1, 1),
                 tick("Вильгельм", "Боблин", 2, ["date_stopped"], 0, 1))
    assert (bonds.scored_items(state, "relationship", "Вильгельм", "Боблин", 1),
            bonds.scored_items(state, "relationship", "Вильгельм", "Боблин", 2)) == ([], ["date_stopped"])


def test_scored_items_of_unknown_pair_are_empty() -> None:
    """No standing, nothing scored."""
    assert bonds.scored_items(bonds.initial(), "revenge", "Эдди", "Вольтаир", 1) == []


def test_revenge_scored_items_only_for_current_target() -> None:
    """Scored revenge items belong to the current target."""
    state = fold(ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"),
                 ev.RevengeTicked(avenger="Эдди", target="Вольтаир", session=1, items=["fought"], change=1))
    assert (bonds.scored_items(state, "revenge", "Эдди", "Вольтаир", 1),
            bonds.scored_items(state, "revenge", "Эдди", "Питер", 1)) == (["fought"], [])


def test_relationships_of_lists_others() -> None:
    """The others a character has a relationship with, sorted."""
    state = fold(tick("Вильгельм", "Эдди", 1, ["saved_life"], 1, 1),
                 tick("Вильгельм", "Боблин", 1, ["saved_life"], 1, 1))
    assert bonds.relationships_of(state, "Вильгельм") == ["Боблин", "Эдди"]


def test_standing_after_session_ticks() -> None:
    """Session 1: +1 +1 = 2; session 2: no interaction -> 1; session 3: -1 -> 0; session 4: -1 stays 0."""
    state = fold(
        tick("Вильгельм", "Боблин", 1, ["saved_life", "gave_magic_item"], 2, 2),
        tick("Вильгельм", "Боблин", 2, ["no_interaction"], -1, 1),
        tick("Вильгельм", "Боблин", 3, ["no_interaction"], -1, 0),
        tick("Вильгельм", "Боблин", 4, ["no_interaction"], -1, 0),
    )
    assert state["relationships"]["Вильгельм"]["Боблин"]["points"] == 0


def test_status_kept_after_points_spent() -> None:
    """The table shows the status after the points are gone."""
    state = fold(
        tick("Вильгельм", "Боблин", 1, ["date_successful"], 1, 1),
        ev.StatusGained(character="Вильгельм", other="Боблин", status="друг"),
        ev.PointsSpent(character="Вильгельм", other="Боблин", bond="relationship", amount=1),
    )
    assert bonds.table(state) == [
        {"bond": "relationship", "character": "Вильгельм", "other": "Боблин", "points": 0, "statuses": ["друг"],
         "frozen": False},
    ]


def test_renounced_revenge_is_frozen_in_table() -> None:
    """Renounced revenge stays in the table, frozen, beside the new current one."""
    state = fold(
        ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"),
        ev.RevengeTicked(avenger="Эдди", target="Вольтаир", session=1,
                         items=["fought", "killed_associates", "obtained_magic_item"], change=4),
        ev.RevengeRenounced(avenger="Эдди", target="Вольтаир"),
        ev.RevengeTargetChosen(avenger="Эдди", target="Питер"),
        ev.RevengeTicked(avenger="Эдди", target="Питер", session=2, items=["fought"], change=1),
    )
    assert bonds.table(state) == [
        {"bond": "revenge", "character": "Эдди", "other": "Питер", "points": 1, "statuses": [], "frozen": False},
        {"bond": "revenge", "character": "Эдди", "other": "Вольтаир", "points": 4, "statuses": [], "frozen": True},
    ]


def test_frozen_revenge_untouched_by_later_events() -> None:
    """Ticks and spending on the new revenge leave the frozen standing as it was."""
    state = fold(
        ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"),
        ev.RevengeTicked(avenger="Эдди", target="Вольтаир", session=1, items=["killed_associates"], change=2),
        ev.RevengeRenounced(avenger="Эдди", target="Вольтаир"),
        ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"),
        ev.RevengeTicked(avenger="Эдди", target="Вольтаир", session=2, items=["fought"], change=1),
        ev.PointsSpent(character="Эдди", other="Вольтаир", bond="revenge", amount=1),
    )
    assert (state["frozen"], state["revenges"]["Эдди"]["points"]) == (
        [{"avenger": "Эдди", "target": "Вольтаир", "points": 2}], 0
    )


def test_revenge_and_relationships_side_by_side() -> None:
    """Three relationships plus a revenge all appear for one character."""
    state = fold(
        tick("Эдди", "Боблин", 1, ["saved_life"], 1, 1),
        tick("Эдди", "Питер", 1, ["gave_magic_item"], 1, 1),
        tick("Эдди", "Вильгельм", 1, ["date_successful"], 1, 1),
        ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"),
    )
    assert [(row["bond"], row["other"]) for row in bonds.table(state)] == [
        ("relationship", "Боблин"), ("relationship", "Вильгельм"), ("relationship", "Питер"), ("revenge", "Вольтаир"),
    ]


def test_bonds_state_is_json_serialisable() -> None:
    """The folded state dumps to JSON and back unchanged."""
    state = fold(tick("Эдди", "Боблин", 1, ["saved_life"], 1, 1),
                 ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"))
    assert orjson.loads(orjson.dumps(state)) == state


def test_ticks_add_their_changes_not_their_recorded_points() -> None:
    """+1 recorded as 5, then +2 recorded as 9: the standing is 3."""
    state = fold(tick("Вильгельм", "Боблин", 1, ["saved_life"], 1, 5),
                 tick("Вильгельм", "Боблин", 2, ["date_especially_successful"], 2, 9))
    assert state["relationships"]["Вильгельм"]["Боблин"]["points"] == 3


def test_spending_subtracts_its_amount_never_below_zero() -> None:
    """2 points, spend 1 (recorded remainder 5): 1; then 3 more than it holds (its tick voided): 0, not -2."""
    state = fold(
        tick("Вильгельм", "Боблин", 1, ["saved_life", "gave_magic_item"], 2, 2),
        ev.PointsSpent(character="Вильгельм", other="Боблин", bond="relationship", amount=1),
    )
    assert state["relationships"]["Вильгельм"]["Боблин"]["points"] == 1
    bonds.apply(state, Event(id="e9", campaign="c", version=9, type="vpt.points_spent", actor="Мастер",
                             recorded_at="2024-01-01T00:00:00Z",
                             data=ev.PointsSpent(character="Вильгельм", other="Боблин", bond="relationship",
                                                 amount=3).to_data()))
    assert state["relationships"]["Вильгельм"]["Боблин"]["points"] == 0


def test_opened_relationship_stands_at_zero_and_no_interaction_keeps_it_there() -> None:
    """Chosen at 0, then no interaction: still 0, and the tick's line is scored for the session."""
    state = fold(ev.RelationshipOpened(character="Вильгельм", other="Боблин"),
                 tick("Вильгельм", "Боблин", 1, ["no_interaction"], -1, 0))
    assert (state["relationships"]["Вильгельм"]["Боблин"]["points"],
            bonds.scored_items(state, "relationship", "Вильгельм", "Боблин", 1)) == (0, ["no_interaction"])


def test_opening_an_open_relationship_keeps_its_standing() -> None:
    """A second opening (a log where the refusal could not happen) does not reset the points."""
    state = fold(tick("Вильгельм", "Боблин", 1, ["saved_life"], 1, 1),
                 ev.RelationshipOpened(character="Вильгельм", other="Боблин"))
    assert state["relationships"]["Вильгельм"]["Боблин"]["points"] == 1


def test_opened_relationships_count_and_revenge_does_not() -> None:
    """Two chosen and a revenge: relationships_of lists the two only."""
    state = fold(ev.RelationshipOpened(character="Эдди", other="Боблин"),
                 ev.RelationshipOpened(character="Эдди", other="Питер"),
                 ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"))
    assert bonds.relationships_of(state, "Эдди") == ["Боблин", "Питер"]


def test_renounce_freezes_the_folded_standing_not_the_recorded_one() -> None:
    """+1 (recorded 6), renounced recording 6: frozen at 1."""
    state = fold(
        ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"),
        ev.RevengeTicked(avenger="Эдди", target="Вольтаир", session=1, items=["fought"], change=1),
        ev.RevengeRenounced(avenger="Эдди", target="Вольтаир"),
    )
    assert (state["frozen"], state["revenges"]) == ([{"avenger": "Эдди", "target": "Вольтаир", "points": 1}], {})


def test_a_second_revenge_choice_does_not_replace_the_current_one() -> None:
    """Revenge on Вольтаир at 2; a choice of Питер (its renounce voided) is ignored, and so are Питер's ticks."""
    state = fold(
        ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"),
        ev.RevengeTicked(avenger="Эдди", target="Вольтаир", session=1, items=["killed_associates"], change=2),
        ev.RevengeTargetChosen(avenger="Эдди", target="Питер"),
        ev.RevengeTicked(avenger="Эдди", target="Питер", session=2, items=["fought"], change=1),
    )
    assert (state["revenges"]["Эдди"]["target"], state["revenges"]["Эдди"]["points"]) == ("Вольтаир", 2)


def test_statuses_and_spending_open_no_bond() -> None:
    """A Status or a spending without an open relationship (its opening voided) leaves the table empty."""
    state = fold(ev.StatusGained(character="Эдди", other="Боблин", status="друг"),
                 ev.PointsSpent(character="Эдди", other="Боблин", bond="relationship", amount=1),
                 ev.StatusRenounced(character="Эдди", other="Боблин", status="друг"))
    assert bonds.table(state) == []
