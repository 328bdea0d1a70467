"""The API's routers: reading (``reading``), the table's shared commands (``table``), disputes and house
rules (``quorum``), the event stream (``stream``) and one endpoint per verb of each rule system (``systems``)."""

from typing import Annotated

from fastapi import Query

#: An as-of point: a version, an event id, before:ID, an ISO time, session:K[:start] or head (printable ASCII).
AsOf = Annotated[str | None, Query(max_length=100, pattern=r"^[ -~]*$",
                                   description="N | EVENT_ID | before:EVENT_ID | ISO time | session:K[:start] | head")]
#: The largest number a request may carry (JavaScript's safe integers; beyond them JSON loses digits).
MAX_INT = 2**53 - 1
