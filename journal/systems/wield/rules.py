"""Wield's rules as pure functions: creation checks, the Control Pyramid, chances, combat, Control Risks, geasa.

Nothing here rolls dice or reads state: dice arrive as the values already thrown, state arrives as plain
values or the small frozen dataclasses below, and every refusal is a ``RuleViolation`` whose rule name
starts with ``"wield: "``.  Defaults for the text's gaps follow RULINGS.md (see docs/rulings.md (Wield)).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NoReturn, get_args

from journal.errors import RuleViolation
from journal.i18n import N_, _
from journal.systems.wield.events import Domain

DOMAINS: tuple[str, ...] = get_args(Domain)
STEPS = 5
PYRAMID_ROWS: tuple[int, ...] = (1, 2, 3, 4)
PYRAMID_BOXES = sum(PYRAMID_ROWS)
FULL_CONTROL = 10
DIFFICULTIES: tuple[str, ...] = ("Easy", "Hard", "Heroic", "Epic", "Impossible")
BANDS: dict[str, tuple[int, int | None]] = {
    "Hard": (10, 19),
    "Heroic": (20, 34),
    "Epic": (35, 54),
    "Impossible": (55, None),
}
GEIS_SIZES: dict[int, str] = {1: N_("small"), 2: N_("large"), 3: N_("major")}

ControlMapping = Literal["pyramid", "linear"]
CONTROL_MAPPINGS: tuple[ControlMapping, ...] = get_args(ControlMapping)
RiskOutcome = Literal["vatcha", "wielder", "reroll"]
Action = Literal["attack", "defend", "power"]
GeisStep = Literal["offered", "countered", "refused", "sealed"]


#: The scope of this system's rule names ("wield: ..."); journal.errors.rule_label translates each part.
SCOPE = N_("wield")


def _refuse(rule: str, message: str) -> NoReturn:
    raise RuleViolation(f"{SCOPE}: {rule}", message)


def _check_d20(dice: Sequence[int]) -> None:
    for value in dice:
        if not 1 <= value <= 20:
            _refuse(N_("dice are d20"), _("a d20 cannot show {value}").format(value=value))


# --- creation -------------------------------------------------------------------------------------------


def check_vatcha(domains: Sequence[str], steps: Sequence[str]) -> None:
    """A vatcha commands one to three distinct Domains of the twelve and walks five Steps to its Goal."""
    rule = N_("one to three of the twelve domains")
    if not 1 <= len(domains) <= 3:
        _refuse(rule, _("a vatcha chooses 1-3 domains, not {count}").format(count=len(domains)))
    for domain in domains:
        if domain not in DOMAINS:
            _refuse(rule, _("'{domain}' is not one of the twelve domains").format(domain=domain))
    if len(set(domains)) != len(domains):
        _refuse(rule, _("a domain is chosen twice in {domains}").format(domains=list(domains)))
    if len(steps) != STEPS:
        _refuse(N_("five steps"), _("a vatcha chooses {steps} steps toward its goal, not {count}")
                                  .format(steps=STEPS, count=len(steps)))


def _same_words(left: str, right: str) -> bool:
    return " ".join(left.casefold().split()) == " ".join(right.casefold().split())


def check_hero(*, destiny: str, goal: str, player: str, vatcha_player: str) -> None:
    """A hero wields another player's vatcha, and his Destiny is not that vatcha's Goal."""
    if player == vatcha_player:
        _refuse(N_("wielder of another player's vatcha"), _("{player} plays this vatcha and cannot also play its wielder")
                                                          .format(player=player))
    if _same_words(destiny, goal):
        _refuse(N_("destiny is not the goal"), _("the destiny '{destiny}' is the vatcha's goal")
                                               .format(destiny=destiny))


def check_alive(hero: str, alive: bool) -> None:
    """Only a living hero rolls, bargains with Fate, bears a power or gains a condition."""
    if not alive:
        _refuse(N_("the hero is dead"), _("{hero} is dead").format(hero=hero))


def check_new_name(taken: Collection[str], name: str) -> None:
    """Vatcha and heroes are named by plain strings, each name used once in the campaign."""
    if name in taken:
        _refuse(N_("one character per name"), _("'{name}' is already a vatcha or hero of this campaign")
                                              .format(name=name))


def check_player(player: str, role: str | None) -> None:
    """A vatcha or hero belongs to a player of the campaign; Fate plays neither."""
    if role is None:
        _refuse(N_("characters belong to players"), _("'{player}' is not a member of this campaign")
                                                    .format(player=player))
    if role == "master":
        _refuse(N_("characters belong to players"), _("{player} is Fate and plays no vatcha or hero")
                                                    .format(player=player))


def check_one_wielder(vatcha: str, wielder: str | None, wielder_alive: bool) -> None:
    """A vatcha has one wielder at a time: a new pawn takes it up only once the last one is dead."""
    if wielder is not None and wielder_alive:
        _refuse(N_("one wielder at a time"), _("{vatcha} is wielded by {wielder}, who lives")
                                             .format(vatcha=vatcha, wielder=wielder))


def check_wielder(vatcha: str, wielder: str | None, wielder_alive: bool) -> None:
    """Powers go to, and Control Risks are fought with, the vatcha's living wielder."""
    if wielder is None or not wielder_alive:
        _refuse(N_("a living wielder"), _("{vatcha} has no living wielder").format(vatcha=vatcha))


