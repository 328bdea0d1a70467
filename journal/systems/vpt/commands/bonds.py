"""VPT table actions of Relationships and Revenge: chosen relationships, end-of-session ticks, statuses,
revenge targets, points spent.

A relationship is opened at 0 by the player's choice or by its first tick (at most three; Revenge does
not count).  Ticks are scored within the open session (its number is recorded in the tick); each
checklist line scores at most once per pair per session.  "No interaction" is confirmed, and a date
declared especially successful, by the GM; other ticks by the character's player or the GM.  Every
check reads the folded standings; the ``points`` / ``remaining`` a payload carries are the standing
after, for display.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, get_args

from journal.errors import NotAuthorized, RuleViolation
from journal.events.envelope import Event
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.vpt import events as ev
from journal.systems.vpt import rules, standings, words
from journal.systems.vpt.commands._common import begin, character, make, require_player_or_master, run
from journal.systems.vpt.folds import bonds
from journal.systems.vpt.hints import CHOOSE_REVENGE

#: Checklist items only the GM records: his confirmation of the tally's proposal, his declaration.
MASTER_ITEMS = {"no_interaction": N_("confirm 'no interaction'"), "date_especially_successful":
                N_("declare a date especially successful")}


def _run(journal: Journal, campaign: str, decide: Any, actor: str | None) -> Event:
    return run(journal, campaign, decide, actor)[0]


def _check_items(ctx: Context, items: Sequence[str]) -> None:
    for item in items:
        if item in MASTER_ITEMS:
            ctx.require_master(MASTER_ITEMS[item])


def open_relationship(journal: Journal, campaign: str, name: str, other: str, actor: str | None = None) -> Event:
    """``name``'s player chooses a relationship towards ``other``, opened at 0 (one of his three; any time)."""

    def decide(ctx: Context) -> list:
        begin(ctx)
        require_player_or_master(ctx, name, f"choose {name}'s relationships")
        character(ctx, other)
        rules.check_relationship_open(name, other, bonds.relationships_of(ctx.states["bonds"], name))
        return [make(ev.RelationshipOpened, character=name, other=other)]

    return _run(journal, campaign, decide, actor)


def tick_relationship(journal: Journal, campaign: str, name: str, other: str, items: Sequence[str],
                      actor: str | None = None) -> Event:
    """One end-of-session tick of ``name``'s relationship towards ``other``; the first tick opens it.

    The items may be the table's words (``спас жизнь``, ``saved``, ``подарок``: journal.systems.vpt.words).
    """
    items = words.items_of(items, rules.RELATIONSHIP_POINTS)

    def decide(ctx: Context) -> list:
        begin(ctx)
        session = ctx.require_session(N_("a relationship tick"))["number"]
        require_player_or_master(ctx, name, f"tick {name}'s relationships")
        character(ctx, other)
        _check_items(ctx, items)
        state = ctx.states["bonds"]
        scored = bonds.scored_items(state, "relationship", name, other, session)
        change = rules.score_relationship_tick(name, other, items, bonds.relationships_of(state, name), scored)
        return [make(ev.RelationshipTicked, character=name, other=other, session=session, items=list(items),
                     change=change)]

    return _run(journal, campaign, decide, actor)


def _current_revenge(ctx: Context, avenger: str, rule: str | None = None) -> dict[str, Any] | None:
    """The avenger's current revenge; with ``rule``, refuse (by that rule) when he has none."""
    current = ctx.states["bonds"]["revenges"].get(avenger)
    if current is None and rule is not None:
        raise RuleViolation(rule, _("{avenger} craves no revenge")
                                  .format(avenger=avenger), hint=CHOOSE_REVENGE)
    return current


