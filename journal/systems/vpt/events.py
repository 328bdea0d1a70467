"""VPT event payloads: what each ``vpt.*`` event carries, inputs and the outcome the rules computed.

Declaring a class registers its type.  Each payload that records dice embeds a :class:`Roll` of d6.
An event is a fact of the table: dice, deltas, choices, targets.  The running totals that schema 1 of
some payloads also stored (``vpt.wounds_taken.total``, a tick's ``points``, ``vpt.points_spent.remaining``)
are gone from schema 2: the summaries read them from the folds (journal.systems.vpt.figures), and an
upcaster drops them from an older payload as it is read (the stored bytes keep them).  A renounced
revenge's ``points`` and a death check's ``wounds`` are still the standing when it was recorded, for the
log: no projection reads them.  Characters are named by ``str``.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from journal.events import Payload
from journal.events.names import Name
from journal.events.rolls import Roll
from journal.i18n import _
from journal.systems.vpt.rules import Bond, CreatureKind, InitiativeMode, MoraleResult, RelationshipItem, RevengeItem


def _d6(roll: Roll) -> Roll:
    """Every VPT roll is of d6."""
    if roll.sides != 6:
        raise ValueError(_("VPT rolls d6, not d{sides}").format(sides=roll.sides))
    return roll


D6Roll = Annotated[Roll, AfterValidator(_d6)]


class _Part(BaseModel):
    """A frozen, closed sub-record of a payload."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class CharacterCreated(Payload):
    """A character enters the campaign with the stats the text uses (``limit`` only for GM characters)."""

    type: ClassVar[str] = "vpt.character_created"

    name: Name
    player: Name
    hit_bonus: int = 0
    health_bonus: int = 0
    morale: int = 0
    preparation: int = 0
    dungeon_speed: int | None = Field(default=None, ge=0)
    limit: int | None = Field(default=None, ge=1)


class EnemySide(_Part):
    """An enemy side and its initiative, fixed in advance."""

    name: Name
    initiative: int
    kind: CreatureKind | None = None


class InitiativeRolled(Payload):
    """The players' initiative roll (reckless 2d6, careful 1d6) and the acting order of all sides."""

    type: ClassVar[str] = "vpt.initiative_rolled"

    mode: InitiativeMode
    roll: D6Roll
    party: Name = "players"
    enemies: list[EnemySide] = Field(min_length=1)
    total: int
    order: list[Name]
    winner: Name


class Weapon(_Part):
    """One row of the Hit table; the three asterisk meanings are three separate marks."""

    target: int = Field(ge=1)
    extra_attacks: int = Field(default=0, ge=0)
    initiative: int = Field(ge=0)
    fires_in_melee: bool = False
    mounted_bonus: int = Field(default=0, ge=0, le=2)
    follow_up_after_shield: bool = False


class WeaponTableSet(Payload):
    """Rows of the campaign's Hit table (the Master records them).

    ``merge`` false (the default, and every payload recorded before the field existed): ``weapons`` is
    the whole table, replacing any earlier one.  ``merge`` true: only the rows named, added to the
    table folded so far (a row of the same name replaced), so that voiding one row's event removes
    just that row.
    """

    type: ClassVar[str] = "vpt.weapon_table_set"
    schema_version: ClassVar[int] = 2

    weapons: dict[Name, Weapon]
    merge: bool = False


class MeleeEntry(_Part):
    """One character in melee: base weapon initiative, what changed it, and the result."""

    character: Name
    weapon: Name | None = None
    weapon_initiative: int = Field(ge=0)
    engaged: Name | None = None
    won_initiative: bool = False
    mounted_bonus: int = Field(default=0, ge=0, le=2)
    effective_initiative: int


class MeleeOrderSet(Payload):
    """Who is in melee, who engaged whom, and the attack order (each group strikes simultaneously)."""

    type: ClassVar[str] = "vpt.melee_order_set"

    combatants: list[MeleeEntry] = Field(min_length=1)
    order: list[list[Name]]


class HitRolled(Payload):
    """An attack roll: 2d6 (or the dice split to this target) + Hit bonus + modifiers against the target."""

    type: ClassVar[str] = "vpt.hit_rolled"

    attacker: Name
    defender: Name | None = None
    attack: Literal["melee", "ranged"]
    weapon: Name | None = None
    roll: D6Roll
    hit_bonus: int = 0
    modifiers: dict[str, int] = Field(default_factory=dict)
    target: int = Field(ge=1)
    target_from: Literal["weapon_table", "explicit"]
    against_shield: bool = False
    total: int
    wounds: int = Field(ge=0, le=2)
    shield_destroyed: bool = False


class WoundsTaken(Payload):
    """Wounds a character takes (usually with the hit that dealt them, in the same append).

    ``wounds`` is the fact: the folds sum it.  Schema 1 also stored ``total`` (his wounds after, as recorded).
    """

    type: ClassVar[str] = "vpt.wounds_taken"
    schema_version: ClassVar[int] = 2

    character: Name
    wounds: int = Field(ge=1)


