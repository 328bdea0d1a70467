"""Dichotomy's rules as pure functions: creation, checks, special abilities, motives, health, XP, encumbrance.

Nothing here rolls dice or reads the journal: callers pass dice values already thrown and plain values
read from the sheet; a function either returns what the rules compute or raises
``RuleViolation("dichotomy: <rule>", "<reason>")``.  The defaults of docs/rulings.md (Dichotomy) apply.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from journal.errors import RuleViolation
from journal.i18n import N_, gettext
from journal.systems.dichotomy.words import WORDS

Attribute = Literal["finesse", "power", "martial", "spiritual", "natural", "technical"]
Outcome = Literal["failure", "partial", "total", "critical"]
MotiveOutcome = Literal["fulfilled", "betrayed"]
Wealth = Literal["destitute", "comfortable", "affluent"]
CareerEnd = Literal["death", "career_ended"]
RecoveryKind = Literal["recover_action", "rest"]
InjuryKind = Literal["injury", "serious"]

ATTRIBUTES: tuple[Attribute, ...] = get_args(Attribute)
RECOVERY_KINDS: tuple[RecoveryKind, ...] = get_args(RecoveryKind)
INJURY_KINDS: tuple[InjuryKind, ...] = get_args(InjuryKind)
CAREER_ENDS: tuple[CareerEnd, ...] = get_args(CareerEnd)
PAIRS: dict[str, tuple[Attribute, Attribute]] = {
    "finesse/power": ("finesse", "power"),
    "martial/spiritual": ("martial", "spiritual"),
    "natural/technical": ("natural", "technical"),
}
PAIR_OF: dict[Attribute, str] = {attribute: pair for pair, members in PAIRS.items() for attribute in members}
PAIR_SUM = 11

ABILITIES: dict[str, Attribute] = {
    **dict.fromkeys(
        ("Cover Fire", "Deadly Aim", "Double Shot", "Mobility", "Point Blank", "Quick Shot"), "finesse"
    ),
    **dict.fromkeys(
        ("Cleave", "Defender", "Locked in Mortal Combat", "Short-Range Attack", "Smite", "Tough as Nails"), "power"
    ),
    **dict.fromkeys(("Acrobatics", "Climbing", "Destructive", "Escape Artist", "Stealthy", "Swimming"), "martial"),
    **dict.fromkeys(
        (
            "Biokinesis", "Bless", "Clairvoyance", "Dowsing",
            "Psychometry", "Pyrokinesis", "Telekinesis", "Telepathy",
        ),
        "spiritual",
    ),
    **dict.fromkeys(
        (
            "Alertness", "Orienteering", "Physik", "Sense Motives",
            "Speak with Animals", "Survival", "Tracking",
        ),
        "natural",
    ),
    **dict.fromkeys(
        ("Architecture", "Disable Device", "Find Traps", "Investigative", "Linguistics", "Mechanics"), "technical"
    ),
}
MAX_ABILITIES = 9
STARTING_MOTIVES = 2

MOTIVES: tuple[str, ...] = (
    "Bloodlust", "Callous", "Conscience", "Coward", "Exploration", "Faith", "Fame", "Freedom",
    "Greed", "Guardian", "Honor", "Love", "Mission", "Power", "Revenge", "Truth",
)
MOTIVE_XP: dict[MotiveOutcome, int] = {"fulfilled": 2, "betrayed": 3}
CONNECTION_COSTS: dict[str, int] = {"Cottage": 5, "Assistant": 5, "Notability": 5}

STANDARD_TN = 10
PVP_TN_BASE = 5
SHAKEN_CIRCLES = 2


#: The scope of this system's rule names ("dichotomy: ..."); journal.errors.rule_label translates each part.
SCOPE = N_("dichotomy")


def _refuse(rule: str, message: str) -> RuleViolation:
    return RuleViolation(f"{SCOPE}: {rule}", message)


def _w(value: str) -> str:
    """A rules key a refusal names (an attribute, an attribute pair ``finesse/power``, a motive, an ability, a
    connection, an injury) as the reader's word (words.WORDS; the same in English); anything else as it is."""
    return "/".join(WORDS[part]() if part in WORDS else part for part in value.split("/"))


