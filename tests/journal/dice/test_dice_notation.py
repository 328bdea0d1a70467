"""Free-roll notation: every form parses and evaluates to exact totals; every error names its problem."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from journal.dice.derive import Roller, derive_roll, session_key
from journal.dice.notation import Constant, DiceTerm, Expression, Keep, Threshold, evaluate, parse
from journal.errors import ValidationFailed
from journal.events.rolls import Roll


def _draws(*throws: list[int]) -> Callable[[int, int], list[int]]:
    """A draw function handing out the given throws in order, checking each has the asked count."""
    queue = list(throws)

    def draw(sides: int, count: int) -> list[int]:
        dice = queue.pop(0)
        assert len(dice) == count and all(1 <= d <= sides for d in dice)
        return dice

    return draw


def test_parse_ndx() -> None:
    """'3d6' is three six-sided dice."""
    assert parse("3d6") == Expression((DiceTerm(3, 6),), "3d6")


def test_parse_dx_means_one_die() -> None:
    """'d20' is one twenty-sided die."""
    assert parse("d20").terms == (DiceTerm(1, 20),)


def test_parse_is_case_insensitive_and_allows_whitespace() -> None:
    """' 4D6 KH3 ' parses like '4d6kh3'."""
    assert parse(" 4D6 KH3 ").terms == parse("4d6kh3").terms == (DiceTerm(4, 6, keep=Keep("highest", 3)),)


def test_parse_several_terms_and_constants() -> None:
    """'2d6+1d4-1' is two dice terms and a negative constant."""
    assert parse("2d6 + 1d4 - 1").terms == (DiceTerm(2, 6), DiceTerm(1, 4), Constant(-1))


def test_parse_subtracted_dice_term() -> None:
    """'1d20-1d4' subtracts the d4."""
    assert parse("1d20-1d4").terms == (DiceTerm(1, 20), DiceTerm(1, 4, sign=-1))


def test_parse_keep_lowest() -> None:
    """'2d20kl1' keeps the lowest die."""
    assert parse("2d20kl1").terms == (DiceTerm(2, 20, keep=Keep("lowest", 1)),)


def test_parse_bare_k_keeps_highest() -> None:
    """'4d6k3' is shorthand for keep highest."""
    assert parse("4d6k3").terms == parse("4d6kh3").terms


def test_parse_pool_at_or_above() -> None:
    """'6d10>=7' is a pool counting dice at or above 7."""
    expr = parse("6d10>=7")
    assert expr.terms == (DiceTerm(6, 10, threshold=Threshold(">=", 7)),) and expr.pool == Threshold(">=", 7)


def test_parse_pool_above() -> None:
    """'6d10>7' is a pool counting dice above 7."""
    assert parse("6d10>7").pool == Threshold(">", 7)


def test_canonical_text() -> None:
    """str(expression) is lower case, without spaces, with every count written."""
    assert str(parse(" D20 + 2D6 K2 - 3 ")) == "1d20+2d6kh2-3"
    assert str(parse("-1d4+3")) == "-1d4+3"


def test_evaluate_single_die() -> None:
    """'d20' totals its one die."""
    result = evaluate(parse("d20"), _draws([17]))
    assert result.total == 17 and result.describe() == "1d20: [17] = 17"


def test_evaluate_sum_with_constants() -> None:
    """'2d6+1d4-1' with [3, 4] and [2] totals 8."""
    result = evaluate(parse("2d6+1d4-1"), _draws([3, 4], [2]))
    assert result.total == 8
    assert result.describe() == "2d6+1d4-1: [3, 4] + [2] - 1 = 8"


def test_evaluate_subtracted_dice() -> None:
    """'1d20-1d4' with [15] and [3] totals 12."""
    assert evaluate(parse("1d20-1d4"), _draws([15], [3])).total == 12


def test_evaluate_leading_minus() -> None:
    """'-1d4+3' with [4] totals -1."""
    result = evaluate(parse("-1d4+3"), _draws([4]))
    assert result.total == -1 and result.describe() == "-1d4+3: - [4] + 3 = -1"


def test_evaluate_keep_highest() -> None:
    """'4d6kh3' with [6, 5, 2, 1] keeps 6, 5, 2 for 13."""
    result = evaluate(parse("4d6kh3"), _draws([6, 5, 2, 1]))
    assert result.total == 13 and result.kept == ((0, 1, 2),)
    assert result.describe() == "4d6kh3: [6, 5, 2, 1] keep [6, 5, 2] = 13"


def test_evaluate_keep_highest_reports_kept_in_throw_order() -> None:
    """'4d6kh3' with [1, 6, 2, 5] keeps dice 1, 2, 3 (values 6, 2, 5) for 13."""
    result = evaluate(parse("4d6kh3"), _draws([1, 6, 2, 5]))
    assert result.kept == ((1, 2, 3),) and result.terms[0].kept_dice == (6, 2, 5) and result.total == 13


def test_evaluate_keep_ties_keep_the_earlier_die() -> None:
    """'3d6kh2' with [4, 6, 4] keeps dice 0 and 1."""
    assert evaluate(parse("3d6kh2"), _draws([4, 6, 4])).kept == ((0, 1),)


def test_evaluate_keep_lowest() -> None:
    """'2d20kl1' with [14, 3] keeps 3."""
    result = evaluate(parse("2d20kl1"), _draws([14, 3]))
    assert result.total == 3 and result.describe() == "2d20kl1: [14, 3] keep [3] = 3"


def test_evaluate_keep_with_constant() -> None:
    """'4d6kh3+2' with [6, 5, 2, 1] totals 15."""
    result = evaluate(parse("4d6kh3+2"), _draws([6, 5, 2, 1]))
    assert result.describe() == "4d6kh3+2: [6, 5, 2, 1] keep [6, 5, 2] + 2 = 15"


def test_evaluate_pool_at_or_above() -> None:
    """'6d10>=7' with [7, 2, 10, 6, 8, 1] counts 3 successes."""
    result = evaluate(parse("6d10>=7"), _draws([7, 2, 10, 6, 8, 1]))
    assert result.total == 3 and result.successes == 3 and result.is_pool
    assert result.describe() == "6d10>=7: [7, 2, 10, 6, 8, 1] = 3 successes"


def test_evaluate_pool_above() -> None:
    """'6d10>7' with [7, 2, 10, 6, 8, 1] counts 2 successes."""
    assert evaluate(parse("6d10>7"), _draws([7, 2, 10, 6, 8, 1])).total == 2


def test_evaluate_pool_single_success_wording() -> None:
    """One success reads '1 success'."""
    assert evaluate(parse("2d10>=7"), _draws([9, 2])).describe() == "2d10>=7: [9, 2] = 1 success"


def test_evaluate_sum_has_no_successes() -> None:
    """A summed roll reports successes as None."""
    assert evaluate(parse("2d6"), _draws([1, 2])).successes is None


def test_evaluate_records_one_table_roll_per_dice_term() -> None:
    """Values from the draw become table Rolls, one per dice term."""
    result = evaluate(parse("2d6+1d4-1"), _draws([3, 4], [2]))
    assert result.rolls == (Roll(sides=6, dice=[3, 4]), Roll(sides=4, dice=[2]))


def test_evaluate_with_a_roller_keeps_server_rolls() -> None:
    """A Roller as draw gives server Rolls with consecutive counters."""
    key = session_key(bytes(range(32)), [])
    result = evaluate(parse("2d6+1d20+1"), Roller(key, "Тени Москвы", 3))
    six = derive_roll(key, "Тени Москвы", 3, 0, 6, 2)
    twenty = derive_roll(key, "Тени Москвы", 3, 2, 20, 1)
    assert (six, twenty) == ([4, 1], [11])
    assert result.rolls == (
        Roll(sides=6, dice=six, source="server", counter=0),
        Roll(sides=20, dice=twenty, source="server", counter=2),
    )
    assert result.total == 17 and result.describe() == "2d6+1d20+1: [4, 1] + [11] + 1 = 17"


def test_evaluate_refuses_a_draw_with_too_few_dice() -> None:
    """Table values of the wrong count are refused."""
    with pytest.raises(ValidationFailed, match=r"^dice for '3d6' in '3d6': expected 3 dice, got 2$"):
        evaluate(parse("3d6"), lambda sides, count: [1, 2])


def test_evaluate_refuses_a_die_out_of_range() -> None:
    """A table value above the die's sides is refused."""
    with pytest.raises(ValidationFailed, match=r"^dice for '1d6' in '1d6\+2': a d6 cannot show 7$"):
        evaluate(parse("d6+2"), lambda sides, count: [7])


