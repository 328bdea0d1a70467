"""Derived tables are never trusted: verify rebuilds the marks and read models from the events, on both databases."""

from __future__ import annotations

import zlib

import pytest
import sqlalchemy as sa
from click.testing import CliRunner
from support import CHARS, PARAMS

from cli.main import cli
from journal.errors import NotAuthorized
from journal.service import Journal
from journal.service import disputes as D
from journal.service.audit import audit
from journal.service.derived import verify_derived
from journal.service.tokens import hash_secret, issue, make_token, resolve, tokens
from journal.store import EventStore
from journal.systems.stone_wheel import commands as sw

SECRET = "A" * 43  # 32 bytes in URL-safe base64, as a token's secret is


@pytest.fixture
def voided(journal: Journal) -> tuple[str, int, str]:
    """Камень (stone-wheel) with a bonus XP award overturned: (campaign, the void's version, the award's id)."""
    journal.create_campaign("Камень", "stone-wheel", "Мастер")
    journal.add_member("Камень", "Аня")
    journal.add_member("Камень", "Боря")
    sw.create_character(journal, "Камень", "Ратибор", "Аня", "physical", "человек", "воин", CHARS, PARAMS)
    bonus = sw.award_bonus_xp(journal, "Камень", "Ратибор", 30, "загадка")
    opened = D.open_dispute(journal, "Камень", bonus.id, "загадку решил Боря", actor="Боря")
    D.vote(journal, opened.id, "overturn", actor="Аня")
    D.vote(journal, opened.id, "overturn", actor="Боря")
    _ruled, void = D.rule(journal, opened.id, "overturn")
    journal.at("Камень")  # the read model is saved at the head
    return "Камень", void.version, bonus.id


def _delete_mark(store: EventStore, campaign: str, version: int) -> None:
    """Delete one marks row with its triggers dropped, as someone with the database's password could."""
    with store.engine.begin() as conn:
        if store.dialect == "sqlite":
            conn.exec_driver_sql("DROP TRIGGER event_marks_refuse_delete")
        else:
            conn.exec_driver_sql("DROP TRIGGER event_marks_refuse_update_delete ON event_marks")
        conn.execute(sa.text("DELETE FROM event_marks WHERE campaign = :c AND version = :v"), {"c": campaign, "v": version})


def _edit_read_model(store: EventStore, campaign: str, edit) -> None:
    """Rewrite the campaign's read model row (a cache: no trigger guards it)."""
    import orjson

    with store.engine.begin() as conn:
        packed = conn.execute(sa.text("SELECT state FROM read_models WHERE campaign = :c"), {"c": campaign}).scalar_one()
        state = orjson.loads(zlib.decompress(packed))
        edit(state)
        conn.execute(sa.text("UPDATE read_models SET state = :s WHERE campaign = :c"),
                     {"s": zlib.compress(orjson.dumps(state)), "c": campaign})


def _forge_token(state: dict) -> None:
    state["campaign"]["tokens"]["0123456789ab"] = {"member": "Мастер", "hash": hash_secret(SECRET), "revoked": False}


def test_untouched_derived_tables_agree_with_the_events(journal: Journal, voided: tuple[str, int, str]) -> None:
    """A campaign with a void, its marks and read model as the journal wrote them: no difference."""
    assert verify_derived(journal) == []


def test_a_deleted_void_mark_is_named(journal: Journal, voided: tuple[str, int, str]) -> None:
    """Deleting the marks row of a correction.voided is named with its campaign, version and type."""
    campaign, version, _ = voided
    _delete_mark(journal.store, campaign, version)
    assert verify_derived(journal) == [f"event_marks: campaign 'Камень' version {version} (correction.voided) is missing"]


def test_a_mark_added_for_an_ordinary_event_is_named(journal: Journal, voided: tuple[str, int, str]) -> None:
    """A marks row inserted for the bonus award (a test of INSERT, which no trigger refuses) is named."""
    with journal.store.engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO event_marks (campaign, version, type) VALUES ('Камень', 5, 'member.added')"))
    assert verify_derived(journal) == [
        "event_marks: campaign 'Камень' version 5 is marked member.added, the event is stone_wheel.xp_awarded"]


def test_verify_in_the_cli_exits_6_naming_a_deleted_void_mark(journal: Journal, db_url: str,
                                                               voided: tuple[str, int, str]) -> None:
    """'journal verify --rolls' no longer passes once a void's mark is gone: exit 6 and the line naming it."""
    campaign, version, _ = voided
    _delete_mark(journal.store, campaign, version)
    result = CliRunner().invoke(cli, ["--db", db_url, "verify", "--rolls"], catch_exceptions=False)
    held = ("note: journal.db-wal holds writes its database file does not have yet: a copy of the file alone is not a "
            "backup ('journal backup' makes one)\n") if journal.store.dialect == "sqlite" else ""  # the test's journal
    assert (result.exit_code, result.stderr) == (  # keeps the file open, so the -wal is not folded into it
        6, f"{held}event_marks: campaign 'Камень' version {version} (correction.voided) is missing\n")


def test_the_audit_shows_the_void_after_its_mark_is_deleted(journal: Journal, voided: tuple[str, int, str]) -> None:
    """The audit reads voids from the events: the overturned award is still shown voided."""
    campaign, version, bonus = voided
    _delete_mark(journal.store, campaign, version)
    assert [v["version"] for v in audit(journal, campaign, bonus)["voided"]] == [version]


def test_an_edited_read_model_is_named_with_its_projection(journal: Journal, voided: tuple[str, int, str]) -> None:
    """A token added to the read model's campaign projection is named as a difference in 'campaign'."""
    _edit_read_model(journal.store, "Камень", _forge_token)
    assert verify_derived(journal) == ["read model of 'Камень' differs from the events: campaign"]


def test_a_token_added_to_the_read_model_is_not_listed(journal: Journal, voided: tuple[str, int, str]) -> None:
    """'member tokens' reads the token events: the forged read-model token is not there."""
    issued = issue(journal, "Камень", "Аня")
    journal.at("Камень")
    _edit_read_model(journal.store, "Камень", _forge_token)
    listed = tokens(journal, "Камень")
    assert [(t["token_id"], t["member"], t["revoked"]) for t in listed] == [(issued.token_id, "Аня", False)]


def test_a_token_added_to_the_read_model_opens_nothing(journal: Journal, voided: tuple[str, int, str]) -> None:
    """The forged token is refused as unknown: resolution reads the token events, not the read model."""
    _edit_read_model(journal.store, "Камень", _forge_token)
    with pytest.raises(NotAuthorized, match="^token: unknown$"):
        resolve(journal, make_token("Камень", SECRET))


def test_a_player_made_master_in_the_read_model_still_acts_as_a_player(journal: Journal,
                                                                       voided: tuple[str, int, str]) -> None:
    """Roles come from the events: a read model naming Аня the Master does not let her add members."""
    _edit_read_model(journal.store, "Камень", lambda state: state["campaign"]["members"].update({"Аня": "master"}))
    with pytest.raises(NotAuthorized, match=r"^only the Master may add members \('Аня' is a player\)$"):
        journal.add_member("Камень", "Гость", actor="Аня")