# --- creation ---------------------------------------------------------------------------------


def check_new_name(name: str, existing: Collection[str]) -> None:
    """Refuse a character name already used in the campaign."""
    if name in existing:
        raise _refuse(N_("unique character name"), gettext("a character named '{name}' already exists")
                                                   .format(name=name))


def validate_attributes(attributes: Mapping[str, int]) -> None:
    """Six attributes, each 1-10, the two of each pair summing to exactly 11."""
    if set(attributes) != set(ATTRIBUTES):
        raise _refuse(N_("six attributes"), gettext("expected {attributes}; got {attributes2}")
                                            .format(attributes=', '.join(map(_w, ATTRIBUTES)), attributes2=', '.join(map(_w, sorted(attributes)))))
    for attribute in ATTRIBUTES:
        if not 1 <= attributes[attribute] <= 10:
            raise _refuse(N_("attribute from 1 to 10"), gettext("{attribute} is {attributes}")
                                                        .format(attribute=_w(attribute), attributes=attributes[attribute]))
    for pair, (first, second) in PAIRS.items():
        total = attributes[first] + attributes[second]
        if total != PAIR_SUM:
            raise _refuse(
                N_("pair sums to 11"),
                gettext("{pair}: {first} {attributes} + {second} {attributes2} = {total}, not {pair_sum}")
                .format(pair=_w(pair), first=_w(first), attributes=attributes[first], second=_w(second), attributes2=attributes[second], total=total, pair_sum=PAIR_SUM),
            )


def ability_attribute(ability: str) -> Attribute:
    """The attribute a special ability is listed under; refuse a name not in the list."""
    try:
        return ABILITIES[ability]
    except KeyError:
        raise _refuse(N_("known special ability"), gettext("'{ability}' is not a special ability of Dichotomy")
                                                   .format(ability=_w(ability))) from None


def ability_cap(attribute_value: int) -> int:
    """At most one special ability per full 3 points of its attribute."""
    return attribute_value // 3


def monster_slayer_bonus(abilities: int) -> int:
    """Attack and defence bonus: +1 at the 6th ability, +1 for each one after it, at most +4."""
    return min(4, max(0, abilities - 5))


def carrying_capacity(power: int, martial: int) -> int:
    """Items carried besides clothing, weapons and armour: 2 + 1 per full 3 Power + 2 per full 3 Martial."""
    return 2 + power // 3 + 2 * (martial // 3)


def _check_cap(attributes: Mapping[str, int], held: Sequence[str], ability: str) -> Attribute:
    attribute = ability_attribute(ability)
    cap = ability_cap(attributes[attribute])
    under = sum(1 for name in held if ABILITIES[name] == attribute)
    if under >= cap:
        raise _refuse(
            N_("one ability per 3 points of its attribute"),
            gettext("{attribute} {attributes} allows {cap} abilities and {under} are held; cannot add '{ability}'")
            .format(attribute=_w(attribute), attributes=attributes[attribute], cap=cap, under=under, ability=_w(ability)),
        )
    return attribute


@dataclass(frozen=True)
class NewCharacter:
    """What creation computes: the attribute of each starting ability and the carrying capacity."""

    abilities: tuple[tuple[str, Attribute], ...]
    carrying_capacity: int


def create_character(attributes: Mapping[str, int], abilities: Sequence[str], motives: Sequence[str]) -> NewCharacter:
    """Validate a new character: the attributes, three starting abilities one per pair, two motives."""
    validate_attributes(attributes)
    if len(abilities) != len(PAIRS):
        raise _refuse(N_("three starting abilities, one per pair"), gettext("{count} starting abilities given")
                                                                    .format(count=len(abilities)))
    chosen: list[tuple[str, Attribute]] = []
    for ability in abilities:
        if ability in dict(chosen):
            raise _refuse(N_("each ability once"), gettext("'{ability}' chosen twice").format(ability=_w(ability)))
        chosen.append((ability, _check_cap(attributes, [name for name, _ in chosen], ability)))
    pairs = sorted(PAIR_OF[attribute] for _, attribute in chosen)
    if pairs != sorted(PAIRS):
        raise _refuse(
            N_("three starting abilities, one per pair"), gettext("the abilities fall in the pairs {pairs}")
                                                          .format(pairs=', '.join(map(_w, pairs)))
        )
    if len(motives) != STARTING_MOTIVES or len(set(motives)) != STARTING_MOTIVES:
        raise _refuse(N_("two starting motives"), gettext("got {count} motives: {motives}")
                                                  .format(count=len(motives), motives=', '.join(map(_w, motives))))
    for motive in motives:
        check_known_motive(motive)
    return NewCharacter(tuple(chosen), carrying_capacity(attributes["power"], attributes["martial"]))


