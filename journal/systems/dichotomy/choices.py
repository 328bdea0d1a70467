"""Dichotomy's lists for its verbs' fields (journal.service.choices): its characters; ``new`` makes one.  Its own
words, in the order the rule text gives them: the attributes, the wealth levels, how a career ends
 and the injuries healed (the command line lists and takes them in the reader's words, cli.language)."""

from journal.service.choices import Choices
from journal.systems.dichotomy.rules import ATTRIBUTES

CHOICES = Choices(creating=("new",), main="check",
                  words={"attributes": tuple(ATTRIBUTES), "wealth_levels": ("destitute", "comfortable", "affluent"),
                         "endings": ("death", "career_ended"),
                         "injuries": ("injury", "serious")})
