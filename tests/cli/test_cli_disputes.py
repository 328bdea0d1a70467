"""``journal dispute open|vote|rule|list|show`` and ``journal audit``: outputs, refusals and reports."""

from __future__ import annotations

from html import escape
from pathlib import Path

import orjson
import pytest
from support import tamper

from journal.store import open_store
from tests.cli.conftest import recorded_with_cli


@recorded_with_cli
def forest(run) -> dict:
    """Лес (vpt): ГМ; Аня, Борис, Вера; session 1 (Аня, Борис) with a table roll 2d6 [1, 2] at version 6."""
    run("campaign", "new", "Лес", "--system", "vpt", "--master", "ГМ")
    for name in ("Аня", "Борис", "Вера"):
        run("member", "add", "Лес", name)
    run("session", "start", "Лес", "--present", "Аня,Борис")
    run("roll", "Лес", "2d6", "--dice", "1,2")
    run("session", "end", "Лес", "--minutes", "60")
    return orjson.loads(run("log", "Лес", "--json").stdout.splitlines()[5])


def _open(run) -> str:
    result = run("--as", "Вера", "dispute", "open", "Лес", "--event", "6", "--reason", "кубик упал", "--json")
    assert result.exit_code == 0, result.stderr
    return orjson.loads(result.stdout)["id"]


def test_dispute_open_prints_the_dispute_and_its_voters(run, forest) -> None:
    """One line: the dispute by its number and the event's summary, the voters and the quorum (no id)."""
    result = run("--as", "Вера", "dispute", "open", "Лес", "--event", forest["id"], "--reason", "кубик упал")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "dispute #1 about “2d6: [1, 2] = 3” opened; voters: Аня, Борис (2 of 2 must vote)\n"


def test_dispute_open_in_russian_names_the_dispute_by_its_number(run, forest) -> None:
    """--lang ru: «спор №1 о «…»», the summary of the disputed event in the reader's words."""
    result = run("--lang", "ru", "--as", "Вера", "dispute", "open", "Лес", "--event", "6", "--reason", "кубик упал")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("спор №1 о «2d6: [1, 2] = 3» открыт; голосуют: Аня, Борис")


def test_a_second_dispute_is_number_2(run, forest) -> None:
    """The short number counts the campaign's disputes in the order they were opened."""
    _open(run)
    run("roll", "Лес", "1d6", "--dice", "4")
    result = run("--as", "Вера", "dispute", "open", "Лес", "--event", "9", "--reason", "не тот кубик")
    assert result.stdout.startswith("dispute #2 about “1d6: [4] = 4” opened;")


@pytest.mark.parametrize("ref", ["1", "№1", "#1", "№ 1"])
def test_dispute_vote_takes_the_short_number(run, forest, events_of, ref: str) -> None:
    """``vote 1`` / ``vote №1`` with --campaign names dispute #1 of that campaign."""
    dispute = _open(run)
    result = run("--as", "Аня", "dispute", "vote", ref, "--campaign", "Лес", "--overturn")
    assert (result.exit_code, result.stderr) == (0, "")
    assert events_of("Лес")[-1]["data"]["dispute"] == dispute


def test_a_short_number_without_a_campaign_is_of_the_journals_one_campaign(run, forest, events_of) -> None:
    """A journal of one campaign needs no --campaign for a number."""
    dispute = _open(run)
    result = run("--as", "Аня", "dispute", "vote", "№1", "--uphold")
    assert (result.exit_code, result.stderr) == (0, "")
    assert events_of("Лес")[-1]["data"]["dispute"] == dispute


def test_a_short_number_with_two_campaigns_needs_the_campaign(run, forest, events_of) -> None:
    """Two campaigns and no --campaign: one line asking for it, exit non-zero, nothing written."""
    _open(run)
    run("campaign", "new", "Поле", "--system", "vpt", "--master", "ГМ")
    result = run("--as", "Аня", "dispute", "vote", "1", "--uphold")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "error: dispute #1: name its campaign too (a number counts the disputes of one campaign)\n"
    assert len(events_of("Лес")) == 8


