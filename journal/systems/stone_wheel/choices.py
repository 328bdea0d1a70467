"""Stone Wheel's lists for its verbs' fields (journal.service.choices): its characters; ``character`` makes one,
and what ``xp-spend`` improves (its ``target``) is a skill or a perk, typed."""

from journal.service.choices import Choices

CHOICES = Choices(creating=("character",), typed=("xp-spend:target",), main="request")
