"""Stone Wheel's end-of-session tally (journal.service.tallies reads ``RULES``).

floor(50 x minutes / 60) XP to each living character of each player present and floor(75 x minutes / 60)
to the Master (``rules.session_xp``, at the rates in force: the ``xp_per_hour_*`` house rules), unless
``xp session`` already awarded the session, in which case its awards are listed as recorded.  The
Master's bonus awards are bonus XP.  Session awards carry the session's number in their payload.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from journal.errors import NotFound
from journal.events import Payload
from journal.events.envelope import Event
from journal.i18n import _, pgettext
from journal.service.context import Context
from journal.service.tallies import PROPOSED, RECORDED, Bonus, Choice, Facts, Line, Recorded, TallyRules, build

#: What a per-hour line records as its item (its rate when proposed) and its reason, and says in the reader's words.
AT_RATE = Recorded("{minutes} min x {rate} XP/h", lambda: _("{minutes} min x {rate} XP/h"))
MINUTES = Recorded("{minutes} min", lambda: _("{minutes} min"))
MASTER_RAN = Recorded("the Master ran the session", lambda: _("the Master ran the session"))
PRESENT = Recorded("present", lambda: pgettext("tally reason", "present"))


@dataclass
class _Own:
    """The session's per-hour awards recorded already (by ``xp session``)."""

    session_xp: list[Event] = field(default_factory=list)


def _facts(ctx: Context, facts: Facts) -> _Own:
    return _Own()


def _gather(ctx: Context, facts: Facts, event: Event) -> None:
    data = event.data
    if event.type == "stone_wheel.xp_awarded" and data.get("session") == facts.number and data["source"] == "session":
        facts.own.session_xp.append(event)


def _lines(ctx: Context, facts: Facts, choices: Mapping[str, Sequence[Choice]]) -> list[Line]:
    from journal.service.house_rules import number_in_force
    from journal.systems.stone_wheel import rules

    sheets = ctx.states["stone_wheel.sheet"]
    minutes = facts.record["minutes"]
    if str(facts.number) in sheets["session_awards"]:  # awarded already (``xp session``)
        return [_session_xp_line(e.data, RECORDED, minutes) for e in facts.own.session_xp]
    player_rate, master_rate = number_in_force(ctx, "xp_per_hour_player"), number_in_force(ctx, "xp_per_hour_master")
    xp = rules.session_xp(minutes, player_rate, master_rate)
    members = ctx.campaign["members"]
    out = []
    if xp.player:
        for player in facts.record["present"]:
            if members.get(player) != "player":
                continue
            for name, sheet in sheets["characters"].items():
                if sheet["player"] == player and not sheet["dead"]:
                    data = {"character": name, "amount": xp.player, "source": "session", "minutes": minutes,
                            "session": facts.number}
                    out.append(_session_xp_line(data, PROPOSED, minutes, player_rate,
                                                build("stone_wheel.xp_awarded", data)))
    if xp.master:
        data = {"character": ctx.campaign["master"], "amount": xp.master, "source": "session", "minutes": minutes,
                "master": True, "session": facts.number}
        out.append(_session_xp_line(data, PROPOSED, minutes, master_rate, build("stone_wheel.xp_awarded", data)))
    return out


def _session_xp_line(data: dict[str, Any], status: str, minutes: int, rate: int | None = None,
                     payload: Payload | None = None) -> Line:
    """A per-hour award; ``rate`` is shown when known (a proposal), not for an award recorded earlier."""
    master = bool(data.get("master"))
    kind = "master_xp" if master else "session_xp"
    item, reason = (MINUTES if rate is None else AT_RATE), (MASTER_RAN if master else PRESENT)
    return Line(f"{kind}:{data['character']}", kind, data["character"], item.record(minutes=minutes, rate=rate),
                data["amount"], status, reason.record(), payload=payload, shown_item=item.show(minutes=minutes, rate=rate),
                shown_reason=reason.show())


def _bonuses(ctx: Context, facts: Facts, bonuses: Sequence[Bonus]) -> list[Line]:
    from journal.systems.stone_wheel import rules

    characters = ctx.states["stone_wheel.sheet"]["characters"]
    out = []
    for bonus in bonuses:
        if bonus.character not in characters:
            raise NotFound(_("no character named '{character}' in '{name}'")
                           .format(character=bonus.character, name=ctx.name))
        rules.check_bonus_award(bonus.amount, bonus.reason)
        payload = build("stone_wheel.xp_awarded", {"character": bonus.character, "amount": bonus.amount,
                                                    "source": "bonus", "reason": bonus.reason})
        out.append(Line(f"bonus_xp:{bonus.character}", "bonus_xp", bonus.character, "bonus", bonus.amount,
                        PROPOSED, bonus.reason, payload=payload))
    return out


RULES = TallyRules(facts=_facts, gather=_gather, lines=_lines, bonuses=_bonuses,
                   texts=(AT_RATE, MINUTES, MASTER_RAN, PRESENT))
