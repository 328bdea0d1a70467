"""The command forms of release 0.1 (cli/old_forms.py): each still records what its new form records, and says on
one line of stderr that it is deprecated, naming the new form.  Run against the demo journal of every system
(``journal demo``); the wield and VPT forms of the issue are also tested beside their verbs."""

from __future__ import annotations

import pytest

SW, DI, VPT = "Демо · Каменное колесо", "Демо · Дихотомия", "Демо · ВПТ"

#: (what runs first, the 0.1 command, its old words and the new form the warning names, the path of a field of
#: the last event and its value)
CASES = {
    "stone-wheel request T P": (
        [("session", "start", SW, "--present", "Аня,Боря,Вера")],
        ("--as", "Вера", "stone-wheel", "request", SW, "Мирослава", "чтение рун", "7", "3", "--dice", "7,1,8"),
        ("7 3", "--threshold 7 --pool 3"), (("attempt", "pool"), 3)),
    "stone-wheel exchange T P": (
        [("session", "start", SW, "--present", "Аня,Боря,Вера"), ("stone-wheel", "turn", "start", SW)],
        ("stone-wheel", "exchange", SW, "Разбойник", "Ратибор", "6", "4", "--dice", "9,7,6,2"),
        ("6 4", "--threshold 6 --pool 4"), (("challenge", "pool"), 4)),
    "stone-wheel damage AMOUNT": (
        [], ("stone-wheel", "damage", SW, "Ратибор", "2"), ("2", "--amount 2"), (("amount",), 2)),
    "stone-wheel recover POOL AMOUNT": (
        [("stone-wheel", "damage", SW, "Ратибор", "--amount", "2")],
        ("stone-wheel", "recover", SW, "Ратибор", "health", "1"), ("1", "--amount 1"), (("amount",), 1)),
    "stone-wheel xp bonus AMOUNT REASON": (
        [], ("stone-wheel", "xp", "bonus", SW, "Ратибор", "5", "за храбрость"),
        ("5 'за храбрость'", "'за храбрость' --amount 5"), (("amount",), 5)),
    "stone-wheel xp spend COST": (
        [], ("stone-wheel", "xp", "spend", SW, "Ратибор", "skill", "плавание", "10"), ("10", "--cost 10"),
        (("amount",), 10)),
    "dichotomy damage DAMAGE": (
        [], ("dichotomy", "damage", DI, "Взломщик", "3", "--round", "1"), ("3", "--damage 3"), (("damage",), 3)),
    "dichotomy renown AMOUNT REASON": (
        [], ("dichotomy", "renown", DI, "Взломщик", "2", "слава"), ("2 'слава'", "'слава' --xp 2"), (("reason",), "слава")),
    "dichotomy renown AMOUNT": (
        [], ("dichotomy", "renown", DI, "Взломщик", "2"), ("2", "--xp 2"), (("amount",), 2)),
    "vpt weapon TARGET WI": (
        [], ("vpt", "weapon", VPT, "меч", "7", "5"), ("7 5", "--target 7 --wi 5"), (("weapons", "меч", "initiative"), 5)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_an_old_positional_form_records_with_a_deprecation_warning(run, events_of, case: str) -> None:
    """The 0.1 form exits 0, records what the new form would, and warns on one line naming the new form."""
    first, argv, (old, new), (path, value) = CASES[case]
    assert run("demo").exit_code == 0
    for before in first:
        assert run(*before).exit_code == 0
    result = run(*argv)
    campaign = next(word for word in argv if word.startswith("Демо"))
    verb = " ".join(argv[2 if argv[0] == "--as" else 0:argv.index(campaign)])
    assert (result.exit_code, result.stderr) == (
        0, (f"warning: 'journal {verb} … {old}' is deprecated and goes in the next release: write 'journal {verb} … "
           f"{new}'\n"))
    found = events_of(campaign)[-1]["data"]
    for key in path:
        found = found[key]
    assert found == value


def test_the_old_answer_option_records_with_a_deprecation_warning(run, events_of) -> None:
    """``--answer T P`` (0.1) is ``--answer-threshold T --answer-pool P``, with the warning."""
    run("demo")
    run("session", "start", SW, "--present", "Аня,Боря,Вера")
    run("stone-wheel", "turn", "start", SW)
    result = run("stone-wheel", "exchange", SW, "Разбойник", "Ратибор", "--threshold", "6", "--pool", "4", "--dice",
                 "9,7,6,2", "--response", "dodge", "--answer", "8", "2", "--answer-dice", "8,3")
    assert (result.exit_code, result.stderr) == (
        0, ("warning: '--answer 8 2' is deprecated and goes in the next release: write '--answer-threshold 8 "
           "--answer-pool 2'\n"))
    assert events_of(SW)[-1]["data"]["answer"]["threshold"] == 8