# --- special abilities ------------------------------------------------------------------------


@dataclass(frozen=True)
class AbilityGain:
    """What gaining an ability computes: its attribute, the new count and the Monster Slayer bonus."""

    attribute: Attribute
    abilities: int
    monster_slayer_bonus: int


def gain_ability(attributes: Mapping[str, int], held: Sequence[str], ability: str) -> AbilityGain:
    """Add ``ability`` to those ``held``: at most 9, each once, under its cap, pairs within 1 of each other."""
    if len(held) >= MAX_ABILITIES:
        raise _refuse(N_("at most 9 special abilities"), gettext("{count} are held already; cannot add '{ability}'")
                                                         .format(count=len(held), ability=_w(ability)))
    if ability in held:
        raise _refuse(N_("each ability once"), gettext("'{ability}' is held already").format(ability=_w(ability)))
    attribute = _check_cap(attributes, held, ability)
    counts = dict.fromkeys(PAIRS, 0)
    for name in [*held, ability]:
        counts[PAIR_OF[ABILITIES[name]]] += 1
    if max(counts.values()) - min(counts.values()) > 1:
        spread = ", ".join(f"{pair} {count}" for pair, count in counts.items())
        raise _refuse(
            N_("abilities spread evenly over the pairs"),
            gettext("'{ability}' would make {spread}; two pairs may differ by at most 1")
            .format(ability=_w(ability), spread=spread),
        )
    total = len(held) + 1
    return AbilityGain(attribute, total, monster_slayer_bonus(total))


# --- checks -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DieSpec:
    """One die of a check, fixed before the roll: its attribute and value, its TN and its modifier."""

    attribute: Attribute
    value: int
    tn: int = STANDARD_TN
    modifier: int = 0


@dataclass(frozen=True)
class CheckResult:
    """The two totals (die + attribute + modifier), which beat their TN, and the outcome."""

    totals: tuple[int, int]
    successes: tuple[bool, bool]
    outcome: Outcome


def pvp_tn(defender_value: int) -> int:
    """Between player characters the attacker rolls against 5 + the defender's named attribute."""
    return PVP_TN_BASE + defender_value


def resolve_check(first: DieSpec, second: DieSpec, dice: Sequence[int]) -> CheckResult:
    """Resolve 2d10: each total must strictly exceed its TN; both 10s are a critical (a total success)."""
    if len(dice) != 2 or not all(1 <= value <= 10 for value in dice):
        raise _refuse(N_("two d10"), gettext("a check takes two d10, got {dice}").format(dice=list(dice)))
    if PAIR_OF[first.attribute] == PAIR_OF[second.attribute]:
        raise _refuse(
            N_("two attributes from one pair"),
            gettext("{attribute} and {attribute2} are both of {pair_of}")
            .format(attribute=_w(first.attribute), attribute2=_w(second.attribute), pair_of=_w(PAIR_OF[first.attribute])),
        )
    totals = (dice[0] + first.value + first.modifier, dice[1] + second.value + second.modifier)
    successes = (totals[0] > first.tn, totals[1] > second.tn)
    outcome: Outcome
    if dice[0] == dice[1] == 10:
        outcome = "critical"
    elif all(successes):
        outcome = "total"
    elif any(successes):
        outcome = "partial"
    else:
        outcome = "failure"
    return CheckResult(totals, successes, outcome)


# --- health track -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Track:
    """The health track ``|○○|○|○|``: Shaken circles filled (0-2), the Injured and Serious circles."""

    shaken: int = 0
    injured: bool = False
    serious: bool = False