def test_an_unknown_short_number_is_refused(run, forest) -> None:
    """No dispute #5 in the campaign: one line naming it."""
    _open(run)
    result = run("--as", "Аня", "dispute", "vote", "5", "--campaign", "Лес", "--uphold")
    assert result.stderr == "error: no dispute #5 in campaign 'Лес'\n"


def test_dispute_vote_prints_the_tally(run, forest) -> None:
    """A vote by a prefix of the dispute's id prints who voted what and the count so far."""
    dispute = _open(run)
    result = run("--as", "Аня", "dispute", "vote", dispute[:-4], "--overturn")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == ("Аня votes overturn in dispute #1 about “2d6: [1, 2] = 3”: 1 of 2 voted, quorum 2 "
                             "(0 uphold, 1 overturn); no quorum yet\n")


def test_dispute_vote_needs_a_choice(run, forest, events_of) -> None:
    """Neither --uphold nor --overturn is a usage error (exit 2); nothing is written."""
    dispute = _open(run)
    result = run("--as", "Аня", "dispute", "vote", dispute)
    assert result.exit_code == 2
    assert result.stderr.endswith("Error: give --uphold or --overturn\n")
    assert len(events_of("Лес")) == 8


def test_dispute_rule_without_quorum_is_refused(run, forest, events_of) -> None:
    """Exit 3 with one line naming the quorum; nothing is written."""
    dispute = _open(run)
    run("--as", "Аня", "dispute", "vote", dispute, "--overturn")
    result = run("dispute", "rule", dispute, "--overturn")
    assert (result.exit_code, result.stdout) == (3, "")
    assert result.stderr == ("error: refused by rule 'dispute: quorum': second-degree quorum: 2 of 2 present players "
                             "must vote, 1 has\n")
    assert len(events_of("Лес")) == 9


def test_a_player_may_not_rule(run, forest, events_of) -> None:
    """Exit 7: only the Master rules; nothing is written."""
    dispute = _open(run)
    run("--as", "Аня", "dispute", "vote", dispute, "--overturn")
    run("--as", "Борис", "dispute", "vote", dispute, "--overturn")
    result = run("--as", "Аня", "dispute", "rule", dispute, "--uphold")
    assert (result.exit_code, result.stderr) == (7, "error: only the Master may rule on a dispute ('Аня' is a player)\n")
    assert len(events_of("Лес")) == 10


def test_dispute_rule_overturn_with_corrected_dice(run, forest, events_of) -> None:
    """The ruling, the void and the corrected roll are appended; the log shows them in order."""
    dispute = _open(run)
    run("--as", "Аня", "dispute", "vote", dispute, "--overturn")
    run("--as", "Борис", "dispute", "vote", dispute, "--uphold")
    result = run("dispute", "rule", dispute, "--overturn", "--correct-dice", "5,6", "--reason", "перебросили")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == ("dispute #1 about “2d6: [1, 2] = 3” ruled: overturn (1 uphold, 1 overturn of 2; "
                             "on a tied vote)\n"
                             "voided: “2d6: [1, 2] = 3”\n"
                             "corrected and recorded: “2d6: [5, 6] = 11”\n")
    events = events_of("Лес")
    assert [(e["type"], e["causation"]) for e in events[10:]] == [
        ("dispute.ruled", dispute), ("correction.voided", forest["id"]), ("roll.made", events[11]["id"])]
    assert events[12]["data"]["description"] == "2d6: [5, 6] = 11"


