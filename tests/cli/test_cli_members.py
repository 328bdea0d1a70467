"""``journal member add``: only the campaign's Master adds players; every refusal writes nothing."""

from __future__ import annotations

from tests.cli.conftest import recorded_with_cli


@recorded_with_cli
def ashes(run) -> str:
    """The campaign 'Пепел' (wield), Master 'Судьба', with one player, 'Аня' (two events)."""
    assert run("campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба").exit_code == 0
    assert run("member", "add", "Пепел", "Аня").exit_code == 0
    return "Пепел"


def test_member_add_by_the_default_actor_the_master(run, events_of) -> None:
    """Without --as the Master records: 'NAME' joined 'CAMPAIGN' (version N)."""
    run("campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба")
    result = run("member", "add", "Пепел", "Аня")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "'Аня' joined 'Пепел' (version 2)\n", "")
    added = events_of("Пепел")[1]
    assert (added["type"], added["actor"], added["data"]) == ("member.added", "Судьба", {"name": "Аня", "role": "player"})


def test_member_add_as_the_master_explicitly(run, ashes, events_of) -> None:
    """--as naming the Master is accepted and recorded as the Master's act."""
    result = run("--as", "Судьба", "member", "add", ashes, "Борис")
    assert (result.exit_code, result.stdout) == (0, "'Борис' joined 'Пепел' (version 3)\n")
    assert events_of(ashes)[2]["actor"] == "Судьба"


def test_member_add_by_a_player_via_as_is_refused(run, ashes, events_of) -> None:
    """--as a player: exit 7, one error line, and the campaign still has two events."""
    result = run("--as", "Аня", "member", "add", ashes, "Борис")
    assert result.exit_code == 7
    assert result.stdout == ""
    assert result.stderr == "error: only the Master may add members ('Аня' is a player)\n"
    assert len(events_of(ashes)) == 2


def test_member_add_by_a_player_via_journal_actor_is_refused(run, ashes, events_of) -> None:
    """JOURNAL_ACTOR naming a player acts like --as: exit 7 and nothing written."""
    result = run("member", "add", ashes, "Борис", env={"JOURNAL_ACTOR": "Аня"})
    assert result.exit_code == 7
    assert result.stdout == ""
    assert result.stderr == "error: only the Master may add members ('Аня' is a player)\n"
    assert len(events_of(ashes)) == 2


def test_member_add_by_a_non_member_is_refused(run, ashes, events_of) -> None:
    """--as someone outside the campaign: exit 7 naming them, nothing written."""
    result = run("--as", "Чужак", "member", "add", ashes, "Борис")
    assert result.exit_code == 7
    assert result.stdout == ""
    assert result.stderr == "error: 'Чужак' is not a member of campaign 'Пепел'\n"
    assert len(events_of(ashes)) == 2


def test_member_add_of_an_existing_member_is_refused(run, ashes, events_of) -> None:
    """Adding 'Аня' again breaks the uniqueness rule: exit 3, nothing written."""
    result = run("member", "add", ashes, "Аня")
    assert result.exit_code == 3
    assert result.stdout == ""
    assert result.stderr == "error: refused by rule 'campaign: members are unique': 'Аня' is already a member of 'Пепел'\n"
    assert len(events_of(ashes)) == 2


def test_member_add_of_the_master_is_refused(run, ashes, events_of) -> None:
    """The Master is already a member: adding them as a player is refused with exit 3."""
    result = run("member", "add", ashes, "Судьба")
    assert (result.exit_code, result.stdout) == (3, "")
    assert result.stderr == "error: refused by rule 'campaign: members are unique': 'Судьба' is already a member of 'Пепел'\n"
    assert len(events_of(ashes)) == 2


def test_member_add_to_an_unknown_campaign_exits_4(run) -> None:
    """Adding to a campaign that does not exist exits 4 with 'no campaign named ...'."""
    result = run("member", "add", "Нет такой", "Аня")
    assert (result.exit_code, result.stdout, result.stderr) == (4, "", "error: no campaign named 'Нет такой'\n")


def test_member_add_confirms_the_name_as_recorded(run, ashes, events_of) -> None:
    """Surrounding spaces are stripped from a new member's name, and the confirmation shows the stored name."""
    result = run("member", "add", ashes, "  Борис ")
    assert events_of(ashes)[2]["data"] == {"name": "Борис", "role": "player"}
    assert result.stdout == "'Борис' joined 'Пепел' (version 3)\n"


def test_an_empty_actor_is_refused_rather_than_acting_as_the_master(run, db_url: str) -> None:
    """`--as ""` (an unset variable in a script) is a usage error, not the Master."""
    run("campaign", "new", "Z", "--system", "vpt", "--master", "ГМ")
    result = run("--as", "", "member", "add", "Z", "Аня")
    assert result.exit_code == 2
    assert "must name a member of the campaign, not be empty" in result.stderr
