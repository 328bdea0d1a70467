"""Disputes before the quorum through the service: opening, voting, ruling, overturns, on both databases."""

from __future__ import annotations

import pytest
from support import CHARS, PARAMS

from journal.errors import NotAuthorized, NotFound, RuleViolation, ValidationFailed
from journal.service import Journal
from journal.service import disputes as D
from journal.service.sessions import end_session, free_roll, start_session
from journal.systems.stone_wheel import commands as sw
from journal.systems.stone_wheel.events import XpAwarded


@pytest.fixture
def forest(journal: Journal) -> str:
    """Лес (vpt): ГМ; Аня, Борис and Вера; session 1 with Аня, Борис (and ГМ) present, one table roll, ended."""
    journal.create_campaign("Лес", "vpt", "ГМ")
    for name in ("Аня", "Борис", "Вера"):
        journal.add_member("Лес", name)
    start_session(journal, "Лес", ["Аня", "Борис", "ГМ"])
    free_roll(journal, "Лес", "2d6", table=[1, 2])
    end_session(journal, "Лес")
    return "Лес"


def _roll(journal: Journal, campaign: str = "Лес"):
    return next(e for e in journal.store.read(campaign) if e.type == "roll.made")


def _opened(journal: Journal, actor: str = "Вера"):
    return D.open_dispute(journal, "Лес", _roll(journal).id, "кубик упал со стола", actor=actor)


def _voted(journal: Journal, *votes: tuple[str, str]):
    opened = _opened(journal)
    for voter, choice in votes:
        D.vote(journal, opened.id, choice, actor=voter)
    return opened


def test_any_member_opens_a_dispute_and_the_present_players_are_its_voters(journal: Journal, forest: str) -> None:
    """A player absent from the session may open it; the voters are the players present (not the Master)."""
    opened = _opened(journal)
    assert (opened.actor, opened.data["target_version"], opened.data["target_type"], opened.data["session"],
            opened.data["voters"]) == ("Вера", 6, "roll.made", 1, ["Аня", "Борис"])


def test_an_event_between_sessions_is_voted_on_by_every_player(journal: Journal, forest: str) -> None:
    """For an event recorded between sessions every player of the campaign votes."""
    between = free_roll(journal, forest, "1d6", table=[3])
    opened = D.open_dispute(journal, forest, between.id, "не было такого", actor="Аня")
    assert (opened.data["session"], opened.data["voters"]) == (None, ["Аня", "Борис", "Вера"])


def test_an_event_is_named_by_its_version_or_a_unique_prefix(journal: Journal, forest: str) -> None:
    """'6' and the full id less its last four digits name the same event."""
    target = _roll(journal)
    assert D.resolve_event(journal, forest, "6").id == D.resolve_event(journal, forest, target.id[:-4]).id == target.id


def test_an_unknown_event_cannot_be_disputed(journal: Journal, forest: str) -> None:
    """An id stored nowhere is refused as not found; nothing is written."""
    head = journal.store.head(forest)
    with pytest.raises(NotFound, match="no event with id '00000000-0000-7000-8000-000000000000'"):
        D.open_dispute(journal, forest, "00000000-0000-7000-8000-000000000000", "нет")
    assert journal.store.head(forest) == head


def test_an_event_of_another_campaign_cannot_be_disputed(journal: Journal, forest: str) -> None:
    """The event must belong to the campaign named."""
    journal.create_campaign("Поле", "vpt", "ГМ")
    target = _roll(journal)
    with pytest.raises(NotFound, match=f"event {target.id} is not in campaign 'Поле'"):
        D.open_dispute(journal, "Поле", target.id, "нет")
    assert journal.store.head("Поле") == 1


def test_a_dispute_event_cannot_be_disputed(journal: Journal, forest: str) -> None:
    """Disputing a dispute is refused by rule; nothing is written."""
    opened = _opened(journal)
    head = journal.store.head(forest)
    with pytest.raises(RuleViolation, match="^refused by rule 'dispute: what may be disputed': the event is a “Dispute opened”: "
                                            "voids, disputes and campaign, membership, token and session records are "
                                            "final$"):
        D.open_dispute(journal, forest, opened.id, "спор о споре")
    assert journal.store.head(forest) == head