def test_evaluate_refuses_a_roll_of_the_wrong_size() -> None:
    """A Roll of other dice than the term asks is refused."""
    with pytest.raises(ValidationFailed, match=r"expected 2d6, got 1d20"):
        evaluate(parse("2d6"), lambda sides, count: Roll(sides=20, dice=[5]))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3d", "dice notation '3d': expected the number of sides after 'd'"),
        ("", "dice notation '': empty"),
        ("   ", "dice notation '': empty"),
        ("2d6*2", "dice notation '2d6*2': unexpected '*' at position 4"),
        ("0d6", "dice notation '0d6': a term throws 1..100 dice, not 0"),
        ("101d6", "dice notation '101d6': a term throws 1..100 dice, not 101"),
        ("2d1", "dice notation '2d1': a die has 2..1000 sides, not 1"),
        ("2d1001", "dice notation '2d1001': a die has 2..1000 sides, not 1001"),
        ("4d6kh", "dice notation '4d6kh': expected how many dice to keep after 'kh'"),
        ("4d6kh5", "dice notation '4d6kh5': cannot keep 5 of 4 dice"),
        ("4d6kl0", "dice notation '4d6kl0': cannot keep 0 of 4 dice"),
        ("d20>", "dice notation 'd20>': expected a threshold after '>'"),
        ("6d10>=11", "dice notation '6d10>=11': threshold >=11 is outside 1..10 for a d10"),
        ("6d10>10", "dice notation '6d10>10': threshold >10 is outside 1..9 for a d10"),
        ("6d10>=7+1", "dice notation '6d10>=7+1': a pool counted against a threshold must be the only term"),
        ("-6d10>=7", "dice notation '-6d10>=7': a pool cannot be subtracted"),
        ("4d6kh3>=2", "dice notation '4d6kh3>=2': a term cannot both keep dice and count them against a threshold"),
        ("5", "dice notation '5': expected at least one dice term such as 'd20'"),
        ("2d6+", "dice notation '2d6+': expected a term after '+'"),
        ("2d6 3", "dice notation '2d6 3': expected '+' or '-' before '3' at position 5"),
        ("++2d6", "dice notation '++2d6': expected a number or a dice term, found '+' at position 2"),
        ("d6d6", "dice notation 'd6d6': unexpected 'd' at position 3"),
        ("2dd6", "dice notation '2dd6': expected the number of sides after 'd'"),
        ("kh3", "dice notation 'kh3': expected a number or a dice term, found 'kh' at position 1"),
        ("9999999d6", "dice notation '9999999d6': the number 9999999 is too large"),
        ("d6+20000", "dice notation 'd6+20000': the constant 20000 is larger than 10000"),
    ],
)
def test_bad_notation_message(text: str, message: str) -> None:
    """Each malformed notation raises ValidationFailed with its one-line message."""
    with pytest.raises(ValidationFailed) as caught:
        parse(text)
    assert str(caught.value) == message


def test_too_many_terms_is_refused() -> None:
    """More than twenty terms are refused."""
    with pytest.raises(ValidationFailed, match="at most 20 terms, not 21"):
        parse("+".join(["d6"] * 21))


def test_too_long_notation_is_refused() -> None:
    """Notation longer than 200 characters is refused."""
    with pytest.raises(ValidationFailed, match="longer than 200 characters"):
        parse("d6" + " " * 300 + "+1")


@pytest.mark.parametrize(("typed", "read"), [("2к6", "2d6"), ("2К6+1", "2d6+1"), ("1д20", "1d20"), ("3к6кh2", None)])
def test_the_tables_russian_k_or_d_reads_as_d(typed: str, read: str | None) -> None:
    """«2к6» and «1д20», as a Russian table writes them, are 2d6 and 1d20; «к» never means keep (``kh`` does)."""
    if read is None:
        with pytest.raises(ValidationFailed):
            parse(typed)
    else:
        assert str(parse(typed)) == read
