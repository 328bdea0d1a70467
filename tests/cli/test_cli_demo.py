"""``journal demo``: the sample campaign, recorded once, then its log and its checks.

The sample's content belongs to cli/demo.py and may grow; these tests pin how demo composes its
output (first line, then exactly what ``log`` and ``verify --rolls`` print) and that it records once.
"""

from __future__ import annotations

DEMO = "Пепел Золы (demo)"
RECORDED = f"recorded the sample campaign '{DEMO}'\n"
ALREADY = f"the sample campaign '{DEMO}' is already recorded in this journal\n"


def _log_and_checks(run) -> str:
    """What ``log DEMO`` and ``verify DEMO --rolls`` print, one after the other."""
    log, verify = run("log", DEMO), run("verify", DEMO, "--rolls")
    assert (log.exit_code, verify.exit_code) == (0, 0)
    return log.stdout + verify.stdout


def test_demo_records_the_sample_campaign_and_prints_its_log_and_checks(run) -> None:
    """The first demo says it recorded the campaign, then prints its log and the 'ok:' check lines."""
    result = run("demo")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == RECORDED + _log_and_checks(run)
    assert f"-- Мастер: campaign.created master=Мастер, name={DEMO}, system=vpt\n" in result.stdout
    assert "\nok: " in result.stdout


def _events_in_demo(run) -> int:
    return len(run("log", DEMO, "--json").stdout.splitlines())


def test_demo_prints_the_chain_check_of_the_sample_campaign(run) -> None:
    """demo's output includes 'ok: N events in 1 campaigns, every chain holds' for the sample's N events."""
    result = run("demo")
    assert f"\nok: {_events_in_demo(run)} events in 1 campaigns, every chain holds\n" in result.stdout


def test_demo_twice_does_not_duplicate_the_campaign(run) -> None:
    """A second demo records nothing: it says so, prints the same log and checks, and one campaign remains."""
    first = run("demo")
    listed = run("campaign", "list", "--json").stdout
    result = run("demo")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == ALREADY + first.stdout.removeprefix(RECORDED)
    assert run("campaign", "list", "--json").stdout == listed
    assert listed.count(f'"name":"{DEMO}"') == 1


def test_demo_beside_other_campaigns_checks_only_its_own(run) -> None:
    """demo's chain check counts the sample campaign alone, whatever else the journal holds."""
    run("campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба")
    result = run("demo")
    assert result.exit_code == 0
    assert f"\nok: {_events_in_demo(run)} events in 1 campaigns, every chain holds\n" in result.stdout