def test_a_void_cannot_be_disputed(journal: Journal, forest: str) -> None:
    """The void an overturn appended is final."""
    opened = _voted(journal, ("Аня", "overturn"), ("Борис", "overturn"))
    void = D.rule(journal, opened.id, "overturn")[1]
    head = journal.store.head(forest)
    with pytest.raises(RuleViolation, match="'dispute: what may be disputed': the event is a “Event voided”: "):
        D.open_dispute(journal, forest, void.id, "верните")
    assert journal.store.head(forest) == head


def test_a_voided_event_cannot_be_disputed_again(journal: Journal, forest: str) -> None:
    """Once overturned, the event is out of the record: a new dispute about it is refused."""
    opened = _voted(journal, ("Аня", "overturn"), ("Борис", "overturn"))
    D.rule(journal, opened.id, "overturn")
    head = journal.store.head(forest)
    with pytest.raises(RuleViolation, match="^refused by rule 'dispute: voided event': “2d6: \\[1, 2\\] = 3” is voided already: it "
                                             "counts no more$"):
        _opened(journal)
    assert journal.store.head(forest) == head


def test_a_second_open_dispute_about_the_same_event_is_refused(journal: Journal, forest: str) -> None:
    """One open dispute per event; the refusal names the open one."""
    _opened(journal)
    head = journal.store.head(forest)
    with pytest.raises(RuleViolation, match="^refused by rule 'dispute: one at a time': “2d6: \\[1, 2\\] = 3” is already "
                                            "disputed: dispute #1 is open$"):
        _opened(journal, actor="Аня")
    assert journal.store.head(forest) == head


def test_a_player_absent_from_the_session_cannot_vote(journal: Journal, forest: str) -> None:
    """Вера was not present at session 1: her vote is refused; nothing is written."""
    opened = _opened(journal)
    head = journal.store.head(forest)
    with pytest.raises(RuleViolation, match="'dispute: who votes': 'Вера' was not present at session 1 "
                                            "\\(voters: Аня, Борис\\)"):
        D.vote(journal, opened.id, "overturn", actor="Вера")
    assert journal.store.head(forest) == head


def test_the_master_rules_and_does_not_vote(journal: Journal, forest: str) -> None:
    """The Master, though present, is not a voter."""
    opened = _opened(journal)
    head = journal.store.head(forest)
    with pytest.raises(RuleViolation, match="the Master rules on the dispute and does not vote \\(voters: Аня, Борис\\)"):
        D.vote(journal, opened.id, "uphold")
    assert journal.store.head(forest) == head


def test_a_second_vote_is_refused_naming_the_first(journal: Journal, forest: str) -> None:
    """A vote is final: voting again is refused with the first vote and its version."""
    opened = _voted(journal, ("Аня", "uphold"))
    head = journal.store.head(forest)
    with pytest.raises(RuleViolation, match="^refused by rule 'dispute: one vote each': 'Аня' already voted to uphold in dispute "
                                            "#1 about “2d6: \\[1, 2\\] = 3”$"):
        D.vote(journal, opened.id, "overturn", actor="Аня")
    assert journal.store.head(forest) == head


def test_a_ruling_without_a_quorum_is_refused(journal: Journal, forest: str) -> None:
    """With 1 of the 2 present players voted the ruling is refused naming the quorum; nothing is written."""
    opened = _voted(journal, ("Аня", "overturn"))
    head = journal.store.head(forest)
    with pytest.raises(RuleViolation, match="'dispute: quorum': second-degree quorum: 2 of 2 present players must "
                                            "vote, 1 has$"):
        D.rule(journal, opened.id, "overturn")
    assert journal.store.head(forest) == head


