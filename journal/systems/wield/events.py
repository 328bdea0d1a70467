"""Wield's event payloads: what each ``wield.*`` event records, inputs and computed outcome side by side.

Characters (vatcha and heroes) are named by plain strings unique in the campaign; each payload that records
dice embeds a :class:`~journal.events.rolls.Roll` of d20s.  The shapes are checked here; the game's rules
(how many domains, which offers are allowed, what a roll's total is) are checked by ``rules`` before a
payload is built, and the payload stores what they computed so that the log reads on its own.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from journal.events import Payload
from journal.events.names import Name
from journal.events.rolls import Roll
from journal.i18n import _

Domain = Literal[
    "Air", "Destruction", "Earth", "Light",
    "Animal", "Darkness", "Fire", "Plant",
    "Creation", "Death", "Life", "Water",
]  # fmt: skip
Difficulty = Literal["Easy", "Hard", "Heroic", "Epic", "Impossible"]
Side = Literal["vatcha", "wielder"]


class _Part(BaseModel):
    """Base of the small records nested in payloads: frozen, no unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def _d20(roll: Roll | None, what: str) -> None:
    if roll is not None and roll.sides != 20:
        raise ValueError(_("{what} is rolled on d20s, not d{sides}").format(what=what, sides=roll.sides))


# --- creation -------------------------------------------------------------------------------------------


class Connection(_Part):
    """A connection another player's vatcha wrote on this vatcha's sheet (Step 5)."""

    vatcha: Name
    text: str = Field(min_length=1)


class VatchaCreated(Payload):
    """A player's vatcha: its Item, 1-3 Domains, Goal and five Steps, connections and how it can be destroyed."""

    type: ClassVar[str] = "wield.vatcha_created"

    name: Name = Field(min_length=1)
    player: Name
    item: str = Field(min_length=1)
    domains: list[Domain] = Field(min_length=1, max_length=3)
    goal: str = Field(min_length=1)
    steps: list[str] = Field(min_length=5, max_length=5)
    connections: list[Connection] = Field(default_factory=list)
    destruction: str = Field(min_length=1)


class HeroCreated(Payload):
    """A hero (pawn) made by another player to wield a vatcha: Background trait and a Destiny."""

    type: ClassVar[str] = "wield.hero_created"

    name: Name = Field(min_length=1)
    player: Name
    vatcha: Name = Field(min_length=1)
    background: str = Field(min_length=1)
    destiny: str = Field(min_length=1)


# --- chances and combat -----------------------------------------------------------------------------------


class ChanceRolled(Payload):
    """A chance against an obstacle: the d20s summed with the bonus, the target, and whether it succeeded.

    Easy needs no roll; a sealed geis (``geis``: the id of its ``wield.geis_sealed`` event) succeeds without one.
    """

    type: ClassVar[str] = "wield.chance_rolled"
    named_by: ClassVar[str | None] = "task"

    hero: Name
    task: str = Field(min_length=1)
    difficulty: Difficulty
    target: int | None = Field(default=None, ge=10)
    profession: bool = False
    extra_dice: int = Field(default=0, ge=0)
    bonus: int = 0
    roll: Roll | None = None
    total: int | None = None
    success: bool
    geis: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> ChanceRolled:
        _d20(self.roll, "a chance")
        if (self.difficulty == "Easy") != (self.target is None):
            raise ValueError("only an Easy task has no target")
        unrolled = self.difficulty == "Easy" or self.geis is not None
        if unrolled and (self.roll is not None or not self.success):
            raise ValueError("an Easy task or a sealed geis succeeds without a roll")
        if not unrolled and (self.roll is None or self.total is None):
            raise ValueError("a chance is rolled and totalled unless Easy or settled by a geis")
        return self


class Declared(_Part):
    """One combatant's action as revealed: attack / defend for 1-5 wounds, or a power with its rank."""

    combatant: Name
    action: Literal["attack", "defend", "power"]
    wounds: int | None = Field(default=None, ge=1, le=5)
    target: Name | None = None
    power: str | None = None
    rank: int | None = Field(default=None, ge=1)


class Switched(_Part):
    """Step 2: an attacker who turned to defend, protecting himself (None) or his former target."""

    combatant: Name
    defends: Name | None = None


