"""The sample journal behind ``journal demo``: one short session in each of the four rule systems.

``record_demo(journal)`` records, through the same service functions the CLI verbs call, four campaigns
with Russian names, each with a Master, two or three players, characters made by the system's commands
and ONE session: started with the players present (the journal commits to its dice seed), a handful of
table actions (some rolled on the journal's server dice, some on dice thrown at the table), ended after
150 minutes (the seed is revealed).  The Stone Wheel and VPT sessions are then tallied by the Master
(``commit_tally``): XP per hour for the Stone Wheel, the relationship and revenge checklist for VPT.

A campaign that already exists is left alone, so recording twice records nothing the second time.
Every action is deterministic in the number of events it appends (server dice decide only numbers,
never whether an event is written), so each campaign always holds the same number of events.

``demo_campaigns(journal)`` reads back what the printout needs (the sessions to show, the server roll
to audit) from the stored events, the same way after the first run and after any later one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from journal.errors import NotFound
from journal.service.journal import Journal
from journal.service.sessions import end_session, start_session
from journal.service.tallies import commit_tally

WIELD = "Демо · Владетели"
STONE_WHEEL = "Демо · Каменное колесо"
DICHOTOMY = "Демо · Дихотомия"
VPT = "Демо · ВПТ"

#: The demo's campaigns in the order they are recorded and shown, with their systems.
CAMPAIGNS: tuple[tuple[str, str], ...] = (
    (WIELD, "wield"), (STONE_WHEEL, "stone-wheel"), (DICHOTOMY, "dichotomy"), (VPT, "vpt"),
)
#: The one session each campaign holds.
SESSION = 1
MINUTES = 150

#: The campaign whose session the demo replays and whose first server roll it audits.
REPLAYED = STONE_WHEEL
#: The event type of that session whose first server roll is audited (Ратибор's request on the journal's dice).
AUDITED_TYPE = "stone_wheel.request_rolled"


@dataclass(frozen=True)
class DemoCampaigns:
    """What the demo recorded (``recorded``: the campaigns written by this call) and what it shows."""

    wield: str
    stone_wheel: str
    dichotomy: str
    vpt: str
    session: int
    replay_campaign: str
    audit_campaign: str
    audit_event: str
    audit_version: int
    recorded: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return (self.wield, self.stone_wheel, self.dichotomy, self.vpt)

    @property
    def tallied(self) -> tuple[str, ...]:
        """The campaigns whose session was tallied (Stone Wheel XP, VPT bonds)."""
        return (self.stone_wheel, self.vpt)


# --- Wield ---------------------------------------------------------------------------------------------------


def _wield(journal: Journal) -> None:
    """Fate (Судьба): Аня's vatcha, the ring Искра; Борис's hero Ёжик wields it.  A power is bestowed, two chances
    (table dice and the journal's), then a geis offered and sealed, which settles the chance over the chasm."""
    from journal.systems.wield import commands as wield

    name, fate = WIELD, "Судьба"
    journal.create_campaign(name, "wield", fate)
    for player in ("Аня", "Борис"):
        journal.add_member(name, player)
    wield.record_vatcha(journal, name, "Искра", "кольцо", ["Air", "Fire"], "Свергнуть Безумного короля",
                        ["Найти наследника", "Склонить стражу", "Взять ворота", "Открыть сокровищницу",
                         "Встать перед королём"], "Расплавить в драконьем огне", actor="Аня")
    wield.record_hero(journal, name, "Ёжик", "Искра", "вор", "Жениться на принце", actor="Борис")
    wield.record_power(journal, name, "Искра", "Порыв ветра", 1, domain="Air", actor="Аня")
    start_session(journal, name, ["Аня", "Борис"])
    wield.record_chance(journal, name, "Ёжик", "Взобраться по горящей лестнице", "Heroic", profession=True,
                        dice=[17, 9], actor="Борис")
    wield.record_chance(journal, name, "Ёжик", "Вскрыть замок сокровищницы", 12, actor="Борис")
    wield.offer_geis(journal, name, "Ёжик", "Отдать плащ первому нищему", chance="Перепрыгнуть пропасть",
                     actor="Борис")
    wield.seal_geis(journal, name, "Ёжик", 1)
    wield.record_chance(journal, name, "Ёжик", "Перепрыгнуть пропасть", "Epic", geis=True, actor="Борис")
    end_session(journal, name, minutes=MINUTES)


# --- Stone Wheel ---------------------------------------------------------------------------------------------

_CHARACTERISTICS = dict(constitution=5, strength=6, dexterity=4, perception=3, intelligence=2, wisdom=2, charisma=3,
                        will=4, magic=1, luck=2)
_PARAMETERS = dict(health=20, stamina=3, mana=6, survival=10, attack=5, damage=3, dodge=4, block=4, casting=1,
                   search=2, health_recovery=2, stamina_recovery=1, mana_recovery=1, disease_resistance=2,
                   toxin_resistance=2, magic_resistance=1, reaction=3, movement=6, carry=40)


def _stone_wheel(journal: Journal) -> None:
    """Мастер: Аня plays Ратибор, Боря plays Ёжик, Вера (absent) plays Мирослава; the Master's bandit ambushes them.
    A request on the journal's dice, one on the table's, a combat exchange whose hit lands, XP tallied per hour."""
    from journal.systems.stone_wheel import commands as sw

    name, master = STONE_WHEEL, "Мастер"
    journal.create_campaign(name, "stone-wheel", master)
    for player in ("Аня", "Боря", "Вера"):
        journal.add_member(name, player)
    sw.create_character(journal, name, "Ратибор", "Аня", "physical", "человек", "воин", _CHARACTERISTICS,
                        _PARAMETERS, skills={"Фехтование": 2})
    sw.create_character(journal, name, "Ёжик", "Боря", "general", "ёж", "вор",
                        {**_CHARACTERISTICS, "dexterity": 6, "perception": 5},
                        {**_PARAMETERS, "health": 8, "survival": 4, "damage": 1})
    sw.create_character(journal, name, "Мирослава", "Вера", "mental", "эльф", "маг",
                        {**_CHARACTERISTICS, "intelligence": 6, "magic": 5}, {**_PARAMETERS, "mana": 12})
    sw.create_character(journal, name, "Разбойник", master, "physical", "человек", "разбойник", _CHARACTERISTICS,
                        {**_PARAMETERS, "health": 12, "survival": 6})
    start_session(journal, name, ["Аня", "Боря"])
    sw.record_request(journal, name, "Ратибор", "восприятие", 7, 3, skill="Фехтование", actor="Аня")
    sw.record_request(journal, name, "Ёжик", "поиск", 6, 2, dice=[6, 3], actor="Боря")
    sw.start_turn_mode(journal, name, reason="засада на тракте")
    sw.record_exchange(journal, name, "Ратибор", "Разбойник", threshold=7, pool=4, dice=[7, 8, 9, 2],
                       response="block", answer_threshold=8, answer_pool=2, answer_dice=[8, 3], weapon=2)
    sw.end_turn_mode(journal, name)
    end_session(journal, name, minutes=MINUTES)
    commit_tally(journal, name, SESSION)


# --- Dichotomy -----------------------------------------------------------------------------------------------


def _dichotomy(journal: Journal) -> None:
    """Ведущий: Давид plays Взломщик, Карли plays Шарлотта.  An adventure in a crypt: a check on the table's dice,
    one on the journal's, two rounds of damage on Шарлотта's health track, the motives scored as it ends."""
    from journal.systems.dichotomy import commands as di

    name, gm = DICHOTOMY, "Ведущий"
    journal.create_campaign(name, "dichotomy", gm)
    for player in ("Давид", "Карли"):
        journal.add_member(name, player)
    di.create_character(journal, name, "Взломщик",
                        dict(finesse=7, power=4, martial=5, spiritual=6, natural=3, technical=8),
                        ["Mobility", "Climbing", "Disable Device"], ["Greed", "Truth"], "comfortable", actor="Давид")
    di.create_character(journal, name, "Шарлотта",
                        dict(finesse=6, power=5, martial=8, spiritual=3, natural=10, technical=1),
                        ["Mobility", "Climbing", "Alertness"], ["Honor", "Fame"], "affluent", actor="Карли")
    start_session(journal, name, ["Давид", "Карли"])
    di.start_adventure(journal, name, "Сундук в склепе")
    di.record_check(journal, name, "Взломщик", ["finesse", "technical"], dice=[6, 1], action="вскрыть замок сундука",
                    actor="Давид")
    di.record_check(journal, name, "Шарлотта", ["finesse", "natural"], tn=12, action="заметить ловушку",
                    actor="Карли")
    di.apply_damage(journal, name, "Шарлотта", 2, round=1)
    di.apply_damage(journal, name, "Шарлотта", 2, round=2)
    di.end_fight(journal, name, "скелеты рассыпались")
    di.record_motive(journal, name, "Взломщик", "Greed", "betrayed")
    di.record_motive(journal, name, "Шарлотта", "Honor", "fulfilled")
    di.end_adventure(journal, name)
    end_session(journal, name, minutes=MINUTES)


# --- VPT -----------------------------------------------------------------------------------------------------


def _vpt(journal: Journal) -> None:
    """Вика (GM): Оля plays Вольтаир, Дима plays Эдди; Вика's Питер fights them, her Граф Мортен stays away.
    The weapon table, the players' initiative and three hits on the table's dice, Питер's morale and Вольтаир's
    death check on the journal's; the checklist ticks and a new revenge, then the tally adds 'no interaction' for
    Эдди's revenge on Граф Мортен, who took no part."""
    from journal.systems.vpt import commands as vpt
    from journal.systems.vpt.rules import Side

    name, gm = VPT, "Вика"
    journal.create_campaign(name, "vpt", gm)
    for player in ("Оля", "Дима"):
        journal.add_member(name, player)
    vpt.create_character(journal, name, "Вольтаир", hit_bonus=1, health_bonus=1, actor="Оля")
    vpt.create_character(journal, name, "Эдди", preparation=5, actor="Дима")
    vpt.create_character(journal, name, "Питер", morale=1, limit=2)
    vpt.create_character(journal, name, "Граф Мортен", morale=2)
    vpt.set_weapon(journal, name, "дубинка", 7, 4)
    vpt.set_weapon(journal, name, "копьё", 8, 8)
    vpt.set_weapon(journal, name, "кинжал", 6, 3)
    vpt.choose_revenge(journal, name, "Эдди", "Граф Мортен", actor="Дима")
    start_session(journal, name, [gm, "Оля", "Дима"], salts={"Оля": "котик"})
    vpt.roll_initiative(journal, name, "reckless", [Side("Жулики", 7, "living")], dice=[5, 4], actor="Оля")
    vpt.set_melee_order(journal, name, [vpt.Fighter("Вольтаир", "дубинка", engaged="Питер", won_initiative=True),
                                        vpt.Fighter("Эдди", "копьё", engaged="Питер", won_initiative=True),
                                        vpt.Fighter("Питер", "кинжал")])
    vpt.record_hit(journal, name, "Эдди", "Питер", weapon="копьё", modifiers={"engaged": 1, "won_initiative": 1},
                   dice=[4, 3], actor="Дима")
    vpt.record_hit(journal, name, "Вольтаир", "Питер", weapon="дубинка",
                   modifiers={"engaged": 1, "won_initiative": 1}, dice=[6, 6], actor="Оля")
    vpt.record_hit(journal, name, "Питер", "Вольтаир", weapon="кинжал", dice=[6, 5])
    vpt.check_morale(journal, name, "Питер")
    vpt.check_death(journal, name, "Вольтаир", actor="Оля")  # 2d6 + 1 against 1 wound: he lives, whatever the dice
    vpt.tick_relationship(journal, name, "Вольтаир", "Эдди", ["saved_life"], actor="Оля")
    vpt.tick_relationship(journal, name, "Эдди", "Вольтаир", ["saved_life", "date_successful"], actor="Дима")
    vpt.choose_revenge(journal, name, "Вольтаир", "Питер", actor="Оля")
    vpt.tick_revenge(journal, name, "Вольтаир", ["fought"], actor="Оля")
    end_session(journal, name, minutes=MINUTES)
    commit_tally(journal, name, SESSION)


RECORDERS: dict[str, Callable[[Journal], None]] = {
    WIELD: _wield, STONE_WHEEL: _stone_wheel, DICHOTOMY: _dichotomy, VPT: _vpt,
}


# --- the service ---------------------------------------------------------------------------------------------


def record_demo(journal: Journal) -> DemoCampaigns:
    """Record each demo campaign that does not exist yet (all four on a fresh journal, none the second time).

    ``recorded`` of the result names the campaigns this call wrote.
    """
    recorded = []
    for name, _system in CAMPAIGNS:
        if journal.store.exists(name):
            continue
        RECORDERS[name](journal)
        recorded.append(name)
    return replace(demo_campaigns(journal), recorded=tuple(recorded))


def demo_campaigns(journal: Journal) -> DemoCampaigns:
    """The demo's campaigns and the ids the printout needs, read from the journal (NotFound when absent)."""
    for name, system in CAMPAIGNS:
        found = journal.campaign(name)
        if found["system"] != system:
            raise NotFound(f"'{name}' plays {found['system']}, not {system}: it is not the demo's campaign")
    audited = next(
        (event for event in journal.store.read(REPLAYED, types=[AUDITED_TYPE])
         if event.session == SESSION and _server_roll(event.data)),
        None,
    )
    if audited is None:
        raise NotFound(f"no server roll of session {SESSION} in '{REPLAYED}': is it the demo's campaign?")
    return DemoCampaigns(wield=WIELD, stone_wheel=STONE_WHEEL, dichotomy=DICHOTOMY, vpt=VPT, session=SESSION,
                         replay_campaign=REPLAYED, audit_campaign=REPLAYED, audit_event=audited.id,
                         audit_version=audited.version)


def _server_roll(value: object) -> bool:
    """Whether a payload holds a roll thrown by the journal's server dice."""
    if isinstance(value, dict):
        if value.get("source") == "server" and "dice" in value:
            return True
        return any(_server_roll(item) for item in value.values())
    if isinstance(value, list):
        return any(_server_roll(item) for item in value)
    return False
