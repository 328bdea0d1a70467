"""VPT's display words: what each enumerated value recorded in its events reads as, in one table.

An event keeps the identifier (``melee``, ``saved_life``); the summary lines, the verbs' form options
(web.routes.verbs, through the descriptor's ``words``) and the reports show ``word(WORDS, value)``
(journal.service.summaries): the English word (the identifier as the journal always printed it) in the
current language.  Each entry is ``pgettext("vpt", ...)`` in a lambda: marked for extraction, looked up
only when shown, and told apart from another system's same English word (``power``) by its context.

:data:`TYPES` names each of the system's event types and :data:`FIELDS` each key of its sheets (the
descriptor's ``types`` and ``fields``): the page shows them (journal.service.labels, ``GET /api/labels``).
"""

from __future__ import annotations

from collections.abc import Callable

from journal.i18n import pgettext

WORDS: dict[str, Callable[[], str]] = {
    # how a hit is made (vpt.hit_rolled.attack)
    "melee": lambda: pgettext("vpt", "melee"),
    "ranged": lambda: pgettext("vpt", "ranged"),
    # the named Hit modifiers (vpt.hit_rolled.modifiers, rules.HIT_MODIFIERS)
    "preparation": lambda: pgettext("vpt", "preparation"),
    "fresh": lambda: pgettext("vpt", "fresh"),
    "engaged": lambda: pgettext("vpt", "engaged"),
    "mounted": lambda: pgettext("vpt", "mounted"),
    "high_ground": lambda: pgettext("vpt", "high_ground"),
    "outnumbering": lambda: pgettext("vpt", "outnumbering"),
    "won_initiative": lambda: pgettext("vpt", "won_initiative"),
    "standing_still": lambda: pgettext("vpt", "standing_still"),
    "enemy_in_cover": lambda: pgettext("vpt", "enemy_in_cover"),
    "unmounted_against_rider": lambda: pgettext("vpt", "unmounted_against_rider"),
    "enemy_preparation": lambda: pgettext("vpt", "enemy_preparation"),
    "exhausted": lambda: pgettext("vpt", "exhausted"),
    # initiative (vpt.initiative_rolled.mode, its sides' kind)
    "reckless": lambda: pgettext("vpt", "reckless"),
    "careful": lambda: pgettext("vpt", "careful"),
    "living": lambda: pgettext("vpt", "living"),
    "animal": lambda: pgettext("vpt", "animal"),
    "magical": lambda: pgettext("vpt", "magical"),
    # the players' side of an initiative when the recorder named none (vpt.initiative_rolled.party's default)
    "players": lambda: pgettext("vpt", "players"),
    # Morale (vpt.morale_rolled.result)
    "surrenders": lambda: pgettext("vpt", "surrenders"),
    "flees": lambda: pgettext("vpt", "flees"),
    "retreats_without_attacking": lambda: pgettext("vpt", "retreats without attacking"),
    "retreats_attacking": lambda: pgettext("vpt", "retreats attacking"),
    "recovers": lambda: pgettext("vpt", "recovers"),
    # the Relationship and Revenge checklists (vpt.relationship_ticked.items, vpt.revenge_ticked.items)
    "saved_life": lambda: pgettext("vpt", "saved_life"),
    "gave_magic_item": lambda: pgettext("vpt", "gave_magic_item"),
    "date_successful": lambda: pgettext("vpt", "date_successful"),
    "date_especially_successful": lambda: pgettext("vpt", "date_especially_successful"),
    "date_stopped": lambda: pgettext("vpt", "date_stopped"),
    "no_interaction": lambda: pgettext("vpt", "no_interaction"),
    "fought": lambda: pgettext("vpt", "fought"),
    "killed_associates": lambda: pgettext("vpt", "killed_associates"),
    "obtained_magic_item": lambda: pgettext("vpt", "obtained_magic_item"),
    # the standings points are spent from (vpt.points_spent.bond)
    "relationship": lambda: pgettext("vpt", "relationship"),
    "revenge": lambda: pgettext("vpt", "revenge"),
}

#: What each of the system's event types is called (the page's timeline, the evidence of a dispute).
TYPES: dict[str, Callable[[], str]] = {
    "vpt.carried_over": lambda: pgettext("vpt event", "Carried over"),
    "vpt.character_created": lambda: pgettext("vpt event", "New character"),
    "vpt.death_checked": lambda: pgettext("vpt event", "Death check"),
    "vpt.hit_rolled": lambda: pgettext("vpt event", "Hit"),
    "vpt.initiative_rolled": lambda: pgettext("vpt event", "Initiative"),
    "vpt.melee_order_set": lambda: pgettext("vpt event", "Melee order"),
    "vpt.morale_rolled": lambda: pgettext("vpt event", "Morale"),
    "vpt.points_spent": lambda: pgettext("vpt event", "Points spent"),
    "vpt.relationship_opened": lambda: pgettext("vpt event", "Relationship begun"),
    "vpt.relationship_ticked": lambda: pgettext("vpt event", "Relationship checklist"),
    "vpt.revenge_renounced": lambda: pgettext("vpt event", "Revenge renounced"),
    "vpt.revenge_target_chosen": lambda: pgettext("vpt event", "Revenge target"),
    "vpt.revenge_ticked": lambda: pgettext("vpt event", "Revenge checklist"),
    "vpt.status_gained": lambda: pgettext("vpt event", "Status gained"),
    "vpt.status_renounced": lambda: pgettext("vpt event", "Status renounced"),
    "vpt.weapon_table_set": lambda: pgettext("vpt event", "Weapon table"),
    "vpt.wounds_taken": lambda: pgettext("vpt event", "Wounds"),
}

#: What each key of the system's sheets is called (top level and nested records alike); the JSON keeps the keys.
FIELDS: dict[str, Callable[[], str]] = {
    "hit_bonus": lambda: pgettext("vpt sheet", "Hit bonus"),
    "health_bonus": lambda: pgettext("vpt sheet", "Health bonus"),
    "morale": lambda: pgettext("vpt sheet", "Morale"),
    "preparation": lambda: pgettext("vpt sheet", "Preparation"),
    "dungeon_speed": lambda: pgettext("vpt sheet", "Dungeon speed"),
    "limit": lambda: pgettext("vpt sheet", "Limit"),
    "wounds": lambda: pgettext("vpt sheet", "Wounds"),
    "alive": lambda: pgettext("vpt sheet", "Alive"),
    "last_morale": lambda: pgettext("vpt sheet", "Last Morale"),
    "relationships": lambda: pgettext("vpt sheet", "Relationships"),
    "revenge": lambda: pgettext("vpt sheet", "Revenge"),
    "past_revenges": lambda: pgettext("vpt sheet", "Past revenges"),
    "points": lambda: pgettext("vpt sheet", "points"),
    "statuses": lambda: pgettext("vpt sheet", "statuses"),
    "target": lambda: pgettext("vpt sheet", "target"),
}