@dataclass(frozen=True)
class RoundDamage:
    """A round's damage applied: the new track, Hits lost, damage discarded, whether the character is out."""

    track: Track
    hits_lost: int
    discarded: int
    end: CareerEnd | None
    may_dive: bool


def check_in_play(name: str, status: str) -> None:
    """Refuse acting for, or damaging, a character who is dead or whose career has ended."""
    if status != "active":
        raise _refuse(N_("character out of play"), gettext("'{name}' is out ({status})")
                                                   .format(name=name, status=status))


def damage_track(track: Track, damage: int) -> tuple[Track, int, bool]:
    """The track after one round's ``damage`` (at least 0), the Hits lost, and whether the third Hit after
    both state circles fell; no checks, so a fold can recompute any recorded round from the track before it.

    Damage fills the Shaken circles; the point after them fills the first empty state circle (Injured,
    then Serious), clears Shaken and discards the rest of the round.  With both state circles filled,
    that point puts the character out (the track stays full).
    """
    shaken, injured, serious = track.shaken, track.injured, track.serious
    lost = 0
    out = False
    while lost < damage:
        lost += 1
        if shaken < SHAKEN_CIRCLES:
            shaken += 1
            continue
        if not injured:
            injured, shaken = True, 0
        elif not serious:
            serious, shaken = True, 0
        else:
            out = True
        break
    return Track(shaken, injured, serious), lost, out


def may_dive_after(track: Track, lost: int, out: bool) -> bool:
    """A dive is open after a round that brought a Serious injury or cost Hits while Seriously Injured."""
    return track.serious and lost > 0 and not out


def apply_round_damage(track: Track, damage: int, end: CareerEnd | None = None) -> RoundDamage:
    """Apply one round's damage at the end of the round (the stage reading of the track, ``damage_track``).

    With both state circles filled, the next point kills or ends the career: ``end`` says which, and is
    required exactly then.
    """
    if damage < 1:
        raise _refuse(N_("damage is positive"), gettext("a round's damage must be at least 1, got {damage}")
                                                .format(damage=damage))
    new, lost, out = damage_track(track, damage)
    if out and end is None:
        raise _refuse(N_("death or end of career"), gettext("the third Hit after both state circles: name death or the end of the career"))
    if not out and end is not None:
        raise _refuse(N_("death or end of career"), gettext("'{end}' named but the character is still in the fight")
                                                    .format(end=WORDS[end]()))
    return RoundDamage(new, lost, damage - lost, end, may_dive_after(new, lost, out))


def track_drawing(track: Track) -> str:
    """The track as the rules draw it, e.g. ``|●○|●|○|``."""
    shaken = "●" * track.shaken + "○" * (SHAKEN_CIRCLES - track.shaken)
    return f"|{shaken}|{'●' if track.injured else '○'}|{'●' if track.serious else '○'}|"


def recovered_track(track: Track, how: RecoveryKind) -> tuple[Track, int]:
    """The track after a recovery and the Shaken Hits it restores: the Recover action 1, rest all of them;
    none when no Shaken Hit is lost (no checks, for folds)."""
    hits = min(1, track.shaken) if how == "recover_action" else track.shaken
    return Track(track.shaken - hits, track.injured, track.serious), hits


def recover_hits(track: Track, how: RecoveryKind) -> tuple[Track, int]:
    """Restore Shaken Hits: the Recover action restores 1, rest after the fight clears them all."""
    if track.shaken == 0:
        raise _refuse(N_("recover only Shaken Hits"), gettext("no Shaken Hit is lost; an Injury is not healed by recovering"))
    return recovered_track(track, how)


def healed_track(track: Track, injury: InjuryKind) -> Track:
    """The track with the Injury or the Serious circle cleared (unchanged when it was empty; no checks, for folds)."""
    if injury == "injury":
        return Track(track.shaken, False, track.serious)
    return Track(track.shaken, track.injured, False)


