"""Wield's lists for its verbs' fields (journal.service.choices): heroes, vatcha, the sealed geasa by their promise
(a chance or a breach picks one so: its value is the seal's id, which nobody types), difficulties and Domains, and
the rolled successes a failure owed is collected on (by the hero and what was rolled, never an id).

``wield collect`` reads what a player says for a success and a geis by the same names (:func:`success_said`,
:func:`geis_said`): what the page offers is what the command line takes."""

from __future__ import annotations

from typing import Any, NamedTuple

from journal.service.choices import Choices, Item

#: At most this many rolled successes are offered to collect a failure on (the newest first).
RECENT = 20

#: What a player says for the newest success there is to collect on, in English and Russian.
LAST = ("last", "последний", "последнее", "последняя", "последний успех")


class Success(NamedTuple):
    """A rolled success not yet collected on: its event's version and id, whose it is and what was rolled."""

    version: int
    event_id: str
    hero: str
    what: str

    @property
    def text(self) -> str:
        """How the page's picker and the command's output name it: «Ёжик: Перепрыгнуть пропасть»."""
        return f"{self.hero}: {self.what}"


def collectible(folded: Any) -> list[Success]:
    """The rolled successes Fate may turn into a failure owed (``collect``'s ``success``), newest first."""
    from journal.i18n import _

    found = []
    for event_id, action in folded["wield.actions"]["actions"].items():
        what = _("combat round") if action["kind"] == "combat" else action["what"]
        for name, acted in action["heroes"].items():
            if acted["rolled"] and acted["success"] and name not in action["collected"]:
                found.append(Success(action["version"], event_id, name, what))
    return sorted(found, key=lambda success: -success.version)


def success_said(folded: Any, said: str, hero: str | None = None) -> Success | None:
    """The success ``said`` names as the picker names it («Ёжик: Перепрыгнуть пропасть»), by what was rolled alone
    («Перепрыгнуть пропасть»: the newest such), or «последний» / ``last`` (:func:`newest_owed`); ``hero``: of his
    only.  None when it names none."""
    text = " ".join(str(said).split())
    if text.casefold() in LAST:
        return newest_owed(folded, hero)
    found = [success for success in collectible(folded) if hero is None or success.hero == hero]
    return next((success for success in found if text in (success.text, success.what)), None)


def newest_owed(folded: Any, hero: str | None = None) -> Success:
    """The newest rolled success Fate may turn into a failure owed: its hero owes her one on a geis broken before it
    (the command's own check, journal.systems.wield.commands.geis.check_collectible); ``hero``: of his only.  When
    none is, a RuleViolation naming the rule a failure is collected by."""
    from journal.errors import RuleViolation
    from journal.i18n import N_, _
    from journal.systems.wield.commands.geis import check_collectible, first_geis, owing
    from journal.systems.wield.rules import SCOPE

    geasa, heroes = folded["wield.geis"]["geasa"], folded["wield.sheet"]["heroes"]
    for success in collectible(folded):
        if hero not in (None, success.hero) or success.hero not in heroes:
            continue
        try:
            check_collectible(folded["wield.actions"]["actions"][success.event_id], success.hero,
                              first_geis(geasa, success.hero, owing)[1], heroes[success.hero]["alive"])
        except RuleViolation:
            continue
        return success
    rule = f"{SCOPE}: {N_('a failure is owed')}"  # rules.check_collect's rule
    if hero is not None:
        raise RuleViolation(rule, _("{hero} owes Fate no failure on a success rolled since his geis was broken")
                            .format(hero=hero))
    raise RuleViolation(rule, _("no hero owes Fate a failure on a success rolled since his geis was broken"))


def geis_said(folded: Any, said: str, hero: str | None = None) -> str | None:
    """The id of the geis ``said`` names by its promise («Отдать плащ первому нищему») or as the picker names it
    («Отдать плащ первому нищему (Ёжик)»); ``hero``: of his only.  None when it names none, or several."""
    text = " ".join(str(said).split())
    found = [geis_id for geis_id, g in folded["wield.geis"]["geasa"].items()
             if (hero is None or g["hero"] == hero) and text in (g["promise"], _geis_text(g))]
    return found[0] if len(found) == 1 else None


def _geis_text(geis: dict[str, Any]) -> str:
    return f"{geis['promise']} ({geis['hero']})"


def _successes(folded: Any) -> list[Item]:
    """The picker's list of :func:`collectible` (the newest :data:`RECENT`): the value is the event's id, which
    nobody types."""
    return [{"value": success.event_id, "text": success.text} for success in collectible(folded)[:RECENT]]


def _lists(folded: Any) -> dict[str, list[Item]]:
    return {"geasa": [{"value": geis_id, "text": _geis_text(g)}
                      for geis_id, g in folded["wield.geis"]["geasa"].items() if not g["broken"]],
            "successes": _successes(folded)}


CHOICES = Choices(
    fields={"hero_name": "hero", "vatcha_name": "vatcha", "geis": "geasa", "difficulty": "difficulties",
            "domain": "domains", "success": "successes", "combatant": "characters"},
    creating=("vatcha", "hero"),
    words={"difficulties": ("Easy", "Hard", "Heroic", "Epic", "Impossible"),
           "domains": ("Air", "Destruction", "Earth", "Light", "Animal", "Darkness", "Fire", "Plant", "Creation",
                       "Death", "Life", "Water")},
    lists=_lists,
    main="chance",
)
