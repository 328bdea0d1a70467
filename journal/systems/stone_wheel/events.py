"""Stone Wheel event payloads (``stone_wheel.*``): what each recorded fact carries.

Payloads keep the inputs the Master and the dice gave next to the outcome the rules computed
(thresholds, successes, margins, damage, XP), so that the log reads on its own and projections
never recompute.  Characters are named by ``character`` (any str, Russian names included).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from journal.events import Payload
from journal.events.names import Name
from journal.events.rolls import Roll
from journal.i18n import _
from journal.systems.stone_wheel.rules import INITIAL_SPELL_LEVEL

School = Literal["creation", "control", "alteration"]


class _Part(BaseModel):
    """Base of the nested parts of payloads: frozen, no unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Characteristics(_Part):
    """The ten characteristics, as the Master sets them."""

    constitution: int = Field(ge=0)
    strength: int = Field(ge=0)
    dexterity: int = Field(ge=0)
    perception: int = Field(ge=0)
    intelligence: int = Field(ge=0)
    wisdom: int = Field(ge=0)
    charisma: int = Field(ge=0)
    will: int = Field(ge=0)
    magic: int = Field(ge=0)
    luck: int = Field(ge=0)


class Parameters(_Part):
    """The parameters, as the Master sets them from race coefficients (the text gives no formulas)."""

    health: int = Field(ge=1)
    stamina: int = Field(ge=0)
    mana: int = Field(ge=0)
    survival: int = Field(ge=1)
    attack: int = Field(ge=0)
    damage: int = Field(ge=0)
    dodge: int = Field(ge=0)
    block: int = Field(ge=0)
    casting: int = Field(ge=0)
    search: int = Field(ge=0)
    health_recovery: int = Field(ge=0)
    stamina_recovery: int = Field(ge=0)
    mana_recovery: int = Field(ge=0)
    disease_resistance: int = Field(ge=0)
    toxin_resistance: int = Field(ge=0)
    magic_resistance: int = Field(ge=0)
    reaction: int = Field(ge=0)
    movement: int = Field(ge=0)
    carry: int = Field(ge=0)


class Spell(_Part):
    """A known spell: its schools (set by the Master) and its mastery and efficiency levels."""

    name: Name
    schools: tuple[School, ...] = Field(min_length=1)
    mastery: int = Field(default=INITIAL_SPELL_LEVEL, ge=1)
    efficiency: int = Field(default=INITIAL_SPELL_LEVEL, ge=1)


class CharacterCreated(Payload):
    """A character enters the world with the type, race, class and numbers the Master set."""

    type = "stone_wheel.character_created"

    character: Name
    player: Name
    kind: Literal["physical", "mental", "general"]
    race: Name
    class_: str = Field(alias="class", min_length=1, max_length=200)
    characteristics: Characteristics
    parameters: Parameters
    skills: dict[str, int] = Field(default_factory=dict)
    perks: tuple[str, ...] = ()
    spells: tuple[Spell, ...] = ()

    @model_validator(mode="after")
    def _levels(self) -> CharacterCreated:
        for skill, level in self.skills.items():
            if level < 1:
                raise ValueError(_("skill {skill} needs a level of at least 1, not {level}").format(skill=repr(skill), level=level))
        return self


class PoolRoll(_Part):
    """One side's d10 pool: the Master's threshold and pool, the skill used, the dice and the successes."""

    character: Name
    skill: str | None = None
    skill_levels: int = Field(default=0, ge=0)
    base_threshold: int = Field(ge=3, le=10)
    pool: int = Field(ge=1)
    threshold: int = Field(ge=3, le=10)
    roll: Roll
    successes: int = Field(ge=0)

    @model_validator(mode="after")
    def _d10(self) -> PoolRoll:
        if self.roll.sides != 10:
            raise ValueError(_("Stone Wheel pools are d10, not d{sides}").format(sides=self.roll.sides))
        return self


class RequestRolled(Payload):
    """A request resolved with a d10 pool on a characteristic or parameter."""

    type = "stone_wheel.request_rolled"

    check: Name
    attempt: PoolRoll


class CombatExchanged(Payload):
    """A challenge and its response: both pools, the margin and what landed."""

    type = "stone_wheel.combat_exchanged"

    action: Literal["attack", "grab", "cast", "other"]
    challenge: PoolRoll
    target: str | None = Field(default=None, min_length=1, max_length=200)
    response: Literal["none", "block", "dodge", "counterattack", "resist"]
    answer: PoolRoll | None = None
    margin: int
    striker: Literal["challenger", "responder"] | None
    final_margin: int = Field(ge=0)
    critical: bool
    parry: bool

    @model_validator(mode="after")
    def _answered(self) -> CombatExchanged:
        if (self.response == "none") != (self.answer is None):
            raise ValueError("a response other than 'none' needs its pool, and 'none' has none")
        return self


class AttackDamage(_Part):
    """The terms of attack damage: weapon + character damage (if counted) + final margin - armour."""

    weapon: int = Field(ge=0)
    character_damage: int = Field(ge=0)
    adds_character_damage: bool
    margin: int = Field(ge=0)
    armour: int = Field(ge=0)
    critical: bool


class DamageTaken(Payload):
    """Damage off Health (then Survival); ``attack`` holds the terms when an attack caused it.

    ``by``: the character whose combat action struck, and then ``cause`` is that action (``attack``, ``grab``,
    ``cast``, ``other``, ``counterattack``); without ``by``, ``cause`` is the Master's own words (``яд``), or, in
    an event recorded before ``by`` was kept, the English ``attack by Ратибор``.
    """

    type = "stone_wheel.damage_taken"
    schema_version: ClassVar[int] = 2

    character: Name
    amount: int = Field(ge=0)
    cause: Name
    attack: AttackDamage | None = None
    by: Name | None = None


