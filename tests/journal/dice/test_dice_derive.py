"""Verifiable server dice: golden values, independence of streams, salts, uniformity, rejection, audit."""

from __future__ import annotations

import hashlib
import hmac
import struct

import pytest

from journal.dice import derive
from journal.dice.derive import (
    Roller,
    accept_chunk,
    audit_rolls,
    commitment,
    derive_die,
    derive_roll,
    die_from_block,
    new_seed,
    session_key,
    verify_commitment,
    verify_roll,
)
from journal.errors import ValidationFailed
from journal.events.rolls import Roll

SEED = bytes(range(32))
CAMPAIGN = "Тени Москвы"
SESSION = 3
KEY = session_key(SEED, [])

# p = 0.001 critical values of the chi-square distribution, by degrees of freedom (standard tables).
CHI2_CRITICAL_P001 = {3: 16.266, 5: 20.515, 7: 24.322, 9: 27.877, 11: 31.264, 19: 43.820, 99: 148.230}


def test_new_seed_is_32_random_bytes() -> None:
    """new_seed gives 32 bytes, different each time."""
    a, b = new_seed(), new_seed()
    assert len(a) == 32 and len(b) == 32 and a != b


def test_commitment_is_hex_sha256_of_seed() -> None:
    """The commitment is the hex SHA-256 of the seed (golden value)."""
    assert commitment(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()


def test_verify_commitment_accepts_the_seed_and_refuses_another() -> None:
    """verify_commitment holds for the committed seed only."""
    assert verify_commitment(SEED, commitment(SEED).upper())
    assert not verify_commitment(bytes(32), commitment(SEED))


def test_session_key_golden_values() -> None:
    """The session key for a fixed seed, with and without salts, is pinned."""
    assert KEY.hex() == "a86acbcbc29b8fa83c83582d56a892d0f06f0e487df5277680b0635c3927e3c5"
    assert session_key(SEED, ["лиса", "wolf"]).hex() == (
        "bdb628cc2f77b28204a0c654a837a3f8289d5f23a14ca76418962d6b8720567d"
    )


def test_session_key_refuses_a_seed_of_the_wrong_length() -> None:
    """A seed that is not 32 bytes is refused."""
    with pytest.raises(ValidationFailed, match="32 bytes"):
        session_key(b"short", [])


def test_derive_die_golden_values() -> None:
    """Fixed key, campaign and session give pinned d20 values for counters 0..7."""
    assert [derive_die(KEY, CAMPAIGN, SESSION, c, 20) for c in range(8)] == [2, 11, 11, 17, 2, 19, 10, 16]


def test_derive_roll_golden_values() -> None:
    """derive_roll gives pinned values for d6, d100 and d1000."""
    assert derive_roll(KEY, CAMPAIGN, SESSION, 0, 6, 10) == [4, 1, 3, 5, 6, 5, 6, 2, 4, 2]
    assert derive_roll(KEY, CAMPAIGN, SESSION, 0, 100, 5) == [62, 51, 91, 57, 22]
    assert derive_roll(KEY, CAMPAIGN, SESSION, 0, 1000, 5) == [762, 151, 291, 557, 922]


def test_derive_is_deterministic() -> None:
    """The same inputs always give the same dice."""
    assert derive_roll(KEY, CAMPAIGN, SESSION, 5, 12, 20) == derive_roll(KEY, CAMPAIGN, SESSION, 5, 12, 20)


def test_derive_roll_die_i_uses_counter_first_plus_i() -> None:
    """Die i of a roll equals derive_die at counter first_counter + i."""
    assert derive_roll(KEY, CAMPAIGN, SESSION, 40, 8, 6) == [
        derive_die(KEY, CAMPAIGN, SESSION, 40 + i, 8) for i in range(6)
    ]


def test_matches_a_hand_computation_with_hmac() -> None:
    """An independent computation following docs/dice.md gives the same die."""
    key = hmac.new(SEED, struct.pack(">I", 0), hashlib.sha256).digest()
    c = CAMPAIGN.encode("utf-8")
    message = struct.pack(">I", len(c)) + c + struct.pack(">QQI", SESSION, 7, 0)
    chunks = struct.unpack(">8I", hmac.new(key, message, hashlib.sha256).digest())
    limit = 2**32 - 2**32 % 20
    expected = next(x % 20 + 1 for x in chunks if x < limit)
    assert derive_die(KEY, CAMPAIGN, SESSION, 7, 20) == expected == 16


def _stream(key: bytes = KEY, campaign: str = CAMPAIGN, session: int = SESSION, first: int = 0) -> list[int]:
    return derive_roll(key, campaign, session, first, 1000, 20)


def test_different_counters_give_different_streams() -> None:
    """Counters 0.. and 20.. give different dice."""
    assert _stream(first=0) != _stream(first=20)


def test_different_sessions_give_different_streams() -> None:
    """Session 3 and session 4 give different dice."""
    assert _stream(session=3) != _stream(session=4)


def test_different_campaigns_give_different_streams() -> None:
    """Two campaign names give different dice."""
    assert _stream(campaign="Тени Москвы") != _stream(campaign="Тени Петербурга")


def test_campaign_and_session_encoding_is_unambiguous() -> None:
    """Campaign bytes cannot bleed into the session field: the messages differ."""
    assert derive._prefix("a", 1) != derive._prefix("a\x00", 0)
    assert derive.die_message("ab", 1, 2) != derive.die_message("a", 1, 2)


def test_salts_change_the_dice() -> None:
    """Adding a player's salt changes the stream."""
    assert _stream(key=session_key(SEED, ["лиса"])) != _stream(key=session_key(SEED, []))


def test_salt_order_does_not_matter() -> None:
    """The same salts in another order give the same key."""
    assert session_key(SEED, ["лиса", "wolf", "3"]) == session_key(SEED, ["3", "wolf", "лиса"])


def test_salt_list_encoding_is_unambiguous() -> None:
    """Splitting one salt into two gives another key."""
    assert session_key(SEED, ["ab"]) != session_key(SEED, ["a", "b"])


def test_values_always_in_range() -> None:
    """Every die of every size lies within 1..sides."""
    for sides in (2, 3, 7, 20, 999, 1000, 2**31 + 1):
        dice = derive_roll(KEY, CAMPAIGN, SESSION, 0, sides, 300)
        assert all(1 <= v <= sides for v in dice)


def _derive_many(sides: int, n: int) -> list[int]:
    key = session_key(SEED, [f"uniformity d{sides}"])
    return [v for first in range(0, n, 100) for v in derive_roll(key, CAMPAIGN, SESSION, first, sides, 100)]


@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12, 20, 100])
def test_uniformity_chi_square(sides: int) -> None:
    """Counts of 1000 dice per face pass a chi-square test at p = 0.001."""
    per_face = 1000
    counts = [0] * sides
    for value in _derive_many(sides, per_face * sides):
        counts[value - 1] += 1
    chi2 = sum((n - per_face) ** 2 for n in counts) / per_face
    assert chi2 < CHI2_CRITICAL_P001[sides - 1]


