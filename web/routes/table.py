"""The commands every rule system shares: sessions, free rolls and the end-of-session tally."""

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Path, Request
from pydantic import BaseModel, Field, create_model

from journal.service.tokens import Bearer
from web.auth import journal_of, member
from web.errors import JSON
from web.render import events_json
from web.routes import MAX_INT, Once, once
from web.writes import WriteRoute

router = APIRouter(prefix="/api", tags=["table"], route_class=WriteRoute)
Me = Annotated[Bearer, Depends(member)]
Dice = Annotated[list[Annotated[int, Field(ge=-MAX_INT, le=MAX_INT)]], Field(max_length=1000)]


class SessionStart(BaseModel):
    present: list[str] = Field(description="The members present.")
    salts: dict[str, str] | None = Field(None, description="Refused when not empty: each member present adds their "
                                         "own salt (POST /api/sessions/salt) after the commitment.")


class SessionSalt(BaseModel):
    salt: str | None = Field(None, description="The salt (best drawn on the device itself; default: drawn by the "
                             "server).")


class SessionEnd(BaseModel):
    minutes: int | None = Field(None, ge=-MAX_INT, le=MAX_INT, description="The length (default: measured).")


class FreeRoll(BaseModel):
    notation: str = Field(description="2d6+1, 4d6kh3, 2d20kl1, 6d10>=7 ...")
    dice: Dice | None = Field(None, description="Dice thrown on the table (default: the journal's dice).")
    purpose: str | None = Field(None, description="What the roll is for.")


class BonusLine(BaseModel):
    character: str
    amount: int = Field(ge=-MAX_INT, le=MAX_INT)
    reason: str


class BaseTallyChoices(BaseModel):
    bonuses: list[BonusLine] = Field(default_factory=list)
    skip: list[str] = Field(default_factory=list, description="Keys of proposed lines to drop.")
    amounts: dict[str, Annotated[int, Field(ge=-MAX_INT, le=MAX_INT)]] = Field(
        default_factory=dict, description="The Master's amount for proposed lines, by key (the rules' range).")


def _title(text: str) -> str:
    return "".join(part.capitalize() for part in text.replace("_", "-").split("-"))


def _tally_choices() -> type[BaseTallyChoices]:
    """The tally's body: bonuses, skips, amounts, and a list per tally input a registered system declares (its
    descriptor's ``tally_inputs``: ``motives: [{character, motive, outcome}]``)."""
    from journal.systems.registry import descriptors

    fields: dict[str, Any] = {}
    for descriptor in descriptors():
        for given in descriptor.tally_inputs:
            line_fields: dict[str, Any] = {"character": (str, ...), given.item: (str, ...),
                                           given.value: (str, Field(description=" | ".join(given.values)))}
            line = create_model(f"{_title(given.option)}Line", **line_fields)
            fields[given.name] = (list[line], Field(default_factory=list, description=f"{descriptor.title}: "
                                                                                      f"{given.title}."))
    return create_model("TallyChoices", __base__=BaseTallyChoices, **fields)


TallyChoices = _tally_choices()


@router.post("/sessions/start", summary="Start the next session (the Master)")
def session_start(request: Request, who: Me, key: Once, body: SessionStart) -> JSON:
    from journal.errors import ValidationFailed
    from journal.service.sessions import start_session

    if body.salts:
        raise ValidationFailed("salts: each member present adds their own salt (POST /api/sessions/salt), "
                               "not the Master at the start")
    with once(request, key, who):
        event = start_session(journal_of(request), who.campaign, body.present, who.member)
    return JSON(events_json(event))


@router.post("/sessions/salt", summary="Add your own salt to the open session's dice (a member present)")
def session_salt(request: Request, who: Me, key: Once, body: Annotated[SessionSalt | None, Body()] = None) -> JSON:
    from journal.service.sessions import add_salt

    salt = body.salt if body is not None else None
    with once(request, key, who):
        return JSON(events_json(add_salt(journal_of(request), who.campaign, salt, who.member)))


@router.post("/sessions/end", summary="End the open session, revealing its seed (the Master)")
def session_end(request: Request, who: Me, key: Once, body: Annotated[SessionEnd | None, Body()] = None) -> JSON:
    from journal.service.sessions import end_session

    minutes = body.minutes if body is not None else None
    with once(request, key, who):
        return JSON(events_json(end_session(journal_of(request), who.campaign, minutes, who.member)))


@router.post("/roll", summary="Roll free dice notation")
def roll(request: Request, who: Me, key: Once, body: FreeRoll) -> JSON:
    from journal.service.sessions import free_roll

    with once(request, key, who):
        event = free_roll(journal_of(request), who.campaign, body.notation, body.dice, body.purpose, who.member)
    return JSON(events_json(event))


def _choices(body: BaseTallyChoices | None) -> dict:
    from journal.service.tallies import Bonus, Choice
    from journal.systems.registry import descriptors

    body = body or TallyChoices()
    inputs = {given.name: given for descriptor in descriptors() for given in descriptor.tally_inputs}
    return {"bonuses": [Bonus(b.character, b.amount, b.reason) for b in body.bonuses],
            "choices": {name: [Choice(c.character, getattr(c, given.item), getattr(c, given.value))
                               for c in getattr(body, name)] for name, given in inputs.items()},
            "skip": list(body.skip), "amounts": dict(body.amounts)}


@router.get("/tally/{session}", summary="The proposed end-of-session awards (writes nothing)")
def tally(request: Request, who: Me, session: Annotated[int, Path(ge=1, le=MAX_INT)]) -> JSON:
    from journal.service.tallies import propose_tally

    return JSON(propose_tally(journal_of(request), who.campaign, session, **_choices(None), actor=who.member))


@router.post("/tally/{session}/commit", summary="Commit the session's awards (the Master; once per session)")
def tally_commit(request: Request, who: Me, key: Once, session: Annotated[int, Path(ge=1, le=MAX_INT)],
                 body: Annotated[TallyChoices | None, Body()] = None) -> JSON:  # type: ignore[valid-type]
    from journal.service.tallies import commit_tally

    choices = _choices(body)
    with once(request, key, who):
        events = commit_tally(journal_of(request), who.campaign, session, **choices, actor=who.member)
    return JSON(events_json(events))