class DeathChecked(Payload):
    """A wounded character's death check: 2d6 + Health bonus, dead when below his wounds.

    ``wounds``, ``total`` and ``dead`` are the check as recorded; the sheet decides death again from the
    dice, the Health bonus and the wounds it has folded (so an overturned wound can undo a death).
    """

    type: ClassVar[str] = "vpt.death_checked"

    character: Name
    roll: D6Roll
    health_bonus: int
    wounds: int = Field(ge=1)
    total: int
    dead: bool


class MoraleRolled(Payload):
    """A character leaving the fight: 2d6 + Morale (+ signed group Health) and its band.

    ``wounds_recovered`` is for display: the sheet takes one wound off on ``recovers`` when it has one.
    """

    type: ClassVar[str] = "vpt.morale_rolled"

    character: Name
    roll: D6Roll
    morale: int
    group_health: int = 0
    total: int
    result: MoraleResult
    wounds_recovered: int = Field(ge=0, le=1)


class RelationshipOpened(Payload):
    """``character``'s player chooses a relationship towards ``other``: it opens at 0 (one of his three)."""

    type: ClassVar[str] = "vpt.relationship_opened"

    character: Name
    other: Name


class RelationshipTicked(Payload):
    """One end-of-session checklist tick of ``character``'s relationship towards ``other``.

    ``change`` is the fact (the items' sum): the folds add it to the standing they hold, never below 0.  The
    first tick opens the bond.  Schema 1 also stored ``points`` (the standing after, as recorded).
    """

    type: ClassVar[str] = "vpt.relationship_ticked"
    schema_version: ClassVar[int] = 2

    character: Name
    other: Name
    session: int = Field(ge=1)
    items: list[RelationshipItem] = Field(min_length=1)
    change: int


class StatusGained(Payload):
    """A Status gained within a relationship; it stays until its holder renounces it."""

    type: ClassVar[str] = "vpt.status_gained"

    character: Name
    other: Name
    status: Name


class StatusRenounced(Payload):
    """The holder admits the other character no longer interests him: the Status is gone."""

    type: ClassVar[str] = "vpt.status_renounced"

    character: Name
    other: Name
    status: Name


class RevengeTargetChosen(Payload):
    """The avenger's one current revenge target; a new revenge starts at 0."""

    type: ClassVar[str] = "vpt.revenge_target_chosen"

    avenger: Name
    target: Name


class RevengeRenounced(Payload):
    """The current revenge renounced; the folds freeze the standing they hold.

    Schema 1 also stored ``points`` (the standing frozen, as recorded): the fold's to say now.
    """

    type: ClassVar[str] = "vpt.revenge_renounced"
    schema_version: ClassVar[int] = 2

    avenger: Name
    target: Name


class RevengeTicked(Payload):
    """One end-of-session checklist tick of the avenger's current revenge (items are the target's deeds).

    ``change`` is the fact.  Schema 1 also stored ``points`` (the standing after, as recorded).
    """

    type: ClassVar[str] = "vpt.revenge_ticked"
    schema_version: ClassVar[int] = 2

    avenger: Name
    target: Name
    session: int = Field(ge=1)
    items: list[RevengeItem] = Field(min_length=1)
    change: int


class PointsSpent(Payload):
    """Relationship or Revenge points one character spends towards another.

    ``amount`` is the fact: the folds subtract it from the standing they hold.  Schema 1 also stored
    ``remaining`` (what was left, as recorded).
    """

    type: ClassVar[str] = "vpt.points_spent"
    schema_version: ClassVar[int] = 2

    character: Name
    other: Name
    bond: Bond
    amount: int = Field(ge=1)
    purpose: str = ""


class CarriedRelationship(_Part):
    """One relationship as the running campaign left it: towards ``other``, its points and Statuses."""

    other: Name
    points: int = Field(default=0, ge=0)
    statuses: list[Name] = Field(default_factory=list)


class CarriedRevenge(_Part):
    """One revenge as the running campaign left it: its target and points."""

    target: Name
    points: int = Field(default=0, ge=0)


class CarriedOver(Payload):
    """``character`` as he stands when the campaign is brought in: what earlier sessions, kept elsewhere, left.

    The Master records it once per character, before any bond event of his own; ``source`` says where the values
    come from («сессии 1–20, тетрадь Мастера»).  The folds start the character's standings from these values, so
    every rule after it (three relationships at most, one revenge target, points never below 0) holds as usual.
    """

    type: ClassVar[str] = "vpt.carried_over"

    character: Name
    source: str = Field(min_length=1, max_length=500)
    relationships: list[CarriedRelationship] = Field(default_factory=list, max_length=3)
    revenge: CarriedRevenge | None = None
    past_revenges: list[CarriedRevenge] = Field(default_factory=list, max_length=100)
