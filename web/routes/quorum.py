"""Disputes before the quorum and house rules: open, vote, rule; propose, vote, adopt."""

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Request
from pydantic import BaseModel, Field

from journal.service.tokens import Bearer
from web.auth import journal_of, member
from web.errors import JSON
from web.render import events_json
from web.routes import MAX_INT, AsOf, Once, once
from web.writes import WriteRoute

router = APIRouter(prefix="/api", tags=["disputes and house rules"], route_class=WriteRoute)
Me = Annotated[Bearer, Depends(member)]
Ref = Annotated[str, Path(max_length=36, pattern=r"^[0-9A-Fa-f-]+$", description="An id or a unique id prefix.")]


class DisputeOpen(BaseModel):
    event: str | int = Field(description="The disputed event: a version, an event id or a unique id prefix.")
    reason: str


class DisputeVote(BaseModel):
    choice: Literal["uphold", "overturn"]


class DisputeRule(BaseModel):
    ruling: Literal["uphold", "overturn"]
    reason: str = ""
    correct_dice: list[Annotated[int, Field(ge=-MAX_INT, le=MAX_INT)]] | None = Field(
        None, max_length=1000, description="Overturn a free roll with these (table) dice instead.")
    corrected: dict[str, Any] | None = Field(None, description="Overturn with this corrected payload.")


class RuleProposal(BaseModel):
    key: str = Field(description="control_mapping, xp_per_hour_player, xp_per_hour_master ...")
    value: Annotated[int, Field(ge=-MAX_INT, le=MAX_INT)] | str


class RuleVote(BaseModel):
    in_favour: bool


@router.get("/disputes", summary="The campaign's disputes with their tallies")
def disputes(request: Request, who: Me, as_of: AsOf = None) -> JSON:
    from journal.service.disputes import list_disputes

    return JSON(list_disputes(journal_of(request), who.campaign, as_of))


@router.post("/disputes", summary="Open a dispute about an event (any member)")
def dispute_open(request: Request, who: Me, key: Once, body: DisputeOpen) -> JSON:
    from journal.service.disputes import open_dispute

    with once(request, key, who):
        return JSON(events_json(open_dispute(journal_of(request), who.campaign, str(body.event), body.reason,
                                             who.member)))


@router.get("/disputes/{dispute}", summary="One dispute: event, voters, votes, tally, ruling")
def dispute_show(request: Request, who: Me, dispute: Ref) -> JSON:
    from journal.service.disputes import show_dispute

    return JSON(show_dispute(journal_of(request), dispute, who.campaign))


@router.post("/disputes/{dispute}/vote", summary="Vote on a dispute (the players present; once each)")
def dispute_vote(request: Request, who: Me, key: Once, dispute: Ref, body: DisputeVote) -> JSON:
    from journal.service.disputes import vote

    with once(request, key, who):
        return JSON(events_json(vote(journal_of(request), dispute, body.choice, who.member, who.campaign)))


@router.post("/disputes/{dispute}/rule", summary="Rule on a dispute (the Master, after a quorum)")
def dispute_rule(request: Request, who: Me, key: Once, dispute: Ref, body: DisputeRule) -> JSON:
    from journal.errors import ValidationFailed
    from journal.service import disputes as service

    journal = journal_of(request)
    if body.correct_dice is not None and body.corrected is not None:
        raise ValidationFailed("give correct_dice or corrected, not both")
    corrected = None
    if body.correct_dice is not None or body.corrected is not None:
        service.show_dispute(journal, dispute, who.campaign)  # NotFound before anything is read for it
        if body.correct_dice is not None:
            corrected = service.corrected_dice(journal, dispute, body.correct_dice, who.campaign)
        else:
            corrected = service.corrected_payload(journal, dispute, body.corrected or {}, who.campaign)
    with once(request, key, who):
        events = service.rule(journal, dispute, body.ruling, corrected, body.reason, who.member, who.campaign)
    return JSON(events_json(events))


@router.get("/rules", summary="The house rules in force and the proposals")
def rules(request: Request, who: Me, as_of: AsOf = None) -> JSON:
    from journal.service.house_rules import show_rules

    return JSON(show_rules(journal_of(request), who.campaign, as_of))


@router.post("/rules", summary="Propose a house rule (any member)")
def rule_propose(request: Request, who: Me, key: Once, body: RuleProposal) -> JSON:
    from journal.service.house_rules import propose_rule

    with once(request, key, who):
        return JSON(events_json(propose_rule(journal_of(request), who.campaign, body.key, body.value, who.member)))


@router.post("/rules/{proposal}/vote", summary="Vote on a proposal (each player once)")
def rule_vote(request: Request, who: Me, key: Once, proposal: Ref, body: RuleVote) -> JSON:
    from journal.service.house_rules import vote_rule

    with once(request, key, who):
        return JSON(events_json(vote_rule(journal_of(request), proposal, body.in_favour, who.member, who.campaign)))


@router.post("/rules/{proposal}/adopt", summary="Adopt a proposal (the Master, after a first-degree quorum)")
def rule_adopt(request: Request, who: Me, key: Once, proposal: Ref) -> JSON:
    from journal.service.house_rules import adopt_rule

    with once(request, key, who):
        return JSON(events_json(adopt_rule(journal_of(request), proposal, who.member, who.campaign)))