def test_corrected_dice_too_many_are_refused_in_russian_with_the_count_in_its_plural_form(run, forest, events_of) -> None:
    """Three dice for a 2d6: one line in Russian words, «бросает 2 кубика, а дано 3»; nothing written."""
    dispute = _open(run)
    run("--as", "Аня", "dispute", "vote", dispute, "--overturn")
    run("--as", "Борис", "dispute", "vote", dispute, "--overturn")
    result = run("--lang", "ru", "dispute", "rule", dispute, "--overturn", "--correct-dice", "5,6,1")
    assert (result.exit_code, result.stderr, len(events_of("Лес"))) == (
        2, "Ошибка: исправленные кубики: «2d6» бросает 2 кубика, а дано 3\n", 10)


def test_dispute_rule_with_corrected_json(run, forest, events_of) -> None:
    """--correct-json holds the corrected payload of the disputed type."""
    dispute = _open(run)
    run("--as", "Аня", "dispute", "vote", dispute, "--overturn")
    run("--as", "Борис", "dispute", "vote", dispute, "--overturn")
    corrected = {**forest["data"], "result": 4, "description": "2d6: [1, 3] = 4",
                 "rolls": [{"sides": 6, "dice": [1, 3], "source": "table", "counter": None}]}
    result = run("dispute", "rule", dispute, "--overturn", "--correct-json", orjson.dumps(corrected).decode())
    assert result.exit_code == 0, result.stderr
    assert events_of("Лес")[-1]["data"] == corrected


def test_a_correction_goes_with_an_overturn(run, forest, events_of) -> None:
    """--uphold with --correct-dice is a usage error; nothing is written."""
    dispute = _open(run)
    result = run("dispute", "rule", dispute, "--uphold", "--correct-dice", "5,6")
    assert result.exit_code == 2
    assert result.stderr.endswith("Error: a correction goes with --overturn\n")
    assert len(events_of("Лес")) == 8


def test_dispute_show_prints_votes_and_ruling(run, forest) -> None:
    """show: the dispute, the event, one row per voter, the ruling."""
    dispute = _open(run)
    run("--as", "Аня", "dispute", "vote", dispute, "--uphold")
    run("--as", "Борис", "dispute", "vote", dispute, "--uphold")
    run("dispute", "rule", dispute, "--uphold")
    shown = orjson.loads(run("dispute", "show", dispute, "--json").stdout)
    assert (shown["campaign"], shown["dispute"]["status"], shown["dispute"]["ruling"]["followed_majority"]) == (
        "Лес", "upheld", True)
    text = run("dispute", "show", dispute).stdout
    assert text.startswith("dispute #1 about “2d6: [1, 2] = 3” (upheld), opened by Вера: кубик упал — campaign 'Лес'\n"
                           "in session 1\n")
    assert "ruling: uphold by ГМ (" in text
    assert dispute not in text


def test_dispute_list_names_each_dispute_by_number_and_event(run, forest) -> None:
    """list: the number, the disputed event's summary, who opened it, its status; no id."""
    dispute = _open(run)
    text = run("dispute", "list", "Лес").stdout
    assert "\n #1      │ 2d6: [1, 2] = 3 │ Вера      │ open   │" in text
    assert dispute not in text


def test_dispute_list_json_carries_the_number_and_the_name(run, forest) -> None:
    """--json keeps the id and adds ``number``, ``about`` and ``name``."""
    dispute = _open(run)
    found = orjson.loads(run("dispute", "list", "Лес", "--json").stdout)["disputes"][0]
    assert (found["id"], found["number"], found["about"], found["name"]) == (
        dispute, 1, "2d6: [1, 2] = 3", "dispute #1 about “2d6: [1, 2] = 3”")


def test_dispute_list_of_a_campaign_without_disputes(run, forest) -> None:
    """An empty list says so in one line."""
    assert run("dispute", "list", "Лес").stdout == "no dispute in 'Лес'\n"


def test_dispute_list_in_russian_names_the_campaign_not_a_version(run, forest) -> None:
    """--lang ru: the table's title is the campaign, and no version."""
    _open(run)
    assert run("--lang", "ru", "dispute", "list", "Лес").stdout.splitlines()[0].strip() == "споры в «Лес»"


