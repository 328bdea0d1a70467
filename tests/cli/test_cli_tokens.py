"""``journal member token|revoke|tokens``: the Master issues and revokes the HTTP server's tokens; only hashes are kept."""

from __future__ import annotations

import base64
import hashlib

import orjson
import pytest

from journal.errors import NotAuthorized
from journal.service import Journal
from journal.service.tokens import resolve
from journal.store import open_store
from tests.cli.conftest import recorded_with_cli


@recorded_with_cli
def ashes(run) -> str:
    """The campaign 'Пепел' (vpt), Master 'Вика', players 'Оля' and 'Дима' (three events)."""
    assert run("campaign", "new", "Пепел", "--system", "vpt", "--master", "Вика").exit_code == 0
    assert run("member", "add", "Пепел", "Оля").exit_code == 0
    assert run("member", "add", "Пепел", "Дима").exit_code == 0
    return "Пепел"


def _resolve(db_url: str, token: str):
    journal = Journal(open_store(db_url))
    try:
        return resolve(journal, token)
    finally:
        journal.close()


def test_member_token_prints_the_token_once_and_records_only_its_hash(run, ashes, events_of) -> None:
    """stdout is the token jt1.<campaign>.<secret>; the event keeps the member, an id and sha256(secret), never it."""
    result = run("member", "token", ashes, "Оля")
    token = result.stdout.strip()
    prefix, campaign, secret = token.split(".")
    event = events_of(ashes)[-1]
    assert (result.exit_code, prefix, base64.urlsafe_b64decode(campaign + "==").decode()) == (0, "jt1", "Пепел")
    assert len(base64.urlsafe_b64decode(secret + "=" * (-len(secret) % 4))) == 32
    assert (event["type"], event["actor"], event["data"]) == ("member.token_issued", "Вика", {
        "member": "Оля", "token_id": event["data"]["token_id"], "token_hash": hashlib.sha256(secret.encode()).hexdigest()})
    assert result.stderr == "a phone's token issued to 'Оля'; only its hash is kept: copy it now\n"
    assert secret not in run("export", ashes).stdout


def test_the_printed_token_resolves_to_its_campaign_member_and_role(run, ashes, db_url, events_of) -> None:
    """The service resolves the token the CLI printed to (campaign, member, role, the id its event recorded)."""
    token = run("member", "token", ashes, "Вика").stdout.strip()
    issued = events_of(ashes)[-1]
    assert tuple(_resolve(db_url, token)) == ("Пепел", "Вика", "master", issued["data"]["token_id"])


def test_a_player_may_not_issue_a_token(run, ashes, events_of) -> None:
    """--as a player: exit 7, only the Master issues tokens, nothing written."""
    result = run("--as", "Оля", "member", "token", ashes, "Оля")
    assert (result.exit_code, result.stdout, result.stderr) == (
        7, "", "error: only the Master may issue tokens ('Оля' is a player)\n")
    assert len(events_of(ashes)) == 3


def test_a_token_for_a_stranger_is_refused(run, ashes) -> None:
    """A name that is no member of the campaign: exit 4."""
    result = run("member", "token", ashes, "Гость")
    assert (result.exit_code, result.stderr) == (4, "error: no member named 'Гость' in campaign 'Пепел'\n")


def test_revoke_by_id_ends_that_token_only(run, ashes, db_url, events_of) -> None:
    """Revoking one token id records member.token_revoked; that token no longer resolves, the other still does."""
    first = run("member", "token", ashes, "Оля").stdout.strip()
    second = run("member", "token", ashes, "Оля").stdout.strip()
    token_id = events_of(ashes)[3]["data"]["token_id"]
    result = run("member", "revoke", ashes, token_id)
    day = events_of(ashes)[3]["recorded_at"][:16].replace("T", " ")
    assert (result.exit_code, result.stdout) == (0, f"the token of 'Оля' issued {day} revoked\n")
    assert events_of(ashes)[-1]["data"] == {"member": "Оля", "token_id": token_id}
    with pytest.raises(NotAuthorized, match=f"^token: revoked \\(the token of 'Оля' issued {day}\\)$"):
        _resolve(db_url, first)
    assert _resolve(db_url, second).member == "Оля"


def test_revoke_by_name_ends_every_live_token_of_the_member(run, ashes, events_of) -> None:
    """Revoking a member's name revokes each of his live tokens, one event each; a second time is refused."""
    run("member", "token", ashes, "Дима")
    run("member", "token", ashes, "Дима")
    result = run("member", "revoke", ashes, "Дима")
    again = run("member", "revoke", ashes, "Дима")
    assert (result.exit_code, len(result.stdout.splitlines())) == (0, 2)
    assert [e["type"] for e in events_of(ashes)[-2:]] == ["member.token_revoked"] * 2
    assert (again.exit_code, again.stderr) == (
        3, "error: refused by rule 'tokens: revoked once': 'Дима' holds no live token in 'Пепел'\n")


def test_revoke_of_an_unknown_token_is_not_found(run, ashes) -> None:
    """An id no token has and no member's name: exit 4."""
    result = run("member", "revoke", ashes, "0123456789ab")
    assert (result.exit_code, result.stderr) == (
        4, "error: no token with id '0123456789ab' and no member named '0123456789ab' in campaign 'Пепел'\n")


