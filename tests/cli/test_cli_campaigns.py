"""``journal campaign new|list|show``: starting campaigns, refusals, tables and JSON."""

from __future__ import annotations

import pytest

EMPTY_LIST = "no campaigns yet: start one with 'journal campaign new NAME --system SYSTEM --master NAME'\n"


@pytest.mark.parametrize(
    ("system", "name", "master"),
    [
        ("wield", "Пепел Золы", "Судьба"),
        ("stone-wheel", "Каменное колесо", "Хранитель"),
        ("dichotomy", "Две стороны", "Ведущий"),
        ("vpt", "Тени Петербурга", "Рассказчик"),
    ],
)
def test_campaign_new_starts_a_campaign_of_each_system(run, system, name, master) -> None:
    """campaign new prints one confirmation line and the campaign is listed with its system and Master."""
    result = run("campaign", "new", name, "--system", system, "--master", master)
    assert result.exit_code == 0
    titles = {"wield": "Wield", "stone-wheel": "Stone Wheel", "dichotomy": "Dichotomy", "vpt": "VPT"}
    assert result.stdout == f"campaign '{name}' started ({titles[system]}), Master: {master}\n"
    assert result.stderr == ""
    listed = run("campaign", "list", "--json").stdout
    assert listed == f'[{{"name":"{name}","system":"{system}","master":"{master}","version":1,"members":1}}]\n'


def test_campaign_new_json_prints_the_stored_event(run, events_of) -> None:
    """campaign new --json prints the campaign, version 1 and the stored event's id."""
    result = run("campaign", "new", "Пепел", "--system", "vpt", "--master", "Судьба", "--json")
    assert result.exit_code == 0
    (event,) = events_of("Пепел")
    assert result.stdout == f'{{"campaign":"Пепел","version":1,"id":"{event["id"]}"}}\n'


def test_campaign_new_refuses_a_duplicate_name(run, events_of) -> None:
    """Starting a campaign whose name is taken exits 2 with one error line and writes nothing."""
    run("campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба")
    result = run("campaign", "new", "Пепел", "--system", "vpt", "--master", "Другой")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "error: campaign 'Пепел' already exists\n"
    assert [e["type"] for e in events_of("Пепел")] == ["campaign.created"]


def test_campaign_new_refuses_an_unknown_system_before_touching_the_database(run) -> None:
    """An unknown --system is a click usage error (exit 2) naming the installed systems (the four and the coin game); nothing is written."""
    result = run("campaign", "new", "Пепел", "--system", "dnd", "--master", "Судьба")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "Usage: journal campaign new [OPTIONS] NAME\n"
        "Try 'journal campaign new --help' for help.\n"
        "\n"
        "Error: Invalid value for '--system': 'dnd' is not one of 'coin', 'dichotomy', 'stone-wheel', 'vpt', 'wield'.\n"
    )
    assert run("campaign", "list", "--json").stdout == "[]\n"


def test_campaign_new_refuses_a_blank_name(run) -> None:
    """A name of spaces only is refused with exit 2 and one error line."""
    result = run("campaign", "new", "   ", "--system", "wield", "--master", "Судьба")
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", "error: campaign name: must not be empty\n")


def test_campaign_list_on_an_empty_journal_says_how_to_start(run) -> None:
    """With no campaigns, list prints the hint to start one."""
    result = run("campaign", "list")
    assert (result.exit_code, result.stdout, result.stderr) == (0, EMPTY_LIST, "")


def test_campaign_list_json_on_an_empty_journal_is_an_empty_array(run) -> None:
    """With no campaigns, list --json prints []."""
    result = run("campaign", "list", "--json")
    assert (result.exit_code, result.stdout) == (0, "[]\n")


def _two_campaigns(run) -> None:
    run("campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба")
    run("member", "add", "Пепел", "Аня")
    run("campaign", "new", "Каменное колесо", "--system", "stone-wheel", "--master", "Мастер")


def test_campaign_list_prints_a_table_in_the_order_campaigns_were_started(run) -> None:
    """list prints one row per campaign: name, system, Master, member count and event count."""
    _two_campaigns(run)
    result = run("campaign", "list")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        " campaign        ┃ system      ┃ Master ┃ members ┃ events ",
        "━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━━╇━━━━━━━━",
        " Пепел           │ Wield       │ Судьба │ 2       │ 2      ",
        " Каменное колесо │ Stone Wheel │ Мастер │ 1       │ 1      ",
    ]


