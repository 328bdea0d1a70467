"""House rules: propose a switch of a ruling, vote on it, adopt it; and the rule in force at any point.

A group may switch a ruling marked "house rule" for its campaign (RULINGS.md; a rule system's dogmas may
say that proposals to change the rules are backed by a first-degree quorum, and the head Master extends
the rules).  The keys are the rule systems' own: each descriptor's ``house_rules`` (:func:`rules`); a
key belongs to one system.  The journal records it in three steps:

* ``propose_rule`` (any member): ``rules.proposed`` {key, value, previous}; the proposal's id is the id
  of that event (a unique prefix of it is accepted wherever a proposal is named);
* ``vote_rule`` (players only, once each): ``rules.voted`` {proposal, in_favour};
* ``adopt_rule`` (the Master only, once a first-degree quorum of all the campaign's players is in
  favour): ``rules.adopted`` {proposal, key, value, previous, tally}.  The rule is in force from that
  event on; before it, the previous value (the default, or an earlier house rule) still is.

A proposal is adopted once.  A proposal overtaken by a later adoption of the same key may still be
adopted (it then wins from its own adoption on), unless its value is already the rule in force.

Commands read the rule in force with :func:`rule_in_force` from their context at record time and store
what they used in their payload (the mapping a rule chose, the award a rate gave), so
every projection at every point shows the rule that was in force when each event was recorded.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from journal.errors import NotFound, RuleViolation, ValidationFailed
from journal.events.envelope import Event
from journal.events.house_rules import RuleAdopted, RuleProposed, RuleVoted
from journal.i18n import N_, gettext, pgettext
from journal.quorum import first_degree, quorum_size
from journal.service.context import Context, Record
from journal.service.journal import Journal
from journal.service.labels import title
from journal.service.roles import require_role
from journal.service.summaries import word, words_of
from journal.systems import registry
from journal.understand import understood

Value = int | str
C = TypeVar("C", bound=str)
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


@dataclass(frozen=True)
class RuleSpec:
    """A key a campaign may switch: its system, default, and the values it accepts."""

    key: str
    system: str
    default: Value
    meaning: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None

    def label(self) -> str:
        """The rule as people read it, its meaning in the current language: its system's description of it (the
        page's label of it too); the one name of a rule in the lines people read (the timeline's summaries)."""
        return gettext(self.meaning)

    def name(self) -> str:
        """The key as a player names it in the current language (its system's word for it: ``control_mapping``,
        «потеря Контроля»)."""
        return word(words_of(self.system), self.key)

    def word(self, value: Value | None) -> str:
        """``value`` in the table's words: a choice's word in the current language (its system's words: «линейно»),
        a number as it is, None (no earlier house rule) as the default."""
        if value is None:
            return pgettext("house rule value", "default")
        return word(words_of(self.system), value)

    def allowed(self) -> str:
        """The values the key takes, for people: its choices' words, else its range in the current language."""
        if self.choices:
            return " | ".join(self.word(choice) for choice in self.choices)
        return gettext("a whole number {low}-{high}").format(low=self.low, high=self.high)

    def example(self) -> str:
        """``KEY=VALUE`` as a player types it in the current language: the key's word and a value it may switch to
        (the first choice besides the default; a number rule's default)."""
        other = next((choice for choice in self.choices if choice != self.default), self.default)
        return f"{self.name()}={self.word(other)}"

    def parse(self, raw: Any) -> Value:
        """``raw`` (the text after ``KEY=``, or a value) as this key's type, a choice typed as its word in any of
        the journal's languages (journal.understand); ValidationFailed naming the key."""
        if self.choices:
            text = understood(raw, self.choices, words_of(self.system))
            if text is None:
                raise ValidationFailed(gettext("house rule '{key}': {raw!r} is not one of {choices}")
                                       .format(key=self.name(), raw=raw,
                                               choices=', '.join(self.word(choice) for choice in self.choices)))
            return text
        if isinstance(raw, bool):
            number = None
        elif isinstance(raw, int):
            number = raw
        elif isinstance(raw, str) and re.fullmatch(r"[+-]?\d+", raw.strip()):
            number = int(raw.strip())
        else:
            number = None
        if number is None:
            raise ValidationFailed(gettext("house rule '{key}': {raw!r} is not a whole number")
                                   .format(key=self.name(), raw=raw))
        assert self.low is not None and self.high is not None
        if not self.low <= number <= self.high:
            raise ValidationFailed(gettext("house rule '{key}': {number} is not in {low}-{high}")
                                   .format(key=self.name(), number=number, low=self.low, high=self.high))
        return number


_RULES: tuple[tuple[str, ...], dict[str, RuleSpec]] | None = None


def examples() -> list[str]:
    """Every key a campaign may switch as a player types it with a value, in the current language (``KEY=VALUE``)."""
    return [rule.example() for rule in rules().values()]


def rules() -> dict[str, RuleSpec]:
    """Every key a campaign may switch, by name: each registered system's descriptor's ``house_rules``."""
    global _RULES
    systems = registry.descriptors()
    names = tuple(descriptor.name for descriptor in systems)
    if _RULES is None or _RULES[0] != names:
        found = {
            rule.key: RuleSpec(rule.key, descriptor.name, rule.default, rule.description, rule.choices, rule.low,
                               rule.high)
            for descriptor in systems for rule in descriptor.house_rules
        }
        _RULES = (names, found)
    return _RULES[1]


def rules_of(system: str) -> list[RuleSpec]:
    """The keys a campaign of ``system`` may switch, in its descriptor's order (none for a system without any)."""
    return [known for known in rules().values() if known.system == system]


def spec(key: str) -> RuleSpec:
    """The known key ``key``, typed as itself or as its word in any of the journal's languages (its system's words:
    «потеря Контроля»); ValidationFailed naming it (and the known keys) otherwise."""
    known = rules()
    found = known.get(key.strip() if isinstance(key, str) else key)
    if found is None:
        spoken = {name: said for rule in known.values() for name, said in words_of(rule.system).items()
                  if name == rule.key}
        found = known.get(understood(key, known, spoken) or "")
    if found is None:
        raise ValidationFailed(gettext("house rule '{key}': unknown key (known: {known})")
                               .format(key=key, known=', '.join(sorted(rule.name() for rule in known.values()))))
    return found


def _house(source: Any) -> Mapping[str, Any]:
    """The house_rules state from a Context, a Folded, a dict of states, or the state itself."""
    states = getattr(source, "states", source)
    if "in_force" in states and "proposals" in states:
        return states
    return states["house_rules"]


def rule_in_force(source: Any, key: str) -> Value:
    """The value of ``key`` in force in ``source`` (a Context, a Folded, ``ctx.states`` or the house_rules
    state): the last adopted house rule for it, else its default."""
    known = spec(key)
    entry = _house(source)["in_force"].get(known.key)
    return known.default if entry is None else entry["value"]


def number_in_force(source: Any, key: str) -> int:
    """:func:`rule_in_force` for a key whose values are whole numbers."""
    value = rule_in_force(source, key)
    if not isinstance(value, int):
        raise TypeError(f"house rule '{key}' holds {value!r}, not a whole number")
    return value


def choice_in_force(source: Any, key: str, choices: tuple[C, ...]) -> C:
    """:func:`rule_in_force` for a key whose values are ``choices``."""
    value = rule_in_force(source, key)
    for choice in choices:
        if value == choice:
            return choice
    raise TypeError(f"house rule '{key}' holds {value!r}, not one of {', '.join(choices)}")


def _players(campaign: Mapping[str, Any]) -> list[str]:
    return [name for name, role in campaign["members"].items() if role == "player"]


def _unchanged(house: Mapping[str, Any], known: RuleSpec, value: Value) -> RuleViolation:
    """The refusal of a change to the value already in force: the rule's word, the value in the table's words, and
    whence it is."""
    line = (gettext("'{key}' is already '{value}' ({where})") if isinstance(value, str)
            else gettext("'{key}' is already {value} ({where})"))
    return RuleViolation(N_("house rules: a change"), line.format(key=known.name(), value=known.word(value),
                                                                 where=_where(house, known.key)))


def _where(house: Mapping[str, Any], key: str) -> str:
    entry = house["in_force"].get(key)
    return gettext("the default") if entry is None else gettext("adopted at version {version}").format(
        version=entry["version"])


# -- finding a proposal ------------------------------------------------------------------------


def _match(house: Mapping[str, Any], ref: str) -> list[str]:
    return [pid for pid in house["proposals"] if pid.startswith(ref)]


def find_proposal(journal: Journal, ref: str, campaign: str | None = None) -> tuple[str, str]:
    """(campaign, proposal id) of the proposal named by ``ref``: its id or a unique prefix of it."""
    text = ref.strip().lower()
    if not text:
        raise ValidationFailed(gettext("proposal: give the proposal's id (or a unique prefix of it)"))
    if campaign is not None:
        journal.campaign(campaign)
        names = [campaign]
    elif _UUID.match(text):
        try:
            names = [journal.store.get(text).campaign]
        except NotFound:
            names = []
    else:
        names = journal.store.campaigns()
    found = [(name, pid) for name in names for pid in _match(journal.at(name)["house_rules"], text)]
    if not found:
        where = f" in '{campaign}'" if campaign is not None else ""
        raise NotFound(gettext("no house-rule proposal '{strip}'{where}").format(strip=ref.strip(), where=where))
    if len(found) > 1:
        raise ValidationFailed(gettext("proposal '{strip}': ambiguous, it begins {count} proposals' ids ({found}{value})")
                               .format(strip=ref.strip(), count=len(found), found=', '.join(pid for _, pid in found[:3]), value=', …' if len(found) > 3 else ''))
    return found[0]


def _proposal(ctx: Context, proposal_id: str) -> dict[str, Any]:
    found = ctx.states["house_rules"]["proposals"].get(proposal_id)
    if found is None:
        raise NotFound(gettext("no house-rule proposal '{proposal_id}' in '{name}'")
                       .format(proposal_id=proposal_id, name=ctx.name))
    return found


def _not_adopted(proposal: Mapping[str, Any]) -> None:
    if proposal["adopted"] is not None:
        raise RuleViolation(N_("house rules: adopted once"),
                            gettext("proposal {id} was adopted at version {version}")
                            .format(id=proposal['id'], version=proposal['adopted']['version']))


# -- commands ----------------------------------------------------------------------------------


def propose_rule(journal: Journal, campaign: str, key: str, value: Any, actor: str | None = None) -> Event:
    """Any member proposes ``key = value`` for the campaign; the event's id is the proposal's id."""
    known = spec(key)
    parsed = known.parse(value)

    def decide(ctx: Context) -> list:
        if ctx.system != known.system:
            raise RuleViolation(N_("house rules: one rule system"),
                                gettext("'{key}' is a {system} rule; '{name}' plays {system2}")
                                .format(key=known.name(), system=title(known.system), name=ctx.name,
                                        system2=title(ctx.system)))
        house = ctx.states["house_rules"]
        current = rule_in_force(house, known.key)
        if current == parsed:
            raise _unchanged(house, known, parsed)
        return [RuleProposed(key=known.key, value=parsed, previous=current)]

    return journal.execute(campaign, decide, actor)[0]


def vote_rule(journal: Journal, proposal: str, in_favour: bool, actor: str | None = None,
              campaign: str | None = None) -> Event:
    """A player of the campaign votes on the proposal, once, in favour or against."""
    name, proposal_id = find_proposal(journal, proposal, campaign)

    def decide(ctx: Context) -> list:
        found = _proposal(ctx, proposal_id)
        require_role(ctx.campaign["members"], ctx.actor, RuleVoted.type)
        _not_adopted(found)
        earlier = found["votes"].get(ctx.actor)
        if earlier is not None:
            line = (gettext("'{actor}' already voted in favour at version {version}") if earlier["in_favour"]
                    else gettext("'{actor}' already voted against at version {version}"))
            raise RuleViolation(N_("house rules: one vote each"),
                                line.format(actor=ctx.actor, version=earlier['version']))
        return [Record(RuleVoted(proposal=proposal_id, in_favour=in_favour), causation=proposal_id)]

    return journal.execute(name, decide, actor)[0]


def adopt_rule(journal: Journal, proposal: str, actor: str | None = None, campaign: str | None = None) -> Event:
    """The Master adopts the proposal once a first-degree quorum of all players is in favour."""
    name, proposal_id = find_proposal(journal, proposal, campaign)

    def decide(ctx: Context) -> list:
        found = _proposal(ctx, proposal_id)
        require_role(ctx.campaign["members"], ctx.actor, RuleAdopted.type)
        _not_adopted(found)
        house = ctx.states["house_rules"]
        key = found["key"]
        current = rule_in_force(house, key)
        if current == found["value"]:
            raise _unchanged(house, spec(key), current)
        votes = {voter: vote["in_favour"] for voter, vote in found["votes"].items()}
        tally = first_degree(votes, _players(ctx.campaign))
        if not tally.reached:
            verb = "is" if tally.in_favour == 1 else "are"
            raise RuleViolation(N_("house rules: first-degree quorum"),
                                gettext("{required} of {eligible} players in favour needed, {in_favour} {verb}")
                                .format(required=tally.required, eligible=tally.eligible, in_favour=tally.in_favour, verb=verb))
        payload = RuleAdopted(proposal=proposal_id, key=key, value=found["value"], previous=current,
                              in_favour=tally.in_favour, against=tally.against, required=tally.required,
                              players=tally.eligible)
        return [Record(payload, causation=proposal_id)]

    return journal.execute(name, decide, actor)[0]


# -- reading -----------------------------------------------------------------------------------


def show_rules(journal: Journal, campaign: str, as_of: str | None = None) -> dict[str, Any]:
    """The house rules of the campaign's system as of a point: each key's value in force (and whence) with the
    values it takes (``choices``, else a whole number ``low``-``high``), every proposal with its votes and tally,
    and every adoption so far."""
    folded = journal.at(campaign, as_of)
    house = folded["house_rules"]
    players = _players(folded["campaign"])
    required = quorum_size(len(players)) if players else None
    listed = []
    for known in rules_of(folded.system):
        entry = house["in_force"].get(known.key)
        listed.append({
            "key": known.key, "value": known.default if entry is None else entry["value"], "default": known.default,
            "house_rule": entry is not None, "proposal": None if entry is None else entry["proposal"],
            "adopted_version": None if entry is None else entry["version"], "allowed": known.allowed(),
            "choices": list(known.choices), "low": known.low, "high": known.high, "meaning": known.meaning,
        })
    proposals = []
    for found in sorted(house["proposals"].values(), key=lambda p: p["version"]):
        votes = {voter: vote["in_favour"] for voter, vote in found["votes"].items()}
        in_favour = sum(1 for choice in votes.values() if choice)
        proposals.append({
            "id": found["id"], "key": found["key"], "value": found["value"], "previous": found["previous"],
            "proposed_by": found["proposed_by"], "version": found["version"], "votes": votes,
            "in_favour": in_favour, "against": len(votes) - in_favour, "required": required, "players": len(players),
            "quorum_reached": required is not None and in_favour >= required,
            "adopted_version": None if found["adopted"] is None else found["adopted"]["version"],
        })
    return {"campaign": campaign, "system": folded.system, "version": folded.version, "rules": listed,
            "proposals": proposals, "adoptions": list(house["adoptions"])}