def test_only_the_master_rules(journal: Journal, forest: str) -> None:
    """A player's ruling is refused as not allowed; nothing is written."""
    opened = _voted(journal, ("Аня", "overturn"), ("Борис", "overturn"))
    head = journal.store.head(forest)
    with pytest.raises(NotAuthorized, match="only the Master may rule on a dispute \\('Аня' is a player\\)"):
        D.rule(journal, opened.id, "overturn", actor="Аня")
    assert journal.store.head(forest) == head


def test_a_dispute_is_ruled_once(journal: Journal, forest: str) -> None:
    """A second ruling is refused naming the first; votes after it are refused too."""
    opened = _voted(journal, ("Аня", "uphold"), ("Борис", "uphold"))
    D.rule(journal, opened.id, "uphold")
    head = journal.store.head(forest)
    with pytest.raises(RuleViolation, match="^refused by rule 'dispute: ruled once': dispute #1 about “2d6: \\[1, 2\\] = 3” is already "
                                            "ruled: the event stands$"):
        D.rule(journal, opened.id, "overturn")
    assert journal.store.head(forest) == head


def test_an_uphold_appends_only_the_ruling_with_its_tally(journal: Journal, forest: str) -> None:
    """Uphold after 2 uphold votes: one event, the tally, following the majority; the roll still counts."""
    opened = _voted(journal, ("Аня", "uphold"), ("Борис", "uphold"))
    (ruled,) = D.rule(journal, opened.id, "uphold", reason="всё честно")
    assert (ruled.type, ruled.causation, ruled.data) == ("dispute.ruled", opened.id, {
        "dispute": opened.id, "ruling": "uphold", "majority": "uphold", "followed_majority": True,
        "tally": {"eligible": 2, "required": 2, "uphold": 2, "overturn": 0}, "reason": "всё честно", "corrected": False})
    assert journal.at(forest)["disputes"]["disputes"][opened.id]["status"] == "upheld"


def test_a_ruling_against_the_majority_says_so(journal: Journal, forest: str) -> None:
    """The Master has the deciding voice: an overturn against two uphold votes is recorded as such."""
    opened = _voted(journal, ("Аня", "uphold"), ("Борис", "uphold"))
    ruled = D.rule(journal, opened.id, "overturn")[0]
    assert (ruled.data["majority"], ruled.data["followed_majority"]) == ("uphold", False)


def test_a_tied_vote_has_no_majority(journal: Journal, forest: str) -> None:
    """One uphold and one overturn: majority 'tie', followed_majority None."""
    opened = _voted(journal, ("Аня", "uphold"), ("Борис", "overturn"))
    ruled = D.rule(journal, opened.id, "uphold")[0]
    assert (ruled.data["majority"], ruled.data["followed_majority"]) == ("tie", None)


def test_an_overturn_appends_a_void_naming_the_dispute_then_the_correction(journal: Journal, forest: str) -> None:
    """Ruling, void (caused by the target, naming the dispute), corrected roll (caused by the void), one append."""
    target = _roll(journal)
    opened = _voted(journal, ("Аня", "overturn"), ("Борис", "overturn"))
    corrected = D.corrected_dice(journal, opened.id, [5, 6])
    ruled, void, fixed = D.rule(journal, opened.id, "overturn", corrected=corrected)
    assert [(e.version, e.type) for e in (ruled, void, fixed)] == [(11, "dispute.ruled"), (12, "correction.voided"),
                                                                   (13, "roll.made")]
    assert (void.causation, void.data) == (target.id, {"target": target.id, "target_version": 6,
                                                       "reason": "кубик упал со стола", "dispute": opened.id})
    assert (fixed.causation, fixed.data["description"], fixed.data["rolls"][0]["source"]) == (void.id, "2d6: [5, 6] = 11", "table")
    ruling = journal.at(forest)["disputes"]["disputes"][opened.id]["ruling"]
    assert (ruling["void"], ruling["corrected"]) == (void.id, fixed.id)


