"""The facts every Wield fold weighs a geis event against: who lives, the bargains, the geasa, the rolled successes.

A failure Fate collects counts only on a geis that was sealed and broken, while its hero lives and still owes
on it (its rank less the failures already collected on it), and only on a rolled success of that hero, made
after the breach and not turned already.  A breach counts only on a sealed geis not broken yet, of a living
hero.  These are the rules ``rules.check_breach`` and ``rules.check_collect`` applied when the events were
recorded; the folds apply them again to what the log holds now, so that when an earlier event is voided (the
breach a failure was collected on, the success it turned) the events resting on it count exactly as they
would had it never been recorded: not at all.  Nothing here reads a running total from a payload (not a
collection's ``remaining``, a breach's ``rank`` or a death's ``debts_vanished``): debts are ranks less
collections.

Each Wield fold keeps its own copy of this ledger under ``state["ledger"]`` (a fold sees only its own state)
and folds every event through :func:`dispatch`: the ledger first, then the fold's own handler, only when the
ledger counts the event; :func:`reads` adds the ledger's :data:`TYPES` to the fold's own.  An event whose
referent is missing altogether (a breach or collection naming no sealed geis, a seal naming no offer) still
raises ``KeyError`` as before, so a dispute that would leave it behind is refused.  A ``wield.carried_over``
brings in geasa sealed in earlier sessions (:func:`carried_geasa`): a broken one counts as breached at the
carry-over, the failures collected before it as collected.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event

State = dict[str, Any]
Handler = Callable[[State, Event], None]
#: What stands, in a carried geis's ``collected``, for a failure Fate collected before the carry-over.
CARRIED = "carried_over"


def initial() -> State:
    """Nobody, no bargain, no geis, no success."""
    return {"alive": {}, "openings": {}, "geasa": {}, "successes": {}}


def dispatch(state: State, event: Event, handlers: dict[str, Handler]) -> None:
    """Fold ``event`` into a Wield fold's ``state``: into its ledger, then by the fold's own handler (if any) when the
    ledger counts it (a ledger handler returns None, else why not); a geis event whose grounds are not in the log
    changes no Wield fold."""
    ledger_handler = _HANDLERS.get(event.type)
    if ledger_handler is not None and ledger_handler(state["ledger"], event) is not None:
        return
    handler = handlers.get(event.type)
    if handler is not None:
        handler(state, event)


def reads(handlers: dict[str, Handler]) -> tuple[str, ...]:
    """The event types a Wield fold with ``handlers`` reads: its own, and the ledger's."""
    return (*handlers, *(type_ for type_ in TYPES if type_ not in handlers))


def owed(ledger: State, geis: str) -> int:
    """Failures the hero still owes on ``geis``: its rank less those collected, once broken, while he lives."""
    found = ledger["geasa"][geis]
    if found["breached_at"] is None or not ledger["alive"].get(found["hero"], True):
        return 0
    return found["rank"] - len(found["collected"])


def vanished(ledger: State, geis: str) -> int:
    """Failures still owed on ``geis`` when its hero died: gone with him."""
    found = ledger["geasa"][geis]
    if found["breached_at"] is None or ledger["alive"].get(found["hero"], True):
        return 0
    return found["rank"] - len(found["collected"])


def _hero_created(ledger: State, event: Event) -> str | None:
    ledger["alive"][event.data["name"]] = True
    return None


def _hero_died(ledger: State, event: Event) -> str | None:
    ledger["alive"][event.data["hero"]] = False
    return None


def _offered(ledger: State, event: Event) -> str | None:
    if event.data["negotiation"] is None:
        ledger["openings"][event.id] = {"hero": event.data["hero"], "chance": event.data["chance"]}
    return None


def _sealed(ledger: State, event: Event) -> str | None:
    data = event.data
    opening = ledger["openings"][data["negotiation"]]
    ledger["geasa"][event.id] = {"hero": data["hero"], "rank": data["rank"], "chance": opening["chance"],
                                 "breached_at": None, "collected": []}
    return None


def carried_geasa(event: Event) -> list[tuple[str, dict[str, Any]]]:
    """The geasa a ``wield.carried_over`` brings in, each with its id (``<event id>:<n>``, n from 1)."""
    return [(f"{event.id}:{number}", geis) for number, geis in enumerate(event.data["geasa"], 1)]


def _carried(ledger: State, event: Event) -> str | None:
    """Carried geasa: sealed; a broken one breached at the carry-over, the failures not owed any more collected."""
    for gid, geis in carried_geasa(event):
        ledger["geasa"][gid] = {"hero": event.data["hero"], "rank": geis["rank"], "chance": "",
                                "breached_at": event.version if geis["broken"] else None,
                                "collected": [CARRIED] * (geis["rank"] - geis["owed"]) if geis["broken"] else []}
    return None


def _breached(ledger: State, event: Event) -> str | None:
    found = ledger["geasa"][event.data["geis"]]
    if found["hero"] != event.data["hero"]:
        return f"the geis is not {event.data['hero']}'s"
    if found["breached_at"] is not None:
        return "the geis is broken already"
    if not ledger["alive"].get(found["hero"], True):
        return "the hero is dead"
    found["breached_at"] = event.version
    return None


def _success(ledger: State, event: Event, heroes: list[str]) -> None:
    if heroes:
        ledger["successes"][event.id] = {"version": event.version, "heroes": heroes, "collected": []}


def _chance(ledger: State, event: Event) -> str | None:
    data = event.data
    _success(ledger, event, [data["hero"]] if data["roll"] is not None and data["success"] else [])
    return None


def _combat(ledger: State, event: Event) -> str | None:
    checks = event.data["checks"]
    _success(ledger, event, [c["combatant"] for c in checks if c["roll"] is not None and c["success"]])
    return None


def _risk(ledger: State, event: Event) -> str | None:
    data = event.data
    won = data["wielder_roll"] is not None and data["outcome"] == "wielder"
    _success(ledger, event, [data["hero"]] if won else [])
    return None


def _collected(ledger: State, event: Event) -> str | None:
    data = event.data
    found = ledger["geasa"][data["geis"]]
    hero = data["hero"]
    success = ledger["successes"].get(data["success"])
    if found["hero"] != hero:
        return f"the geis is not {hero}'s"
    if found["breached_at"] is None:
        return "the geis is not broken"
    if owed(ledger, data["geis"]) < 1:
        return "no failure is owed on the geis"
    if success is None or hero not in success["heroes"]:
        return f"no rolled success of {hero} is in that event"
    if hero in success["collected"]:
        return "that success was turned already"
    if success["version"] <= found["breached_at"]:
        return "that success was rolled before the breach"
    found["collected"].append(data["success"])
    success["collected"].append(hero)
    return None


_HANDLERS: dict[str, Callable[[State, Event], str | None]] = {
    "wield.hero_created": _hero_created,
    "wield.hero_died": _hero_died,
    "wield.carried_over": _carried,
    "wield.geis_offered": _offered,
    "wield.geis_sealed": _sealed,
    "wield.geis_breached": _breached,
    "wield.chance_rolled": _chance,
    "wield.combat_round": _combat,
    "wield.control_risk": _risk,
    "wield.failure_collected": _collected,
}

#: The event types the ledger reads: every Wield fold reads them too.
TYPES = tuple(_HANDLERS)
