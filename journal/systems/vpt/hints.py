"""What a VPT refusal tells its reader to do next: the CLI's command, the page's form (journal.errors.Hint)."""

from __future__ import annotations

from journal.errors import Hint
from journal.i18n import N_

#: A character the campaign does not have: the Master (or its player) creates it.
NEW_CHARACTER = Hint(N_("create it with 'journal vpt char'"), N_("create it with the form 'Char'"))
#: "No interaction" lowers a relationship only once it is open.
OPEN_RELATIONSHIP = Hint(N_("open one at 0 with 'journal vpt relationship'"),
                         N_("open one at 0 with the form 'Relationship'"))
#: A revenge tick needs a target chosen first.
CHOOSE_REVENGE = Hint(N_("'journal vpt revenge' chooses a target"), N_("the form 'Revenge' chooses a target"))