def test_an_overturn_restores_the_state_after_the_void_and_keeps_it_before(journal: Journal) -> None:
    """A 100 XP bonus overturned and corrected to 40: 100 before the void, 0 just after it, 40 after the correction."""
    journal.create_campaign("Камень", "stone-wheel", "Мастер")
    journal.add_member("Камень", "Аня")
    journal.add_member("Камень", "Боря")
    sw.create_character(journal, "Камень", "Ратибор", "Аня", "physical", "человек", "воин", CHARS, PARAMS)
    bonus = sw.award_bonus_xp(journal, "Камень", "Ратибор", 100, "загадка сфинкса")
    opened = D.open_dispute(journal, "Камень", bonus.id, "загадку решила Боря", actor="Боря")
    D.vote(journal, opened.id, "overturn", actor="Аня")
    D.vote(journal, opened.id, "overturn", actor="Боря")
    corrected = XpAwarded(character="Ратибор", amount=40, source="bonus", reason="подсказка к загадке")
    _, void, fixed = D.rule(journal, opened.id, "overturn", corrected=corrected)

    def earned(point: str) -> int:
        return journal.at("Камень", point)["xp"]["characters"].get("Ратибор", {"earned": 0})["earned"]

    assert (earned(f"before:{void.id}"), earned(void.id), earned(fixed.id)) == (100, 0, 40)
    assert (earned(bonus.id), journal.at("Камень")["stone_wheel.sheet"]["characters"]["Ратибор"]["xp"]["balance"]) == (100, 40)


def test_a_correction_of_another_type_is_refused(journal: Journal, forest: str) -> None:
    """The corrected event must have the disputed event's type; nothing is written."""
    opened = _voted(journal, ("Аня", "overturn"), ("Борис", "overturn"))
    head = journal.store.head(forest)
    wrong = XpAwarded(character="Аня", amount=5, source="bonus")
    with pytest.raises(ValidationFailed, match="corrected: the disputed event is a roll.made; its correction must be "
                                               "one too, not a stone_wheel.xp_awarded"):
        D.rule(journal, opened.id, "overturn", corrected=wrong)
    assert journal.store.head(forest) == head


def test_corrected_dice_must_fit_the_notation(journal: Journal, forest: str) -> None:
    """Three dice for a 2d6 roll are refused."""
    opened = _opened(journal)
    with pytest.raises(ValidationFailed, match="corrected dice: '2d6' throws 2 dice, 3 given"):
        D.corrected_dice(journal, opened.id, [1, 2, 3])


def test_corrected_json_is_validated_as_the_disputed_type(journal: Journal, forest: str) -> None:
    """A corrected payload missing a field is refused naming it."""
    opened = _opened(journal)
    with pytest.raises(ValidationFailed, match="roll.made: field 'notation': Field required"):
        D.corrected_payload(journal, opened.id, {"rolls": [], "result": 1, "description": "x"})


def test_an_overturn_that_later_events_depend_on_is_refused(journal: Journal) -> None:
    """Voiding a character that later took damage would break the sheet's fold: refused, nothing written."""
    journal.create_campaign("Камень", "stone-wheel", "Мастер")
    journal.add_member("Камень", "Аня")
    created = sw.create_character(journal, "Камень", "Ратибор", "Аня", "physical", "человек", "воин", CHARS, PARAMS)
    sw.record_damage(journal, "Камень", "Ратибор", 3, "падение")
    opened = D.open_dispute(journal, "Камень", created.id, "его не было", actor="Аня")
    D.vote(journal, opened.id, "overturn", actor="Аня")
    head = journal.store.head("Камень")
    with pytest.raises(RuleViolation, match="'dispute: overturn': later events depend on the decision of event version 3: "
                                            "version 4 \\(stone_wheel.damage_taken; stone_wheel.sheet: KeyError"):
        D.rule(journal, opened.id, "overturn")
    assert journal.store.head("Камень") == head


