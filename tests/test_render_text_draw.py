"""The one text-drawing helper: every renderer draws its words through render.text_draw."""

import ast
import io
from pathlib import Path

from PIL import Image

from engine import GAMES
from render import render_board
from render.text_draw import DrawnText, recording

RENDER_DIR = Path(__file__).resolve().parent.parent / "render"
# Every renderer draws through text_draw (18Rhl's pictures since issue 14, item 3).
NOT_YET: set[str] = set()


def pillow_text_calls(path: Path) -> list[int]:
    """Lines where a module calls ImageDraw's ``.text(...)`` itself."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "text" and node.args]


def test_only_text_draw_calls_pillow_text():
    for path in sorted(RENDER_DIR.glob("*.py")):
        if path.name in NOT_YET or path.name == "text_draw.py":
            continue
        assert pillow_text_calls(path) == [], path.name


def test_recording_sees_every_board_text_with_its_box_on_the_picture():
    for key in ("rhein", "rheinlaender", "troedler"):
        game = GAMES[key]
        view = game.view(game.setup(3, {}, seed=5), None)
        with recording() as texts:
            png = render_board(key, view)
        size = Image.open(io.BytesIO(png)).size
        assert len(texts) > 20, key
        # a cached layer may be taller than the picture cut from it, never wider
        assert all(isinstance(t, DrawnText) and t.image_size[0] == size[0] for t in texts), key
        for drawn in texts:
            left, top, right, bottom = drawn.box
            assert left < right and top < bottom, drawn
        # the cached static layer is drawn again inside a recording, so a second picture
        # records the same texts rather than only the moving parts
        with recording() as again:
            render_board(key, view)
        assert sorted(t.text for t in again) == sorted(t.text for t in texts), key


def test_what_the_font_cannot_draw_is_left_out():
    """DejaVu Sans has no CJK or emoji: a display name of them was drawn as a row of empty
    boxes. Such characters are left out (a name of nothing else is no name to the pictures,
    which then say the seat by its colour or number)."""
    from render.text_draw import drawable, text_width

    assert drawable("Zoë Ødegaard, Анна · 3 → 16 ★") == "Zoë Ødegaard, Анна · 3 → 16 ★"
    assert drawable("Anna 🎲") == "Anna"
    assert drawable("李明") == ""
    assert drawable("👨\u200d👩\u200d👧 Bo") == "Bo"
    assert drawable("李明 bietet 0") == "bietet 0"
    assert drawable("3 → 16   4 → 20") == "3 → 16   4 → 20"  # spacing kept where nothing goes
    assert text_width("Anna 🎲", 20) == text_width("Anna", 20)  # measured as drawn
