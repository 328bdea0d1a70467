"""Names as typed at the table: attributes, abilities, motives, wealth levels, motive outcomes, how a career ends,
the injury healed and how Hits come back, in English or Russian.

Everything is stored under its English key (rules.py); these functions turn what a person types
(any case, Russian names of the source, or a unique prefix of an attribute) into that key, or refuse
with a one-line ValidationFailed listing what is accepted.
"""

from __future__ import annotations

from typing import get_args

from journal.errors import ValidationFailed
from journal.i18n import _
from journal.systems.dichotomy.rules import (
    ABILITIES,
    ATTRIBUTES,
    CAREER_ENDS,
    INJURY_KINDS,
    MOTIVES,
    RECOVERY_KINDS,
    Attribute,
    CareerEnd,
    InjuryKind,
    MotiveOutcome,
    RecoveryKind,
    Wealth,
)
from journal.systems.dichotomy.words import PAYLOAD, WORDS
from journal.understand import read, understood

RUSSIAN_ATTRIBUTES: dict[str, Attribute] = {
    "изящество": "finesse", "мощь": "power", "физическое": "martial",
    "духовное": "spiritual", "природное": "natural", "техническое": "technical",
}

RUSSIAN_ABILITIES: dict[str, str] = {
    "огневая поддержка": "Cover Fire", "убийственная точность": "Deadly Aim", "двойной выстрел": "Double Shot",
    "мобильность": "Mobility", "выстрел вплотную": "Point Blank", "быстрый выстрел": "Quick Shot",
    "рассечение": "Cleave", "защитник": "Defender", "втянуть в ближний бой": "Locked in Mortal Combat",
    "атака на короткую дистанцию": "Short-Range Attack", "сильный удар": "Smite", "несгибаемый": "Tough as Nails",
    "акробатика": "Acrobatics", "лазание": "Climbing", "разрушительность": "Destructive",
    "мастер побегов": "Escape Artist", "незаметность": "Stealthy", "пловец": "Swimming",
    "биокинез": "Biokinesis", "благословление": "Bless", "ясновидение": "Clairvoyance", "лоза": "Dowsing",
    "психометрия": "Psychometry", "пирокинез": "Pyrokinesis", "телекинез": "Telekinesis", "телепатия": "Telepathy",
    "внимательность": "Alertness", "ориентирование": "Orienteering", "физик": "Physik",
    "определить мотив": "Sense Motives", "говорить с животными": "Speak with Animals", "выживание": "Survival",
    "выслеживание": "Tracking", "архитектура": "Architecture", "отключить устройство": "Disable Device",
    "обнаружить ловушки": "Find Traps", "расследование": "Investigative", "лингвистика": "Linguistics",
    "механика": "Mechanics",
}

RUSSIAN_MOTIVES: dict[str, str] = {
    "жажда крови": "Bloodlust", "жестокость": "Callous", "сознательность": "Conscience", "трусость": "Coward",
    "путешествия": "Exploration", "судьба": "Faith", "слава": "Fame", "свобода": "Freedom", "жадность": "Greed",
    "защита": "Guardian", "честь": "Honor", "любовь": "Love", "задание": "Mission", "власть": "Power",
    "месть": "Revenge", "правда": "Truth",
}

#: The Russian words the command line always took beside the display words (words.WORDS, journal.understand).
ALIASES: dict[str, str] = {"воплощен": "fulfilled", "предан": "betrayed"}


def _key(text: str) -> str:
    return " ".join(text.strip().lower().replace("ё", "е").split())


def attribute(text: str) -> Attribute:
    """``finesse``, ``Изящество``, ``fin`` or ``и`` -> ``finesse``: a full name or a unique prefix."""
    key = _key(text)
    names: dict[str, Attribute] = {**{name: name for name in ATTRIBUTES}, **RUSSIAN_ATTRIBUTES}
    found = {canonical for name, canonical in names.items() if key and name.startswith(key)}
    if len(found) != 1:
        raise ValidationFailed(_("attribute: '{text}' is not one of {attributes} (or their Russian names)")
                               .format(text=text, attributes=', '.join(WORDS[name]() for name in ATTRIBUTES)))
    return found.pop()


def _lookup(text: str, english: tuple[str, ...] | list[str], russian: dict[str, str]) -> str:
    key = _key(text)
    for name in english:
        if _key(name) == key:
            return name
    for name, canonical in russian.items():
        if _key(name) == key:
            return canonical
    return text.strip()


def ability(text: str) -> str:
    """An ability's English name from English or Russian in any case; unknown names pass through (the rules refuse)."""
    return _lookup(text, list(ABILITIES), RUSSIAN_ABILITIES)


def motive(text: str) -> str:
    """A motive's English name from English or Russian in any case; unknown names pass through (the rules refuse)."""
    return _lookup(text, MOTIVES, RUSSIAN_MOTIVES)


def wealth(text: str) -> Wealth:
    """``comfortable`` / ``Комфортный`` -> ``comfortable``."""
    found = understood(text, get_args(Wealth), WORDS, ALIASES)
    if found is None:
        raise ValidationFailed(_("wealth: '{text}' is not one of destitute, comfortable, affluent")
                               .format(text=text))
    return found  # type: ignore[return-value]


def outcome(text: str) -> MotiveOutcome:
    """``betrayed`` / ``предан`` / ``предательство`` -> ``betrayed``."""
    found = understood(text, get_args(MotiveOutcome), WORDS, ALIASES)
    if found is None:
        raise ValidationFailed(_("motive outcome: '{text}' is not fulfilled or betrayed").format(text=text))
    return found  # type: ignore[return-value]


def career_end(text: str) -> CareerEnd:
    """``career ended`` / «конец карьеры» / ``career_ended`` -> ``career_ended``; refused naming the words."""
    return read(text, CAREER_ENDS, WORDS, PAYLOAD["end"]())  # type: ignore[return-value]


def injury(text: str) -> InjuryKind:
    """``serious`` / «Серьёзное ранение» -> ``serious``; refused naming the words."""
    return read(text, INJURY_KINDS, WORDS, PAYLOAD["injury"]())  # type: ignore[return-value]


def recovery(text: str) -> RecoveryKind:
    """``rest`` / «отдых» -> ``rest``; refused naming the words."""
    return read(text, RECOVERY_KINDS, WORDS, PAYLOAD["how"]())  # type: ignore[return-value]
