"""Import fuzz: mutated lines of a real export are refused in one line naming a line, or import and verify.

Never a traceback, never a partial write, on both databases.  Each example starts from the same real export
with its campaign and ids made unique (so earlier examples' imports do not decide the outcome), re-chained;
then it changes types, huge or negative integers, control characters, missing fields or the order of lines,
and sometimes re-chains again, as a forger rewriting the file would.
"""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support import rechain

from journal.errors import JournalError
from journal.service import Journal
from journal.service.derived import verify_derived
from journal.service.importing import import_file
from journal.service.sessions import end_session, free_roll, start_session
from journal.service.tokens import issue
from tests.profiles import examples

HUGE = "__huge__"
FIELDS = ["id", "campaign", "version", "type", "schema", "data", "actor", "recorded_at", "session", "causation",
          "prev_hash", "hash", "decision"]
VALUES = st.sampled_from([HUGE, -1, 0, 1, 2, "", "\x00", "Аня\x07", "Аня", None, [], {}, True, 1.5, "x" * 300,
                          "2001-01-01T00:00:00.000000Z", "0190a0a0-0000-7000-8000-00000000beef"])
MUTATION = st.one_of(
    st.tuples(st.just("set"), st.integers(0, 5), st.sampled_from(FIELDS), VALUES),
    st.tuples(st.just("drop_field"), st.integers(0, 5), st.sampled_from(FIELDS), st.none()),
    st.tuples(st.just("set_data"), st.integers(0, 5), st.sampled_from(["name", "member", "number", "present", "rolls",
                                                                       "token_id", "minutes", "notation"]), VALUES),
    st.tuples(st.just("swap"), st.integers(0, 5), st.integers(0, 5), st.none()),
    st.tuples(st.just("drop_line"), st.integers(0, 5), st.none(), st.none()),
    st.tuples(st.just("duplicate"), st.integers(0, 5), st.none(), st.none()),
)
_names = itertools.count()


@pytest.fixture
def export(tmp_path) -> Iterator[list[str]]:
    """Lines of a real export of 'Fz' (vpt): creation, a member, a token, a session with a table roll."""
    journal = Journal.open(f"sqlite:///{tmp_path / 'source.db'}")
    journal.create_campaign("Fz", "vpt", "ГМ")
    journal.add_member("Fz", "Аня")
    issue(journal, "Fz", "Аня")
    start_session(journal, "Fz", ["Аня"])
    free_roll(journal, "Fz", "1d6", [4], actor="Аня")
    end_session(journal, "Fz", minutes=60)
    yield [line.decode() for line in journal.store.export_lines("Fz")]
    journal.close()


def _fresh(lines: list[str]) -> list[dict[str, Any]]:
    """The export with a campaign name and ids no other example uses."""
    text = "\n".join(lines).replace('"Fz"', f'"Fz{next(_names)}"')
    for envelope in (orjson.loads(line) for line in lines):
        text = text.replace(envelope["id"], str(uuid.uuid4()))
    return [orjson.loads(line) for line in text.splitlines()]


def _mutate(envelopes: list[dict[str, Any]], mutations: list[tuple], again: bool) -> list[bytes]:
    for kind, at, what, value in mutations:
        if not envelopes:
            break
        at %= len(envelopes)
        if kind == "set":
            envelopes[at][what] = value
        elif kind == "drop_field":
            envelopes[at].pop(what, None)
        elif kind == "set_data" and isinstance(envelopes[at].get("data"), dict):
            envelopes[at]["data"][what] = value
        elif kind == "swap":
            other = what % len(envelopes)
            envelopes[at], envelopes[other] = envelopes[other], envelopes[at]
        elif kind == "drop_line":
            del envelopes[at]
        elif kind == "duplicate":
            envelopes.insert(at, dict(envelopes[at]))
    complete = all(isinstance(e.get("data"), dict | list | str | int | None) and {"hash", "prev_hash"} <= set(e)
                   for e in envelopes)
    if again and complete:
        try:
            lines = rechain(envelopes)
        except (TypeError, KeyError, orjson.JSONEncodeError):
            lines = [orjson.dumps(e, option=orjson.OPT_SORT_KEYS) for e in envelopes]
    else:
        lines = [orjson.dumps(e, option=orjson.OPT_SORT_KEYS) for e in envelopes]
    return [line.replace(f'"{HUGE}"'.encode(), b"9223372036854775808") for line in lines]


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutations=st.lists(MUTATION, min_size=1, max_size=3), again=st.booleans())
def test_a_mutated_export_is_refused_naming_a_line_or_imports_whole_and_verifies(
        journal: Journal, export: list[str], mutations: list[tuple], again: bool) -> None:
    """Either one line 'line N: ...' and the journal as it was, or every event imported and every check holding."""
    before = journal.store.campaigns()
    lines = _mutate(_fresh(export), mutations, again)
    try:
        counts = import_file(journal, lines)
    except JournalError as refusal:
        message = str(refusal)
        assert "\n" not in message and message.startswith("line "), message
        assert journal.store.campaigns() == before
        event(f"refused: {message.split(': ', 2)[1][:40]}")
        return
    event("imported")
    (campaign,) = counts
    assert journal.store.verify(campaign).ok
    assert verify_derived(journal, campaign) == []
    journal.at(campaign)
