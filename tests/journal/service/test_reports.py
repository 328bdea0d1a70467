"""The session report (journal.service.reports): each system's charts from the one replay walk, and the SVG renderer.

The sessions are the demo's (journal demo: one short session per system, on a real database file and schema);
the SVGs are parsed, and the tests read their series' points, classes and labels, never pixels.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from journal.i18n import language
from journal.service import Journal
from journal.service.demo import record_demo
from journal.service.reports import LEGEND_CHARS, chart_svg, dice_svg, figures, report

SVG = "{http://www.w3.org/2000/svg}"
WIELD, STONE, DICHO, VPT = "Демо · Владетели", "Демо · Каменное колесо", "Демо · Дихотомия", "Демо · ВПТ"
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


@pytest.fixture
def demo(journal: Journal) -> Journal:
    """The journal with the demo's four campaigns recorded (session 1 in each)."""
    record_demo(journal)
    return journal


def _series(result: dict[str, Any]) -> dict[str, dict[str, list[list[Any]]]]:
    return {chart["name"]: {line["label"]: line["points"] for line in chart["series"]} for chart in result["charts"]}


def _svg_points(svg: str) -> dict[str, str]:
    """Each series group of a chart SVG: its label -> its ``data-points``."""
    root = ET.fromstring(svg)
    return {g.get("data-series"): g.get("data-points") for g in root.iter(f"{SVG}g") if g.get("class") == "series"}


def _texts(svg: str) -> list[str]:
    """The text of every ``<text>`` of an SVG (its tooltip left out)."""
    return ["".join(t.itertext()) if t.find(f"{SVG}title") is None else (t.find(f"{SVG}title").tail or "")
            for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_the_wield_report_charts_geis_debts_and_control_over_the_session(demo: Journal) -> None:
    """Wield: Ёжик owes Fate nothing through session 1; Искра keeps 9 dice of Control against Ёжик."""
    result = report(demo, WIELD, 1)
    assert (result["span"], _series(result)) == ([7, 13], {"debts": {"Ёжик": [[7, 0]]},
                                                           "control": {"Искра → Ёжик": [[7, 9]]}})


def test_the_stone_wheel_report_charts_xp_and_health(demo: Journal) -> None:
    """Stone Wheel: the session's XP (125 each, 187 the Master's) and Разбойник's Health 12 -> 5 at v14."""
    assert _series(report(demo, STONE, 1)) == {
        "xp": {"Ёжик": [[9, 0], [18, 125]], "Мастер": [[19, 187]], "Мирослава": [[9, 0]], "Разбойник": [[9, 0]],
               "Ратибор": [[9, 0], [17, 125]]},
        "health": {"Ёжик": [[9, 8]], "Мирослава": [[9, 20]], "Разбойник": [[9, 12], [14, 5]], "Ратибор": [[9, 20]]},
    }


def test_the_dichotomy_report_charts_xp_and_the_health_track(demo: Journal) -> None:
    """Dichotomy: XP from the motives at the adventure's end; Шарлотта's track marks 2 circles, then 1."""
    assert _series(report(demo, DICHO, 1)) == {
        "xp": {"Взломщик": [[6, 0], [13, 3]], "Шарлотта": [[6, 0], [14, 2]]},
        "health": {"Взломщик": [[6, 0]], "Шарлотта": [[6, 0], [10, 2], [11, 1]]},
    }


def test_the_vpt_report_charts_relationships_and_revenge(demo: Journal) -> None:
    """VPT: the two relationships ticked in the session and the two revenges."""
    assert _series(report(demo, VPT, 1)) == {
        "relationships": {"Вольтаир → Эдди": [[24, 1]], "Эдди → Вольтаир": [[25, 2]]},
        "revenge": {"Вольтаир → Питер": [[26, 0], [27, 1]], "Эдди → Граф Мортен": [[12, 0]]},
    }


def test_the_chart_svg_carries_each_series_exact_points(demo: Journal) -> None:
    """The Dichotomy health chart's SVG: one group per character, its points as version:value pairs."""
    result = report(demo, DICHO, 1)
    health = next(chart for chart in result["charts"] if chart["name"] == "health")
    assert _svg_points(chart_svg(health, result["span"])) == {"Взломщик": "6:0", "Шарлотта": "6:0 10:2 11:1"}


def test_wield_diff_rows_are_keyed_by_names_not_event_ids(demo: Journal) -> None:
    """The sealed geis reads as its promise in the replay's changed fields, and no field names an event id."""
    result = report(demo, WIELD, 1)
    sealed = next(e for e in result["events"] if e["type"] == "wield.geis_sealed")
    assert [c["field"] for c in sealed["changes"]] == [
        "geasa.«Отдать плащ первому нищему».broken", "geasa.«Отдать плащ первому нищему».owed",
        "geasa.«Отдать плащ первому нищему».promise", "geasa.«Отдать плащ первому нищему».rank"]
    assert [c["field"] for e in result["events"] for c in e["changes"] if UUID.search(c["field"])] == []


def test_journal_dice_and_table_dice_carry_different_classes(demo: Journal) -> None:
    """Wield's v8 chance was thrown on the table (die faces 'die table'), its v9 one by the journal ('die journal')."""
    root = ET.fromstring(dice_svg(report(demo, WIELD, 1)["dice"]))
    rolls = [(g.get("class"), g.get("data-version"), g.get("data-sides"),
              [r.get("class") for r in g.iter(f"{SVG}rect")]) for g in root.iter(f"{SVG}g") if g.get("data-version")]
    assert rolls == [("roll table", "8", "20", ["die table", "die table"]), ("roll journal", "9", "20", ["die journal"])]


def test_a_chart_and_the_dice_name_each_point_by_its_event_number(demo: Journal) -> None:
    """In Russian the Wield chart's axis runs from «№first» to «№last» over «события», and each roll is «№8 d20», as the
    page's timeline names events; no «версия» anywhere."""
    result = report(demo, WIELD, 1)
    first, last = result["span"]
    with language("ru"):
        chart, *_others, dice = figures(result)
    axis = [t.text for t in ET.fromstring(chart["svg"]).iter(f"{SVG}text") if t.get("class") == "axis"]
    heads = [t for t in _texts(dice["svg"]) if t.startswith("№")]
    assert (axis, "события" in _texts(chart["svg"]), heads, "верси" in chart["svg"] + dice["svg"]) == (
        [f"№{first}", f"№{last}"], True, ["№8 d20", "№9 d20"], False)


def test_the_dice_legend_names_both_kinds_of_dice(demo: Journal) -> None:
    """The dice figure's legend: a filled key for the journal's dice, an outlined one for the table's."""
    root = ET.fromstring(dice_svg(report(demo, WIELD, 1)["dice"]))
    key = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "key")
    assert ([r.get("class") for r in key.iter(f"{SVG}rect")], [t.text for t in key.iter(f"{SVG}text")]) == (
        ["key journal", "key table"], ["journal dice (verifiable)", "table dice"])


