"""The Rhein board's final header names the winner the ranking below it names: with equal
Capital more fulfilled orders win (R56), and the header named the loser as co-winner
("Partie beendet: Bot 1 (Grün), Bot 2 (Gelb) mit dem besten Endkapital, 61" above
"1. Bot 2 (Gelb): 61 … 5 erfüllt / 2. Bot 1 (Grün): 61 … 4 erfüllt")."""
from __future__ import annotations

from rhein_helpers import GAME, fresh

from render import rhein as board_picture


def _over(final: dict) -> dict:
    view = GAME.view(fresh(3), None)
    view.update(step="over", final=final,
                seats=[{"seat": seat, "name": name} for seat, name in
                       enumerate(["Anna", "Bert", "Carla"])])
    return view


def _entry(score: int, fulfilled: int) -> dict:
    return {"score": score, "fulfilled": fulfilled, "capital": score, "penalties": 0,
            "aboard": 0, "mortgages": 0}


def test_more_fulfilled_orders_break_the_tie_in_the_header_too():
    view = _over({"0": _entry(61, 4), "1": _entry(61, 5), "2": _entry(40, 6)})
    for lang in ("en", "de"):
        line = board_picture.status_text(view, lang)
        assert "Bert" in line and "Anna" not in line and "Carla" not in line, line
        assert "61" in line, line
        first = [row for row in board_picture.ranking(view) if row["rank"] == 1]
        assert [row["seat"] for row in first] == [1]


def test_a_true_tie_names_both():
    view = _over({"0": _entry(61, 5), "1": _entry(61, 5), "2": _entry(40, 6)})
    line = board_picture.status_text(view, "en")
    assert "Anna" in line and "Bert" in line and "Carla" not in line, line
