"""The four tables the decision-invariant machine plays: who sits at them, what they record, with which dice.

Each table gives the commands that set a fresh campaign up (members and characters) and a handful of
"moves": a function of the folded campaign (``View``) and Hypothesis' ``data`` that draws one plausible,
mostly legal command of the real service (``journal.systems.<system>.commands``; the shared moves:
sessions, session tallies, free rolls) with the table's dice.  A move returns None when nothing of its
kind makes sense now.  A command the rules refuse anyway is fine: the machine checks that nothing was
written.  ``weights`` make the moves that change running totals come up more often.

``DISPLAY`` names, per event type, the payload fields that are a running total or a state "after" kept
for the log to read (the principle: a payload may keep such a total, no fold may read it).  The
re-recording check compares the facts of two logs with these fields left out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from hypothesis import strategies as st

from journal.service import sessions, tallies
from journal.service.journal import Journal
from journal.systems.dichotomy import commands as dichotomy
from journal.systems.dichotomy import rules as dichotomy_rules
from journal.systems.stone_wheel import commands as stone_wheel
from journal.systems.stone_wheel import rules as stone_wheel_rules
from journal.systems.vpt import commands as vpt
from journal.systems.vpt.rules import Side
from journal.systems.wield import commands as wield
from journal.systems.wield.rules import Declaration

# -- commands --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    """One call of a service function ``fn(journal, campaign, *args, **kwargs)``; its repr is the call."""

    fn: Callable[..., Any]
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)

    def __call__(self, journal: Journal, campaign: str) -> list:
        result = self.fn(journal, campaign, *self.args, **self.kwargs)
        if result is None:
            return []
        return list(result) if isinstance(result, list) else [result]

    def __repr__(self) -> str:
        module = self.fn.__module__.split(".")
        where = module[2] if module[:2] == ["journal", "systems"] else module[-1]
        shown = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items() if v is not None]
        return f"{where}.{self.fn.__name__}({', '.join(shown)})"


def create_campaign(journal: Journal, campaign: str, system: str, master: str) -> list:
    """``Journal.create_campaign`` as a command (the campaign's name comes second, as everywhere)."""
    return [journal.create_campaign(campaign, system, master)]


def add_member(journal: Journal, campaign: str, name: str) -> list:
    """``Journal.add_member`` as a command."""
    return [journal.add_member(campaign, name)]


@dataclass(frozen=True)
class View:
    """The campaign folded at its head, as a move sees it; ``ids`` maps event ids to versions; ``tallied``
    lists the sessions whose tally stands."""

    states: dict[str, Any]
    ids: dict[str, int]
    master: str
    players: tuple[str, ...]
    tallied: frozenset[int] = frozenset()

    @property
    def members(self) -> list[str]:
        return [self.master, *self.players]

    @property
    def session(self) -> int | None:
        return self.states["sessions"]["open"]


Move = Callable[[View, st.DataObject], Command | None]


def pick(data: st.DataObject, options: Sequence[Any]) -> Any:
    return data.draw(st.sampled_from(list(options)))


def dice(data: st.DataObject, sides: int, count: int) -> list[int]:
    return data.draw(st.lists(st.integers(1, sides), min_size=count, max_size=count))


def either(data: st.DataObject, player: str, master: str) -> str:
    """The character's player or the Master records it."""
    return pick(data, [player, master])


class Table:
    """A campaign of one rule system: its Master, its players, its setup and its moves."""

    system: str
    master: str
    players: tuple[str, ...]
    #: How often each move is drawn (default 1; sessions and tallies 2): the moves that change running totals most.
    weights: ClassVar[dict[str, int]] = {}

    def setup(self) -> list[Command]:
        """The commands after the campaign and its members: the characters the moves play with."""
        return []

    def moves(self) -> dict[str, Move]:
        raise NotImplementedError

    def opening(self) -> list[Command]:
        made = [Command(create_campaign, (self.system, self.master))]
        return made + [Command(add_member, (p,)) for p in self.players] + self.setup()


# -- shared moves ---------------------------------------------------------------------------------------


def session_move(table: Table) -> Move:
    """End the open session (the Master gives its minutes), or start the next with some of the table present."""

    def move(v: View, data: st.DataObject) -> Command:
        if v.session is not None:
            return Command(sessions.end_session, (), {"minutes": pick(data, [30, 60, 150]), "actor": table.master})
        present = data.draw(st.lists(st.sampled_from(v.members), unique=True, min_size=1, max_size=len(v.members)))
        return Command(sessions.start_session, (present,), {"actor": table.master})

    return move


def free_roll_move(v: View, data: st.DataObject) -> Command:
    """Anyone rolls 2d6 on the table."""
    return Command(sessions.free_roll, ("2d6",), {"table": dice(data, 6, 2), "actor": pick(data, v.members)})


def tally_move(table: Table) -> Move:
    """Between sessions, the Master commits the tally of an ended session not tallied yet (all its lines at once)."""

    def move(v: View, data: st.DataObject) -> Command | None:
        ended = [int(k) for k, s in v.states["sessions"]["sessions"].items()
                 if s["ended_at"] is not None and int(k) not in v.tallied]
        if v.session is not None or not ended:
            return None
        return Command(tallies.commit_tally, (pick(data, ended),), {"actor": table.master})

    return move


# -- VPT ------------------------------------------------------------------------------------------------


class Vpt(Table):
    """Пепел: ГМ; Аня plays Вольтаир, Борис plays Ёжик; Эдди is the GM's; a weapon table of three."""

    system, master, players = "vpt", "ГМ", ("Аня", "Борис")
    weights: ClassVar[dict[str, int]] = {"hit": 3, "wounds": 3, "death": 2, "morale": 2, "tick": 3, "spend": 2,
                                         "session": 3}

    def setup(self) -> list[Command]:
        weapons = {"дубинка": {"target": 7, "initiative": 4}, "копьё": {"target": 8, "initiative": 8},
                   "лук": {"target": 5, "initiative": 2}}
        return [Command(vpt.create_character, ("Вольтаир", "Аня"), {"hit_bonus": 1, "health_bonus": 1}),
                Command(vpt.create_character, ("Ёжик", "Борис")),
                Command(vpt.create_character, ("Эдди",), {"morale": 1, "preparation": 5}),
                Command(vpt.set_weapon_table, (weapons,))]

    def moves(self) -> dict[str, Move]:
        return {"hit": self.hit, "wounds": self.wounds, "death": self.death, "morale": self.morale,
                "initiative": self.initiative, "relationship": self.relationship, "tick": self.tick,
                "revenge": self.revenge, "spend": self.spend, "status": self.status}

    @staticmethod
    def _chars(v: View) -> dict[str, Any]:
        return v.states["vpt.sheet"]["characters"]

    def _who(self, v: View, data: st.DataObject, alive: bool = True) -> tuple[str, str] | None:
        chars = self._chars(v)
        names = [n for n, c in chars.items() if c["alive"] or not alive]
        if not names:
            return None
        name = pick(data, names)
        return name, either(data, chars[name]["player"], self.master)

    def hit(self, v: View, data: st.DataObject) -> Command | None:
        who = self._who(v, data)
        if who is None:
            return None
        attacker, actor = who
        defender = pick(data, [None, *(n for n in self._chars(v) if n != attacker)])
        weapon = pick(data, [None, *v.states["vpt.sheet"]["weapons"]])
        target = None if weapon is not None else data.draw(st.integers(5, 9))
        return Command(vpt.record_hit, (attacker, defender),
                       {"weapon": weapon, "target": target, "dice": dice(data, 6, 2), "actor": actor})

    def wounds(self, v: View, data: st.DataObject) -> Command | None:
        if not self._chars(v):
            return None
        return Command(vpt.record_wounds, (pick(data, list(self._chars(v))),),
                       {"wounds": data.draw(st.integers(1, 2)), "actor": self.master})

    def death(self, v: View, data: st.DataObject) -> Command | None:
        wounded = [n for n, c in self._chars(v).items() if c["alive"] and c["wounds"] > 0]
        if not wounded:
            return None
        name = pick(data, wounded)
        return Command(vpt.check_death, (name,), {"dice": dice(data, 6, 2),
                                                  "actor": either(data, self._chars(v)[name]["player"], self.master)})

    def morale(self, v: View, data: st.DataObject) -> Command | None:
        who = self._who(v, data)
        if who is None:
            return None
        return Command(vpt.check_morale, (who[0],), {"group_health": data.draw(st.integers(-1, 1)),
                                                     "dice": dice(data, 6, 2), "actor": self.master})

    def initiative(self, v: View, data: st.DataObject) -> Command:
        mode = pick(data, ["reckless", "careful"])
        return Command(vpt.roll_initiative, (mode, [Side("Орки", data.draw(st.integers(2, 9)))]),
                       {"dice": dice(data, 6, 2 if mode == "reckless" else 1), "actor": pick(data, v.members)})

    def _pair(self, v: View, data: st.DataObject) -> tuple[str, str, str] | None:
        chars = self._chars(v)
        if len(chars) < 2:
            return None
        name = pick(data, list(chars))
        other = pick(data, [n for n in chars if n != name])
        return name, other, either(data, chars[name]["player"], self.master)

    def relationship(self, v: View, data: st.DataObject) -> Command | None:
        pair = self._pair(v, data)
        return None if pair is None else Command(vpt.open_relationship, pair[:2], {"actor": pair[2]})

    def tick(self, v: View, data: st.DataObject) -> Command | None:
        if v.session is None:  # ticks are scored within a session: open one with everybody present
            return Command(sessions.start_session, (v.members,), {"actor": self.master})
        pair = self._pair(v, data)
        if pair is None:
            return None
        name, other, _ = pair
        if data.draw(st.booleans()):
            items = data.draw(st.sampled_from([["saved_life"], ["date_successful"], ["gave_magic_item", "date_stopped"],
                                               ["no_interaction"], ["saved_life", "date_successful"]]))
            return Command(vpt.tick_relationship, (name, other, items), {"actor": self.master})
        revenge = v.states["vpt.bonds"]["revenges"].get(name)
        if revenge is None:
            return None
        items = data.draw(st.sampled_from([["fought"], ["killed_associates"], ["no_interaction"],
                                           ["fought", "obtained_magic_item"]]))
        return Command(vpt.tick_revenge, (name, items), {"actor": self.master})

    def revenge(self, v: View, data: st.DataObject) -> Command | None:
        pair = self._pair(v, data)
        if pair is None:
            return None
        name, other, actor = pair
        if name in v.states["vpt.bonds"]["revenges"]:
            return Command(vpt.renounce_revenge, (name,), {"actor": actor})
        return Command(vpt.choose_revenge, (name, other), {"actor": actor})

    def spend(self, v: View, data: st.DataObject) -> Command | None:
        pair = self._pair(v, data)
        if pair is None:
            return None
        name, _, actor = pair
        bonds = v.states["vpt.bonds"]
        standings = [("revenge", bonds["revenges"][name])] if name in bonds["revenges"] else []
        standings += [("relationship", {**r, "target": o}) for o, r in bonds["relationships"].get(name, {}).items()]
        standings = [(bond, s) for bond, s in standings if s["points"] > 0]
        if not standings:  # nothing to spend yet: earn some
            return self.tick(v, data)
        bond, standing = pick(data, standings)
        return Command(vpt.spend_points, (name, standing["target"], data.draw(st.integers(1, standing["points"]))),
                       {"bond": bond, "actor": actor})

    def status(self, v: View, data: st.DataObject) -> Command | None:
        pair = self._pair(v, data)
        if pair is None or pair[1] not in v.states["vpt.bonds"]["relationships"].get(pair[0], {}):
            return None
        return Command(vpt.gain_status, (*pair[:2], pick(data, ["друг", "враг"])),
                                                 {"actor": pair[2]})


# -- Stone Wheel ----------------------------------------------------------------------------------------

_SW_CHARS = {"constitution": 5, "strength": 6, "dexterity": 4, "perception": 3, "intelligence": 2, "wisdom": 2,
             "charisma": 3, "will": 4, "magic": 1, "luck": 2}
_SW_PARAMS = {"health": 20, "stamina": 3, "mana": 6, "survival": 10, "attack": 5, "damage": 3, "dodge": 4, "block": 4,
              "casting": 1, "search": 2, "health_recovery": 2, "stamina_recovery": 1, "mana_recovery": 1,
              "disease_resistance": 2, "toxin_resistance": 2, "magic_resistance": 1, "reaction": 3, "movement": 6,
              "carry": 40}


class StoneWheel(Table):
    """Камень: Мастер; Аня plays Ратибор (Фехтование 2, Искра), Боря plays the frail Ёжик."""

    system, master, players = "stone-wheel", "Мастер", ("Аня", "Боря")
    weights: ClassVar[dict[str, int]] = {"damage": 3, "recovery": 2, "sleep": 2, "violation": 3, "turn_mode": 2,
                                         "exchange": 2, "xp": 2, "spend": 2}

    def setup(self) -> list[Command]:
        return [
            Command(stone_wheel.create_character,
                    ("Ратибор", "Аня", "physical", "человек", "воин", _SW_CHARS, _SW_PARAMS),
                    {"skills": {"Фехтование": 2}, "spells": [{"name": "Искра", "schools": ["creation"]}]}),
            Command(stone_wheel.create_character,
                    ("Ёжик", "Боря", "general", "ёж", "вор", _SW_CHARS,
                     {**_SW_PARAMS, "health": 8, "survival": 4, "damage": 1})),
        ]

    def moves(self) -> dict[str, Move]:
        return {"damage": self.damage, "exchange": self.exchange, "request": self.request, "sleep": self.sleep,
                "recovery": self.recovery, "effect": self.effect, "xp": self.xp, "spend": self.spend,
                "turn_mode": self.turn_mode, "violation": self.violation, "revival": self.revival}

    @staticmethod
    def _chars(v: View) -> dict[str, Any]:
        return v.states["stone_wheel.sheet"]["characters"]

    def _one(self, v: View, data: st.DataObject, alive: bool = True) -> tuple[str, dict[str, Any]] | None:
        names = [n for n, c in self._chars(v).items() if not (alive and c["dead"])]
        if not names:
            return None
        name = pick(data, names)
        return name, self._chars(v)[name]

    def _pool(self, data: st.DataObject, sheet: dict[str, Any]) -> tuple[int, int, str | None, list[int]]:
        threshold, pool = data.draw(st.integers(4, 8)), data.draw(st.integers(1, 3))
        skill = pick(data, [None, *sheet["skills"]])
        plan = stone_wheel_rules.plan_pool(threshold, sheet["skills"].get(skill, 0) if skill else 0, pool)
        return threshold, pool, skill, dice(data, 10, plan.dice)

    def damage(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data)
        if one is None:
            return None
        amount = data.draw(st.integers(1, 7))
        return Command(stone_wheel.record_damage, (one[0], amount, "падение"), {"actor": self.master})

    def exchange(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data)
        if one is None or len(self._chars(v)) < 2:
            return None
        challenger, sheet = one
        target = pick(data, [n for n in self._chars(v) if n != challenger])
        threshold, pool, skill, rolled = self._pool(data, sheet)
        response = pick(data, ["none", "block", "dodge", "counterattack"])
        answer: dict[str, Any] = {}
        if response != "none":
            a_threshold, a_pool, a_skill, a_rolled = self._pool(data, self._chars(v)[target])
            answer = {"answer_threshold": a_threshold, "answer_pool": a_pool, "answer_skill": a_skill,
                      "answer_dice": a_rolled, "counter_weapon": pick(data, [None, 2])}
        return Command(stone_wheel.record_exchange, (challenger, target),
                       {"threshold": threshold, "pool": pool, "skill": skill, "response": response,
                        "weapon": pick(data, [None, 2, 4]), "armour": pick(data, [0, 1]), "dice": rolled, **answer,
                        "actor": either(data, sheet["player"], self.master)})

    def request(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data)
        if one is None:
            return None
        threshold, pool, skill, rolled = self._pool(data, one[1])
        return Command(stone_wheel.record_request, (one[0], "взлом", threshold, pool),
                       {"skill": skill, "dice": rolled, "actor": either(data, one[1]["player"], self.master)})

    def sleep(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data)
        return None if one is None else Command(stone_wheel.record_sleep, (one[0],),
                                                {"dice": dice(data, 12, 1), "actor": one[1]["player"]})

    def recovery(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data)
        if one is None:
            return None
        pool, amount = pick(data, ["health", "mana", "survival"]), data.draw(st.integers(1, 5))
        return Command(stone_wheel.record_recovery, (one[0], pool, amount, "лечение"), {"actor": self.master})

    def effect(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data, alive=False)
        if one is None:
            return None
        name, sheet = one
        if sheet["effects"] and data.draw(st.booleans()):
            return Command(stone_wheel.record_effect, (name, pick(data, sheet["effects"])), {"remove": True})
        return Command(stone_wheel.record_effect, (name, pick(data, ["ожог", "перелом"])), {"actor": self.master})

    def xp(self, v: View, data: st.DataObject) -> Command | None:
        ended = [int(k) for k, s in v.states["sessions"]["sessions"].items() if s["ended_at"] is not None]
        if ended and data.draw(st.booleans()):
            return Command(stone_wheel.award_session_xp, (pick(data, ended),), {"actor": self.master})
        one = self._one(v, data, alive=False)
        return None if one is None else Command(stone_wheel.award_bonus_xp, (one[0], pick(data, [40, 100]), "сюжет"),
                                                {"actor": self.master})

    def spend(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data, alive=False)
        if one is None:
            return None
        kind, target = pick(data, [("skill", "Фехтование"), ("characteristic", "strength"), ("parameter", "health"),
                                   ("spell_mastery", "Искра")])
        return Command(stone_wheel.spend_xp, (one[0], kind, target, pick(data, [30, 60])),
                       {"actor": either(data, one[1]["player"], self.master)})

    def turn_mode(self, v: View, data: st.DataObject) -> Command | None:
        if not v.states["stone_wheel.sheet"]["turn_mode"]:
            return Command(stone_wheel.start_turn_mode, (), {"actor": self.master})
        if data.draw(st.integers(0, 2)):  # a fight lasts: mostly a violation while it does
            return self.violation(v, data)
        return Command(stone_wheel.end_turn_mode, (), {"actor": self.master})

    def violation(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data)
        return None if one is None else Command(stone_wheel.record_violation, (one[0],), {"actor": self.master})

    def revival(self, v: View, data: st.DataObject) -> Command | None:
        dead = [n for n, c in self._chars(v).items() if c["dead"]]
        if not dead:
            return None
        return Command(stone_wheel.record_revival, (pick(data, dead), "жрец", "ritual", 5, 2), {"actor": self.master})


# -- Dichotomy ------------------------------------------------------------------------------------------


class Dichotomy(Table):
    """Две стороны: Ведущий; Давид plays Взломщик (Greed, Truth), Сьюзан plays Лесная (Love, Faith)."""

    system, master, players = "dichotomy", "Ведущий", ("Давид", "Сьюзан")
    weights: ClassVar[dict[str, int]] = {"damage": 4, "recover": 2, "heal": 2, "adventure": 2, "motive": 2,
                                         "ability": 2, "choose": 2}

    def setup(self) -> list[Command]:
        david = {"finesse": 7, "power": 4, "martial": 5, "spiritual": 6, "natural": 3, "technical": 8}
        susan = {"finesse": 6, "power": 5, "martial": 8, "spiritual": 3, "natural": 10, "technical": 1}
        return [
            Command(dichotomy.create_character, ("Взломщик", david, ["Mobility", "Climbing", "Disable Device"],
                                                 ["Greed", "Truth"], "comfortable"), {"actor": "Давид"}),
            Command(dichotomy.create_character, ("Лесная", susan, ["Mobility", "Climbing", "Alertness"],
                                                 ["Love", "Faith"], "destitute"), {"actor": "Сьюзан"}),
        ]

    def moves(self) -> dict[str, Move]:
        return {"check": self.check, "damage": self.damage, "recover": self.recover, "heal": self.heal,
                "dive": self.dive, "fight": self.fight, "adventure": self.adventure, "motive": self.motive,
                "renown": self.renown, "choose": self.choose, "spend": self.spend, "wealth": self.wealth,
                "ability": self.ability}

    @staticmethod
    def _chars(v: View) -> dict[str, Any]:
        return v.states["dichotomy.sheet"]["characters"]

    def _one(self, v: View, data: st.DataObject, active: bool = True) -> tuple[str, dict[str, Any]] | None:
        names = [n for n, c in self._chars(v).items() if c["status"] == "active" or not active]
        if not names:
            return None
        name = pick(data, names)
        return name, self._chars(v)[name]

    def check(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data)
        if one is None:
            return None
        pairs = data.draw(st.lists(st.sampled_from(list(dichotomy_rules.PAIRS.values())), min_size=2, max_size=2,
                                   unique=True))  # one attribute per die, of two pairs
        attributes = [pick(data, pair) for pair in pairs]
        return Command(dichotomy.record_check, (one[0], attributes),
                       {"tn": pick(data, [None, 12, 14]), "modifiers": pick(data, [0, 1, [2, -1]]),
                        "dice": dice(data, 10, 2), "actor": either(data, one[1]["player"], self.master)})

    def damage(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data)
        if one is None:
            return None
        name, sheet = one
        amount = data.draw(st.integers(1, 3))
        health = sheet["health"]
        _, _, out = dichotomy_rules.damage_track(
            dichotomy_rules.Track(health["shaken"], health["injured"], health["serious"]), amount)
        return Command(dichotomy.apply_damage, (name, amount),
                       {"end": pick(data, ["death", "career_ended"]) if out else None, "actor": self.master})

    def recover(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data)
        if one is None or not one[1]["health"]["shaken"]:
            return None
        return Command(dichotomy.recover_hits, (one[0],), {
            "how": pick(data, ["recover_action", "rest"]), "actor": either(data, one[1]["player"], self.master)})

    def heal(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data)
        wounds = [] if one is None else [k for k, key in (("injury", "injured"), ("serious", "serious"))
                                         if one[1]["health"][key]]
        if one is None or not wounds:
            return None
        return Command(dichotomy.heal_injury, (one[0], pick(data, wounds)), {"actor": self.master})

    def dive(self, v: View, data: st.DataObject) -> Command | None:
        divers = [n for n, c in self._chars(v).items() if c["may_dive"]]
        if not divers:
            return None
        name = pick(data, divers)
        return Command(dichotomy.take_dive, (name,), {"actor": self._chars(v)[name]["player"]})

    def fight(self, v: View, data: st.DataObject) -> Command:
        return Command(dichotomy.end_fight, (), {"actor": self.master})

    def adventure(self, v: View, data: st.DataObject) -> Command:
        adventures = v.states["dichotomy.sheet"]["adventures"]
        running = adventures["started"] > adventures["ended"]
        return Command(dichotomy.end_adventure if running else dichotomy.start_adventure, (), {"actor": self.master})

    def motive(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data, active=False)
        if one is None:
            return None
        held = [slot["motive"] for slot in one[1]["motives"] if slot["motive"] is not None]
        if not held:
            return None
        if not v.states["dichotomy.sheet"]["adventures"]["started"]:  # motives are scored in an adventure
            return Command(dichotomy.start_adventure, (), {"actor": self.master})
        return Command(dichotomy.record_motive, (one[0], pick(data, held), pick(data, ["fulfilled", "betrayed"])),
                       {"actor": self.master})

    def renown(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data, active=False)
        if one is None:
            return None
        return Command(dichotomy.record_renown, (one[0], data.draw(st.integers(1, 6)), "слава"), {"actor": self.master})

    def choose(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data, active=False)
        if one is None:
            return None
        name, sheet = one
        held = [slot["motive"] for slot in sheet["motives"]]
        free = [m for m in ("Honor", "Fame", "Coward", "Greed") if m not in held]
        adventures = v.states["dichotomy.sheet"]["adventures"]
        if None not in held and held:  # both slots filled: swap one between adventures
            if adventures["started"] > adventures["ended"] or not adventures["ended"]:
                return None
            return Command(dichotomy.swap_motive, (name, pick(data, held), pick(data, free)),
                           {"actor": sheet["player"]})
        return Command(dichotomy.choose_motive, (name, pick(data, free)), {"actor": sheet["player"]})

    def spend(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data, active=False)
        if one is None:
            return None
        tie, cost = pick(data, [("Cottage", None), ("Лодка", 2), ("Assistant", None)])
        if one[1]["xp"]["balance"] < (cost or 5):
            return None
        return Command(dichotomy.spend_xp, (one[0], tie), {"cost": cost, "actor": one[1]["player"]})

    def wealth(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data, active=False)
        adventures = v.states["dichotomy.sheet"]["adventures"]
        if one is None or adventures["started"] > adventures["ended"]:
            return None
        level = pick(data, [w for w in ("affluent", "destitute", "comfortable") if w != one[1]["wealth"]])
        return Command(dichotomy.change_wealth, (one[0], level), {"actor": one[1]["player"]})

    def ability(self, v: View, data: st.DataObject) -> Command | None:
        one = self._one(v, data)
        return None if one is None else Command(dichotomy.gain_ability, (one[0], pick(data, [
            "Stealthy", "Tracking", "Investigative", "Smite", "Bless"])), {"actor": one[1]["player"]})


# -- Wield ----------------------------------------------------------------------------------------------


#: The chance every geis is offered for (a sealed one settles it without a roll).
GEIS_CHANCE = "Climb the wall"


class Wield(Table):
    """Зола: Судьба (Fate); John, Jill and Ro; each player's hero wields the vatcha of the player on his left."""

    system, master, players = "wield", "Судьба", ("John", "Jill", "Ro")
    weights: ClassVar[dict[str, int]] = {"power": 3, "combat": 3, "chance": 2, "geis": 3, "breach": 2, "collect": 3}
    VATCHA: ClassVar[dict[str, str]] = {"John": "Sword", "Jill": "Ring", "Ro": "Crown"}
    WIELDS: ClassVar[dict[str, str]] = {"John": "Ring", "Jill": "Crown", "Ro": "Sword"}

    def setup(self) -> list[Command]:
        steps = ["Find the heir", "Win the guard", "Take the gate", "Open the vault", "Claim the throne"]
        made = [Command(wield.record_vatcha, (self.VATCHA[p], "Sword", ["Air"], f"Rule the kingdom of {p}", steps,
                                              "Drop it in a volcano"), {"actor": p}) for p in self.players]
        return made + [Command(wield.record_hero, (p, self.WIELDS[p], "Knight", "Marry the prince"), {"actor": p})
                       for p in self.players]

    def moves(self) -> dict[str, Move]:
        return {"power": self.power, "condition": self.condition, "chance": self.chance, "combat": self.combat,
                "geis": self.geis, "breach": self.breach, "collect": self.collect, "risk": self.risk,
                "death": self.death}

    @staticmethod
    def _sheet(v: View) -> dict[str, Any]:
        return v.states["wield.sheet"]

    def _hero(self, v: View, data: st.DataObject) -> tuple[str, dict[str, Any]] | None:
        alive = [n for n, h in self._sheet(v)["heroes"].items() if h["alive"]]
        if not alive:
            return None
        name = pick(data, alive)
        return name, self._sheet(v)["heroes"][name]

    @staticmethod
    def _extra(hero: dict[str, Any]) -> int:
        return sum(c["extra_dice"] for c in hero["conditions"].values())

    def power(self, v: View, data: st.DataObject) -> Command | None:
        wielded = [n for n, x in self._sheet(v)["vatcha"].items() if x["wielder"] is not None]
        if not wielded:
            return None
        name = pick(data, wielded)
        return Command(wield.record_power, (name, pick(data, ["Flight", "Fire"]), data.draw(st.integers(1, 3))),
                       {"actor": either(data, self._sheet(v)["vatcha"][name]["player"], self.master)})

    def condition(self, v: View, data: st.DataObject) -> Command | None:
        one = self._hero(v, data)
        if one is None:
            return None
        name, hero = one
        if hero["conditions"] and data.draw(st.booleans()):
            return Command(wield.remove_condition, (name, pick(data, list(hero["conditions"]))),
                           {"actor": hero["player"]})
        return Command(wield.record_condition, (name, pick(data, ["Inspired", "Blessed"])),
                       {"extra_dice": pick(data, [0, 1]), "bonus": pick(data, [0, 3]), "actor": self.master})

    def chance(self, v: View, data: st.DataObject) -> Command | None:
        one = self._hero(v, data)
        if one is None:
            return None
        name, hero = one
        task = pick(data, ["Swim the river", GEIS_CHANCE])
        difficulty = pick(data, ["Easy", "Hard", "Heroic"])
        actor = either(data, hero["player"], self.master)
        used = v.states["wield.actions"]["geis_used"]
        if task == GEIS_CHANCE and any(g["hero"] == name and gid not in used
                                       for gid, g in v.states["wield.geis"]["geasa"].items()):
            return Command(wield.record_chance, (name, task, difficulty), {"geis": True, "actor": actor})
        profession = data.draw(st.booleans())
        count = 0 if difficulty == "Easy" else 1 + int(profession) + self._extra(hero)
        return Command(wield.record_chance, (name, task, difficulty),
                       {"profession": profession, "dice": dice(data, 20, count) if count else None, "actor": actor})

    def combat(self, v: View, data: st.DataObject) -> Command | None:
        alive = [n for n, h in self._sheet(v)["heroes"].items() if h["alive"]]
        if len(alive) < 2:
            return None
        fighters = data.draw(st.lists(st.sampled_from(alive), unique=True, min_size=2, max_size=len(alive)))
        declared = []
        for name in fighters:
            wounds = data.draw(st.integers(1, 3))
            if data.draw(st.booleans()):
                declared.append(Declaration(name, "attack", wounds, pick(data, [f for f in fighters if f != name])))
            else:
                declared.append(Declaration(name, "defend", wounds))
        attacking = any(d.action == "attack" for d in declared)
        rollers = [d.combatant for d in declared if attacking and (d.wounds or 0) >= 2]
        profession = data.draw(st.lists(st.sampled_from(rollers), unique=True)) if rollers else []
        count = sum(1 + int(n in profession) + self._extra(self._sheet(v)["heroes"][n]) for n in rollers)
        return Command(wield.record_combat_round, (declared,),
                       {"profession": profession, "dice": dice(data, 20, count), "actor": self.master})

    def geis(self, v: View, data: st.DataObject) -> Command | None:
        one = self._hero(v, data)
        if one is None:
            return None
        name, hero = one
        waiting = [n for n in v.states["wield.geis"]["negotiations"].values()
                   if n["hero"] == name and n["sealed"] is None and n["last"] in ("offered", "countered")]
        if waiting:
            return Command(wield.seal_geis, (name, data.draw(st.integers(1, 3))), {"actor": self.master})
        return Command(wield.offer_geis, (name, "Give my cloak to the next beggar"),
                       {"chance": GEIS_CHANCE, "actor": hero["player"]})

    def breach(self, v: View, data: st.DataObject) -> Command | None:
        unbroken = [(gid, g) for gid, g in v.states["wield.geis"]["geasa"].items() if not g["broken"]]
        if not unbroken:
            return None
        gid, geis = pick(data, unbroken)
        return Command(wield.breach_geis, (geis["hero"], "Kept the cloak"), {"geis": v.ids[gid], "actor": self.master})

    def collect(self, v: View, data: st.DataObject) -> Command | None:
        owing = [(gid, g) for gid, g in v.states["wield.geis"]["geasa"].items() if g["owed"] > 0]
        if not owing:
            return None
        gid, geis = pick(data, owing)
        successes = [sid for sid, a in v.states["wield.actions"]["actions"].items()
                     if a["heroes"].get(geis["hero"], {}).get("success") and a["version"] > (geis["breached_at"] or 0)]
        hero = self._sheet(v)["heroes"].get(geis["hero"])
        if not successes and hero is not None and hero["alive"]:  # no success to turn yet: he rolls one (Hard, 10)
            count = 1 + self._extra(hero)
            rolled = data.draw(st.lists(st.integers(10, 20), min_size=count, max_size=count))
            return Command(wield.record_chance, (geis["hero"], "Swim the river", "Hard"),
                           {"dice": rolled, "actor": hero["player"]})
        if not successes:
            return None
        return Command(wield.collect_failure, (v.ids[pick(data, successes)],),
                       {"hero_name": geis["hero"], "geis": v.ids[gid], "actor": self.master})

    def risk(self, v: View, data: st.DataObject) -> Command | None:
        one = self._hero(v, data)
        if one is None:
            return None
        destiny = data.draw(st.booleans())  # the vatcha's 10 - lost dice and the wielder's lost (+1): 10 (+1) in all
        return Command(wield.record_control_risk, (one[0], "Burn the town"),
                       {"destiny": destiny, "dice": dice(data, 20, 10 + int(destiny)), "actor": self.master})

    def death(self, v: View, data: st.DataObject) -> Command | None:
        one = self._hero(v, data)
        if one is None:
            return None
        return Command(wield.record_death, (one[0], "Fell from the wall"), {"actor": self.master})


# -- the coin game (examples/coin-system: a system of its own package, played when it is installed) ------------


class Coin(Table):
    """The coin game: ГМ; Аня and Боря flip for themselves and trust each other more or less (from -3 to 3)."""

    system, master, players = "coin", "ГМ", ("Аня", "Боря")

    def moves(self) -> dict[str, Move]:
        return {"flip": self.flip, "trust": self.trust}

    def flip(self, v: View, data: st.DataObject) -> Command:
        from coin_system.commands import flip

        who = pick(data, list(self.players))
        return Command(flip, (who,), {"dice": dice(data, 2, 1), "actor": either(data, who, self.master)})

    def trust(self, v: View, data: st.DataObject) -> Command:
        from coin_system.commands import trust

        who = pick(data, list(self.players))
        other = next(p for p in self.players if p != who)
        return Command(trust, (who, other), {"change": pick(data, [-1, 1]), "actor": either(data, who, self.master)})


def _installed(system: str) -> bool:
    from journal.systems.registry import names

    return system in names()


TABLES: dict[str, Table] = {t.system: t for t in (Wield(), StoneWheel(), Dichotomy(), Vpt(), Coin())
                            if _installed(t.system)}

#: Per event type, the payload fields that are a running total or a state "after", kept for the log only (fields
#: of the current schema: the totals a newer schema dropped are the fold's, journal.service.figures).
DISPLAY: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in {
    "vpt.death_checked": {"wounds", "total", "dead"},
    "vpt.morale_rolled": {"wounds_recovered"},
    "stone_wheel.sleep_rolled": {"health_restored", "mana_restored"},
    # the penalty (consequence, damage) is a fact of the table, folded as recorded (docs/rulings.md, Stone Wheel's
    # turn order): a re-recording that decides another penalty records other facts, and nothing is compared
    "stone_wheel.turn_order_violated": {"violation"},
    "dichotomy.damage_applied": {"hits_lost", "discarded", "may_dive"},
    "dichotomy.hits_recovered": {"hits"},
    "dichotomy.ability_gained": {"abilities", "monster_slayer_bonus"},
    "dichotomy.wealth_changed": {"previous"},
    "dichotomy.motive_chosen": {"slot", "since"},
    "dichotomy.motive_swapped": {"slot", "since"},
    "dichotomy.xp_awarded": {"slot"},
    "dichotomy.character_created": {"first_adventure"},
    "dichotomy.equipment_packed": {"capacity"},
    "wield.hero_died": {"debts_vanished"},
}.items()}
