"""Dichotomy: one line for people per event type of the system (journal.service.summaries reads ``LINES``)."""

from __future__ import annotations

from collections.abc import Callable

from journal.service.summaries import Data, dice_text, plural


def _track(track: Data) -> str:
    from journal.systems.dichotomy.rules import Track, track_drawing

    return track_drawing(Track(**track))


def _dichotomy_check(d: Data) -> str:
    parts = []
    for die, value in zip(d["dice"], d["roll"]["dice"]):
        modifier = f"{die['modifier']:+d}" if die.get("modifier") else ""
        parts.append(f"{die['attribute']} {die['attribute_value']}+{value}{modifier} = {die['total']} "
                     f"vs TN {die['tn']} {'hit' if die['success'] else 'miss'}")
    versus = f" vs {d['defender']}" if d["defender"] else ""
    return f"{d['character']}{versus}: {dice_text(d['roll'])}: {'; '.join(parts)} -> {d['outcome']}"


def _dichotomy_xp(d: Data) -> str:
    if d["source"] == "motive":
        return f"{d['character']}: {d['motive']} {d['outcome']} in adventure {d['adventure']}: +{d['amount']} XP"
    return f"{d['character']}: +{d['amount']} XP renown" + (f" ({d['reason']})" if d.get("reason") else "")


def _dichotomy_damage(d: Data) -> str:
    when = f", round {d['round']}" if d.get("round") else ""
    end = f" -> {d['end'].replace('_', ' ')}" if d.get("end") else ""
    return (f"{d['character']}{when}: {d['damage']} damage, {plural(d['hits_lost'], 'Hit')} lost, "
            f"{d['discarded']} discarded -> {_track(d['track'])}{end}")


LINES: dict[str, Callable[[Data], str]] = {
    "dichotomy.character_created": lambda d: (f"{d['name']} ({d['player']}): motives {', '.join(d['motives'])}; "
                                              f"{d['wealth']}"),
    "dichotomy.check_rolled": _dichotomy_check,
    "dichotomy.ability_gained": lambda d: (f"{d['character']} learns {d['ability']['name']} "
                                           f"({d['ability']['attribute']}): {d['abilities']} abilities"),
    "dichotomy.adventure_started": lambda d: (f"adventure {d['number']} started"
                                              + (f": {d['title']}" if d.get("title") else "")),
    "dichotomy.adventure_ended": lambda d: f"adventure {d['number']} ended",
    "dichotomy.xp_awarded": _dichotomy_xp,
    "dichotomy.motive_chosen": lambda d: (f"{d['character']} takes the motive {d['motive']} "
                                          f"(from adventure {d['since']})"),
    "dichotomy.motive_swapped": lambda d: f"{d['character']}: {d['old']} -> {d['new']} (from adventure {d['since']})",
    "dichotomy.damage_applied": _dichotomy_damage,
    "dichotomy.dive_taken": lambda d: f"{d['character']} takes a dive (no action until the fight ends)",
    "dichotomy.fight_ended": lambda d: "the fight is over" + (f": {d['note']}" if d.get("note") else ""),
    "dichotomy.hits_recovered": lambda d: (f"{d['character']} recovers {plural(d['hits'], 'Hit')} ({d['how']}) -> "
                                           f"{_track(d['track'])}"),
    "dichotomy.injury_healed": lambda d: f"{d['character']}: {d['injury']} healed -> {_track(d['track'])}",
    "dichotomy.wealth_changed": lambda d: f"{d['character']}: {d['previous']} -> {d['level']}",
    "dichotomy.xp_spent": lambda d: f"{d['character']} spends {d['amount']} XP on {d['connection']}",
    "dichotomy.equipment_packed": lambda d: (f"{d['character']} carries {len(d['items'])}/{d['capacity']}: "
                                             f"{', '.join(d['items']) or 'nothing'}"),
}