def heal_injury(track: Track, injury: InjuryKind) -> Track:
    """Heal the Injury (a full rest) or the Serious injury (a week); each independently of the other."""
    if (injury == "injury" and track.injured) or (injury == "serious" and track.serious):
        return healed_track(track, injury)
    raise _refuse(N_("heal only a wound taken"), gettext("no {injury} circle is filled on {track_drawing}")
                                                 .format(injury=_w(injury), track_drawing=track_drawing(track)))


def check_dive(may_dive: bool, diving: bool) -> None:
    """A dive follows a round that brought a Serious injury or cost Hits while Seriously Injured."""
    if diving:
        raise _refuse(N_("dive after a serious injury"), gettext("the character has already taken a dive in this fight"))
    if not may_dive:
        raise _refuse(
            N_("dive after a serious injury"),
            gettext("only after taking a Serious injury or losing Hits while Seriously Injured"),
        )


# --- adventures and motives -------------------------------------------------------------------


def check_adventure_start(started: int, ended: int, number: int) -> None:
    """Adventures run one at a time and are numbered 1, 2, 3 ..."""
    if started > ended:
        raise _refuse(N_("adventures in order"), gettext("adventure {started} is still in progress")
                                                 .format(started=started))
    if number != started + 1:
        raise _refuse(N_("adventures in order"), gettext("the next adventure is {value}, not {number}")
                                                 .format(value=started + 1, number=number))


def check_adventure_end(started: int, ended: int, number: int) -> None:
    """Only the adventure in progress can end."""
    if started == ended or number != started:
        raise _refuse(N_("adventures in order"), gettext("adventure {number} is not in progress").format(number=number))


def scoring_adventure(started: int) -> int:
    """The adventure a motive outcome counts for: the one in progress, else the one that ended last."""
    if started == 0:
        raise _refuse(N_("motives scored in an adventure"), gettext("no adventure has started yet"))
    return started


def next_adventure(started: int, ended: int) -> int:
    """The first adventure a motive chosen now takes part in."""
    return started if started > ended else started + 1


@dataclass(frozen=True)
class MotiveSlot:
    """One of the two motive slots: its motive (None when empty), the adventure it was first held in,
    the adventure it was last scored in, and the adventure whose end unlocks it after a betrayal."""

    motive: str | None
    since: int = 1
    last_scored: int | None = None
    locked_until: int | None = None


def check_known_motive(motive: str) -> None:
    """Motives are keyed by their English name in the list of sixteen."""
    if motive not in MOTIVES:
        raise _refuse(N_("known motive"), gettext("'{motive}' is not in the list of motives").format(motive=_w(motive)))


def shared_motives(first: Sequence[str], second: Sequence[str]) -> tuple[str, ...]:
    """The motives two characters recognise in each other after observing each other long enough."""
    return tuple(motive for motive in first if motive in second)


def _slot_of(slots: Sequence[MotiveSlot], motive: str) -> int:
    for index, slot in enumerate(slots):
        if slot.motive == motive:
            return index
    raise _refuse(N_("motive held"), gettext("the character does not hold the motive '{motive}'").format(motive=_w(motive)))


def score_motive(slots: Sequence[MotiveSlot], motive: str, outcome: MotiveOutcome, adventure: int) -> tuple[int, int]:
    """Score a motive fulfilled (+2 XP) or betrayed (+3 XP) in ``adventure``; returns (slot, XP)."""
    index = _slot_of(slots, motive)
    slot = slots[index]
    if slot.since > adventure:
        raise _refuse(N_("motive held"), gettext("'{motive}' was taken after adventure {adventure}")
                                         .format(motive=_w(motive), adventure=adventure))
    if slot.last_scored == adventure:
        raise _refuse(N_("once per motive per adventure"), gettext("'{motive}' was already scored in adventure {adventure}")
                                                           .format(motive=_w(motive), adventure=adventure))
    return index, MOTIVE_XP[outcome]


