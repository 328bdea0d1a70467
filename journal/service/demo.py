"""The sample journal behind ``journal demo``: one short session in each rule system that has a demo.

``record_demo(journal)`` records each registered system's demo campaign (its descriptor's ``demo``, a
journal.systems.registry.Demo: its ``record(journal)`` records the campaign through the same service functions the
CLI verbs call and returns its name; its ``campaign`` names it beforehand and ``order`` places it among the
others).  Each has a Master, two or three players, characters made by the system's commands and ONE session:
started with the players present (the journal commits to its dice seed), a handful of table actions (some
rolled on the journal's server dice, some on dice thrown at the table), ended after :data:`MINUTES` minutes
(the seed is revealed), and tallied by the Master (``commit_tally``) where the system keeps awards.

A campaign that already exists is left alone, so recording twice records nothing the second time.
Every action is deterministic in the number of events it appends (server dice decide only numbers,
never whether an event is written), so each campaign always holds the same number of events.

``demo_campaigns(journal)`` reads back what the printout needs (the tallied sessions, the session to
replay, the server roll to audit: of the demo that says ``replayed`` and its event type ``audited_type``) from the stored events, the same way after the first run and after any later one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from journal.errors import NotFound
from journal.i18n import _
from journal.service.journal import Journal
from journal.systems import registry

#: The one session each campaign holds.
SESSION = 1
MINUTES = 150


@dataclass(frozen=True)
class DemoSystem:
    """One system's demo: its campaign, the recorder, and whether the printout replays and audits it."""

    system: str
    campaign: str
    order: int
    record: Callable[[Journal], str]
    replayed: bool = False
    audited_type: str | None = None


def systems() -> list[DemoSystem]:
    """The demos of the registered systems, in the order they are recorded and shown."""
    found = []
    for descriptor in registry.descriptors():
        if descriptor.demo is None:
            continue
        demo = descriptor.demo
        found.append(DemoSystem(descriptor.name, demo.campaign, demo.order, demo.record.load(), demo.replayed,
                                demo.audited_type))
    return sorted(found, key=lambda demo: (demo.order, demo.system))


def campaigns() -> tuple[tuple[str, str], ...]:
    """The demo's campaigns in the order they are recorded and shown, with their systems."""
    return tuple((demo.campaign, demo.system) for demo in systems())


@dataclass(frozen=True)
class DemoCampaigns:
    """What the demo recorded (``recorded``: the campaigns written by this call) and what it shows."""

    names: tuple[str, ...]
    #: The campaigns whose session was tallied.
    tallied: tuple[str, ...]
    session: int
    replay_campaign: str
    audit_campaign: str
    audit_event: str
    audit_version: int
    recorded: tuple[str, ...] = ()


# --- the service ---------------------------------------------------------------------------------------------


def record_demo(journal: Journal) -> DemoCampaigns:
    """Record each demo campaign that does not exist yet (all of them on a fresh journal, none the second time).

    ``recorded`` of the result names the campaigns this call wrote.
    """
    recorded = []
    for demo in systems():
        if journal.store.exists(demo.campaign):
            continue
        recorded.append(demo.record(journal))
    return replace(demo_campaigns(journal), recorded=tuple(recorded))


def demo_campaigns(journal: Journal) -> DemoCampaigns:
    """The demo's campaigns and the ids the printout needs, read from the journal (NotFound when absent)."""
    demos = systems()
    for demo in demos:
        found = journal.campaign(demo.campaign)
        if found["system"] != demo.system:
            raise NotFound(_("'{campaign}' plays {system}, not {system2}: it is not the demo's campaign")
                           .format(campaign=demo.campaign, system=found['system'], system2=demo.system))
    replayed = next((demo for demo in demos if demo.replayed), None)
    if replayed is None or replayed.audited_type is None:
        raise NotFound(_("no demo campaign to replay and audit"))
    audited = next(
        (event for event in journal.store.read(replayed.campaign, types=[replayed.audited_type])
         if event.session == SESSION and _server_roll(event.data)),
        None,
    )
    if audited is None:
        raise NotFound(_("no server roll of session {session} in '{campaign}': is it the demo's campaign?")
                       .format(session=SESSION, campaign=replayed.campaign))
    tallied = tuple(demo.campaign for demo in demos
                    if any(event.data["session"] == SESSION
                           for event in journal.store.read(demo.campaign, types=["tally.committed"])))
    return DemoCampaigns(names=tuple(demo.campaign for demo in demos), tallied=tallied, session=SESSION,
                         replay_campaign=replayed.campaign, audit_campaign=replayed.campaign,
                         audit_event=audited.id, audit_version=audited.version)


def _server_roll(value: object) -> bool:
    """Whether a payload holds a roll thrown by the journal's server dice."""
    if isinstance(value, dict):
        if value.get("source") == "server" and "dice" in value:
            return True
        return any(_server_roll(item) for item in value.values())
    if isinstance(value, list):
        return any(_server_roll(item) for item in value)
    return False