def test_tokens_lists_ids_members_and_status_never_secrets(run, ashes) -> None:
    """member tokens --json: each token's id, member and whether it is revoked."""
    token = run("member", "token", ashes, "Оля").stdout.strip()
    run("member", "revoke", ashes, "Оля")
    result = run("member", "tokens", ashes, "--json")
    assert result.exit_code == 0
    [listed] = orjson.loads(result.stdout)
    assert (listed["member"], listed["revoked"], sorted(listed)) == ("Оля", True, ["issued_at", "member", "revoked", "token_id"])
    assert token.split(".")[2] not in result.stdout


def test_tokens_name_a_one_time_link_and_its_time(run, ashes, db_url) -> None:
    """An unclaimed one-time link is listed with its expires_at (JSON) and as 'one-time link until …' (table); a
    device token's event and listing are as before (no expires_at)."""
    from journal.service.links import issue_link

    journal = Journal(open_store(db_url))
    try:
        link = issue_link(journal, ashes, "Вика")
    finally:
        journal.close()
    device = run("member", "token", ashes, "Оля")
    listed = {t["member"]: t for t in orjson.loads(run("member", "tokens", ashes, "--json").stdout)}
    table = run("member", "tokens", ashes).stdout
    assert (listed["Вика"]["expires_at"], sorted(listed["Оля"]), device.exit_code,
            f"one-time link until {link.event.data['expires_at']}" in table) == (
        link.event.data["expires_at"], ["issued_at", "member", "revoked", "token_id"], 0, True)


def _local(stamp: str) -> str:
    """A stored UTC time as the Russian reader reads a token's issue: «03.12.2026 14:05» (24-hour, no seconds)."""
    return f"{stamp[8:10]}.{stamp[5:7]}.{stamp[:4]} {stamp[11:16]}"


def test_tokens_in_russian_list_the_member_and_the_issue_time_first(run, ashes, events_of) -> None:
    """--lang ru member tokens: member, issued (the reader's date, 24-hour), status, and the id last."""
    run("member", "token", ashes, "Оля")
    issued = events_of(ashes)[-1]
    rows = [row.split("│") for row in run("--lang", "ru", "member", "tokens", ashes).stdout.splitlines()[2:]]
    assert [[cell.strip() for cell in row] for row in rows] == [
        ["Оля", _local(issued["recorded_at"]), "действует", issued["data"]["token_id"]]]


def test_revoke_in_russian_names_the_member_and_the_day(run, ashes, events_of) -> None:
    """--lang ru member revoke NAME: «токен участника «Оля», выданный ДД.ММ.ГГГГ ЧЧ:ММ, отозван», no id."""
    run("member", "token", ashes, "Оля")
    issued = events_of(ashes)[-1]
    result = run("--lang", "ru", "member", "revoke", ashes, "Оля")
    assert (result.exit_code, result.stdout) == (
        0, f"токен участника «Оля», выданный {_local(issued['recorded_at'])}, отозван\n")


def test_revoking_a_revoked_token_by_id_is_refused_in_russian_naming_its_member_and_day(run, ashes, events_of) -> None:
    """A token id already revoked: exit 3, the refusal names the member and the day it was issued, not the id."""
    run("member", "token", ashes, "Оля")
    issued = events_of(ashes)[-1]
    run("member", "revoke", ashes, "Оля")
    result = run("--lang", "ru", "member", "revoke", ashes, issued["data"]["token_id"])
    assert (result.exit_code, result.stderr, len(events_of(ashes))) == (
        3, ("Ошибка: отказано по правилу «токены: отзываются один раз»: токен участника «Оля», выданный "
            f"{_local(issued['recorded_at'])}, уже отозван\n"), 5)


def test_revoking_a_member_without_a_live_token_is_refused_in_russian(run, ashes) -> None:
    """--lang ru: a member holding no live token, refused in Russian."""
    result = run("--lang", "ru", "member", "revoke", ashes, "Дима")
    assert (result.exit_code, result.stderr) == (
        3, ("Ошибка: отказано по правилу «токены: отзываются один раз»: у «Дима» нет действующего токена в кампании "
           "«Пепел»\n"))


def test_a_revoked_token_is_refused_in_russian_by_its_member_and_day(run, ashes, db_url, events_of) -> None:
    """The server's refusal of a revoked token, in Russian: «токен: отозван (токен участника «Оля», выданный
    ДД.ММ.ГГГГ ЧЧ:ММ)», the token named as ``member tokens`` names it, never by its id."""
    from journal.i18n import language

    token = run("member", "token", ashes, "Оля").stdout.strip()
    issued = events_of(ashes)[-1]
    run("member", "revoke", ashes, "Оля")
    with language("ru"), pytest.raises(NotAuthorized) as refused:
        _resolve(db_url, token)
    assert str(refused.value) == f"токен: отозван (токен участника «Оля», выданный {_local(issued['recorded_at'])})"


def test_the_tokens_issue_and_revocation_read_as_a_token_in_the_russian_log(run, ashes) -> None:
    """--lang ru log: a device token is «токен» (the signing key alone is «ключ»), issued and revoked."""
    run("member", "token", ashes, "Оля")
    run("member", "revoke", ashes, "Оля")
    lines = run("--lang", "ru", "log", ashes).stdout.splitlines()
    assert [line.split("-- ", 1)[1] for line in lines[3:]] == [
        "Вика: Оля: выдан токен для телефона  [Выдан токен участника]", "Вика: Оля: токен отозван  [Токен отозван]"]


def test_member_token_in_russian_says_token(run, ashes) -> None:
    """--lang ru member token: the line beside the printed token calls it «токен для телефона»."""
    result = run("--lang", "ru", "member", "token", ashes, "Оля")
    assert (result.exit_code, result.stderr) == (
        0, "токен для телефона выдан участнику «Оля»; хранится только его хеш: скопируйте его сейчас\n")