def tick_revenge(journal: Journal, campaign: str, avenger: str, items: Sequence[str], target: str | None = None,
                 actor: str | None = None) -> Event:
    """One end-of-session tick of the avenger's current revenge; the items are what the target did.

    The items may be the table's words (``сражались``, ``killed``: journal.systems.vpt.words).
    """
    items = words.items_of(items, rules.REVENGE_POINTS)

    def decide(ctx: Context) -> list:
        begin(ctx)
        session = ctx.require_session(N_("a revenge tick"))["number"]
        require_player_or_master(ctx, avenger, f"tick {avenger}'s revenge")
        _check_items(ctx, [i for i in items if i == "no_interaction"])
        current = _current_revenge(ctx, avenger, "vpt: revenge tick needs the current target")
        assert current is not None
        aim = target or current["target"]
        scored = bonds.scored_items(ctx.states["bonds"], "revenge", avenger, aim, session)
        change = rules.score_revenge_tick(avenger, aim, current["target"], items, scored)
        return [make(ev.RevengeTicked, avenger=avenger, target=aim, session=session, items=list(items),
                     change=change)]

    return _run(journal, campaign, decide, actor)


def gain_status(journal: Journal, campaign: str, name: str, other: str, status: str,
                actor: str | None = None) -> Event:
    """A Status gained within ``name``'s relationship towards ``other`` (the character's player or the GM)."""

    def decide(ctx: Context) -> list:
        begin(ctx)
        require_player_or_master(ctx, name, f"record {name}'s statuses")
        state = ctx.states["bonds"]
        held = state["relationships"].get(name, {}).get(other, {"statuses": []})["statuses"]
        rules.check_status_gain(name, other, status, bonds.relationships_of(state, name), held)
        return [make(ev.StatusGained, character=name, other=other, status=status)]

    return _run(journal, campaign, decide, actor)


def renounce_status(journal: Journal, campaign: str, name: str, other: str, status: str,
                    actor: str | None = None) -> Event:
    """The holder's player admits ``other`` no longer interests ``name``: the Status is gone (that player only)."""

    def decide(ctx: Context) -> list:
        begin(ctx)
        sheet = character(ctx, name)
        if sheet["player"] != ctx.actor:
            raise NotAuthorized(_("only {name}'s player ({player}) may renounce {name}'s Status ('{actor}' is not)")
                                .format(name=name, player=sheet['player'], actor=ctx.actor))
        held = ctx.states["bonds"]["relationships"].get(name, {}).get(other, {"statuses": []})["statuses"]
        rules.check_status_renounce(name, other, status, held)
        return [make(ev.StatusRenounced, character=name, other=other, status=status)]

    return _run(journal, campaign, decide, actor)


def choose_revenge(journal: Journal, campaign: str, avenger: str, target: str, actor: str | None = None) -> Event:
    """The avenger's one revenge target, starting at 0 (the avenger's player or the GM)."""

    def decide(ctx: Context) -> list:
        begin(ctx)
        require_player_or_master(ctx, avenger, f"choose {avenger}'s revenge")
        character(ctx, target)
        current = _current_revenge(ctx, avenger)
        rules.check_revenge_choice(avenger, target, current["target"] if current else None)
        return [make(ev.RevengeTargetChosen, avenger=avenger, target=target)]

    return _run(journal, campaign, decide, actor)


def renounce_revenge(journal: Journal, campaign: str, avenger: str, target: str | None = None,
                     actor: str | None = None) -> Event:
    """The current revenge renounced (the target defaults to the current one); its standing is kept, frozen."""

    def decide(ctx: Context) -> list:
        begin(ctx)
        require_player_or_master(ctx, avenger, f"renounce {avenger}'s revenge")
        current = _current_revenge(ctx, avenger, "vpt: no such revenge")
        assert current is not None
        aim = target or current["target"]
        rules.check_revenge_renounce(avenger, aim, current["target"])
        return [make(ev.RevengeRenounced, avenger=avenger, target=aim)]

    return _run(journal, campaign, decide, actor)


def spend_points(journal: Journal, campaign: str, name: str, other: str, amount: int,
                 bond: rules.Bond = "relationship", purpose: str = "", actor: str | None = None) -> Event:
    """Relationship or Revenge points ``name`` spends towards ``other``: only his own standing drops."""
    bond = words.chosen(bond, get_args(rules.Bond), "bond")  # type: ignore[assignment]

    def decide(ctx: Context) -> list:
        begin(ctx)
        require_player_or_master(ctx, name, f"spend {name}'s points")
        points = standings.held(ctx.states["bonds"], name, other, bond)
        rules.check_spend(name, other, bond, points, amount)
        return [make(ev.PointsSpent, character=name, other=other, bond=bond, amount=amount, purpose=purpose)]

    return _run(journal, campaign, decide, actor)
