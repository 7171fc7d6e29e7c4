"""The Rhein text board said "1 containers in the warehouse" (code review): a count of one
reads in the singular, in both languages, as everywhere else in the bot."""

from __future__ import annotations

import pytest

from render.board_text import rhein

PLAYER = {"seat": 0, "capital": 30, "warehouse": 1, "trucks": {}, "orders": []}
VIEW = {"players": [PLAYER], "names": ["Anna"]}


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "1 container in the warehouse", "2 containers in the warehouse"),
    ("de", "1 Container im Lager", "2 Container im Lager"),
])
def test_one_container_in_the_warehouse_is_singular(lang: str, one: str, many: str) -> None:
    assert one in rhein._player(VIEW, PLAYER, lang)
    assert many in rhein._player(VIEW, {**PLAYER, "warehouse": 2}, lang)


@pytest.mark.parametrize(("lang", "text"), [("en", "1 container pays 5, 2 pay 9"),
                                            ("de", "1 Container bringt 5, 2 bringen 9")])
def test_an_order_for_one_container_is_singular(lang: str, text: str) -> None:
    assert rhein.order_options([[1, 5], [2, 9]], lang) == text