def check_power_domain(vatcha: str, domain: str | None, domains: Sequence[str]) -> None:
    """A power comes from a Domain its vatcha commands: "Domains are sets of powers your Vatcha commands. Some
    Vatcha can command the powers of air while others command the powers of fire" (Step 2).  A power recorded
    without a Domain is not checked."""
    if domain is not None and domain not in domains:
        from journal.systems.wield.words import WORDS

        def word(value: str) -> str:
            return WORDS[value]() if value in WORDS else value

        _refuse(N_("a power of the vatcha's domains"),
                _("{vatcha} commands {domains}: a power of {domain} is not its to bestow").format(
                    vatcha=vatcha, domains=", ".join(word(d) for d in domains), domain=word(domain)))


def check_reroll(outcome: str, latest: bool) -> None:
    """Only a complete tie is rolled again, once: its re-roll is the risk's newest roll."""
    if outcome != "reroll":
        _refuse(N_("only a complete tie is re-rolled"), _("this Control Risk was won by the {outcome}")
                                                        .format(outcome=outcome))
    if not latest:
        _refuse(N_("only a complete tie is re-rolled"), _("this tie has already been rolled again"))


# --- the Control Pyramid ----------------------------------------------------------------------------------

_ROW_ENDS: tuple[int, ...] = tuple(sum(PYRAMID_ROWS[: row + 1]) for row in range(len(PYRAMID_ROWS)))


def control_lost(boxes: int, mapping: ControlMapping = "pyramid") -> int:
    """Control the vatcha has lost with ``boxes`` marked: the row of the last box (10 when full), or ``boxes``."""
    if not 0 <= boxes <= PYRAMID_BOXES:
        _refuse(N_("at most ten ranks bestowed"), _("the pyramid has {pyramid_boxes} boxes, not {boxes}")
                                                  .format(pyramid_boxes=PYRAMID_BOXES, boxes=boxes))
    if mapping == "linear" or boxes in (0, PYRAMID_BOXES):
        return boxes
    return next(row for row, end in enumerate(_ROW_ENDS, start=1) if boxes <= end)


def pyramid(boxes: int) -> list[list[bool]]:
    """The pyramid's rows (1, 2, 3, 4 boxes) with the first ``boxes`` marked, top row first."""
    marks = [index < boxes for index in range(PYRAMID_BOXES)]
    return [marks[end - size : end] for size, end in zip(PYRAMID_ROWS, _ROW_ENDS)]


@dataclass(frozen=True)
class Bestowal:
    """The pyramid after a power is bestowed: boxes marked, Control lost and each side's Control Risk dice."""

    boxes: int
    control_lost: int
    vatcha_dice: int
    wielder_dice: int


