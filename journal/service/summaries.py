"""One line for people per event: what was recorded and its outcome, for every event type of every system.

Table-driven: the table maps an event type to a function of its payload (``data``) returning one line:
the shared events' lines here, and each rule system's own (its descriptor's ``summaries``, a ``LINES``
dict built with the helpers below), gathered once on first use.
A payload that carries its own ``description`` (a free roll) is described by it.  A type the table does
not know (a newer module, an import from a newer journal) falls back to its fields as ``key=value``, so
every event still prints in one line.  The lines follow what the CLI verbs print when they record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event
from journal.systems import registry

Data = dict[str, Any]


# -- small pieces ---------------------------------------------------------------------------------


def plural(count: int, word: str) -> str:
    """``1 wound``, ``3 wounds``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def signed(value: int) -> str:
    """``+2``, ``-1``, ``+0``."""
    return f"{value:+d}"


def dice_text(roll: Data | None) -> str:
    """``[4, 3]``, with ``(journal dice)`` for the journal's verifiable dice."""
    if roll is None:
        return "[]"
    return f"[{', '.join(str(d) for d in roll['dice'])}]" + (" (journal dice)" if roll["source"] == "server" else "")


def plus(bonus: int) -> str:
    """`` +2`` after a roll, nothing for no bonus."""
    return f" {bonus:+d}" if bonus else ""


def _short(value: object, width: int = 24) -> str:
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= width else f"{text[:width - 3]}..."


def fields(data: Data) -> str:
    """The fallback line: every non-empty field as ``key=value`` (long values shortened)."""
    return ", ".join(f"{key}={_short(value)}" for key, value in data.items() if value not in (None, [], {}, ""))


# -- shared events --------------------------------------------------------------------------------


def _free_roll(d: Data) -> str:
    purpose = f"  ({d['purpose']})" if d.get("purpose") else ""
    return f"{d['description']}{purpose}"


def _voided(d: Data) -> str:
    dispute = f" (dispute {d['dispute']})" if d.get("dispute") else ""
    return f"voids v{d['target_version']}{dispute}: {d['reason']}"


SHARED: dict[str, Callable[[Data], str]] = {
    "campaign.created": lambda d: f"campaign '{d['name']}' started ({d['system']}), Master: {d['master']}",
    "member.added": lambda d: f"{d['name']} joins as a {d['role']}",
    "member.token_issued": lambda d: f"token {d['token_id']} issued to {d['member']}",
    "member.token_revoked": lambda d: f"token {d['token_id']} of {d['member']} revoked",
    "session.started": lambda d: f"session {d['number']} started; present: {', '.join(d['present'])}",
    "session.ended": lambda d: (f"session {d['number']} ended after {d['minutes']} min; "
                                f"{d['next_counter']} server dice; seed revealed"),
    "roll.made": _free_roll,
    "correction.voided": _voided,
}


# -- disputes, house rules, tallies (shared by every system) ----------------------------------------


def _dispute_ruled(d: Data) -> str:
    t = d["tally"]
    return (f"rules to {d['ruling']} dispute {d['dispute']}: {t['uphold']} uphold, {t['overturn']} overturn "
            f"({t['required']} of {t['eligible']} needed)")


RULINGS: dict[str, Callable[[Data], str]] = {
    "dispute.opened": lambda d: f"disputes v{d['target_version']} ({d['target_type']}): {d['reason']}",
    "dispute.voted": lambda d: f"votes to {d['choice']} dispute {d['dispute']}",
    "dispute.ruled": _dispute_ruled,
    "rules.proposed": lambda d: f"proposes the house rule {d['key']} = {value_text(d['value'])} "
                                f"(now {value_text(d['previous'])})",
    "rules.voted": lambda d: f"votes {'for' if d['in_favour'] else 'against'} proposal {d['proposal']}",
    "rules.adopted": lambda d: (f"adopts the house rule {d['key']} = {value_text(d['value'])} ({d['in_favour']} for, "
                                f"{d['against']} against; {d['required']} of {d['players']} players needed)"),
    "tally.committed": lambda d: f"session {d['session']} tallied: {plural(d['lines'], 'award')}",
}


def value_text(item: object) -> str:
    """A house rule's value in one line (JSON-like, not escaped)."""
    if item is None:
        return "default"
    if isinstance(item, dict):
        return "{" + ", ".join(f"{k}: {value_text(v)}" for k, v in item.items()) + "}"
    if isinstance(item, list):
        return "[" + ", ".join(value_text(v) for v in item) + "]"
    return str(item)


_TABLE: tuple[tuple[str, ...], dict[str, Callable[[Data], str]]] | None = None


def _lines() -> dict[str, Callable[[Data], str]]:
    """The shared lines, then every registered system's ``LINES`` (built once per set of systems)."""
    global _TABLE
    systems = registry.descriptors()
    key = tuple(descriptor.name for descriptor in systems)
    if _TABLE is None or _TABLE[0] != key:
        table = {**SHARED, **RULINGS}
        for descriptor in systems:
            if descriptor.summaries is not None:
                table.update(registry.load(descriptor.summaries))
        _TABLE = (key, table)
    return _TABLE[1]


def describe(event_type: str, data: Data) -> str:
    """One line for people describing a payload of ``event_type``.

    The table's line when the type is known, the payload's own ``description`` when it carries one,
    else its fields.  A payload that does not have the fields its line expects (an older schema)
    falls back to its fields rather than failing.
    """
    line = _lines().get(event_type)
    if line is not None:
        try:
            return line(data)
        except (KeyError, TypeError, ValueError, AttributeError):
            pass
    if "description" in data:
        return _free_roll({"description": data["description"], "purpose": data.get("purpose")})
    return fields(data)


def summary(event: Event) -> str:
    """One line describing a stored event (its type and payload)."""
    return describe(event.type, event.data)


def known_types() -> set[str]:
    """Every type the table describes in its own words."""
    return set(_lines())


def notes(states: dict[str, Any], system: str, voided: list[Any]) -> dict[str, str]:
    """What the folds now say of earlier events, by event id: voided (by which void) and the system's own notes.

    ``states`` are the campaign's folded states, ``voided`` the engine's voids (projections.engine.voids).
    """
    from journal.systems.registry import load
    from journal.systems.registry import system as registered

    found: dict[str, list[str]] = {}
    for void in voided:
        found.setdefault(void.target, []).append(
            f"voided at v{void.version}" + (f" (dispute {void.dispute})" if void.dispute else ""))
    reference = registered(system).notes
    if reference is not None:
        for event_id, note in load(reference)(states).items():
            found.setdefault(event_id, []).append(note)
    return {event_id: "; ".join(parts) for event_id, parts in found.items()}
