"""Stone Wheel's lists for its verbs' fields (journal.service.choices): its characters; ``character`` makes one,
and what ``xp-spend`` improves (its ``target``) is a skill or a perk, typed.  Its own words, which the command line
lists and takes in the reader's words (cli.language): a character's type, a challenge's action and the response,
the pools, how a soul returns, what XP improves, the schools of magic, why a pool comes back and what harmed by
default."""

from journal.service.choices import Choices

CHOICES = Choices(creating=("character",), typed=("xp-spend:target",), main="request",
                  words={"kinds": ("physical", "mental", "general"), "actions": ("attack", "grab", "cast", "other"),
                         "responses": ("none", "block", "dodge", "counterattack", "resist"),
                         "pools": ("health", "stamina", "mana", "survival"),
                         "methods": ("class_request", "ritual", "spell"),
                         "improvements": ("skill", "spell", "spell_mastery", "spell_efficiency", "characteristic",
                                          "parameter"),
                         "schools": ("creation", "control", "alteration"), "recovery_reasons": ("rest",),
                         "damage_causes": ("damage",)})
