"""Free-roll dice notation: parse ``2d6+1d4-1``, ``4d6kh3``, ``2d20kl1``, ``6d10>=7`` and evaluate them.

Grammar (whitespace allowed between tokens; ``d``, ``k``, ``h``, ``l`` in any case; the table's Russian ``к`` or
``д`` for ``d``: ``2к6``, ``1д20``)::

    expression := [sign] term (sign term)*
    sign       := '+' | '-'
    term       := dice | INT
    dice       := [INT] 'd' INT [keep | pool]
    keep       := ('kh' | 'k' | 'kl') INT       keep the highest (kh, k) or lowest (kl) INT dice
    pool       := ('>=' | '>') INT               count the dice at or above / above INT

A term throws 1..100 dice of 2..1000 sides.  A pool counts successes, so it must be the only term.
Parsing is pure; :func:`evaluate` gets its dice from a ``draw(sides, count)`` function, so the same
expression can be thrown by the journal's :class:`~journal.dice.derive.Roller` or filled in with
values thrown at the table.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from journal.errors import ValidationFailed
from journal.events.rolls import Roll
from journal.i18n import _

MAX_DICE = 100
MIN_SIDES, MAX_SIDES = 2, 1000
MAX_TEXT = 200
MAX_TERMS = 20
MAX_CONSTANT = 10_000

Draw = Callable[[int, int], "list[int] | Roll"]
"""``draw(sides, count)``: ``count`` dice of ``sides`` faces, as values or as a ready :class:`Roll`."""


# ---------------------------------------------------------------------------------------------- model


@dataclass(frozen=True)
class Keep:
    """Keep only ``count`` of a term's dice: the highest or the lowest."""

    which: Literal["highest", "lowest"]
    count: int

    def __str__(self) -> str:
        return f"{'kh' if self.which == 'highest' else 'kl'}{self.count}"


@dataclass(frozen=True)
class Threshold:
    """Count the dice at or above (``>=``) or above (``>``) ``value`` instead of summing them."""

    op: Literal[">=", ">"]
    value: int

    def succeeds(self, die: int) -> bool:
        """Whether one die counts as a success."""
        return die >= self.value if self.op == ">=" else die > self.value

    def __str__(self) -> str:
        return f"{self.op}{self.value}"


