"""What the full boards of Rhein, Rheinländer and Trödler mark by colour must still read for a
player without red, green or any colour vision, on a phone (the board 550 px wide):

- the 'changed' frame: its pink alone read as the Blue seat under protanopia (ΔE2000 2.6), as
  purple under deuteranopia (1.5) and vanished on a green owner's Rheinländer shade (0.8); its
  2 px dark inner line shrank under a pixel at 550 px. Dark dashes now break the pink band;
- a Rheinländer duchy without a duke against a green or purple owner's shade (ΔE 3.0 under
  deuteranopia, 1.1 in grey): it is hatched;
- Rheinländer space names on a duchy's shade (typed in moves: "27", "28R"): the river's blue
  name read at 2.64:1 on a blue owner's shade; they are now in ink.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import engine
from engine.rheinlaender import GAME as RHEINLAENDER
from engine.rheinlaender.board import get_board
from render import render_board
from render.rheinlaender import _label_box
from tests.colour_vision import KINDS, at_phone_width, contrast, luminance, pixels, simulate_image

CHANGED = {"rhein": "6", "troedler": "ruthven"}


def _picture(key: str, view: dict) -> Image.Image:
    return Image.open(io.BytesIO(render_board(key, view))).convert("RGB")


def _rheinlaender_view(lang: str) -> dict:
    """Green owns L30-L31, Blue T26 and the river R26-R27, Orange's L40-L41 have no duke."""
    state = RHEINLAENDER.setup(4, {}, seed=9)
    state["knights"] = {"L30": 2, "L31": 2, "T26": 1, "R26": 1, "R27": 1, "L40": 0, "L41": 0}
    state["dukes"] = [{"owner": 2, "anchor": "L30", "figure": None},
                      {"owner": 1, "anchor": "T26", "figure": None}]
    return {**RHEINLAENDER.view(state, None), "lang": lang}


def _owners(view: dict) -> dict[str, int | None]:
    return {space: duchy["owner"] for duchy in view["duchies"] for space in duchy["spaces"]}


def _framed(key: str, view: dict, places: list[str]) -> tuple[Image.Image, Image.Image]:
    """The board with ``places`` framed, and where the frame drew (a mask), both at 550 px."""
    plain = _picture(key, view)
    framed = _picture(key, {**view, "changed": {"places": places}})
    drawn = ImageChops.difference(plain, framed).convert("L").point(lambda v: 255 if v else 0)
    # the frames on the map, not the legend's swatch
    keep = Image.new("L", drawn.size, 0)
    for left, top, right, bottom in (_region(key, view, place) for place in places):
        keep.paste(255, (int(left) - 16, int(top) - 16, int(right) + 16, int(bottom) + 16))
    drawn = ImageChops.multiply(drawn, keep)
    small = at_phone_width(framed)
    mask = drawn.resize(small.size, Image.Resampling.BOX)
    return small, mask


def _region(key: str, view: dict, place: str) -> tuple[float, float, float, float]:
    """Where ``place`` is on ``key``'s board."""
    if key == "troedler":
        from render.troedler import POSITIONS, VILLAGE_R

        x, y = POSITIONS[place]
        return (x - VILLAGE_R, y - VILLAGE_R, x + VILLAGE_R, y + VILLAGE_R)
    if key == "rhein":
        from render import rhein

        x, bottom = rhein.x_of(int(place)), rhein.plan(view, "en").lying[1]
        return (x, 0, x + rhein.width_of(int(place)), bottom)
    poly = get_board().spaces[place]["poly"]
    return (min(x for x, _ in poly), min(y for _, y in poly), max(x for x, _ in poly),
            max(y for _, y in poly))


def _dark_share(small: Image.Image, mask: Image.Image, kind: str) -> float:
    """The share of the frame's pixels at 550 px (those it covers wholly) that ``kind`` sees
    near black: a dark part of the frame that no colour vision loses."""
    seen = simulate_image(small, kind)
    inside = [p for p, m in zip(pixels(seen), pixels(mask), strict=True) if m >= 250]
    assert len(inside) > 20, "the frame is drawn"
    return sum(luminance(p) < 0.02 for p in inside) / len(inside)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("key", sorted(CHANGED))
def test_the_changed_frame_has_a_dark_part_at_phone_width(key, kind):
    game = engine.GAMES[key]
    view = {**game.view(game.setup(4, {}, seed=5), None), "lang": "en"}
    small, mask = _framed(key, view, [CHANGED[key]])
    assert _dark_share(small, mask, kind) >= 0.15, (key, kind)


@pytest.mark.parametrize("kind", KINDS)
def test_the_changed_frame_shows_on_a_green_owned_rheinlaender_space(kind):
    view = _rheinlaender_view("en")
    assert _owners(view)["L31"] == 2
    small, mask = _framed("rheinlaender", view, ["L31", "R27"])
    assert _dark_share(small, mask, kind) >= 0.15, kind


def _space_pixels(image: Image.Image, space: str) -> list[tuple[int, int, int]]:
    """The pixels well inside a space, away from its name and its knight."""
    board = get_board()
    poly = board.spaces[space]["poly"]
    cx = sum(x for x, _ in poly) / len(poly)
    label = _label_box(board, space)
    left, right = min(x for x, _ in poly) + 6, max(x for x, _ in poly) - 6
    top, bottom = min(y for _, y in poly) + 6, max(y for _, y in poly) - 6
    out = []
    for y in range(int(top), int(bottom)):
        for x in range(int(left), int(right)):
            near_label = label[0] - 4 <= x <= label[2] + 4 and label[1] - 4 <= y <= label[3] + 4
            if not near_label and abs(x - cx) > 24:  # a knight stands at the middle
                out.append(image.getpixel((x, y)))
    return out


@pytest.mark.parametrize("kind", ["deut", "grey"])
def test_a_duchy_without_a_duke_is_told_from_an_owned_one_without_colour(kind):
    """Under deuteranopia and in grey an owned duchy's shade is one flat colour and an
    unowned one's has a pattern of marks darker than its shade."""
    view = _rheinlaender_view("en")
    owners = _owners(view)
    assert owners["L40"] is None and owners["L30"] == 2
    seen = simulate_image(_picture("rheinlaender", view), kind)
    for space, patterned in (("L40", True), ("L41", True), ("L30", False), ("L31", False)):
        found = _space_pixels(seen, space)
        shade = max(set(found), key=found.count)
        darker = sum(contrast(p, shade) >= 1.8 and luminance(p) < luminance(shade)
                     for p in found)
        assert (darker / len(found) >= 0.15) == patterned, (space, kind, darker / len(found))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_space_names_on_a_duchys_shade_read_at_4_5_to_1(lang):
    """Every name on a shaded space (land and river, every owner and none) against its shade."""
    view = _rheinlaender_view(lang)
    board = get_board()
    image = _picture("rheinlaender", view)
    owners = _owners(view)
    assert {board.spaces[s]["kind"] for s in owners} == {"land", "river"}
    for space in owners:
        if board.spaces[space]["kind"] == "realm":
            continue
        box = _label_box(board, space)
        crop = image.crop((int(box[0]), int(box[1]), int(box[2]) + 1, int(box[3]) + 1))
        found = pixels(crop)
        shade = max(set(found), key=found.count)
        ink = min(found, key=luminance)
        assert contrast(ink, shade) >= 4.5, (space, owners[space], contrast(ink, shade))