def test_campaign_list_json_is_exact(run) -> None:
    """list --json prints one array with name, system, Master, version and member count per campaign."""
    _two_campaigns(run)
    result = run("campaign", "list", "--json")
    assert result.stdout == (
        '[{"name":"Пепел","system":"wield","master":"Судьба","version":2,"members":2},'
        '{"name":"Каменное колесо","system":"stone-wheel","master":"Мастер","version":1,"members":1}]\n'
    )


def test_campaign_list_keeps_a_long_name_on_one_line_when_piped(run) -> None:
    """A campaign name of ~100 characters stays whole on its row when the output is not a terminal."""
    name = "Хроники" + " долгого похода" * 6
    run("campaign", "new", name, "--system", "dichotomy", "--master", "Ведущий")
    rows = run("campaign", "list").stdout.splitlines()[2:]
    assert len(rows) == 1
    assert name in rows[0]


def test_campaign_new_confirms_the_master_as_recorded(run) -> None:
    """Surrounding spaces are stripped from the Master's name, and the confirmation shows the stored name."""
    result = run("campaign", "new", "Пепел", "--system", "wield", "--master", "  Судьба  ")
    assert run("campaign", "list", "--json").stdout == (
        '[{"name":"Пепел","system":"wield","master":"Судьба","version":1,"members":1}]\n'
    )
    assert result.stdout == "campaign 'Пепел' started (Wield), Master: Судьба\n"


def _campaign_with_players(run) -> None:
    run("campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба")
    run("member", "add", "Пепел", "Борис")
    run("member", "add", "Пепел", "Аня")


def test_campaign_show_prints_the_header_and_members_master_first(run, events_of) -> None:
    """show prints name, system, start time and event count, then the Master and the players by name."""
    _campaign_with_players(run)
    created = events_of("Пепел")[0]["recorded_at"]
    result = run("campaign", "show", "Пепел")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"Пепел  (Wield)  started {created}  events: 3",
        " member ┃ role   ",
        "━━━━━━━━╇━━━━━━━━",
        " Судьба │ master ",
        " Аня    │ player ",
        " Борис  │ player ",
    ]


def test_campaign_show_json_is_exact(run, events_of) -> None:
    """show --json prints name, system, Master, members with roles (in joining order), start time and version."""
    _campaign_with_players(run)
    created = events_of("Пепел")[0]["recorded_at"]
    result = run("campaign", "show", "Пепел", "--json")
    assert result.exit_code == 0
    assert result.stdout == (
        '{"name":"Пепел","system":"wield","master":"Судьба",'
        '"members":{"Судьба":"master","Борис":"player","Аня":"player"},'
        f'"created_at":"{created}","version":3}}\n'
    )


def test_campaign_show_of_an_unknown_campaign_exits_4(run) -> None:
    """show of a campaign that does not exist exits 4 with 'no campaign named ...'."""
    result = run("campaign", "show", "Нет такой")
    assert (result.exit_code, result.stdout, result.stderr) == (4, "", "error: no campaign named 'Нет такой'\n")


def test_campaign_new_in_russian_names_the_system_in_russian(run) -> None:
    """`journal --lang ru campaign new … --system stone-wheel` says the campaign plays «Каменное колесо»."""
    result = run("--lang", "ru", "campaign", "new", "Камень", "--system", "stone-wheel", "--master", "Мастер")
    assert result.stdout == "кампания «Камень» начата (Каменное колесо), Мастер: Мастер\n"


@pytest.mark.parametrize("named", ["Каменное колесо", "каменное колесо", "Stone Wheel", "stone-wheel"])
def test_campaign_new_takes_the_system_by_its_name(run, named: str) -> None:
    """`--system «Каменное колесо»` (the name Russian help lists), its English name or its id start the same system."""
    assert run("campaign", "new", "Камень", "--system", named, "--master", "Мастер").exit_code == 0
    assert run("campaign", "list", "--json").stdout == (
        '[{"name":"Камень","system":"stone-wheel","master":"Мастер","version":1,"members":1}]\n')
