"""A crafted import cannot take over another campaign over HTTP: the real CLI refuses it, the real server too."""

from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path

import httpx
from support import rechain

from journal.service import Journal
from journal.service.tokens import hash_secret, make_token, tokens
from journal.store import open_store
from journal.store.eventstore import new_ids, utc_now
from tests.web.conftest import JOURNAL, auth

SECRET = "B" * 43  # 32 bytes in URL-safe base64, as a token's secret is


def _crafted(evil: str, web: str, master: str) -> list[bytes]:
    """Two lines of campaign ``evil``: a creation naming ``web`` (Master ``master``) and a token for that Master."""
    first, second = new_ids(2)
    now = utc_now()
    base = {"campaign": evil, "actor": master, "recorded_at": now, "session": None, "causation": None, "schema": 1}
    return rechain([
        {**base, "id": first, "decision": first, "version": 1, "type": "campaign.created",
         "data": {"name": web, "system": "vpt", "master": master}},
        {**base, "id": second, "decision": second, "version": 2, "type": "member.token_issued",
         "data": {"member": master, "token_id": "0123456789ab", "token_hash": hash_secret(SECRET)}},
    ])


def _import(db: str, path: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("JOURNAL_DB", "JOURNAL_ACTOR")}
    return subprocess.run([JOURNAL, "--db", db, "import", str(path)], capture_output=True, text=True, env=env,
                          check=False)


def test_the_cli_refuses_a_file_whose_creation_names_another_campaign(live, module_db, new_campaign,
                                                                      tmp_path) -> None:
    """'journal import' of the crafted file exits 2 naming line 1, and the token it carried opens nothing."""
    web, _tokens = new_campaign("vpt", "Вика", ["Оля"])
    evil = f"Evil {uuid.uuid4().hex[:8]}"
    path = tmp_path / "evil.jsonl"
    path.write_bytes(b"".join(line + b"\n" for line in _crafted(evil, web, "Вика")))
    result = _import(module_db, path)
    answer = httpx.get(f"{live}/api/me", headers=auth(make_token(evil, SECRET)), timeout=10)
    assert (result.returncode, result.stderr) == (
        2, f"error: line 1: campaign.created names campaign '{web}', the line's campaign is '{evil}'\n")
    assert (answer.status_code, answer.json()["error"]) == (401, "token: unknown (no such campaign)")


def test_a_stream_stored_unchecked_whose_creation_names_another_campaign_opens_nothing(live, module_db,
                                                                                       new_campaign) -> None:
    """Written by the store alone (as an older release imported), the stream's token is still refused by the server,
    and the real campaign's tokens are only its own."""
    web, issued = new_campaign("vpt", "Вика", ["Оля"])
    evil = f"Evil {uuid.uuid4().hex[:8]}"
    journal = Journal(open_store(module_db))
    try:
        journal.store.import_lines(_crafted(evil, web, "Вика"))
        listed = [t["member"] for t in tokens(journal, web)]
    finally:
        journal.close()
    answer = httpx.get(f"{live}/api/me", headers=auth(make_token(evil, SECRET)), timeout=10)
    real = httpx.get(f"{live}/api/me", headers=auth(issued["Вика"]), timeout=10)
    assert (answer.status_code, answer.json()["error"]) == (
        401, "token: unknown (the campaign's record names another campaign)")
    assert (real.status_code, listed) == (200, ["Вика", "Оля"])