def test_accept_chunk_rejects_the_biased_tail() -> None:
    """For a d1000 the chunks from 2**32 - 296 up are rejected; the one just below is kept."""
    limit = 2**32 - 2**32 % 1000
    assert limit == 2**32 - 296
    assert accept_chunk(limit, 1000) is None
    assert accept_chunk(2**32 - 1, 1000) is None
    assert accept_chunk(limit - 1, 1000) == 1000
    assert accept_chunk(0, 1000) == 1


def test_die_from_block_skips_rejected_chunks() -> None:
    """The first accepted chunk of a block gives the die."""
    block = struct.pack(">8I", 2**32 - 1, 2**32 - 2, 1234, 7, 0, 0, 0, 0)
    assert die_from_block(block, 1000) == 235


def test_die_from_block_all_rejected_is_none() -> None:
    """A block whose eight chunks are all rejected gives no die."""
    assert die_from_block(b"\xff" * 32, 1000) is None


def test_all_rejected_block_continues_with_the_next_block(monkeypatch: pytest.MonkeyPatch) -> None:
    """When block 0 is all rejected, the die comes from block 1 of the same counter."""
    real = derive._block
    seen: list[int] = []

    def fake(key: bytes, message: bytes) -> bytes:
        block = struct.unpack(">I", message[-4:])[0]
        seen.append(block)
        return b"\xff" * 32 if block == 0 else real(key, message)

    monkeypatch.setattr(derive, "_block", fake)
    value = derive_die(KEY, CAMPAIGN, SESSION, 0, 1000)
    expected = die_from_block(real(KEY, derive.die_message(CAMPAIGN, SESSION, 0, 1)), 1000)
    assert seen == [0, 1] and value == expected


def test_natural_rejection_of_a_whole_block_golden() -> None:
    """With 2**31 + 1 sides, counter 248 rejects all of block 0 and takes its die from block 1."""
    sides = 2**31 + 1
    block0 = derive._block(KEY, derive.die_message(CAMPAIGN, SESSION, 248, 0))
    block1 = derive._block(KEY, derive.die_message(CAMPAIGN, SESSION, 248, 1))
    assert die_from_block(block0, sides) is None
    assert derive_die(KEY, CAMPAIGN, SESSION, 248, sides) == die_from_block(block1, sides) == 1539083561


def test_derive_die_refuses_bad_sides() -> None:
    """A die of one side is refused."""
    with pytest.raises(ValidationFailed, match="sides"):
        derive_die(KEY, CAMPAIGN, SESSION, 0, 1)


def test_roller_rolls_server_dice_and_advances_the_counter() -> None:
    """Roller.roll gives a server Roll carrying its first counter and moves the counter on."""
    roller = Roller(KEY, CAMPAIGN, SESSION)
    first = roller.roll(6, 4)
    second = roller.roll(20)
    assert first == Roll(sides=6, dice=[4, 1, 3, 5], source="server", counter=0)
    assert second == Roll(sides=20, dice=[derive_die(KEY, CAMPAIGN, SESSION, 4, 20)], source="server", counter=4)
    assert roller.counter == 5