def bestow(boxes_marked: int, rank: int, mapping: ControlMapping = "pyramid") -> Bestowal:
    """Mark ``rank`` more boxes; an eleventh rank (beyond the ten boxes) is refused."""
    if rank < 1:
        _refuse(N_("power rank"), _("a power has rank 1 or more, not {rank}").format(rank=rank))
    boxes = boxes_marked + rank
    if boxes > PYRAMID_BOXES:
        _refuse(
            N_("at most ten ranks bestowed"),
            _("{boxes_marked} boxes are marked; a rank {rank} power needs {boxes} of the {pyramid_boxes}")
            .format(boxes_marked=boxes_marked, rank=rank, boxes=boxes, pyramid_boxes=PYRAMID_BOXES),
        )
    lost = control_lost(boxes, mapping)
    return Bestowal(boxes, lost, FULL_CONTROL - lost, lost)


# --- Control Risks ----------------------------------------------------------------------------------------


def control_pools(lost: int, destiny: bool) -> tuple[int, int]:
    """(vatcha dice, wielder dice): 10 minus the Control lost, and the Control lost (+1 when Destiny is at stake)."""
    return FULL_CONTROL - lost, lost + int(destiny)


def compare_control(vatcha: Sequence[int], wielder: Sequence[int]) -> RiskOutcome:
    """Highest die against highest die, then the next; a side out of dice loses; a complete tie is re-rolled."""
    ours, theirs = sorted(vatcha, reverse=True), sorted(wielder, reverse=True)
    for index in range(max(len(ours), len(theirs))):
        if index >= len(ours):
            return "wielder"
        if index >= len(theirs):
            return "vatcha"
        if ours[index] != theirs[index]:
            return "vatcha" if ours[index] > theirs[index] else "wielder"
    return "reroll"


def control_risk(lost: int, destiny: bool, vatcha_dice: Sequence[int], wielder_dice: Sequence[int]) -> RiskOutcome:
    """Check both pools against the pyramid and compare them."""
    expected = control_pools(lost, destiny)
    if (len(vatcha_dice), len(wielder_dice)) != expected:
        _refuse(
            N_("Control Risk pools"),
            _("with {lost} Control lost{value} the vatcha rolls {expected} and the wielder {expected2} dice, not {count} and {count2}")
            .format(lost=lost, value=' and Destiny at stake' if destiny else '', expected=expected[0], expected2=expected[1], count=len(vatcha_dice), count2=len(wielder_dice)),
        )
    _check_d20([*vatcha_dice, *wielder_dice])
    return compare_control(vatcha_dice, wielder_dice)


# --- chances ----------------------------------------------------------------------------------------------


def difficulty_for(complications: int) -> str:
    """No complication is Easy; each one raises the difficulty a tier, up to Impossible."""
    if complications < 0:
        _refuse(N_("complications"), _("a task cannot have {complications} complications")
                                     .format(complications=complications))
    return DIFFICULTIES[min(complications, len(DIFFICULTIES) - 1)]


def chance_target(difficulty: str, target: int | None = None) -> int | None:
    """The number to reach: None for Easy (no roll), else the band's lower bound or Fate's number inside it."""
    if difficulty not in DIFFICULTIES:
        from journal.systems.wield.words import WORDS
        from journal.understand import shown

        _refuse(N_("difficulty"), _("'{difficulty}' is not one of {difficulties}")
                                  .format(difficulty=difficulty, difficulties=shown(DIFFICULTIES, WORDS)))
    if difficulty == "Easy":
        if target is not None:
            _refuse(N_("no roll for Easy"), _("an Easy task has no target, not {target}").format(target=target))
        return None
    low, high = BANDS[difficulty]
    if target is None:
        return low
    if target < low or (high is not None and target > high):
        _refuse(N_("target inside the band"), _("{difficulty} targets run {low}-{value}, not {target}")
                                              .format(difficulty=difficulty, low=low, value=high or '', target=target))
    return target