@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice of ``sides`` faces, added (``sign`` +1) or subtracted (-1), maybe kept or pooled."""

    count: int
    sides: int
    sign: int = 1
    keep: Keep | None = None
    threshold: Threshold | None = None

    def notation(self) -> str:
        """The term without its sign, e.g. ``4d6kh3``."""
        extra = str(self.keep) if self.keep else str(self.threshold) if self.threshold else ""
        return f"{self.count}d{self.sides}{extra}"


@dataclass(frozen=True)
class Constant:
    """A whole number added to the total (negative when subtracted)."""

    value: int


Term = DiceTerm | Constant


@dataclass(frozen=True)
class Expression:
    """A parsed notation: its terms in order, and the text it was parsed from."""

    terms: tuple[Term, ...]
    text: str = ""

    @property
    def dice_terms(self) -> tuple[DiceTerm, ...]:
        """The terms that throw dice, in order."""
        return tuple(t for t in self.terms if isinstance(t, DiceTerm))

    @property
    def constant(self) -> int:
        """The sum of the constant terms."""
        return sum(t.value for t in self.terms if isinstance(t, Constant))

    @property
    def pool(self) -> Threshold | None:
        """The threshold when this is a success pool (``6d10>=7``), else ``None``."""
        for term in self.dice_terms:
            if term.threshold is not None:
                return term.threshold
        return None

    def __str__(self) -> str:
        """The canonical notation: lower case, no spaces, every count written (``d20`` -> ``1d20``)."""
        out: list[str] = []
        for i, term in enumerate(self.terms):
            if isinstance(term, DiceTerm):
                sign, body = ("-" if term.sign < 0 else "+"), term.notation()
            else:
                sign, body = ("-" if term.value < 0 else "+"), str(abs(term.value))
            out.append(sign + body if i or sign == "-" else body)
        return "".join(out)


# ---------------------------------------------------------------------------------------------- parse

_TOKEN = re.compile(
    r"(?P<ws>\s+)|(?P<int>\d+)|(?P<d>[dкд])|(?P<keep>k[hl]?)|(?P<cmp>>=|>)|(?P<sign>[+-])",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Tok:
    kind: str
    text: str
    pos: int


def _fail(text: str, problem: str) -> ValidationFailed:
    return ValidationFailed(_("dice notation '{text}': {problem}").format(text=text, problem=problem))


def _tokenize(text: str) -> list[_Tok]:
    tokens: list[_Tok] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise _fail(text, _("unexpected '{char}' at position {pos}").format(char=text[pos], pos=pos + 1))
        kind = m.lastgroup or ""
        if kind != "ws":
            tokens.append(_Tok(kind, m.group().lower(), pos))
        pos = m.end()
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokenize(text)
        self.i = 0

    def peek(self) -> _Tok | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, kind: str) -> _Tok | None:
        tok = self.peek()
        if tok is not None and tok.kind == kind:
            self.i += 1
            return tok
        return None

    def number(self, what: str) -> int:
        tok = self.take("int")
        if tok is None:
            raise _fail(self.text, _("expected {what}").format(what=what))
        if len(tok.text) > 6:
            raise _fail(self.text, _("the number {number} is too large").format(number=tok.text))
        return int(tok.text)

    def fail(self, problem: str) -> ValidationFailed:
        return _fail(self.text, problem)

    def expression(self) -> Expression:
        if not self.tokens:
            raise self.fail(_("empty"))
        terms: list[Term] = []
        first = True
        while self.peek() is not None:
            sign_tok = self.take("sign")
            if sign_tok is None and not first:
                tok = self.peek()
                assert tok is not None
                raise self.fail(_("expected '+' or '-' before '{text}' at position {pos}").format(text=tok.text, pos=tok.pos + 1))
            if sign_tok is not None and self.peek() is None:
                raise self.fail(_("expected a term after '{sign}'").format(sign=sign_tok.text))
            terms.append(self.term(-1 if sign_tok is not None and sign_tok.text == "-" else 1))
            first = False
        return self.check(tuple(terms))

    def term(self, sign: int) -> Term:
        tok = self.peek()
        assert tok is not None
        if tok.kind == "int":
            count = self.number(_("a number"))
            if self.take("d") is None:
                if count > MAX_CONSTANT:
                    raise self.fail(_("the constant {count} is larger than {limit}").format(count=count, limit=MAX_CONSTANT))
                return Constant(sign * count)
        elif tok.kind == "d":
            self.i += 1
            count = 1
        else:
            raise self.fail(_("expected a number or a dice term, found '{text}' at position {pos}").format(text=tok.text,
                                                                                                  pos=tok.pos + 1))
        sides = self.number(_("the number of sides after 'd'"))
        if not 1 <= count <= MAX_DICE:
            raise self.fail(_("a term throws 1..{limit} dice, not {count}").format(limit=MAX_DICE, count=count))
        if not MIN_SIDES <= sides <= MAX_SIDES:
            raise self.fail(_("a die has {low}..{high} sides, not {sides}").format(low=MIN_SIDES, high=MAX_SIDES, sides=sides))
        keep: Keep | None = None
        threshold: Threshold | None = None
        keep_tok = self.take("keep")
        if keep_tok is not None:
            n = self.number(_("how many dice to keep after '{keep}'").format(keep=keep_tok.text))
            if not 1 <= n <= count:
                raise self.fail(_("cannot keep {n} of {count} dice").format(n=n, count=count))
            keep = Keep("lowest" if keep_tok.text == "kl" else "highest", n)
        cmp_tok = self.take("cmp")
        if cmp_tok is not None:
            if keep is not None:
                raise self.fail(_("a term cannot both keep dice and count them against a threshold"))
            value = self.number(_("a threshold after '{sign}'").format(sign=cmp_tok.text))
            op: Literal[">=", ">"] = ">=" if cmp_tok.text == ">=" else ">"
            low, high = (1, sides) if op == ">=" else (1, sides - 1)
            if not low <= value <= high:
                raise self.fail(_("threshold {sign}{value} is outside {low}..{high} for a d{sides}")
                                .format(sign=cmp_tok.text, value=value, low=low, high=high, sides=sides))
            threshold = Threshold(op, value)
        nxt = self.peek()
        if nxt is not None and nxt.kind in ("keep", "cmp", "d"):
            raise self.fail(_("unexpected '{char}' at position {pos}").format(char=nxt.text, pos=nxt.pos + 1))
        return DiceTerm(count, sides, sign, keep, threshold)

    def check(self, terms: tuple[Term, ...]) -> Expression:
        if len(terms) > MAX_TERMS:
            raise self.fail(_("at most {limit} terms, not {count}").format(limit=MAX_TERMS, count=len(terms)))
        dice = [t for t in terms if isinstance(t, DiceTerm)]
        if not dice:
            raise self.fail(_("expected at least one dice term such as 'd20'"))
        pooled = [t for t in dice if t.threshold is not None]
        if pooled and len(terms) > 1:
            raise self.fail(_("a pool counted against a threshold must be the only term"))
        if pooled and pooled[0].sign < 0:
            raise self.fail(_("a pool cannot be subtracted"))
        return Expression(terms, self.text)


def parse(text: str) -> Expression:
    """Parse dice notation into an :class:`Expression`; bad notation raises :class:`ValidationFailed`."""
    if not isinstance(text, str):
        raise ValidationFailed(_("dice notation must be text, not {kind}").format(kind=type(text).__name__))
    text = text.strip()
    if len(text) > MAX_TEXT:
        raise ValidationFailed(_("dice notation '{text}...': longer than {limit} characters").format(
            text=text[:20], limit=MAX_TEXT))
    if "\n" in text or "\r" in text:
        raise ValidationFailed(_("dice notation must be on one line"))
    return _Parser(text).expression()


# ---------------------------------------------------------------------------------------------- evaluate


@dataclass(frozen=True)
class TermResult:
    """One dice term thrown: its :class:`Roll`, which dice counted, and its signed contribution."""

    term: DiceTerm
    roll: Roll
    kept: tuple[int, ...]
    """Indices into ``roll.dice`` of the dice kept (every index without keep), in throw order."""
    value: int
    """Signed sum of the kept dice, or the number of successes for a pool."""

    @property
    def kept_dice(self) -> tuple[int, ...]:
        """The values of the kept dice, in throw order."""
        return tuple(self.roll.dice[i] for i in self.kept)

    def describe(self) -> str:
        """``[6, 5, 2, 1] keep [6, 5, 2]`` or ``[3, 4]``."""
        shown = _dice(self.roll.dice)
        if self.term.keep is not None:
            shown += f" keep {_dice(self.kept_dice)}"
        return shown


@dataclass(frozen=True)
class RollResult:
    """An evaluated expression: one :class:`TermResult` (and one :class:`Roll`) per dice term, and the total.

    For a pool (``6d10>=7``) ``total`` is the number of successes.
    """

    expression: Expression
    terms: tuple[TermResult, ...]
    total: int

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """The rolls, one per dice term, in order."""
        return tuple(t.roll for t in self.terms)

    @property
    def kept(self) -> tuple[tuple[int, ...], ...]:
        """Per dice term, the indices of the dice kept."""
        return tuple(t.kept for t in self.terms)

    @property
    def is_pool(self) -> bool:
        """Whether ``total`` counts successes rather than summing dice."""
        return self.expression.pool is not None

    @property
    def successes(self) -> int | None:
        """The success count of a pool, else ``None``."""
        return self.total if self.is_pool else None

    def describe(self) -> str:
        """One line, e.g. ``4d6kh3: [6, 5, 2, 1] keep [6, 5, 2] = 13``."""
        parts: list[str] = []
        results = iter(self.terms)
        for i, term in enumerate(self.expression.terms):
            if isinstance(term, DiceTerm):
                negative, body = term.sign < 0, next(results).describe()
            else:
                negative, body = term.value < 0, str(abs(term.value))
            if i == 0:
                parts.append(f"- {body}" if negative else body)
            else:
                parts.append(f"{'-' if negative else '+'} {body}")
        if self.is_pool:
            noun = "success" if self.total == 1 else "successes"
            return f"{self.expression}: {' '.join(parts)} = {self.total} {noun}"
        return f"{self.expression}: {' '.join(parts)} = {self.total}"


def _dice(values: Iterable[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def evaluate(expr: Expression, draw: Draw) -> RollResult:
    """Throw ``expr``'s dice through ``draw(sides, count)`` and total them.

    ``draw`` returns the dice as a list of values (recorded as a table roll) or as a :class:`Roll`
    (kept as it is, e.g. a server roll from :meth:`Roller.roll <journal.dice.derive.Roller.roll>`).
    Dice of the wrong number or out of range raise :class:`ValidationFailed`.
    """
    results: list[TermResult] = []
    total = expr.constant
    for term in expr.dice_terms:
        roll = _to_roll(expr, term, draw(term.sides, term.count))
        dice = roll.dice
        if term.keep is not None:
            flip = -1 if term.keep.which == "highest" else 1  # ties: the earlier die is kept
            by_value = sorted(range(len(dice)), key=lambda i: (flip * dice[i], i))
            kept = tuple(sorted(by_value[: term.keep.count]))
        else:
            kept = tuple(range(len(dice)))
        if term.threshold is not None:
            value = sum(1 for i in kept if term.threshold.succeeds(dice[i]))
        else:
            value = term.sign * sum(dice[i] for i in kept)
        total += value
        results.append(TermResult(term, roll, kept, value))
    return RollResult(expr, tuple(results), total)


def _to_roll(expr: Expression, term: DiceTerm, drawn: list[int] | Roll) -> Roll:
    where = f"dice for '{term.notation()}' in '{expr}'"
    if isinstance(drawn, Roll):
        if drawn.sides != term.sides or len(drawn.dice) != term.count:
            raise ValidationFailed(
                f"{where}: expected {term.count}d{term.sides}, got {len(drawn.dice)}d{drawn.sides}"
            )
        return drawn
    values = list(drawn)
    if len(values) != term.count:
        raise ValidationFailed(_("{where}: expected {count} dice, got {given}").format(
            where=where, count=term.count, given=len(values)))
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= term.sides:
            raise ValidationFailed(_("{where}: a d{sides} cannot show {value}").format(where=where, sides=term.sides,
                                                                                       value=repr(v)))
    return Roll(sides=term.sides, dice=values, source="table")
