"""``GET /api/labels``: the campaign's event types, sheet fields and values named in the request's language.

Through a real ``journal serve`` process on SQLite and PostgreSQL; the tables are the system's (its words module)
and the shared ones (journal.service.labels), the same the page names its timeline and sheet with.
"""

from __future__ import annotations

import httpx
import pytest

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

RU = {"Accept-Language": "ru-RU,ru;q=0.9"}


def _labels(base: str, token: str, headers: dict[str, str] | None = None) -> dict:
    answer = httpx.get(f"{base}/api/labels", headers={"Authorization": f"Bearer {token}", **(headers or {})},
                       timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_russian_reader_gets_the_vpt_campaigns_labels_in_russian(live, new_campaign) -> None:
    """A VPT campaign read with Accept-Language: ru: ВПТ, «Попадание», «Бонус Попадания», «осторожно»."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    found = _labels(live, tokens["Оля"], RU)
    assert (found["system"], found["title"], found["types"]["vpt.hit_rolled"], found["fields"]["hit_bonus"],
            found["words"]["careful"]) == ("vpt", "ВПТ", "Попадание", "Бонус Попадания", "осторожно")


def test_an_english_reader_gets_the_wield_campaigns_labels_in_english(live, new_campaign) -> None:
    """A Wield campaign without a language: "Wield", "Geis sealed", "Owed to Fate", "hero"."""
    _, tokens = new_campaign("wield", "Судьба", ["Аня"])
    found = _labels(live, tokens["Аня"])
    assert (found["title"], found["types"]["wield.geis_sealed"], found["fields"]["owed"], found["words"]["hero"]) == (
        "Wield", "Geis sealed", "Owed to Fate", "hero")


def test_labels_need_a_token(live) -> None:
    """Without a token the labels are refused (401), like every campaign's reading."""
    assert httpx.get(f"{live}/api/labels", timeout=30).status_code == 401