def test_a_dispute_is_found_by_a_prefix_without_its_campaign(journal: Journal, forest: str) -> None:
    """A vote names the dispute by a prefix of its id; the campaign is found from the events table."""
    opened = _opened(journal)
    vote = D.vote(journal, opened.id[:-3], "uphold", actor="Аня")
    assert (vote.campaign, vote.data, vote.causation) == (forest, {"dispute": opened.id, "choice": "uphold"}, opened.id)


def test_a_prefix_shorter_than_eight_hex_digits_is_refused(journal: Journal, forest: str) -> None:
    """'0a1b2c3' is too short to name a dispute."""
    with pytest.raises(ValidationFailed, match="dispute: '0a1b2c3' is not an id or a prefix of at least 8 hex digits"):
        D.vote(journal, "0a1b2c3", "uphold", actor="Аня")


def test_an_event_id_that_is_not_a_dispute_is_not_found(journal: Journal, forest: str) -> None:
    """Voting on the id of a roll is refused: no dispute has that id."""
    target = _roll(journal)
    with pytest.raises(NotFound, match=f"no dispute with id '{target.id}'"):
        D.vote(journal, target.id, "uphold", actor="Аня")


def test_the_list_shows_each_dispute_with_its_tally(journal: Journal, forest: str) -> None:
    """list_disputes gives status and the votes counted so far."""
    opened = _voted(journal, ("Борис", "overturn"))
    (row,) = D.list_disputes(journal, forest)["disputes"]
    assert (row["id"], row["status"], row["tally"]) == (opened.id, "open", {
        "eligible": 2, "required": 2, "uphold": 0, "overturn": 1, "voted": 1, "reached": False})


#: ceil(2P/3) for P present players, written out.
QUORUM = {1: 1, 2: 2, 3: 2, 4: 3, 5: 4, 6: 4, 7: 5, 8: 6}


#: Players present at session 2 (the rest absent) for each campaign size.
ABSENT_CASE = {2: 1, 3: 2, 4: 3, 5: 3, 6: 4, 7: 5, 8: 6}


def _quorum_case(journal: Journal, names: list[str], present: int) -> None:
    """Session with the first ``present`` players: refused one vote short of the quorum, accepted at it."""
    start_session(journal, "Q", names[:present])
    roll = free_roll(journal, "Q", "1d6", table=[1])
    end_session(journal, "Q")
    opened = D.open_dispute(journal, "Q", roll.id, "спорно", actor=names[-1])
    assert len(opened.data["voters"]) == present
    need = QUORUM[present]
    for name in names[:need - 1]:
        D.vote(journal, opened.id, "overturn", actor=name)
    head = journal.store.head("Q")
    verb = "has" if need - 1 == 1 else "have"
    with pytest.raises(RuleViolation, match=f"second-degree quorum: {need} of {present} present players must vote, "
                                            f"{need - 1} {verb}$"):
        D.rule(journal, opened.id, "overturn")
    assert journal.store.head("Q") == head
    D.vote(journal, opened.id, "uphold", actor=names[need - 1])
    ruled = D.rule(journal, opened.id, "overturn")[0]
    assert ruled.data["tally"] == {"eligible": present, "required": need, "uphold": 1, "overturn": need - 1}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_the_second_degree_quorum_is_two_thirds_of_the_players_present(journal: Journal, players: int) -> None:
    """N players, all present and then some absent: the ruling is refused one vote short of ceil(2P/3), accepted at it."""
    names = [f"p{i}" for i in range(players)]
    journal.create_campaign("Q", "vpt", "ГМ")
    for name in names:
        journal.add_member("Q", name)
    _quorum_case(journal, names, players)
    _quorum_case(journal, names, ABSENT_CASE[players])


