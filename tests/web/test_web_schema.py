"""Schemathesis against the live server's /openapi.json: no 5xx, and every refusal is a JSON error (both databases).

Each operation gets a bounded run of generated requests, valid ones (``positive``) and invalid ones
(``negative``), all with the Master's token of a VPT campaign whose session is open: 20 per operation,
5 for the verbs of the other three systems.  The event stream is left out (it never ends).  The operations are
run in two halves (every other one), each in a campaign of its own on one server per database (``live``).  The
requests are generated once per worker, on the first database, and sent again to the other's server, whose schema
must be the same (``_GENERATED``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import httpx
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.profiles import examples as profile_examples

if TYPE_CHECKING:
    import schemathesis

#: Generated requests per operation (the ``ci`` profile's count; ``dev`` runs a fifth, tests/profiles.py).
EXAMPLES = profile_examples(20)
#: The other systems' verbs only validate their body before the rule 'one rule system' refuses them (409):
#: fewer examples there keep the run short.
OTHER_SYSTEMS = ("/api/wield/", "/api/stone-wheel/", "/api/dichotomy/")
OTHER_EXAMPLES = profile_examples(5)
SKIPPED = {"/api/stream"}
#: The test runs every PARTS-th operation, from its part's index.
PARTS = 2


#: The requests each part generated, by part: (the server's /openapi.json, [(operation's path, case)]).  Hypothesis
#: draws them derandomized from the schema alone (the token is a fixed header), so the other database's server, whose
#: schema is the same, gets the very same requests: they are generated once per worker, not once per database.
_GENERATED: dict[int, tuple[bytes, list[tuple[str, schemathesis.Case]]]] = {}


def _generate(server: str, headers: dict[str, str], part: int, call: Callable[[schemathesis.Case], None]
              ) -> list[tuple[str, schemathesis.Case]]:
    """Every request of this part, each passed to ``call`` as it is generated, from ``server``'s schema."""
    import schemathesis  # here, not at the top: its import costs each worker about a second of collection
    from schemathesis import GenerationMode

    schema = schemathesis.openapi.from_url(f"{server}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 80
    generated: list[tuple[str, schemathesis.Case]] = []
    for operation in operations[part::PARTS]:
        if operation.path in SKIPPED:
            continue
        cases = st.one_of(operation.as_strategy(GenerationMode.POSITIVE, headers=headers),
                          operation.as_strategy(GenerationMode.NEGATIVE, headers=headers))
        examples = OTHER_EXAMPLES if operation.path.startswith(OTHER_SYSTEMS) else EXAMPLES

        @settings(max_examples=examples, deadline=None, database=None, derandomize=True, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(case=cases)
        def each(case: schemathesis.Case) -> None:
            generated.append((case.operation.path, case))
            call(case)

        each()
    return generated


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_generated_requests_never_get_a_server_error(live: str, new_campaign, part: int) -> None:
    """Every operation of this half, up to 20 generated requests each: below 500, a 4xx with an error and its kind."""
    server = live
    _, tokens = new_campaign("vpt", "Вика", ["Оля", "Дима"])
    headers = {"Authorization": f"Bearer {tokens['Вика']}"}
    with httpx.Client(base_url=server, headers=headers, timeout=30) as http:
        http.post("/api/vpt/char", json={"name": "Вольтаир", "player": "Оля"})
        http.post("/api/sessions/start", json={"present": ["Оля", "Дима"]})
        spec = http.get("/openapi.json").content
    failures: list[str] = []

    def call(case: schemathesis.Case) -> None:
        response = case.call(base_url=server, headers=headers, timeout=30)
        where = f"{case.method} {case.formatted_path} -> {response.status_code}"
        if response.status_code >= 500:
            failures.append(f"{where}: {response.text[:300]}")
        elif response.status_code >= 400:
            body = response.json()
            if not (isinstance(body.get("error"), str) and body["error"] and isinstance(body.get("kind"), str)):
                failures.append(f"{where}: no error message: {response.text[:300]}")

    if part in _GENERATED and _GENERATED[part][0] == spec:
        for _path, case in _GENERATED[part][1]:
            call(case)
    else:
        _GENERATED[part] = (spec, _generate(server, headers, part, call))
    assert len({path for path, _case in _GENERATED[part][1]}) > 40
    assert failures == []
