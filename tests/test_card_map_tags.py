"""Name tags on the turn card's small map: a tag names a changed place beside it without
hiding what lies around it (goods, carts, knights, tokens, another village), and Trödler's
card names the village where the acting player's cart stands, changed or not.

Before, a tag took the first spot beside its place that no other tag held, whatever lay
under it: on Trödler's card about one good in ten ended under a tag, on the other games'
cards about one piece in twenty; and a player planning a drive read the name of their own
village only when it had changed.
"""

from __future__ import annotations

import functools
from unittest import mock

import pytest
from PIL import Image, ImageChops, ImageColor, ImageDraw

from render import changes, turn_card
from render.card_scene import Place, Scene, scene
from render.common import HIGHLIGHT, HIGHLIGHT_EDGE
from render.text_draw import recording
from tests.test_turn_card import sampled_cards

PANEL = (turn_card.MAP_BOX[2] - turn_card.MAP_BOX[0], turn_card.MAP_BOX[3] - turn_card.MAP_BOX[1])
GOOD = "#2E8B57"


def square(x: float, y: float, side: float, fill: str = GOOD, label: str = "good") -> Place:
    return Place(label, ((x, y), (x + side, y), (x + side, y + side), (x, y + side)), 0, fill,
                 "#202020", thing=True)


def village(x: float, y: float, label: str) -> Place:
    return Place(label, ((x, y),), 9, "#FFFFFF", "#202020", thing=True)


def small_map(drawn: Scene, changed: list[str]) -> tuple[Image.Image, list]:
    """The card's map panel alone; a scene the panel's size is drawn at one card pixel per
    scene pixel, from the panel's corner."""
    image = Image.new("RGB", (turn_card.WIDTH, turn_card.HEIGHT), turn_card.BACKGROUND)
    with recording() as texts:
        turn_card._small_map(image, ImageDraw.Draw(image), drawn, changed)
    return image, texts


def on_card(box: tuple[float, ...]) -> tuple[float, ...]:
    left, top = turn_card.MAP_BOX[:2]
    return (box[0] + left, box[1] + top, box[2] + left, box[3] + top)


def shown(image: Image.Image, box: tuple[float, ...], colour: str) -> float:
    """The share of the box's inside (2 px in from its edge) still in ``colour``."""
    rgb = ImageColor.getrgb(colour)
    left, top, right, bottom = (round(v) for v in box)
    pixels = [image.getpixel((x, y)) for x in range(left + 2, right - 2)
              for y in range(top + 2, bottom - 2)]
    return sum(pixel == rgb for pixel in pixels) / len(pixels)


def tag_of(texts: list, label: str) -> tuple[int, int, int, int]:
    (box,) = [t.box for t in texts if t.text == label]
    return box


