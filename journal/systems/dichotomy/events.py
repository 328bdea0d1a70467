"""Dichotomy event payloads: what each ``dichotomy.*`` event carries, inputs and the outcome the rules computed.

Declaring a class registers its type.  A check embeds its :class:`Roll` of 2d10; outcomes (totals,
success, XP, the Monster Slayer bonus) are stored next to the inputs so that
the log reads on its own.  Events are facts: the projection folds the facts (a round's ``damage`` and
the ``end`` the GM named, a recovery's ``how``, the ``injury`` healed, the ability learned, the XP
``amount``, the motive named, the wealth ``level``, the ``items`` packed) and computes every total itself.
The totals stored for display (``hits_lost``, ``discarded``, ``may_dive``, ``hits``,
``abilities``, ``monster_slayer_bonus``, ``since``, ``first_adventure``, ``previous``, ``capacity``, and
an award's or a swap's ``slot``) are read by no fold (a round's damage, a recovery and a healing no longer store the ``track``: schema 2); a new motive's ``slot`` is only the empty slot it prefers.
Characters are named by ``str`` (Russian names welcome) and carry the ``player`` who plays them.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from journal.events import Payload
from journal.events.names import Name
from journal.events.rolls import Roll
from journal.i18n import _
from journal.systems.dichotomy.rules import (
    Attribute,
    CareerEnd,
    InjuryKind,
    MotiveOutcome,
    Outcome,
    RecoveryKind,
    Wealth,
)

AttributeValue = Annotated[int, Field(ge=1, le=10)]
Adventure = Annotated[int, Field(ge=1)]


class _Part(BaseModel):
    """A frozen, closed sub-record of a payload."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Attributes(_Part):
    """The six attributes; each pair sums to 11."""

    finesse: AttributeValue
    power: AttributeValue
    martial: AttributeValue
    spiritual: AttributeValue
    natural: AttributeValue
    technical: AttributeValue


class Ability(_Part):
    """A special ability and the attribute it is listed under."""

    name: Name
    attribute: Attribute


class CharacterCreated(Payload):
    """A character enters play: attributes, three starting abilities, two motives, wealth set by the GM.

    ``first_adventure`` is the adventure its motives first take part in (the one in progress, else the next).
    """

    type: ClassVar[str] = "dichotomy.character_created"

    name: Name
    player: Name
    attributes: Attributes
    abilities: list[Ability] = Field(min_length=3, max_length=3)
    motives: list[Name] = Field(min_length=2, max_length=2)
    wealth: Wealth
    carrying_capacity: int = Field(ge=2)
    first_adventure: Adventure


class CheckDie(_Part):
    """One die of a check: the attribute tied to it before the roll, its TN and modifier, and the result.

    In a conflict between player characters ``defender_attribute`` names the defender's attribute the GM
    chose for this die, and ``tn`` is 5 + its value.
    """

    attribute: Attribute
    attribute_value: AttributeValue
    tn: int
    modifier: int = 0
    defender_attribute: Attribute | None = None
    total: int
    success: bool


class CheckRolled(Payload):
    """A 2d10 check: die i goes with ``dice[i]``; the outcome is failure, partial, total or critical."""

    type: ClassVar[str] = "dichotomy.check_rolled"

    character: Name
    action: str = ""
    defender: Name | None = None
    roll: Roll
    dice: tuple[CheckDie, CheckDie]
    outcome: Outcome

    @model_validator(mode="after")
    def _shape(self) -> CheckRolled:
        if self.roll.sides != 10 or len(self.roll.dice) != 2:
            raise ValueError(_("a check rolls 2d10, not {count}d{sides}").format(count=len(self.roll.dice), sides=self.roll.sides))
        named = [die.defender_attribute is not None for die in self.dice]
        if self.defender is None and any(named):
            raise ValueError("a defender attribute needs a defender")
        if self.defender is not None and not all(named):
            raise ValueError("against a defender, each die names the defender's attribute")
        return self


class AbilityGained(Payload):
    """A special ability learned; ``abilities`` is the count after it, with the Monster Slayer bonus."""

    type: ClassVar[str] = "dichotomy.ability_gained"

    character: Name
    ability: Ability
    abilities: int = Field(ge=4, le=9)
    monster_slayer_bonus: int = Field(ge=0, le=4)


class AdventureStarted(Payload):
    """An adventure of the campaign begins; adventures are numbered from 1."""

    type: ClassVar[str] = "dichotomy.adventure_started"

    number: Adventure
    title: str = ""


class AdventureEnded(Payload):
    """The adventure in progress ends (it unlocks motive slots emptied a full adventure ago)."""

    type: ClassVar[str] = "dichotomy.adventure_ended"

    number: Adventure
    title: str = ""


class XpAwarded(Payload):
    """XP earned: a motive fulfilled (+2) or betrayed (+3) in an adventure, or renown the GM awards."""

    type: ClassVar[str] = "dichotomy.xp_awarded"

    character: Name
    amount: int = Field(ge=1)
    source: Literal["motive", "renown"]
    reason: str = ""
    motive: Name | None = None
    outcome: MotiveOutcome | None = None
    slot: int | None = Field(default=None, ge=0, le=1)
    adventure: Adventure | None = None

    @model_validator(mode="after")
    def _shape(self) -> XpAwarded:
        motive_fields = (self.motive, self.outcome, self.slot, self.adventure)
        if self.source == "motive" and None in motive_fields:
            raise ValueError("a motive award names the motive, its outcome, its slot and the adventure")
        if self.source == "renown" and any(field is not None for field in motive_fields[:3]):
            raise ValueError("a renown award names no motive")
        return self