def difficulty_of(target: int) -> str:
    """The tier whose band holds ``target`` (Fate may name a number instead of a tier)."""
    for tier, (low, high) in BANDS.items():
        if low <= target and (high is None or target <= high):
            return tier
    _refuse(N_("target inside the band"), _("no tier has a target of {target} (Hard starts at {hard})")
                                          .format(target=target, hard=BANDS['Hard'][0]))


def wound_target(wounds: int) -> int | None:
    """Combat: 1 wound needs no roll; 2-5 wounds need 10 / 20 / 35 / 55."""
    if not 1 <= wounds <= 5:
        _refuse(N_("one to five wounds"), _("an attack or defence is for 1-5 wounds, not {wounds}")
                                          .format(wounds=wounds))
    return chance_target(DIFFICULTIES[wounds - 1])


@dataclass(frozen=True)
class ChanceResult:
    """A chance taken: its total (None when nothing was rolled) and whether it succeeded."""

    total: int | None
    success: bool


def take_chance(
    target: int | None,
    dice: Sequence[int],
    *,
    profession: bool = False,
    extra_dice: int = 0,
    bonus: int = 0,
) -> ChanceResult:
    """Sum the d20s (1, +1 for the profession, + a condition's dice) and the flat bonus; success is total >= target."""
    if target is None:
        if dice:
            _refuse(N_("no roll for Easy"), _("nothing is rolled against no target, yet {dice} was given")
                                            .format(dice=list(dice)))
        return ChanceResult(None, True)
    expected = 1 + int(profession) + extra_dice
    if len(dice) != expected:
        _refuse(N_("dice of a chance"), _("this chance rolls {expected} d20, not {count}")
                                        .format(expected=expected, count=len(dice)))
    _check_d20(dice)
    total = sum(dice) + bonus
    return ChanceResult(total, total >= target)


# --- combat -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Declaration:
    """One combatant's revealed action: attack or defend for 1-5 wounds, or a power of some rank.

    ``target`` is whom an attack points at, whom a defence protects (None: oneself), or a power's target.
    """

    combatant: str
    action: Action
    wounds: int | None = None
    target: str | None = None
    power: str | None = None
    rank: int | None = None


@dataclass(frozen=True)
class CombatRoll:
    """The dice one combatant threw against his own difficulty (or ``geis``: a sealed geis, no dice)."""

    dice: tuple[int, ...] = ()
    profession: bool = False
    extra_dice: int = 0
    bonus: int = 0
    geis: bool = False


@dataclass(frozen=True)
class Check:
    """A combatant's risk this round: target, total, success, and whether dice decided it."""

    combatant: str
    target: int | None
    total: int | None
    success: bool
    rolled: bool


@dataclass(frozen=True)
class Hit:
    """One attack resolved against its defender: wounds inflicted, protected against, and taken."""

    attacker: str
    defender: str
    inflicted: int
    protected: int
    wounds: int


@dataclass(frozen=True)
class RoundOutcome:
    """A resolved round: final actions, power groups (first to last), checks, hits in order, wounds taken."""

    actions: tuple[Declaration, ...]
    powers: tuple[tuple[str, ...], ...]
    checks: tuple[Check, ...]
    hits: tuple[Hit, ...]
    wounds: dict[str, int]


def check_declarations(declarations: Sequence[Declaration]) -> None:
    """One action per combatant; attacks and defences are for 1-5 wounds; a power has a name and a rank."""
    names = [declaration.combatant for declaration in declarations]
    if len(set(names)) != len(names):
        _refuse(N_("one action per combatant"), _("a combatant declares twice in {names}").format(names=names))
    for declaration in declarations:
        if declaration.action == "power":
            if declaration.power is None or declaration.rank is None or declaration.rank < 1:
                _refuse(N_("power rank"), _("{combatant} uses a power without a name and a rank of 1 or more")
                                          .format(combatant=declaration.combatant))
            continue
        wound_target(declaration.wounds if declaration.wounds is not None else 0)
        if declaration.action == "attack" and declaration.target == declaration.combatant:
            _refuse(N_("no attacking yourself"), _("{combatant} attacks himself")
                                                 .format(combatant=declaration.combatant))
        if declaration.action == "attack" and declaration.target is None:
            _refuse(N_("an attack has a target"), _("{combatant} attacks no one")
                                                  .format(combatant=declaration.combatant))


