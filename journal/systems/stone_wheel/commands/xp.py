"""Experience: per-hour session awards, bonus awards with a reason, and XP spent at the agreed cost."""

from __future__ import annotations

from collections.abc import Sequence

from journal.errors import NotFound, RuleViolation
from journal.events.envelope import Event
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.house_rules import number_in_force
from journal.service.journal import Journal
from journal.systems.stone_wheel import rules
from journal.systems.stone_wheel.commands._common import PROJECTIONS, build, character, require_owner, spoken, state
from journal.systems.stone_wheel.events import XpAwarded, XpSpent


def award_session_xp(journal: Journal, campaign: str, session: int, actor: str | None = None) -> list[Event]:
    """After session K: floor(50 x min / 60) to each living character of each present player, floor(75 x min / 60)
    to the Master's ledger (the rates are those in force when the award is recorded: ``xp_per_hour_player`` and
    ``xp_per_hour_master`` house rules).  A session is awarded once."""

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("award session experience"))
        sheets = state(ctx)
        record = ctx.sessions["sessions"].get(str(session))
        if record is None:
            raise NotFound(_("no session {session} in '{name}'").format(session=session, name=ctx.name))
        first = sheets["session_awards"].get(str(session))
        rules.check_session_award(session, record["ended_at"] is not None,
                                  None if first is None else _("version {version}, event {id}").format(
                                      version=first["version"], id=first["id"]))
        minutes = record["minutes"]
        xp = rules.session_xp(minutes, number_in_force(ctx, "xp_per_hour_player"),  # the house rules in force
                              number_in_force(ctx, "xp_per_hour_master"))
        members = ctx.campaign["members"]
        present = [name for name in record["present"] if members.get(name) == "player"]
        out = []
        if xp.player:
            for player in present:
                for name, sheet in sheets["characters"].items():
                    if sheet["player"] == player and not sheet["dead"]:
                        out.append(XpAwarded(character=name, amount=xp.player, source="session", minutes=minutes,
                                             session=session))
        if xp.master:
            out.append(XpAwarded(character=ctx.campaign["master"], amount=xp.master, source="session",
                                 minutes=minutes, master=True, session=session))
        if not out:
            raise RuleViolation(N_("stone_wheel: session award"), _("session {session} ({minutes} min) earns no experience")
                                                                  .format(session=session, minutes=minutes))
        return out

    return journal.execute(campaign, decide, actor, PROJECTIONS)


def award_bonus_xp(
    journal: Journal, campaign: str, name: str, amount: int, reason: str, actor: str | None = None
) -> Event:
    """The Master awards extra experience for plot-advancing play, with a reason."""

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("award bonus experience"))
        character(ctx, name)
        rules.check_bonus_award(amount, reason)
        return [XpAwarded(character=name, amount=amount, source="bonus", reason=reason)]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]


def spend_xp(
    journal: Journal, campaign: str, name: str, kind: str, target: str, cost: int, *, levels: int = 1,
    schools: Sequence[str] = (), reason: str = "", actor: str | None = None,
) -> Event:
    """XP spent at the agreed cost on a skill, a spell, its mastery or efficiency, a characteristic or parameter."""
    kind, schools = spoken(kind, "improvements"), [spoken(school, "schools") for school in schools]

    def decide(ctx: Context) -> list:
        found = require_owner(ctx, name, "spend experience")
        rules.check_xp_spend(found["xp"]["balance"], cost)
        # ``kind`` is the caller's str: the XpSpent payload built below validates it (Improvement).
        rules.check_improvement(kind, target, levels, found["spells"])  # type: ignore[arg-type]
        return [build(XpSpent, {"character": name, "amount": cost, "kind": kind, "target": target,
                                "levels": levels, "schools": list(schools), "reason": reason})]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]