class CombatCheck(_Part):
    """A combatant's own risk this round; ``roll`` is None for 1 wound or a sealed geis (``geis``: its event id)."""

    combatant: Name
    target: int | None
    roll: Roll | None = None
    profession: bool = False
    extra_dice: int = Field(default=0, ge=0)
    bonus: int = 0
    total: int | None = None
    success: bool
    geis: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> CombatCheck:
        _d20(self.roll, "a combat risk")
        if (self.roll is None) != (self.total is None):
            raise ValueError("a rolled risk has a total, an unrolled one has none")
        return self


class Hit(_Part):
    """One attack resolved: wounds inflicted, protected against, and taken by the defender."""

    attacker: Name
    defender: Name
    inflicted: int = Field(ge=0, le=5)
    protected: int = Field(ge=0, le=5)
    wounds: int = Field(ge=0, le=5)


class CombatRound(Payload):
    """A round: declarations, who reconsidered, final actions, powers in order, risks, hits in order, wounds."""

    type: ClassVar[str] = "wield.combat_round"

    declarations: list[Declared] = Field(min_length=1)
    reconsidered: list[Switched] = Field(default_factory=list)
    actions: list[Declared] = Field(min_length=1)
    powers: list[list[Name]] = Field(default_factory=list)
    checks: list[CombatCheck] = Field(default_factory=list)
    hits: list[Hit] = Field(default_factory=list)
    wounds: dict[Name, int] = Field(default_factory=dict)


# --- powers and Control -----------------------------------------------------------------------------------


class PowerBestowed(Payload):
    """A vatcha gives its wielder a power: its rank marks boxes on the pyramid, and Control shifts to the wielder.

    ``rank`` and ``mapping`` (the rule in force) are the facts: the folds mark the boxes and read Control off them.
    Schema 1 also stored ``boxes``, ``control_lost``, ``vatcha_dice`` and ``wielder_dice`` after it, as recorded.
    """

    type: ClassVar[str] = "wield.power_bestowed"
    schema_version: ClassVar[int] = 2

    vatcha: Name
    hero: Name
    power: str = Field(min_length=1)
    domain: Domain | None = None
    rank: int = Field(ge=1, le=10)
    mapping: Literal["pyramid", "linear"] = "pyramid"


class ControlRisk(Payload):
    """The wielder fights the vatcha's will: both pools, the dice, and who won (``reroll`` on a complete tie).

    A re-roll after a complete tie is a new event whose ``reroll_of`` names the risk it repeats.
    """

    type: ClassVar[str] = "wield.control_risk"
    named_by: ClassVar[str | None] = "demand"

    vatcha: Name
    hero: Name
    demand: str = Field(min_length=1)
    destiny: bool = False
    control_lost: int = Field(ge=0, le=10)
    vatcha_dice: int = Field(ge=0, le=10)
    wielder_dice: int = Field(ge=0, le=11)
    vatcha_roll: Roll | None = None
    wielder_roll: Roll | None = None
    outcome: Literal["vatcha", "wielder", "reroll"]
    reroll_of: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> ControlRisk:
        for roll, count, side in ((self.vatcha_roll, self.vatcha_dice, "vatcha"),
                                  (self.wielder_roll, self.wielder_dice, "wielder")):  # fmt: skip
            _d20(roll, "a Control Risk")
            if len(roll.dice if roll else []) != count:
                raise ValueError(_("the {side} rolls {count} dice").format(side=side, count=count))
        return self


# --- geasa ------------------------------------------------------------------------------------------------


class GeisOffered(Payload):
    """A hero offers Fate a promise before a chance; ``negotiation`` names the opening offer when it is a second one."""

    type: ClassVar[str] = "wield.geis_offered"
    named_by: ClassVar[str | None] = "promise"

    hero: Name
    chance: str = Field(min_length=1)
    promise: str = Field(min_length=1)
    negotiation: str | None = None


class GeisRefused(Payload):
    """Fate refuses the player's offer, or the player refuses Fate's terms."""

    type: ClassVar[str] = "wield.geis_refused"

    hero: Name
    negotiation: str
    by: Literal["fate", "player"]


class GeisCounterOffered(Payload):
    """Fate offers modified terms."""

    type: ClassVar[str] = "wield.geis_counter_offered"
    named_by: ClassVar[str | None] = "promise"

    hero: Name
    negotiation: str
    promise: str = Field(min_length=1)