def reconsidered_defence(attack_wounds: int) -> int:
    """An attack switched to a defence protects one wound fewer, at least 1."""
    return max(1, attack_wounds - 1)


def reconsider(declarations: Sequence[Declaration], switches: Mapping[str, str | None]) -> tuple[Declaration, ...]:
    """Step 2: each combatant in ``switches`` turns his attack into a defence of himself (None) or of its target."""
    if switches and not any(declaration.action == "attack" for declaration in declarations):
        _refuse(N_("no reconsider when no one attacks"), _("no one attacks, so the round is over after Step 1"))
    by_name = {declaration.combatant: declaration for declaration in declarations}
    for name, protects in switches.items():
        declared = by_name.get(name)
        if declared is None or declared.action != "attack":
            _refuse(N_("reconsider only from attack to defend"), _("{name} did not declare an attack")
                                                                 .format(name=name))
        if protects not in (None, declared.target):
            _refuse(
                N_("reconsider keeps the target or defends self"),
                _("{name} attacked {target} and may defend himself or {target}, not {protects}")
                .format(name=name, target=declared.target, protects=protects),
            )
    return tuple(
        Declaration(d.combatant, "defend", reconsidered_defence(d.wounds or 1), switches[d.combatant])
        if d.combatant in switches
        else d
        for d in declarations
    )


def power_order(actions: Sequence[Declaration]) -> tuple[tuple[str, ...], ...]:
    """Powers take effect first, highest rank first; powers of one rank take effect together."""
    ranks = sorted({a.rank for a in actions if a.action == "power" and a.rank is not None}, reverse=True)
    return tuple(tuple(a.combatant for a in actions if a.action == "power" and a.rank == rank) for rank in ranks)


def _check(action: Declaration, roll: CombatRoll | None, failed: bool) -> Check:
    target = wound_target(action.wounds or 0)
    if roll is None or roll.geis:
        if failed:
            _refuse(N_("failures only on a rolled success"), _("{combatant} did not roll this round")
                                                             .format(combatant=action.combatant))
        return Check(action.combatant, target, None, True, False)
    result = take_chance(target, roll.dice, profession=roll.profession, extra_dice=roll.extra_dice, bonus=roll.bonus)
    if failed and not result.success:
        _refuse(N_("failures only on a rolled success"), _("{combatant} already failed with {total}")
                                                         .format(combatant=action.combatant, total=result.total))
    return Check(action.combatant, target, result.total, result.success and not failed, True)


def resolve_round(
    declarations: Sequence[Declaration],
    rolls: Mapping[str, CombatRoll],
    switches: Mapping[str, str | None] | None = None,
    failed: Collection[str] = (),
) -> RoundOutcome:
    """Steps 1-3 of a round: reconsider, roll, then resolve each attack (highest total first, ties in order).

    Every attacker and defender above 1 wound rolls (unless a sealed geis stands in); no one else does, and
    no one rolls when no one attacks.  ``failed`` names combatants whose rolled success Fate turned into a
    failure.  Each attack meets the best successful defence covering its target, applied to each attack anew;
    an attack won without dice (1 wound, or a sealed geis) counts as a total of 0 in the order.
    """
    check_declarations(declarations)
    actions = reconsider(declarations, switches or {})
    attacking = any(a.action == "attack" for a in actions)
    fighters = [a for a in actions if a.action != "power"]
    must_roll = {a.combatant for a in fighters if attacking and wound_target(a.wounds or 0) is not None}
    if set(rolls) != must_roll:
        _refuse(
            N_("who rolls in combat"),
            _("this round {must_roll} roll (attackers and defenders above 1 wound), not {rolls}")
            .format(must_roll=sorted(must_roll), rolls=sorted(rolls)),
        )
    if not attacking:
        return RoundOutcome(actions, power_order(actions), (), (), {})
    checks = {a.combatant: _check(a, rolls.get(a.combatant), a.combatant in failed) for a in fighters}
    attacks = sorted(
        (a for a in actions if a.action == "attack"), key=lambda a: -(checks[a.combatant].total or 0)
    )
    hits: list[Hit] = []
    wounds: dict[str, int] = {}
    for attack in attacks:
        defender = attack.target or ""
        inflicted = (attack.wounds or 0) if checks[attack.combatant].success else 0
        protected = max(
            (
                d.wounds or 0
                for d in actions
                if d.action == "defend" and (d.target or d.combatant) == defender and checks[d.combatant].success
            ),
            default=0,
        )
        taken = max(0, inflicted - protected)
        hits.append(Hit(attack.combatant, defender, inflicted, protected, taken))
        wounds[defender] = wounds.get(defender, 0) + taken
    return RoundOutcome(actions, power_order(actions), tuple(checks.values()), tuple(hits), wounds)