def test_dispute_list_as_of_a_past_point_names_it_by_its_event(run, forest) -> None:
    """--as-of 6 in Russian: «в «Лес» нет споров после «2d6: [1, 2] = 3»» (the point by the summary of its event)."""
    _open(run)
    assert run("--lang", "ru", "dispute", "list", "Лес", "--as-of", "6").stdout == (
        "в «Лес» нет споров после «2d6: [1, 2] = 3»\n")


def test_audit_prints_the_evidence(run, forest) -> None:
    """Text: the title, the recorder, the roll's proof, the chain and the dispute."""
    _open(run)
    result = run("audit", "Лес", "6")
    assert (result.exit_code, result.stderr) == (0, "")
    lines = result.stdout.splitlines()
    assert lines[:2] == ["Audit of event 6 (roll.made) in 'Лес'", f"recorded by ГМ (master) at {forest['recorded_at']}, session 1"]
    assert "  rolls[0]: d6 [1, 2]: table roll (thrown at the table; nothing to recompute)" in lines
    assert "chain: the chain holds: 8 events, this one (version 6) included" in lines
    assert "sheets: no field changed (version 5 -> 6)" in lines


def test_audit_in_russian_names_the_event_by_its_number_in_the_timeline(run, forest) -> None:
    """--lang ru audit: the title, the envelope's number, the chain and the sheets name the event «№6», as the log's
    first column numbers it; the store's own sequence is labelled as the database's, never a version."""
    lines = run("--lang", "ru", "audit", "Лес", "6").stdout.splitlines()
    assert (lines[0], lines[4], lines[13], lines[-1]) == (
        "Аудит события №6 (Бросок) в «Лес»", "  № события: 6", f"  номер записи в базе данных: {_seq(lines)}",
        "листы: ни одно поле не изменилось (№5 → №6)")
    assert "цепочка: цепочка цела: 7 событий, включая это (№6)" in lines


def _seq(lines: list[str]) -> str:
    return lines[13].rsplit(": ", 1)[1]


def test_audit_writes_markdown_and_html_reports(run, forest, tmp_path: Path) -> None:
    """--format md|html -o FILE writes the report; the HTML is self-contained (no script, no link out)."""
    md, html = tmp_path / "audit.md", tmp_path / "audit.html"
    assert run("audit", "Лес", forest["id"], "--format", "md", "-o", str(md)).stdout == f"wrote the audit of event 6 to {md}\n"
    run("audit", "Лес", forest["id"], "--format", "html", "-o", str(html))
    text, page = md.read_text(encoding="utf-8"), html.read_text(encoding="utf-8")
    assert text.startswith("# Audit of event 6 (roll.made) in 'Лес'\n")
    assert "## Chain\n\nthe chain holds: 7 events, this one (version 6) included.\n" in text
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "http" not in page.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")
    assert "Audit of event 6 (roll.made) in &#x27;Лес&#x27;" in page


def test_audit_of_a_tampered_event_exits_6_naming_it(run, forest, db_url) -> None:
    """An event edited behind the journal's back: the report is printed, then exit 6 naming the event."""
    store = open_store(db_url)
    try:
        tamper(store, "Лес", 6, {**forest["data"], "result": 12})
    finally:
        store.close()
    result = run("audit", "Лес", "6", "--json")
    assert result.exit_code == 6
    assert orjson.loads(result.stdout)["chain"]["status"] == "broken at this event"
    assert result.stderr == (f"integrity: chain broken at this event (version 6, {forest['id']}): hash does not match "
                             "the stored envelope (the event was altered)\n")


def _overturned(run) -> str:
    """Dispute #1 about version 6, voted by both and overturned with the dice 5, 6."""
    dispute = _open(run)
    run("--as", "Аня", "dispute", "vote", dispute, "--overturn")
    run("--as", "Борис", "dispute", "vote", dispute, "--overturn")
    assert run("dispute", "rule", dispute, "--overturn", "--correct-dice", "5,6").exit_code == 0
    return dispute