def test_an_overturn_lists_every_later_event_that_depends_on_the_decision(journal: Journal) -> None:
    """Two later damages to a voided character are both named in the refusal."""
    journal.create_campaign("Камень", "stone-wheel", "Мастер")
    journal.add_member("Камень", "Аня")
    created = sw.create_character(journal, "Камень", "Ратибор", "Аня", "physical", "человек", "воин", CHARS, PARAMS)
    sw.record_damage(journal, "Камень", "Ратибор", 3, "падение")
    sw.record_damage(journal, "Камень", "Ратибор", 2, "ловушка")
    opened = D.open_dispute(journal, "Камень", created.id, "его не было", actor="Аня")
    D.vote(journal, opened.id, "overturn", actor="Аня")
    with pytest.raises(RuleViolation, match="version 4 \\(stone_wheel.damage_taken; .*; version 5 \\(stone_wheel.damage_taken; "):
        D.rule(journal, opened.id, "overturn")


def test_an_overturn_voids_every_event_of_the_disputed_decision(journal: Journal) -> None:
    """An attack that dealt damage is overturned: the exchange and its damage are voided in the ruling's append."""
    journal.create_campaign("Камень", "stone-wheel", "Мастер")
    journal.add_member("Камень", "Аня")
    journal.add_member("Камень", "Борис")
    sw.create_character(journal, "Камень", "Ратибор", "Аня", "physical", "человек", "воин", CHARS, PARAMS)
    sw.create_character(journal, "Камень", "Ёжик", "Борис", "physical", "человек", "воин", CHARS, PARAMS)
    exchange = sw.record_exchange(journal, "Камень", "Ратибор", "Ёжик", threshold=4, pool=3, weapon=4, dice=[6, 6, 6],
                                  actor="Аня")
    assert [e.type for e in exchange] == ["stone_wheel.combat_exchanged", "stone_wheel.damage_taken"]
    assert journal.at("Камень")["stone_wheel.sheet"]["characters"]["Ёжик"]["current"]["health"] == 10
    opened = D.open_dispute(journal, "Камень", exchange[0].id, "кости со стола", actor="Борис")
    D.vote(journal, opened.id, "overturn", actor="Аня")
    D.vote(journal, opened.id, "overturn", actor="Борис")
    ruled = D.rule(journal, opened.id, "overturn")
    voids = [e for e in ruled if e.type == "correction.voided"]
    assert [(v.data["target"], v.data["target_version"], v.data["dispute"]) for v in voids] == [
        (e.id, e.version, opened.id) for e in exchange]
    assert {e.decision for e in ruled} == {ruled[0].id}
    assert journal.at("Камень")["stone_wheel.sheet"]["characters"]["Ёжик"]["current"]["health"] == 20


def test_an_overturn_is_refused_when_a_later_event_counts_only_with_it(journal: Journal) -> None:
    """A healing after the damage it healed: without the damage it would heal nothing, so it is named and
    nothing is written; once the healing is overturned first, the damage can be."""
    journal.create_campaign("Камень", "stone-wheel", "Мастер")
    journal.add_member("Камень", "Аня")
    sw.create_character(journal, "Камень", "Ратибор", "Аня", "physical", "человек", "воин", CHARS, PARAMS)
    (hurt,) = sw.record_damage(journal, "Камень", "Ратибор", 5, "падение")
    healed = sw.record_recovery(journal, "Камень", "Ратибор", "health", 5, "травы")
    opened = D.open_dispute(journal, "Камень", hurt.id, "он не падал", actor="Аня")
    D.vote(journal, opened.id, "overturn", actor="Аня")
    head = journal.store.head("Камень")
    with pytest.raises(RuleViolation, match=f"later events depend on the decision of event version {hurt.version}: "
                                            f"version {healed.version} \\(stone_wheel.recovered; stone_wheel.sheet: "
                                            "counts only with it\\); dispute them first$"):
        D.rule(journal, opened.id, "overturn")
    assert journal.store.head("Камень") == head
    first = D.open_dispute(journal, "Камень", healed.id, "и не лечился", actor="Аня")
    D.vote(journal, first.id, "overturn", actor="Аня")
    D.rule(journal, first.id, "overturn")
    D.rule(journal, opened.id, "overturn")
    assert journal.at("Камень")["stone_wheel.sheet"]["characters"]["Ратибор"]["current"]["health"] == 20