def recorded_round(data: Mapping[str, Any]) -> tuple[list[Declaration], dict[str, CombatRoll], dict[str, str | None]]:
    """A recorded ``wield.combat_round`` (its payload, or the parts of it a fold keeps) as ``resolve_round`` takes
    it: the declarations, each roll (a sealed geis stands in for a roll) and the switches."""
    keys = ("combatant", "action", "wounds", "target", "power", "rank")
    declared = [Declaration(*(d.get(k) for k in keys)) for d in data["declarations"]]
    rolls = {
        c["combatant"]: CombatRoll(tuple(c["roll"]["dice"]), c["profession"], c["extra_dice"], c["bonus"])
        if c["roll"] is not None else CombatRoll(geis=True)
        for c in data["checks"] if c["target"] is not None
    }
    return declared, rolls, {s["combatant"]: s["defends"] for s in data["reconsidered"]}


def resolve_recorded(data: Mapping[str, Any], failed: Collection[str] = ()) -> RoundOutcome:
    """Resolve a recorded round again from its dice, with ``failed`` the combatants whose success Fate collected."""
    declared, rolls, switches = recorded_round(data)
    return resolve_round(declared, rolls, switches, failed)


def wound_change(before: Mapping[str, int], after: Mapping[str, int]) -> dict[str, int]:
    """The change in wounds per combatant between two resolutions of a round (zero changes left out)."""
    names = sorted(set(before) | set(after))
    return {n: after.get(n, 0) - before.get(n, 0) for n in names if after.get(n, 0) != before.get(n, 0)}


# --- geasa ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Negotiation:
    """A bargain with Fate over one chance: how many offers the player made, and the last step taken."""

    player_offers: int
    last: GeisStep


def _check_open(negotiation: Negotiation, what: str) -> None:
    if negotiation.last == "sealed":
        _refuse(N_("geis already sealed"), _("this bargain is sealed; no {what} follows").format(what=what))


def _no_conflict(conflict_between_players: bool) -> None:
    if conflict_between_players:
        _refuse(N_("no geis in a conflict between players"), _("Fate does not play favourites between heroes"))


def check_offer(negotiation: Negotiation | None, *, conflict_between_players: bool) -> None:
    """The player offers a geis; after a refusal he may offer once more, and no more."""
    _no_conflict(conflict_between_players)
    if negotiation is None:
        return
    _check_open(negotiation, "offer")
    if negotiation.player_offers >= 2:
        _refuse(N_("one more offer after a refusal"), _("the player has made {player_offers} offers already")
                                                      .format(player_offers=negotiation.player_offers))
    if negotiation.last != "refused":
        _refuse(N_("one more offer after a refusal"), _("the last step was '{last}', not a refusal")
                                                      .format(last=negotiation.last))


def check_counter_offer(negotiation: Negotiation | None, *, conflict_between_players: bool) -> None:
    """Fate may answer with modified terms as often as she likes, once the player has offered."""
    _no_conflict(conflict_between_players)
    if negotiation is None:
        _refuse(N_("a counter-offer answers an offer"), _("the player has offered no geis to modify"))
    _check_open(negotiation, "counter-offer")


