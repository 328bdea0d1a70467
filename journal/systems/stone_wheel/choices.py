"""Stone Wheel's lists for its verbs' fields (journal.service.choices): its characters; ``character`` makes one."""

from journal.service.choices import Choices

CHOICES = Choices(creating=("character",), main="request")
