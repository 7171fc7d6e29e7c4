"""How 18Rhl's corporations are drawn is game data with one source: corporations.json's
``color`` and ``mark``. The colours and marks lived in render/rhl18_tiles.py while the data's
colour names ("green", "purple", ...) were stale: purple RhE is drawn lilac, red CME had a
hex code there that matched nothing drawn."""

from __future__ import annotations

import re
from pathlib import Path

from engine.rhl18 import data
from render.rhl18_tiles import CORP_COLOURS, CORP_MARKS

HEX = re.compile(r"#[0-9A-Fa-f]{6}")


def test_every_corporation_is_drawn_in_its_datas_colour_and_mark() -> None:
    corporations = data.corporations()
    assert set(CORP_MARKS) == set(corporations)
    for sym, corp in corporations.items():
        assert HEX.fullmatch(corp["color"]), (sym, corp["color"])
        assert CORP_COLOURS[sym] == corp["color"], sym
        assert CORP_MARKS[sym] == corp["mark"] and len(corp["mark"]) == 1, sym
    assert len({c["mark"] for c in corporations.values()}) == len(corporations)


def test_no_18rhl_picture_module_keeps_a_corporations_colour_of_its_own() -> None:
    colours = {c["color"].upper() for c in data.corporations().values()}
    render = Path(__file__).resolve().parent.parent / "render"
    for path in [*render.glob("rhl18*.py"), render / "turn_card.py", render / "card_scene.py"]:
        # card_scene's grey is other games' pieces and no one's, GVE's grey by chance
        other = {"#8A8A8A"} if path.name == "card_scene.py" else set()
        kept = {m.upper() for m in HEX.findall(path.read_text(encoding="utf-8"))} & colours
        kept -= other
        assert not kept, (path.name, kept)