class MotiveChosen(Payload):
    """An empty motive slot is filled (after a betrayal, once one more adventure has ended)."""

    type: ClassVar[str] = "dichotomy.motive_chosen"

    character: Name
    motive: Name
    slot: int = Field(ge=0, le=1)
    since: Adventure


class MotiveSwapped(Payload):
    """Between adventures, a motive untouched in the adventure just ended is exchanged for another."""

    type: ClassVar[str] = "dichotomy.motive_swapped"

    character: Name
    old: Name
    new: Name
    slot: int = Field(ge=0, le=1)
    since: Adventure


class TrackState(_Part):
    """The health track after a change: Shaken circles filled (0-2), Injured and Serious circles."""

    shaken: int = Field(ge=0, le=2)
    injured: bool
    serious: bool


class DamageApplied(Payload):
    """A round's damage applied at the end of the round, with what it cost.

    Schema 1 also stored ``track``, the health track after the round as recorded: the fold's to say now.
    """

    type: ClassVar[str] = "dichotomy.damage_applied"
    schema_version: ClassVar[int] = 2

    character: Name
    round: int | None = Field(default=None, ge=1)
    damage: int = Field(ge=1)
    hits_lost: int = Field(ge=1, le=3)
    discarded: int = Field(ge=0)
    may_dive: bool
    end: CareerEnd | None = None


class DiveTaken(Payload):
    """The character pretends to be dead and takes no action until the fight ends."""

    type: ClassVar[str] = "dichotomy.dive_taken"

    character: Name


class FightEnded(Payload):
    """A fight is over: dives end and nobody may dive any more."""

    type: ClassVar[str] = "dichotomy.fight_ended"

    note: str = ""


class HitsRecovered(Payload):
    """Shaken Hits restored: 1 by the Recover action, all of them by rest after the fight.

    Schema 1 also stored ``track``, the health track after as recorded: the fold's to say now.
    """

    type: ClassVar[str] = "dichotomy.hits_recovered"
    schema_version: ClassVar[int] = 2

    character: Name
    how: RecoveryKind
    hits: int = Field(ge=1, le=2)


class InjuryHealed(Payload):
    """The Injury (after a full rest) or the Serious injury (after a week) is healed.

    Schema 1 also stored ``track``, the health track after as recorded: the fold's to say now.
    """

    type: ClassVar[str] = "dichotomy.injury_healed"
    schema_version: ClassVar[int] = 2

    character: Name
    injury: InjuryKind


class WealthChanged(Payload):
    """Between adventures, at the player's wish, the wealth level changes."""

    type: ClassVar[str] = "dichotomy.wealth_changed"

    character: Name
    previous: Wealth
    level: Wealth


class XpSpent(Payload):
    """XP spent on a tie to the world (Cottage, Assistant, Notability: 5 each; others as agreed)."""

    type: ClassVar[str] = "dichotomy.xp_spent"

    character: Name
    amount: int = Field(ge=1)
    connection: Name
    reason: str = ""


class EquipmentPacked(Payload):
    """The adventuring equipment now carried (clothing, weapons and armour do not count), within capacity."""

    type: ClassVar[str] = "dichotomy.equipment_packed"

    character: Name
    items: list[Name]
    capacity: int = Field(ge=2)


class CarriedXp(_Part):
    """The XP a running campaign left: earned in all and spent in all (on the ``connections`` carried)."""

    earned: int = Field(default=0, ge=0)
    spent: int = Field(default=0, ge=0)


class CarriedConnection(_Part):
    """A tie bought with XP in earlier sessions, at the cost it was bought for."""

    name: Name
    cost: int = Field(ge=1)


class CarriedMotive(_Part):
    """A motive slot as it stands: the motive held, or empty (``betrayed``: emptied by a betrayal, waiting)."""

    motive: Name | None = None
    betrayed: bool = False


class CarriedOver(Payload):
    """``character`` as he stands when the campaign is brought in: what earlier adventures, kept elsewhere, left.

    The GM records it once per character, before any event of his own; ``source`` says where the values come
    from («перенос с бумажного листа, после 20-й сессии»).  ``motives`` (both slots, when given) replace those
    of the creation; ``health`` is the track; ``abilities`` the special abilities learned since the first three;
    ``wealth`` and ``equipment`` when given.  The sheet fold starts the character from these values.
    """

    type: ClassVar[str] = "dichotomy.carried_over"

    character: Name
    source: str = Field(min_length=1, max_length=500)
    xp: CarriedXp = Field(default_factory=CarriedXp)
    connections: list[CarriedConnection] = Field(default_factory=list, max_length=100)
    motives: list[CarriedMotive] = Field(default_factory=list, max_length=2)
    health: TrackState = Field(default_factory=lambda: TrackState(shaken=0, injured=False, serious=False))
    abilities: list[Ability] = Field(default_factory=list, max_length=6)
    wealth: Wealth | None = None
    equipment: list[Name] | None = None
