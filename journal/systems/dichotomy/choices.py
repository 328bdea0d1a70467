"""Dichotomy's lists for its verbs' fields (journal.service.choices): its characters; ``new`` makes one."""

from journal.service.choices import Choices

CHOICES = Choices(creating=("new",), main="check")