class GeisSealed(Payload):
    """Terms agreed: the promise and its rank go on the hero's sheet, and the chance succeeds without a roll."""

    type: ClassVar[str] = "wield.geis_sealed"
    named_by: ClassVar[str | None] = "promise"

    hero: Name
    negotiation: str
    promise: str = Field(min_length=1)
    rank: int = Field(ge=1, le=3)
    degree: str | None = None


class GeisBreached(Payload):
    """Fate declares a sealed geis (``geis``: its event id) broken: the hero owes her failures equal to its rank."""

    type: ClassVar[str] = "wield.geis_breached"

    hero: Name
    geis: str
    rank: int = Field(ge=1, le=3)
    how: str = Field(min_length=1)


class FailureCollected(Payload):
    """Fate spends one failure owed on ``geis``: the rolled success in event ``success`` becomes a failure.

    ``wounds`` is the change in wounds this makes to a combat round; ``winner`` the new winner of a Control Risk.
    Schema 1 also stored ``remaining``, what the hero still owed on that geis afterwards, as recorded.
    """

    type: ClassVar[str] = "wield.failure_collected"
    schema_version: ClassVar[int] = 2

    hero: Name
    geis: str
    success: str
    wounds: dict[Name, int] = Field(default_factory=dict)
    winner: Side | None = None


# --- conditions and death ---------------------------------------------------------------------------------


class ConditionGained(Payload):
    """A long-term benefit or penalty, with the dice or flat bonus it adds to rolls, if any."""

    type: ClassVar[str] = "wield.condition_gained"

    hero: Name
    condition: str = Field(min_length=1)
    effect: str = ""
    extra_dice: int = Field(default=0, ge=0)
    bonus: int = 0


class ConditionRemoved(Payload):
    """A condition ends."""

    type: ClassVar[str] = "wield.condition_removed"

    hero: Name
    condition: str = Field(min_length=1)
    reason: str = ""


class HeroDied(Payload):
    """A hero dies: the failures he still owed Fate (``debts_vanished``) are gone."""

    type: ClassVar[str] = "wield.hero_died"

    hero: Name
    cause: str = Field(min_length=1)
    debts_vanished: int = Field(default=0, ge=0)


# --- a running campaign brought in ---------------------------------------------------------------


class CarriedPower(_Part):
    """A power the hero's vatcha bestowed on him in earlier sessions: its rank boxes marked on today's pyramid."""

    power: str = Field(min_length=1, max_length=200)
    rank: int = Field(ge=1, le=10)
    domain: Domain | None = None


class CarriedCondition(_Part):
    """A condition the hero has now, with the dice or flat bonus it adds to rolls."""

    condition: str = Field(min_length=1, max_length=200)
    effect: str = Field(default="", max_length=500)
    extra_dice: int = Field(default=0, ge=0, le=10)
    bonus: int = Field(default=0, ge=-100, le=100)


class CarriedGeis(_Part):
    """A geis sealed in earlier sessions: its promise and rank; once ``broken``, the failures still ``owed`` on it."""

    promise: str = Field(min_length=1, max_length=500)
    rank: int = Field(ge=1, le=3)
    degree: str | None = Field(default=None, max_length=200)
    broken: bool = False
    owed: int = Field(default=0, ge=0, le=3)


class CarriedOver(Payload):
    """``hero`` as he stands when the campaign is brought in: what earlier sessions, kept elsewhere, left.

    Fate records it once per hero, before any event of his own; ``source`` says where the values come from
    («перенос с бумажного листа, после 20-й сессии»).  ``powers`` are marked on his vatcha's pyramid under the
    ``mapping`` in force (Control lost read off them as for any power), ``wounds`` and ``conditions`` are his
    now, and ``geasa`` are sealed, perhaps broken with failures still owed: every Wield fold starts from them,
    so Fate collects a carried debt as any other.
    """

    type: ClassVar[str] = "wield.carried_over"

    hero: Name
    source: str = Field(min_length=1, max_length=500)
    powers: list[CarriedPower] = Field(default_factory=list, max_length=10)
    mapping: Literal["pyramid", "linear"] = "pyramid"
    wounds: int = Field(default=0, ge=0, le=100)
    conditions: list[CarriedCondition] = Field(default_factory=list, max_length=50)
    geasa: list[CarriedGeis] = Field(default_factory=list, max_length=50)
