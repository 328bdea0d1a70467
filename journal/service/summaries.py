"""One line for people per event: what was recorded and its outcome, for every event type of every system.

Table-driven: the table maps an event type to a function of its payload (``data``) returning one line:
the shared events' lines here, and each rule system's own (its descriptor's ``summaries``, a ``LINES``
dict built with the helpers below), gathered once on first use.
A payload that carries its own ``description`` (a free roll) is described by it.  A type the table does
not know (a newer module, an import from a newer journal) falls back to its fields as ``key=value``, so
every event still prints in one line.  The lines follow what the CLI verbs print when they record.

Every line is in the current language (journal.i18n, domain ``journal``): each is a msgid with named
placeholders, filled after the lookup, and counts take their plural form (``ngettext``).  Names, event
types and the values players typed stay as recorded; a campaign's system reads as its title
(journal.service.labels.title); an enumerated value a system records (``melee``, ``Heroic``) reads as its
display word (:func:`word`, from the system's one table, its descriptor's ``words``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from journal.events.envelope import Event
from journal.events.upcasting import needs_upcast, register_all, upcast
from journal.i18n import _, ngettext, pgettext
from journal.service.labels import title
from journal.systems import registry

if TYPE_CHECKING:
    from journal.service.naming import Naming

Data = dict[str, Any]
#: A system's display words: enumerated value -> its word in the current language (the descriptor's ``words``).
Words = Mapping[str, Callable[[], str]]


# -- small pieces ---------------------------------------------------------------------------------


def word(words: Words, value: object) -> str:
    """``value``'s display word from a system's table in the current language; a value the table lacks as it is."""
    shown = words.get(value) if isinstance(value, str) else None
    return shown() if shown is not None else str(value)


def words_of(system: str) -> Words:
    """The display words of a registered system (its descriptor's ``words``), empty when it has none."""
    reference = registry.system(system).words
    return dict(reference.load()) if reference is not None else {}


def signed(value: int) -> str:
    """``+2``, ``-1``, ``+0``."""
    return f"{value:+d}"


def dice_text(roll: Data | None) -> str:
    """``[4, 3]``, with ``(journal dice)`` for the journal's verifiable dice."""
    if roll is None:
        return "[]"
    dice = f"[{', '.join(str(d) for d in roll['dice'])}]"
    return _("{dice} (journal dice)").format(dice=dice) if roll["source"] == "server" else dice


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
    if d.get("dispute"):
        return _("voids #{version} (dispute {dispute}): {reason}").format(
            version=d["target_version"], dispute=d["dispute"], reason=d["reason"])
    return _("voids #{version}: {reason}").format(version=d["target_version"], reason=d["reason"])


def _member_added(d: Data) -> str:
    if d["role"] == "master":
        return _("{name} joins as a master").format(name=d["name"])
    if d["role"] == "player":
        return _("{name} joins as a player").format(name=d["name"])
    return _("{name} joins as a {role}").format(name=d["name"], role=d["role"])


def _session_ended(d: Data) -> str:
    dice = ngettext("{count} server dice", "{count} server dice", d["next_counter"]).format(count=d["next_counter"])
    return _("session {number} ended after {minutes} min; {dice}; seed revealed").format(
        number=d["number"], minutes=d["minutes"], dice=dice)


def _dice_burned(d: Data) -> str:
    dice = ", ".join(_("d{sides} {dice} at counter {counter}").format(
        sides=r["sides"], dice=dice_text(r), counter=r["counter"]) for r in d["rolls"])
    if d["reason"] == "unrecorded":
        return _("burned {dice}: thrown and not recorded").format(dice=dice)
    return _("burned {dice}: the command was refused ({reason})").format(dice=dice, reason=d["reason"])


SHARED: dict[str, Callable[[Data], str]] = {
    "campaign.created": lambda d: _("campaign '{name}' started ({system}), Master: {master}").format(
        name=d["name"], system=title(d["system"]), master=d["master"]),
    "member.added": _member_added,
    "member.token_issued": lambda d: (_("{member}: a one-time link issued") if d.get("expires_at")
                                      else _("{member}: a phone's token issued")).format(member=d["member"]),
    "member.token_revoked": lambda d: _("{member}: a token revoked").format(member=d["member"]),
    "session.started": lambda d: _("session {number} started; present: {present}").format(
        number=d["number"], present=", ".join(d["present"])),
    "session.salted": lambda d: _("added a salt to session {number}'s dice: {salt}").format(
        number=d["number"], salt=d["salt"]),
    "session.ended": _session_ended,
    "roll.made": _free_roll,
    "dice.burned": _dice_burned,
    "correction.voided": _voided,
}


# -- disputes, house rules, tallies (shared by every system) ----------------------------------------


def _dispute_ruled(d: Data) -> str:
    t = d["tally"]
    line = {"uphold": _("rules to uphold dispute {dispute}: {uphold} uphold, {overturn} overturn "
                        "({required} of {eligible} needed)"),
            "overturn": _("rules to overturn dispute {dispute}: {uphold} uphold, {overturn} overturn "
                          "({required} of {eligible} needed)")}.get(d["ruling"])
    if line is None:
        line = _("rules to {ruling} dispute {dispute}: {uphold} uphold, {overturn} overturn "
                 "({required} of {eligible} needed)")
    return line.format(ruling=d["ruling"], dispute=d["dispute"], uphold=t["uphold"], overturn=t["overturn"],
                       required=t["required"], eligible=t["eligible"])


def _dispute_voted(d: Data) -> str:
    line = {"uphold": _("votes to uphold dispute {dispute}"),
            "overturn": _("votes to overturn dispute {dispute}")}.get(d["choice"])
    return (line or _("votes to {choice} dispute {dispute}")).format(choice=d["choice"], dispute=d["dispute"])


def _rule_said(d: Data) -> dict[str, str]:
    """A house rule event as people read it: the rule by its meaning (quoted), its value and the one before in the
    table's words (journal.service.house_rules: the rule's description, its system's words); a key no registered
    system has as it was recorded."""
    from journal.service.house_rules import rules
    from journal.service.naming import quoted

    known = rules().get(d["key"])
    if known is None:
        return {"rule": str(d["key"]), "value": value_text(d["value"]), "previous": value_text(d.get("previous"))}
    return {"rule": quoted(known.label()), **{field: known.word(d[field]) if isinstance(d.get(field), str)
                                              else value_text(d.get(field)) for field in ("value", "previous")}}


def _rules_proposed(d: Data) -> str:
    return _("proposes the house rule {rule}: {value} (now {previous})").format(**_rule_said(d))


def _rules_adopted(d: Data) -> str:
    of_players = ngettext("of {players} player", "of {players} players", d["players"]).format(players=d["players"])
    said = _rule_said(d)
    return _("adopts the house rule {rule}: {value} ({in_favour} for, {against} against; "
             "{required} {of_players} needed)").format(
        rule=said["rule"], value=said["value"], in_favour=d["in_favour"], against=d["against"],
        required=d["required"], of_players=of_players)


RULINGS: dict[str, Callable[[Data], str]] = {
    "dispute.opened": lambda d: _("disputes #{version} ({type}): {reason}").format(
        version=d["target_version"], type=d["target_type"], reason=d["reason"]),
    "dispute.voted": _dispute_voted,
    "dispute.ruled": _dispute_ruled,
    "rules.proposed": _rules_proposed,
    "rules.voted": lambda d: (_("votes for proposal {proposal}") if d["in_favour"]
                              else _("votes against proposal {proposal}")).format(proposal=d["proposal"]),
    "rules.adopted": _rules_adopted,
    "tally.committed": lambda d: _("session {session} tallied: {awards}").format(
        session=d["session"], awards=ngettext("{count} award", "{count} awards", d["lines"]).format(count=d["lines"])),
}


def value_text(item: object) -> str:
    """A house rule's value in one line (JSON-like, not escaped)."""
    if item is None:
        return pgettext("house rule value", "default")
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
            register_all(descriptor.upcasters)  # a stored payload of an older shape reads in the current one
            if descriptor.summaries is not None:
                table.update(descriptor.summaries.load())
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


def summary(event: Event, naming: Naming | None = None, *, figure: Any = None) -> str:
    """One line describing a stored event (its type and payload, in the payload's current shape: an older one is
    upcast first, as the folds read it; the stored payload is left as it was).

    With ``naming`` (journal.service.naming), the lines of disputes and voids name the dispute by its short number
    and the event by its summary («dispute №3 about «…»») instead of an id or a version.  ``figure``
    (journal.service.figures) gives the running totals the line shows, as the fold has them now; without it a line
    that shows one reads it from the payload when an older event stored it, else leaves it out."""
    from journal.service.figures import data

    _lines()  # the systems' upcasters registered
    if naming is not None and event.type in NAMED:
        try:
            return NAMED[event.type](event, naming)
        except (KeyError, TypeError, ValueError, AttributeError):
            pass
    if figure is None:  # a total an older payload stored (its upcaster drops it) still reads
        return describe(event.type, {**event.data, **upcast(event).data} if needs_upcast(event.type) else event.data)
    return describe(event.type, data(event, figure))


# -- the same lines with disputes and events named (journal.service.naming) ------------------------


def _named_opened(event: Event, naming: Naming) -> str:
    number, about = naming.parts(event.id)
    return _("opens dispute #{number} about {event}: {reason}").format(number=number, event=about,
                                                                      reason=event.data["reason"])


def _named_voted(event: Event, naming: Naming) -> str:
    d = event.data
    number, about = naming.parts(d["dispute"])
    line = {"uphold": _("votes to uphold in dispute #{number} about {event}"),
            "overturn": _("votes to overturn in dispute #{number} about {event}")}[d["choice"]]
    return line.format(number=number, event=about)


def _named_ruled(event: Event, naming: Naming) -> str:
    d, t = event.data, event.data["tally"]
    number, about = naming.parts(d["dispute"])
    line = {"uphold": _("rules to uphold in dispute #{number} about {event}: {uphold} uphold, {overturn} overturn "
                        "({required} of {eligible} needed)"),
            "overturn": _("rules to overturn in dispute #{number} about {event}: {uphold} uphold, {overturn} "
                          "overturn ({required} of {eligible} needed)")}[d["ruling"]]
    return line.format(number=number, event=about, uphold=t["uphold"], overturn=t["overturn"],
                       required=t["required"], eligible=t["eligible"])


def _named_voided(event: Event, naming: Naming) -> str:
    from journal.service.naming import quoted

    d = event.data
    target = quoted(naming.event(d["target"]))
    if d.get("dispute"):
        number, _about = naming.parts(d["dispute"])
        return _("voids {event} (dispute #{number}): {reason}").format(event=target, number=number,
                                                                      reason=d["reason"])
    return _("voids {event}: {reason}").format(event=target, reason=d["reason"])


NAMED: dict[str, Callable[[Event, Naming], str]] = {
    "dispute.opened": _named_opened, "dispute.voted": _named_voted, "dispute.ruled": _named_ruled,
    "correction.voided": _named_voided,
}


def known_types() -> set[str]:
    """Every type the table describes in its own words."""
    return set(_lines())


def notes(states: dict[str, Any], system: str, voided: list[Any], naming: Naming | None = None) -> dict[str, str]:
    """What the folds now say of earlier events, by event id: voided (by which void) and the system's own notes.

    ``states`` are the campaign's folded states, ``voided`` the engine's voids (projections.engine.voids); with
    ``naming`` a void by a dispute names it by its short number («voided by dispute №3»), not its id.
    """
    from journal.systems.registry import system as registered

    found: dict[str, list[str]] = {}
    for void in voided:
        if void.dispute and naming is not None and naming.number(void.dispute) is not None:
            note = _("voided by dispute #{number}").format(number=naming.number(void.dispute))
        elif void.dispute:
            note = _("voided at #{version} (dispute {dispute})").format(version=void.version, dispute=void.dispute)
        else:
            note = _("voided at #{version}").format(version=void.version)
        found.setdefault(void.target, []).append(note)
    reference = registered(system).notes
    if reference is not None:
        for event_id, note in reference.load()(states).items():
            found.setdefault(event_id, []).append(note)
    return {event_id: "; ".join(parts) for event_id, parts in found.items()}