def _summaries(run, *lang: str) -> list[str]:
    """The log's lines without the version, time and session columns."""
    return [line.split(": ", 1)[1] for line in run(*lang, "log", "Лес").stdout.splitlines()]


def test_the_log_names_the_dispute_by_number_and_event_never_by_id(run, forest) -> None:
    """Opening, votes, ruling and void: each names «dispute #1 about “…”»; the voided roll says by which dispute."""
    dispute = _overturned(run)
    lines = _summaries(run)
    assert lines[5:] == [
        "2d6: [1, 2] = 3 (voided by dispute #1)  [roll.made]",
        "session 1 ended after 60 min; 0 server dice; seed revealed  [session.ended]",
        "opens dispute #1 about “2d6: [1, 2] = 3”: кубик упал  [dispute.opened]",
        "votes to overturn in dispute #1 about “2d6: [1, 2] = 3”  [dispute.voted]",
        "votes to overturn in dispute #1 about “2d6: [1, 2] = 3”  [dispute.voted]",
        "rules to overturn in dispute #1 about “2d6: [1, 2] = 3”: 0 uphold, 2 overturn (2 of 2 needed)  [dispute.ruled]",
        "voids “2d6: [1, 2] = 3” (dispute #1): кубик упал  [correction.voided]",
        "2d6: [5, 6] = 11  [roll.made]",
    ]
    assert dispute not in run("log", "Лес").stdout


def test_the_log_in_russian_names_the_dispute_in_russian(run, forest) -> None:
    """--lang ru: «голосует за отмену в споре №1 о «…»», «аннулировано по спору №1»."""
    _overturned(run)
    lines = _summaries(run, "--lang", "ru")
    assert lines[5].startswith("2d6: [1, 2] = 3 (аннулировано по спору №1)  [")
    assert lines[7].startswith("открывает спор №1 о «2d6: [1, 2] = 3»: кубик упал  [")
    assert lines[8].startswith("голосует за отмену в споре №1 о «2d6: [1, 2] = 3»  [")
    assert lines[11].startswith("аннулирует «2d6: [1, 2] = 3» (спор №1): ")


def test_the_audit_names_the_dispute_and_keeps_its_ids_below(run, forest) -> None:
    """The audit's human line names dispute #1; the ids follow on the line below it."""
    dispute = _overturned(run)
    lines = run("audit", "Лес", "6").stdout.splitlines()
    head = lines.index("dispute #1 about “2d6: [1, 2] = 3” (overturned), opened by Вера: кубик упал")
    assert lines[head + 1].startswith(f"  ids: dispute {dispute} (version 8); ruling ")
    assert "voided by dispute #1: кубик упал" in lines


def _text_rows(run, *args: str) -> list[str]:
    """The envelope and payload lines of the text audit, as ``label: value``."""
    return [line.strip() for line in run("--lang", "ru", "audit", *args).stdout.splitlines()[2:15]]


def test_the_markdown_audit_labels_the_envelope_and_payload_as_the_text_does(run, forest) -> None:
    """--format md in Russian: the envelope table's rows are the text audit's lines, label and value (the event
    type by its label, the time in the reader's form), never the stored keys."""
    md = run("--lang", "ru", "audit", "Лес", "6", "--format", "md").stdout.splitlines()
    rows = [line[2:-2].replace(" | ", ": ", 1) for line in md[md.index("| поле | значение |") + 2:][:13]]
    assert (rows, rows[3], "| type | roll.made |" in md) == (_text_rows(run, "Лес", "6"), "тип: Бросок", False)


def test_the_html_audit_labels_the_envelope_and_payload_as_the_text_does(run, forest) -> None:
    """--format html in Russian: each text line's label and value is a row of the envelope table."""
    page = run("--lang", "ru", "audit", "Лес", "6", "--format", "html").stdout
    missing = [row for row in _text_rows(run, "Лес", "6")
               if "<tr><td>{}</td><td>{}</td></tr>".format(*(escape(part) for part in row.split(": ", 1))) not in page]
    assert (missing, "<td>recorded_at</td>" in page, "<td>Бросок</td>" in page) == ([], False, True)