def choose_motive(slots: Sequence[MotiveSlot], motive: str, ended: int) -> int:
    """Fill an empty slot with ``motive``; a slot emptied by a betrayal opens once one more adventure ended."""
    check_known_motive(motive)
    if any(slot.motive == motive for slot in slots):
        raise _refuse(N_("each motive once"), gettext("'{motive}' is held already").format(motive=_w(motive)))
    empty = [index for index, slot in enumerate(slots) if slot.motive is None]
    if not empty:
        raise _refuse(N_("two motives"), gettext("both motive slots are filled"))
    for index in empty:
        locked_until = slots[index].locked_until
        if locked_until is None or locked_until <= ended:
            return index
    waiting = min(slots[index].locked_until or 0 for index in empty)
    raise _refuse(
        N_("find yourself after a betrayal"),
        gettext("a new motive only after adventure {waiting} has ended ({ended} ended so far)")
        .format(waiting=waiting, ended=ended),
    )


def swap_motive(slots: Sequence[MotiveSlot], old: str, new: str, started: int, ended: int) -> int:
    """Between adventures, exchange a motive neither fulfilled nor betrayed in the adventure just ended."""
    if started > ended or ended == 0:
        raise _refuse(N_("swap between adventures"), gettext("a motive is exchanged after an adventure, before the next starts"))
    index = _slot_of(slots, old)
    slot = slots[index]
    if slot.since > ended or slot.last_scored == ended:
        raise _refuse(
            N_("swap only an untouched motive"),
            gettext("'{old}' was not held untouched through adventure {ended}").format(old=_w(old), ended=ended),
        )
    check_known_motive(new)
    if any(other.motive == new for other in slots):
        raise _refuse(N_("each motive once"), gettext("'{new}' is held already").format(new=_w(new)))
    return index


# --- wealth, XP, equipment --------------------------------------------------------------------


def check_wealth_change(current: str, level: str, started: int, ended: int) -> None:
    """The wealth level changes only between adventures, and to another level."""
    if started > ended:
        raise _refuse(N_("wealth changes between adventures"), gettext("adventure {started} is in progress")
                                                               .format(started=started))
    if level == current:
        raise _refuse(N_("wealth changes between adventures"), gettext("the wealth level is {current} already")
                                                               .format(current=WORDS[current]()))


def connection_cost(connection: str, cost: int | None) -> int:
    """Cottage, Assistant and Notability cost 5 XP; any other tie costs what player and GM agreed."""
    listed = CONNECTION_COSTS.get(connection)
    if listed is not None:
        if cost not in (None, listed):
            raise _refuse(N_("connection cost"), gettext("{connection} costs {listed} XP, not {cost}")
                                                 .format(connection=_w(connection), listed=listed, cost=cost))
        return listed
    if cost is None or cost < 1:
        raise _refuse(N_("connection cost"), gettext("'{connection}' is not in the table: record the agreed cost (at least 1)")
                                             .format(connection=_w(connection)))
    return cost


def spend_xp(balance: int, amount: int) -> None:
    """XP is spent only out of the balance the character has."""
    if amount > balance:
        raise _refuse(N_("XP not available"), gettext("{amount} XP needed, {balance} XP available")
                                              .format(amount=amount, balance=balance))


def check_load(items: int, capacity: int) -> None:
    """Adventuring equipment beyond the carrying capacity is refused."""
    if items > capacity:
        raise _refuse(N_("carrying capacity"), gettext("{items} items packed, the capacity is {capacity}")
                                               .format(items=items, capacity=capacity))


# --- a running campaign brought in -------------------------------------------------------------


def check_carried_spending(spent: int, costs: Sequence[int]) -> None:
    """XP is spent on ties: what a carried sheet says was spent is what its connections cost."""
    if spent != sum(costs):
        raise _refuse(N_("XP spent on ties"), gettext("{spent} XP spent, the connections cost {cost}")
                                              .format(spent=spent, cost=sum(costs)))


def check_carried_motive(motive: str | None, betrayed: bool, held: Sequence[str]) -> None:
    """A carried slot holds a known motive not ``held`` in the other, or is empty (perhaps after a betrayal)."""
    if motive is None:
        return
    check_known_motive(motive)
    if betrayed:
        raise _refuse(N_("find yourself after a betrayal"), gettext("'{motive}' is held: its slot was not emptied by "
                                                                    "a betrayal").format(motive=_w(motive)))
    if motive in held:
        raise _refuse(N_("each motive once"), gettext("'{motive}' is held already").format(motive=_w(motive)))