def test_roller_from_seed_uses_the_session_key() -> None:
    """Roller.from_seed with salts rolls what the salted key gives."""
    roller = Roller.from_seed(SEED, ["wolf", "лиса"], CAMPAIGN, SESSION, counter=10)
    key = session_key(SEED, ["лиса", "wolf"])
    assert roller.roll(12, 3).dice == derive_roll(key, CAMPAIGN, SESSION, 10, 12, 3)


def test_roller_refuses_a_bad_roll_without_spending_counters() -> None:
    """Too many dice are refused and the counter stays put."""
    roller = Roller(KEY, CAMPAIGN, SESSION, counter=3)
    with pytest.raises(ValidationFailed, match="1..100 dice"):
        roller.roll(6, 101)
    assert roller.counter == 3


def test_verify_roll_accepts_a_true_roll() -> None:
    """A roll made by the roller verifies against the seed and salts."""
    roll = Roller.from_seed(SEED, ["лиса"], CAMPAIGN, SESSION, counter=2).roll(10, 5)
    assert verify_roll(SEED, ["лиса"], CAMPAIGN, SESSION, roll)


def test_verify_roll_detects_a_changed_die() -> None:
    """Changing one die of a recorded roll makes it fail verification."""
    roll = Roller(KEY, CAMPAIGN, SESSION).roll(6, 4)
    changed = Roll(sides=6, dice=[4, 1, 3, 6], source="server", counter=0)
    assert roll.dice == [4, 1, 3, 5]
    assert not verify_roll(SEED, [], CAMPAIGN, SESSION, changed)


def test_verify_roll_detects_a_missing_salt() -> None:
    """A roll made with a player's salt does not verify without it."""
    roll = Roller.from_seed(SEED, ["лиса"], CAMPAIGN, SESSION).roll(1000, 3)
    assert not verify_roll(SEED, [], CAMPAIGN, SESSION, roll)


def test_verify_roll_refuses_a_table_roll() -> None:
    """A table roll has no counter and cannot be verified."""
    assert not verify_roll(SEED, [], CAMPAIGN, SESSION, Roll(sides=6, dice=[6]))


def _session_rolls() -> list[Roll]:
    roller = Roller(KEY, CAMPAIGN, SESSION)
    return [roller.roll(20), roller.roll(6, 3), roller.roll(10, 2), roller.roll(4)]  # counters 0, 1-3, 4-5, 6


def test_audit_of_an_honest_session_is_ok() -> None:
    """All rolls of a session, in any order, with table rolls mixed in, audit clean."""
    rolls = _session_rolls()
    audit = audit_rolls(
        SEED, [], CAMPAIGN, SESSION, [rolls[2], Roll(sides=6, dice=[1]), rolls[0], rolls[3], rolls[1]],
        committed=commitment(SEED), next_counter=7,
    )
    assert audit.ok and audit.problems() == [] and audit.rolls_checked == 4


def test_audit_reports_the_missing_counters_of_a_hidden_roll() -> None:
    """Leaving out the 3d6 at counters 1..3 is reported as a gap."""
    rolls = _session_rolls()
    audit = audit_rolls(SEED, [], CAMPAIGN, SESSION, [rolls[0], rolls[2], rolls[3]])
    assert audit.missing_counters == (1, 2, 3)
    assert audit.problems() == ["roll counters 1..3 were used by no recorded roll"]


def test_audit_reports_a_trailing_hidden_roll_given_the_final_counter() -> None:
    """With next_counter 8, an unrecorded last die at counter 7 is a gap."""
    audit = audit_rolls(SEED, [], CAMPAIGN, SESSION, _session_rolls(), next_counter=8)
    assert audit.gaps == ((7, 7),) and audit.problems() == ["roll counter 7 was used by no recorded roll"]


def test_audit_reports_a_mismatched_roll() -> None:
    """A roll whose die was changed is reported with what the seed gives."""
    rolls = _session_rolls()
    rolls[1] = Roll(sides=6, dice=[6, 6, 6], source="server", counter=1)
    audit = audit_rolls(SEED, [], CAMPAIGN, SESSION, rolls)
    assert [(m.index, m.counter, m.recorded) for m in audit.mismatched] == [(1, 1, (6, 6, 6))]
    assert audit.mismatched[0].expected == tuple(derive_roll(KEY, CAMPAIGN, SESSION, 1, 6, 3))
    assert not audit.ok


def test_audit_reports_overlapping_counters() -> None:
    """Two rolls claiming counters 2 and 3 are reported as overlapping."""
    rolls = _session_rolls()
    extra = Roll(sides=6, dice=derive_roll(KEY, CAMPAIGN, SESSION, 2, 6, 2), source="server", counter=2)
    audit = audit_rolls(SEED, [], CAMPAIGN, SESSION, [*rolls, extra])
    assert audit.overlapping_counters == (2, 3) and audit.mismatched == () and audit.gaps == ()


def test_audit_reports_a_seed_that_breaks_the_commitment() -> None:
    """A revealed seed not matching the commitment fails the audit."""
    audit = audit_rolls(SEED, [], CAMPAIGN, SESSION, [], committed=commitment(bytes(32)))
    assert audit.commitment_ok is False and not audit.ok
