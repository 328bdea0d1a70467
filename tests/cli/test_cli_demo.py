"""``journal demo``: one short session in each installed system, recorded once, then shown and checked.

The story belongs to journal/service/demo.py; these tests pin what demo records (a campaign of each of the four
built-in systems and of the coin game, the test environment's fifth, installed from examples/coin-system; the
tallies committed) and how it composes its output: one line per campaign, then exactly
what ``tally``, ``replay`` and ``audit`` print on their own, each under the command that prints it, and the
chain and dice check of the demo's campaigns alone.
"""

from __future__ import annotations

import shlex

import orjson

WIELD, STONE, DICHOTOMY, VPT = "Демо · Владетели", "Демо · Каменное колесо", "Демо · Дихотомия", "Демо · ВПТ"
COIN = "Демо · Монетка"
CAMPAIGNS = [
    {"name": WIELD, "system": "wield", "master": "Судьба", "version": 13, "members": 3},
    {"name": STONE, "system": "stone-wheel", "master": "Мастер", "version": 20, "members": 4},
    {"name": DICHOTOMY, "system": "dichotomy", "master": "Ведущий", "version": 16, "members": 3},
    {"name": VPT, "system": "vpt", "master": "Вика", "version": 30, "members": 3},
    {"name": COIN, "system": "coin", "master": "ГМ", "version": 11, "members": 2},
]
HEAD = [
    f"'{WIELD}' (Wield): Судьба and 2 players, session 1, 13 events",
    f"'{STONE}' (Stone Wheel): Мастер and 3 players, session 1, 20 events",
    f"'{DICHOTOMY}' (Dichotomy): Ведущий and 2 players, session 1, 16 events",
    f"'{VPT}' (VPT): Вика and 2 players, session 1, 30 events",
    f"'{COIN}' (Coin): ГМ and 1 players, session 1, 11 events",
]
RECORDED = "".join(f"recorded {text}\n" for text in HEAD)
ALREADY = "".join(f"already recorded {text}\n" for text in HEAD)
VERIFY = ("\n$ journal verify --rolls   # over the demo campaigns\n"
          "ok: 90 events in 5 campaigns, every chain holds\n"
          "ok: 6 server rolls in 5 closed sessions recomputed exactly\n")


def _section(run, *args: str) -> str:
    """The command's heading as demo prints it, then what the command prints on its own."""
    result = run(*args)
    assert (result.exit_code, result.stderr) == (0, "")
    return f"\n$ journal {shlex.join(args)}\n{result.stdout}"


def test_demo_records_a_session_in_each_system_and_shows_tallies_replay_audit_and_checks(run) -> None:
    """The first demo records the five campaigns, then prints the three committed tallies, the Stone Wheel replay,
    the audit of its server roll and the check of the five campaigns, exactly as those commands print them."""
    result = run("demo")
    assert (result.exit_code, result.stderr) == (0, "")
    assert orjson.loads(run("campaign", "list", "--json").stdout) == CAMPAIGNS
    tallies = "".join(_section(run, "tally", name, "--session", "1") for name in (STONE, VPT, COIN))
    replay = _section(run, "replay", STONE, "--session", "1")
    audit = _section(run, "audit", STONE, "10")
    assert result.stdout == RECORDED + tallies + replay + audit + VERIFY
    assert len(result.stdout.splitlines()) < 100  # about two screens


def test_demo_commits_the_stone_wheel_xp_and_the_vpt_checklist(run) -> None:
    """The tallies are committed: XP per hour for the two present players' characters (150 min x 50 / 60) and
    the Master (x 75 / 60), nothing for the absent Вера; the VPT ticks and the tally's 'no interaction' -1."""
    result = run("demo")
    out = result.stdout
    for row in (" session_xp:Ратибор │ session_xp │ Ратибор   │         │ 150 min │ +125   │ recorded │ present",
                " session_xp:Ёжик    │ session_xp │ Ёжик      │         │ 150 min │ +125   │ recorded │ present",
                " master_xp:Мастер   │ master_xp  │ Мастер    │         │ 150 min │ +187   │ recorded │ the Master"):
        assert row in out
    assert "Мирослава" not in out
    assert "session 1 was tallied at version 20 (event " in out
    assert "session 1 was tallied at version 30 (event " in out
    assert "│ Эдди      │ Граф Мортен │ no_interaction              │ -1     │ recorded │" in out
    assert "│ Эдди      │ Вольтаир    │ saved_life, date_successful │ +2     │ recorded │" in out
    xp = orjson.loads(run("tally", STONE, "--session", "1", "--json").stdout)
    assert xp["tallied"]["version"] == 20
    assert [(line["character"], line["amount"]) for line in xp["lines"]] == [("Ратибор", 125), ("Ёжик", 125),
                                                                             ("Мастер", 187)]


def test_demo_replays_the_stone_wheel_session_and_audits_its_server_roll(run) -> None:
    """The replay section names the session; the audit shows the commitment, the seed and the roll verified."""
    out = run("demo").stdout
    replay = out.split(f"\n$ journal replay '{STONE}' --session 1\n", 1)[1]
    assert replay.startswith(f"Session 1 of {STONE} (Stone Wheel): present Аня, Боря; #9–#16; 150 min\n")
    assert "Разбойник Now · Health: 12 -> 5" in replay
    audit = out.split(f"\n$ journal audit '{STONE}' 10\n", 1)[1]
    assert audit.startswith(f"Audit of event 10 (stone_wheel.request_rolled) in '{STONE}'\n")
    assert "  attempt.roll: d10 [" in audit and "], server dice, counter 0: verified — the seed " in audit
    assert "chain: the chain holds: 20 events, this one (version 10) included\n" in audit


def test_demo_twice_records_nothing_and_prints_the_same(run) -> None:
    """A second demo says each campaign is already recorded, prints the same sections, and writes nothing
    (whoever JOURNAL_ACTOR names: the demo reads as each campaign's Master)."""
    first = run("demo")
    listed = run("campaign", "list", "--json").stdout
    second = run("demo", env={"JOURNAL_ACTOR": "Аня"})
    assert (second.exit_code, second.stderr) == (0, "")
    assert second.stdout == ALREADY + first.stdout.removeprefix(RECORDED)
    assert run("campaign", "list", "--json").stdout == listed


def test_demo_beside_other_campaigns_checks_only_its_own(run) -> None:
    """Another campaign with its own session and server roll changes nothing in demo's check lines."""
    run("campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба")
    run("member", "add", "Пепел", "Аня")
    run("session", "start", "Пепел", "--present", "Аня")
    run("roll", "Пепел", "2d6")
    run("session", "end", "Пепел")
    result = run("demo")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.startswith(RECORDED)
    assert result.stdout.endswith(VERIFY)
    assert "ok: 7 server rolls in 6 closed sessions" in run("verify", "--rolls").stdout