def refusal_by(negotiation: Negotiation | None) -> Literal["fate", "player"]:
    """Who may refuse now: Fate refuses the player's offer, the player refuses Fate's terms."""
    if negotiation is None or negotiation.last not in ("offered", "countered"):
        _refuse(N_("nothing to refuse"), _("no offer or counter-offer is waiting for an answer"))
    return "fate" if negotiation.last == "offered" else "player"


def check_seal(negotiation: Negotiation | None, rank: int) -> None:
    """Terms on the table are agreed: the geis is sealed at a rank of 1 (small), 2 (large) or 3 (major)."""
    if negotiation is None or negotiation.last not in ("offered", "countered"):
        _refuse(N_("seal agreed terms"), _("no offer or counter-offer is on the table"))
    if rank not in GEIS_SIZES:
        _refuse(N_("geis rank 1 to 3"), _("a geis is small (1), large (2) or major (3), not rank {rank}")
                                        .format(rank=rank))


def same_chance(left: str, right: str) -> bool:
    """Whether two names of a chance are the same (case and spacing aside): a geis settles only its own chance."""
    return _same_words(left, right)


def check_settle(*, hero: str, offered_for: str, task: str, taken_at: int | None) -> None:
    """A sealed geis settles the one chance it was offered for, once: not another chance, and not a second time
    (``taken_at``: the version where its chance was taken, if it was)."""
    rule = N_("a sealed geis settles one chance")
    if not same_chance(offered_for, task):
        _refuse(rule, _("{hero}'s geis was offered for '{offered_for}', not '{task}'")
                      .format(hero=hero, offered_for=offered_for, task=task))
    if taken_at is not None:
        _refuse(rule, _("'{offered_for}' was taken at #{taken_at}: {hero}'s geis settles no other chance")
                      .format(offered_for=offered_for, taken_at=taken_at, hero=hero))


def check_breach(*, broken: bool, alive: bool) -> None:
    """Fate declares a sealed geis broken, once, while its hero lives."""
    if not alive:
        _refuse(N_("debts vanish at death"), _("a dead hero's geasa are gone"))
    if broken:
        _refuse(N_("a geis breaks once"), _("this geis is already broken"))


def check_collect(*, owed: int, rolled: bool, success: bool, later: bool, collected: bool, alive: bool) -> None:
    """Fate turns one rolled success, made after the breach and not already spent, into a failure she is owed."""
    if not alive:
        _refuse(N_("debts vanish at death"), _("the hero is dead and owes Fate nothing"))
    if owed < 1:
        _refuse(N_("a failure is owed"), _("the hero owes no failure on this geis"))
    rule = N_("failures only on a rolled success")
    if not rolled:
        _refuse(rule, _("nothing was rolled for this action"))
    if not success:
        _refuse(rule, _("this roll is not a success"))
    if not later:
        _refuse(rule, _("this success was rolled before the geis was broken"))
    if collected:
        _refuse(rule, _("Fate already turned this success into a failure"))


# --- conditions -------------------------------------------------------------------------------------------


def check_gain_condition(held: Collection[str], condition: str) -> None:
    """A hero gains a condition he does not already have."""
    if condition in held:
        _refuse(N_("condition held once"), _("'{condition}' is already held").format(condition=condition))


def check_remove_condition(held: Collection[str], condition: str) -> None:
    """Only a condition the hero holds can be removed."""
    if condition not in held:
        _refuse(N_("condition held"), _("'{condition}' is not held").format(condition=condition))


# --- a running campaign brought in ---------------------------------------------------------------


def check_carried_debt(rank: int, broken: bool, owed: int) -> None:
    """A carried geis owes failures only once broken, and never more than its rank."""
    if owed and not broken:
        _refuse(N_("a failure is owed"), _("an unbroken geis owes nothing, not {owed}").format(owed=owed))
    if owed > rank:
        _refuse(N_("a failure is owed"), _("a rank {rank} geis owes at most {rank} failures, not {owed}")
                                         .format(rank=rank, owed=owed))
