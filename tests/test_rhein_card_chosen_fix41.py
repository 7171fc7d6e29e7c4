"""The Rhein turn card frames what the acting seat's move is about (a transport carrying its
containers in Phase 3, the order under auction in Phase 1) in the card's choice blue with a
pointer left of it. It was framed in the pictures' pink, which on every board and card means
"changed since the last board", with no legend: a player read their own transport as the
one that had just changed. Pink and this blue are close under protanopia, so the pointer
(a form the changed mark never has) must be there too."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageColor
from rhein_helpers import GAME, at_reserve, board, fresh

import engine
from engine import ai
from render import turn_card
from render.common import HIGHLIGHT
from render.turn_card import CHOICE
from tests.colour_vision import at_phone_width
from tests.test_turn_card import card_view, draw

BLUE, PINK = ImageColor.getrgb(CHOICE), ImageColor.getrgb(HIGHLIGHT)


def _near(pixel: tuple[int, ...], want: tuple[int, ...], within: int = 40) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel[:3], want, strict=True)) < within


def _framed_and_pointed(png: bytes, title_box: tuple[float, ...]) -> tuple[bool, bool, bool]:
    """Whether the box holding the title is framed blue, framed pink, and has a blue pointer
    in the margin left of it."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    left = turn_card.MAP_BOX[0]
    rows = range(int(title_box[1]) - 6, int(title_box[3]) + 40)
    frame = [image.getpixel((x, y)) for x in range(left, left + 4) for y in rows]
    margin = [image.getpixel((x, y)) for x in range(2, left - 2) for y in rows]
    return (any(_near(p, BLUE) for p in frame), any(_near(p, PINK) for p in frame),
            any(_near(p, BLUE) for p in margin))


def _reserving(lang: str) -> tuple[bytes, list]:
    state = fresh(3, seed=2)
    state["auction"] = None
    board(state, "red-train", None, {1: 4})
    board(state, "black-ship", None, {0: 2, 1: 1, 2: 2})
    at_reserve(state)
    return draw("rhein", card_view(GAME, "rhein", state, 3, lang, GAME.view(state, None), []))


@pytest.mark.parametrize(("lang", "ours", "others"), [("en", "black Ship", "red Train"),
                                                      ("de", "schwarzes Schiff", "roter Zug")])
def test_the_transport_to_reserve_on_is_framed_blue_and_pointed_at(lang, ours, others) -> None:
    png, texts = _reserving(lang)
    mine = next(t for t in texts if t.text == ours)
    blue, pink, pointer = _framed_and_pointed(png, mine.box)
    assert blue and not pink and pointer, (blue, pink, pointer)
    theirs = next(t for t in texts if t.text == others)
    assert _framed_and_pointed(png, theirs.box) == (False, False, False)
    # the pointer is still there on a phone
    small = at_phone_width(Image.open(io.BytesIO(png)).convert("RGB"))
    scale = small.width / turn_card.WIDTH
    y = (mine.box[1] + mine.box[3]) / 2 + 16
    assert any(_near(small.getpixel((x, int(y * scale))), BLUE, 90) for x in range(1, 8))


def test_the_order_under_auction_is_framed_blue_and_pointed_at() -> None:
    game = engine.GAMES["rhein"]
    state = game.setup(3, {}, 4)
    for step in range(200):
        auction = game.view(state, None).get("auction") or {}
        if auction.get("bid") is not None and auction.get("card") is not None:
            break
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal", step))
    else:
        raise AssertionError("no auction under way")
    png, texts = draw("rhein", card_view(game, "rhein", state, 3, "en", game.view(state, None),
                                         []))
    title = next(t for t in texts if t.text.startswith(f"#{auction['card']} "))
    blue, pink, pointer = _framed_and_pointed(png, title.box)
    assert blue and not pink and pointer, (blue, pink, pointer)
