"""``POST /api/members``: the Master adds a player from the console, as ``journal member add`` does.

The rules are the service's (``Journal.add_member``): the Master only (403 for a player, by the role table the
commands consult), a name checked as every member's name is, and a member already there refused (409).  Nothing is
renamed: a member's name is what the events already record.  The console then makes the player's link and QR code
(``POST /api/tokens``, web/routes/console.py).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field

from journal.service.tokens import Bearer
from web.auth import journal_of, member
from web.errors import JSON
from web.render import events_json
from web.routes import Once, once
from web.writes import WriteRoute

router = APIRouter(prefix="/api", tags=["the Master's console"], route_class=WriteRoute)
Me = Annotated[Bearer, Depends(member)]


class MemberAdd(BaseModel):
    name: str = Field(min_length=1, max_length=200, description="The player's name, as the table calls them.")


@router.post("/members", summary="Add a player to the campaign (the Master)")
def member_add(request: Request, who: Me, key: Once, body: MemberAdd) -> JSON:
    with once(request, key, who):
        event = journal_of(request).add_member(who.campaign, body.name, who.member)
    return JSON(events_json(event))