def test_the_russian_audit_names_the_payloads_keys_and_the_rolls_place_in_words(run, forest) -> None:
    """--lang ru: the free roll's payload by the shared labels in its model's order, and the roll's place in it
    «броски №1» (English keeps ``rolls[0]``)."""
    lines = run("--lang", "ru", "audit", "Лес", "6").stdout.splitlines()
    assert (lines[14], lines[16]) == (
        ("  данные: {запись броска: 2d6, броски: [{граней: 6, кубики: [1, 2], источник: стол, счётчик: —}], "
         "результат: 3, пул: нет, описание: 2d6: [1, 2] = 3, цель броска: —}"),
        "  броски №1: d6 [1, 2]: бросок за столом (брошен за столом; пересчитывать нечего)")


def test_the_markdown_audit_in_english_keeps_the_keys(run, forest) -> None:
    """English keeps the stored keys and values, as its text audit does (scripts read them)."""
    md = run("audit", "Лес", "6", "--format", "md").stdout.splitlines()
    assert ("| type | roll.made |" in md, "| actor | ГМ |" in md) == (True, True)


def test_a_second_vote_is_refused_in_russian_naming_the_dispute(run, forest) -> None:
    """--lang ru: «Аня» voting twice is refused naming «спор №1 о «…»», never its id or a version."""
    dispute = _open(run)
    run("--as", "Аня", "dispute", "vote", dispute, "--uphold")
    result = run("--lang", "ru", "--as", "Аня", "dispute", "vote", "1", "--campaign", "Лес", "--overturn")
    assert (result.exit_code, result.stderr) == (
        3, ("Ошибка: отказано по правилу «спор: у каждого один голос»: «Аня» уже проголосовал(а) за то, чтобы оставить, "
           "в споре №1 о «2d6: [1, 2] = 3»\n"))


def test_a_second_dispute_about_the_event_is_refused_in_russian_naming_the_open_one(run, forest) -> None:
    """--lang ru: the event already disputed, by its summary and the open dispute's number."""
    _open(run)
    result = run("--lang", "ru", "--as", "Аня", "dispute", "open", "Лес", "--event", "6", "--reason", "ещё раз")
    assert (result.exit_code, result.stderr) == (
        3, "Ошибка: отказано по правилу «спор: один за раз»: «2d6: [1, 2] = 3» уже оспаривается: открыт спор №1\n")


def test_a_ruled_dispute_is_refused_in_russian_by_its_name(run, forest) -> None:
    """--lang ru: a second ruling names «спор №1 о «…»» and what the first decided."""
    _overturned(run)
    result = run("--lang", "ru", "dispute", "rule", "1", "--campaign", "Лес", "--uphold")
    assert (result.exit_code, result.stderr) == (
        3, ("Ошибка: отказано по правилу «спор: решение выносится один раз»: спор №1 о «2d6: [1, 2] = 3» уже решён: событие "
           "отменено\n"))


def test_dispute_show_in_russian_gives_each_vote_its_time_not_its_version(run, forest, events_of) -> None:
    """--lang ru dispute show: each voter, the vote and when it was cast (the reader's time); no version column."""
    dispute = _open(run)
    run("--as", "Аня", "dispute", "vote", dispute, "--overturn")
    cast = events_of("Лес")[-1]["recorded_at"]
    when = f"{cast[8:10]}.{cast[5:7]}.{cast[:4]} {cast[11:19]}"
    rows = [[cell.strip() for cell in row.split("│")]
            for row in run("--lang", "ru", "dispute", "show", "1", "--campaign", "Лес").stdout.splitlines()[4:6]]
    assert rows == [["Аня", "отменить", when], ["Борис", "(нет голоса)", ""]]