def meets(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_a_tag_leaves_a_neighbours_goods_visible_when_another_side_is_free():
    # a village's goods right above the changed one, where its tag went first
    places = {"here": village(260, 260, "Glenmore")}
    for index in range(3):
        places[f"above/{index}"] = square(222 + index * 26, 200, 22)
    image, texts = small_map(Scene(PANEL, "#EEF0E6", places, zoom=False), ["here"])
    for key in ("above/0", "above/1", "above/2"):
        box = on_card(places[key].box())
        assert shown(image, box, GOOD) > 0.95, key
        assert not meets(tag_of(texts, "Glenmore"), box)


def test_a_tag_leaves_carts_and_pieces_beside_its_place_visible():
    places = {"here": village(260, 260, "Lochaven")}
    carts = [(260, 220, 10, "#E69F00"), (300, 260, 10, "#56B4E9"), (220, 260, 10, "#009E73")]
    image, texts = small_map(Scene(PANEL, "#EEF0E6", places, pieces=carts, zoom=False),
                             ["here"])
    for x, y, r, colour in carts:
        box = on_card((x - r, y - r, x + r, y + r))
        assert shown(image, (box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4), colour) > 0.95
        assert not meets(tag_of(texts, "Lochaven"), box)


def test_a_tag_does_not_sit_nearer_another_village_than_its_own():
    # the village right of the map's edge leaves no room above for a tag centred on it, and
    # one pushed left would stand over the neighbour, reading as its name
    places = {"here": village(470, 120, "Ballindrum"), "next": village(320, 120, "Bracklin")}
    _image, texts = small_map(Scene(PANEL, "#EEF0E6", places, zoom=False), ["here"])
    tag = tag_of(texts, "Ballindrum")
    here, neighbour = on_card(places["here"].box()), on_card(places["next"].box())

    def gap(box: tuple[float, ...]) -> float:
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        dx = max(tag[0] - cx, 0, cx - tag[2])
        dy = max(tag[1] - cy, 0, cy - tag[3])
        return (dx * dx + dy * dy) ** 0.5

    assert gap(here) < gap(neighbour)


def test_the_line_to_a_tag_leaves_the_piece_in_the_middle_of_its_place_visible():
    # a knight stands in the middle of its space: the line starts at the space's edge
    space = Place("27L", ((200, 200), (270, 200), (270, 250), (200, 250)), 0, "#E2E7CF",
                  "#7E8F63")
    knight = (235, 225, 12, "#F0E442")
    image, _texts = small_map(Scene(PANEL, "#F3EEDF", {"27L": space}, pieces=[knight],
                                    zoom=False), ["27L"])
    x, y, r, colour = knight
    box = on_card((x - r, y - r, x + r, y + r))
    assert shown(image, (box[0] + 5, box[1] + 5, box[2] - 5, box[3] - 5), colour) > 0.95


def names_on_map(texts: list, drawn: Scene) -> set[str]:
    """The texts in the map but the pieces' seat letters."""
    left, top, right, bottom = turn_card.MAP_BOX
    letters = set(drawn.letters.values())
    return {t.text for t in texts if left <= t.box[0] and t.box[2] <= right and
            top <= t.box[1] and t.box[3] <= bottom and t.text not in letters}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_troedlers_card_names_the_village_of_the_acting_players_cart(lang):
    checked = unchanged = 0
    for players in (2, 4):
        for _state, view in sampled_cards("troedler", players, lang,
                                          samples=tuple(range(5, 120, 9))):
            if turn_card.choice_panel("troedler", view) is not None:
                continue
            drawn = scene("troedler", view)
            with recording() as texts:
                turn_card.draw_card("troedler", view)
            acting = set(view["card"]["acting"])
            own = {p["cart"] for p in view["players"] if p["seat"] in acting}
            changed = set(changes.places(view["card"]["changed"]))
            named = names_on_map(texts, drawn)
            for key in own:
                assert drawn.places[key].label in named, (key, named)
            # the others still only when they changed
            assert named <= {drawn.places[key].label for key in own | changed}
            unchanged += bool(own - changed)
            checked += 1
    assert checked and unchanged


def frame_colour(image: Image.Image, text: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The colour of a tag's frame: the first pixel above its name neither white nor the
    highlight's dark inner line (a changed place's tag wears the highlight whole)."""
    x = (text[0] + text[2]) // 2
    inner = ImageColor.getrgb(HIGHLIGHT_EDGE)
    for y in range(text[1] - 1, text[1] - 20, -1):
        if image.getpixel((x, y)) not in ((255, 255, 255), inner):
            return image.getpixel((x, y))
    raise AssertionError("no frame above the name")


def test_the_acting_players_village_is_named_in_a_quieter_tag_than_a_change():
    places = {"own": village(260, 300, "Ruthven"), "moved": village(120, 160, "Drumlee")}
    drawn = Scene(PANEL, "#EEF0E6", places, zoom=False, tagged=["own"])
    image, texts = small_map(drawn, ["moved"])
    highlight = ImageColor.getrgb(HIGHLIGHT)
    assert frame_colour(image, tag_of(texts, "Drumlee")) == highlight
    assert frame_colour(image, tag_of(texts, "Ruthven")) == ImageColor.getrgb(turn_card.INK)


def mapping(window: tuple[float, ...]):
    """Board to card pixels for a map showing ``window``, and the scale."""
    box = turn_card.MAP_BOX
    scale = (box[2] - box[0]) / (window[2] - window[0])

    def at(x: float, y: float) -> tuple[float, float]:
        return (box[0] + (x - window[0]) * scale, box[1] + (y - window[1]) * scale)

    return at, scale


def card_mapping(key: str, view: dict):
    """A card's scene and the board-to-card mapping of its map (:func:`mapping`)."""
    drawn = scene(key, view)
    return (drawn, *mapping(turn_card._window(drawn, changes.places(view["card"]["changed"]),
                                              turn_card.MAP_BOX)))


def uncovered(key: str, players: int, seed: int, samples: tuple[int, ...]
              ) -> tuple[int, int]:
    """(things drawn in the map, things of them mostly hidden): goods squares, and pieces
    that are not white (a white tag over a white token would not show)."""
    drawn_count = hidden = 0
    for _state, view in sampled_cards(key, players, "en", seed=seed, samples=samples):
        if turn_card.choice_panel(key, view) is not None:
            continue
        drawn, at, scale = card_mapping(key, view)
        image = turn_card.draw_card(key, view)
        # a seat's letter lies in its dot: a dot is hidden where the tags changed it
        plain = untagged(key, view) if key == "troedler" or drawn.letters else None
        box = turn_card.MAP_BOX
        marks = []
        for place in drawn.places.values():
            if key == "troedler" and not place.radius:  # a good's square, its glyph in it
                left, top, right, bottom = place.box()
                marks.append(((*at(left, top), *at(right, bottom)), None))
        # the top one, as big as the card draws it (a seat's to hold its letter)
        last = {(x, y): (r, colour, letter) for x, y, r, colour, letter in turn_card.dots(
            drawn, lambda p, at=at: at(*p), scale, *box[2:], box[:2])}
        for (cx, cy), (r, colour, letter) in last.items():
            if colour.upper() != "#FFFFFF":
                r *= 0.6
                marks.append(((cx - r, cy - r, cx + r, cy + r), None if letter else colour))
        for (left, top, right, bottom), colour in marks:
            if left >= box[0] + 2 and top >= box[1] + 2 and right <= box[2] - 2 and \
                    bottom <= box[3] - 2:
                drawn_count += 1
                mark = (left, top, right, bottom)
                seen = kept(image, plain, mark) if colour is None else shown(image, mark, colour)
                hidden += seen < 0.6
    return drawn_count, hidden


def untagged(key: str, view: dict) -> Image.Image:
    """The card without its name tags: a good's square as it is when no tag lies on it (its
    glyph leaves too little of it in its fill colour for ``shown``)."""
    with mock.patch.object(turn_card, "_labels", lambda *args: []):
        return turn_card.draw_card(key, view)


def kept(image: Image.Image, plain: Image.Image, box: tuple[float, ...]) -> float:
    """The share of the box's inside (2 px in from its edge) as it is without tags."""
    left, top, right, bottom = (round(v) for v in box)
    inside = (left + 2, top + 2, max(left + 2, right - 2), max(top + 2, bottom - 2))
    area = (inside[2] - inside[0]) * (inside[3] - inside[1])
    # a pixel is as without tags where no band differs: counted over the crops at once
    # (pixel by pixel, this check was most of the test's time)
    differs = [band.point(lambda v: 255 if v else 0) for band in ImageChops.difference(
        image.crop(inside), plain.crop(inside)).split()]
    return functools.reduce(ImageChops.lighter, differs).histogram()[0] / area


@pytest.mark.parametrize(("key", "players", "samples"), [
    ("troedler", 3, tuple(range(5, 200, 5))),
    ("troedler", 4, tuple(range(5, 200, 5))),
    ("rheinlaender", 4, tuple(range(10, 150, 4))),
    ("18rhl", 4, tuple(range(150, 600, 9))),
])
def test_name_tags_hide_hardly_any_goods_or_pieces(key, players, samples):
    # a good or piece still ends under a tag where every spot near its place hides one
    # (before: 5 to 11 in a hundred of these)
    drawn_count, hidden = uncovered(key, players, 1, samples)
    assert drawn_count > 100
    assert hidden / drawn_count < 0.02, (hidden, drawn_count)


# A review's German table, turn 37 (seed 3): Bert's knight on 44 left, Bot 1's on 21 right and
# its bastion on 23 right since the card before. The "23R" tag lay on river cells 25 and 24,
# their numbers giving way to it: the row read "29 28 27 26 [23R] 23 22 21".
REVIEW_KNIGHTS = {
    "L48": 0, "O22": 0, "T43": 1, "T46": 2, "O21": 2, "L3": 0, "O1": 0, "T42": 1, "L51": 2,
    "T40": 0, "O17": 0, "L7": 1, "L52": 2, "L9": 0, "L6": 1, "L53": 2, "L10": 0, "T24": 1,
    "T50": 2, "O23": 2, "T4": 0, "T25": 1, "T15": 2, "T5": 0, "T8": 1, "T14": 2, "L23": 0,
    "T9": 1, "T28": 2, "O13": 2, "L22": 0, "T52": 1, "L33": 2, "T41": 0, "T53": 1, "L32": 2,
    "T34": 0, "L26": 1, "O12": 1, "T22": 2, "T33": 0}


def other_cells(drawn: Scene, at, own: str) -> dict[str, list[tuple[float, float]]]:
    """The map's spaces but ``own``, as corners on the card."""
    return {key: [at(*p) for p in place.points] for key, place in drawn.places.items()
            if key != own and not place.thing}


def middle(box: tuple[float, ...]) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_bank_space_is_tagged_off_the_river_cells_beside_it(lang):
    import engine
    from tests.test_turn_card import card_view

    game = engine.GAMES["rheinlaender"]
    state = game.setup(3, {}, seed=3)
    state["knights"], state["bastions"] = dict(REVIEW_KNIGHTS), {"L8": 1}
    before = game.view(state, None)
    state["knights"].update({"L44": 1, "T21": 2})
    state["bastions"]["T23"] = 2
    view = card_view(game, "rheinlaender", state, 3, lang, before,
                     [{"seat": 2, "text": "Bot 1 places a bastion on 23 right."}])
    drawn, at, _scale = card_mapping("rheinlaender", view)
    with recording() as texts:
        turn_card.draw_card("rheinlaender", view)
    tag = tag_of(texts, "23R")
    assert not [key for key, cell in other_cells(drawn, at, "T23").items()
                if turn_card._inside(middle(tag), cell)]
    numbers = {t.text for t in texts if not t.bold}
    assert {"24", "25", "26"} <= numbers  # the river's own numbers beside it stay


def test_a_tag_rarely_lies_on_another_space_where_it_reads_as_that_ones_name():
    """Over a game's cards, a tag's middle lies on another space's cell only where every
    spot near its place is taken (before: more than half of the tags)."""
    tags = on_cells = 0
    for players, lang in ((3, "de"), (5, "en")):
        for _state, view in sampled_cards("rheinlaender", players, lang, seed=3,
                                          samples=tuple(range(4, 120, 5))):
            drawn, at, _scale = card_mapping("rheinlaender", view)
            with recording() as texts:
                turn_card.draw_card("rheinlaender", view)
            own = {place.label: key for key, place in drawn.places.items()}
            for text in texts:
                if not text.bold or text.text not in own or \
                        not turn_card.MAP_BOX[0] < text.box[0] < turn_card.MAP_BOX[2]:
                    continue
                tags += 1
                on_cells += any(turn_card._inside(middle(text.box), cell) for cell in
                                other_cells(drawn, at, own[text.text]).values())
    assert tags > 40
    assert on_cells / tags < 0.05, (on_cells, tags)