def test_a_long_name_is_cut_and_keeps_its_whole_text_as_a_tooltip() -> None:
    """A 60-character pair name shows its first 39 characters and an ellipsis; its <title> holds all of it."""
    name = "Очень длинное имя персонажа → ещё более длинное имя другого"
    svg = chart_svg({"name": "x", "title": "Relationships", "unit": "points",
                     "series": [{"label": name, "points": [[1, 2]]}]}, [1, 3])
    legend = next(t for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("class") == "legend")
    assert (legend.find(f"{SVG}title").text, legend.find(f"{SVG}title").tail) == (
        f"{name}: 2", f"{name}: 2"[: LEGEND_CHARS - 1] + "…")


def test_every_figure_scales_to_the_screen_by_its_view_box(demo: Journal) -> None:
    """Each SVG is 360 units wide in its viewBox and takes the width of its container (no fixed pixel width)."""
    roots = [ET.fromstring(f["svg"]) for f in figures(report(demo, STONE, 1))]
    assert [(r.get("viewBox").split()[:3], r.get("width")) for r in roots] == [(["0", "0", "360"], "100%")] * 3


def test_the_russian_report_has_russian_titles_and_labels(demo: Journal) -> None:
    """Drawn in Russian, the Wield figures' titles, axis and dice legend read in Russian."""
    result = report(demo, WIELD, 1)
    with language("ru"):
        drawn = figures(result)
    assert [f["title"] for f in drawn] == ["Долги по гейсам перед Судьбой", "Контроль: кости ватчи против владельца",
                                          "Кости сессии"]
    assert ("события" in _texts(drawn[0]["svg"]), "провалы" in _texts(drawn[0]["svg"])) == (True, True)
    assert [t for t in _texts(drawn[2]["svg"]) if t.startswith("кости")] == ["кости журнала (проверяемые)",
                                                                              "кости со стола"]