class Recovered(Payload):
    """A pool restored (healing, breather, magic), up to its maximum."""

    type = "stone_wheel.recovered"

    character: Name
    pool: Literal["health", "stamina", "mana", "survival"]
    amount: int = Field(ge=1)
    reason: Name


class TurnModeStarted(Payload):
    """The Master starts turn mode: turn-order violations are counted afresh."""

    type = "stone_wheel.turn_mode_started"

    reason: str = ""


class TurnModeEnded(Payload):
    """Turn mode ends: characters knocked out for breaking turn order come to."""

    type = "stone_wheel.turn_mode_ended"


class TurnOrderViolated(Payload):
    """A turn-order violation, its number in this turn mode and its consequence (damage on the 2nd).

    Schema 2: the consequence and the damage are the penalty the table applied, a fact the sheet folds as it is
    (docs/rulings.md, Stone Wheel A11); a schema 1 violation is priced again by the fold (upcasters)."""

    type = "stone_wheel.turn_order_violated"
    schema_version: ClassVar[int] = 2

    character: Name
    violation: int = Field(ge=1, le=3)
    consequence: Literal["warning", "health_penalty", "unconscious"]
    damage: int = Field(default=0, ge=0)


class StaminaSpent(Payload):
    """Stamina paid for an active physical action (1 each) or a dodge."""

    type = "stone_wheel.stamina_spent"

    character: Name
    amount: int = Field(default=1, ge=1)
    action: Name


class EffectGained(Payload):
    """An effect (burn, fracture, frostbite, fatigue ...) is on the character."""

    type = "stone_wheel.effect_gained"

    character: Name
    effect: Name
    note: str = ""


class EffectRemoved(Payload):
    """An effect ends."""

    type = "stone_wheel.effect_removed"

    character: Name
    effect: Name


class PerkGained(Payload):
    """A perk is written on the sheet (a lost limb, a scar ...), at the Master's discretion."""

    type = "stone_wheel.perk_gained"

    character: Name
    perk: Name
    note: str = ""


class Died(Payload):
    """Survival reached 0: the soul leaves the body."""

    type = "stone_wheel.died"
    schema_version: ClassVar[int] = 2

    character: Name
    cause: Name
    #: As :class:`DamageTaken`'s: the character whose action (``cause``) killed, or None.
    by: Name | None = None


class Revived(Payload):
    """The soul returned (class request, ritual or spell), with the Health and Survival the Master set."""

    type = "stone_wheel.revived"

    character: Name
    by: Name
    method: Literal["class_request", "ritual", "spell"]
    health: int = Field(ge=0)
    survival: int = Field(ge=1)


class SleepRolled(Payload):
    """The d12 thrown on falling asleep: hours slept and the Health and Mana they restored."""

    type = "stone_wheel.sleep_rolled"

    character: Name
    roll: Roll
    hours: int = Field(ge=1, le=12)
    health_restored: int = Field(ge=0)
    mana_restored: int = Field(ge=0)

    @model_validator(mode="after")
    def _d12(self) -> SleepRolled:
        if self.roll.sides != 12 or len(self.roll.dice) != 1:
            raise ValueError("sleep is one d12")
        return self


class XpAwarded(Payload):
    """Experience earned: per session (with its minutes) or a bonus (with its reason).

    With ``master`` true, ``character`` names the Master (a member) and the award goes to the
    Master's own ledger.  A session award names its ``session`` (awarded once per session).
    """

    type = "stone_wheel.xp_awarded"

    character: Name
    amount: int = Field(ge=1)
    source: Literal["session", "bonus"]
    reason: str = ""
    minutes: int | None = Field(default=None, ge=0)
    master: bool = False
    session: int | None = Field(default=None, ge=1)


class XpSpent(Payload):
    """Experience spent at the agreed cost on a skill, a spell, its mastery or efficiency, or a parameter."""

    type = "stone_wheel.xp_spent"

    character: Name
    amount: int = Field(ge=1)
    kind: Literal["skill", "spell", "spell_mastery", "spell_efficiency", "characteristic", "parameter"]
    target: Name
    levels: int = Field(default=1, ge=1)
    schools: tuple[School, ...] = ()
    reason: str = ""

    @model_validator(mode="after")
    def _schools(self) -> XpSpent:
        if (self.kind == "spell") != bool(self.schools):
            raise ValueError("a new spell needs its schools, and only a new spell has them")
        return self


class CarriedXp(_Part):
    """The experience a running campaign left: earned in all and spent in all (``spent`` ≤ ``earned``)."""

    earned: int = Field(default=0, ge=0)
    spent: int = Field(default=0, ge=0)


class CarriedOver(Payload):
    """``character`` as he stands when the campaign is brought in: what earlier sessions, kept elsewhere, left.

    The Master records it once per character, before any event of his own; ``source`` says where the values
    come from («перенос с бумажного листа, после 20-й сессии»).  ``current`` holds the pools as they stand
    (each at most its maximum; a pool left out is full), ``effects`` the effects he has now.  The sheet fold
    starts his XP ledger and pools from these values, so every rule after it holds as usual.
    """

    type: ClassVar[str] = "stone_wheel.carried_over"

    character: Name
    source: str = Field(min_length=1, max_length=500)
    xp: CarriedXp = Field(default_factory=CarriedXp)
    current: dict[Literal["health", "stamina", "mana", "survival"], int] = Field(default_factory=dict)
    effects: list[Name] = Field(default_factory=list, max_length=100)
