"""The turn card: a small landscape picture posted with every turn prompt, made to be read
inline on a phone (Discord shows it about 550 px wide).

``render(game_key, view) -> PNG bytes`` draws from the public view (``game.view(state,
None)`` with the service's ``lang`` and ``seats``) plus ``view["card"]``:

- ``acting``: the seats to act now;
- ``moves``: the moves since the previous card, oldest first, each ``{"seat", "text"}`` with
  the text already in the table's language (the log lines the channel read);
- ``earlier``: how many older moves since then did not fit (the card says how many);
- ``changed``: ``{"places": [...]}`` from :func:`render.changes.touched`;
- ``first``: no card came before (the game has just begun).

Layout: a banner (whose turn, their seat colour, what they must do now), a simplified board
cropped to what changed with those places outlined in the shared highlight (Rheinländer's
with the numbers of its free spaces, which moves name), the moves since the previous card,
and the standings that matter now. Every text is at least 2.6 % of the card's width, so it
stays 14 px high on a phone.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from engine import text as texts
from render import card_scene, changes, highlight, rhein, rhein_card, rhl18_card, troedler_card
from render.card_scene import Place, Scene
from render.card_text import CHOICE, INK, LINE, MUTED, SMALL, fit, wrap
from render.common import (
    HIGHLIGHT,
    font,
    text_colour_on,
    to_png,
)
from render.move_pieces import GAP, cut_entry, decisive_said
from render.player_names import with_colour
from render.rhl18_company_box import depot_trains
from render.rhl18_tiles import CORP_COLOURS, CORP_MARKS
from render.text_draw import draw_text, text_width, unrecorded

texts.register("render.locales")

WIDTH, HEIGHT = 1000, 620
NAME = 36
TASK = 28
BANNER = 116
MAP_BOX = (16, BANNER + 12, 536, HEIGHT - 16)
COLUMN = (556, BANNER + 10, WIDTH - 16, HEIGHT - 12)
NAME_LEAST = 110  # px of a standings row kept for the name, however long the numbers
BACKGROUND = "#FBF8EF"


def say(lang: str, key: str, **values: Any) -> str:
    return texts.render(f"render.card.{key}", values, lang)


def render(game_key: str, view: dict) -> bytes:
    """The turn card of ``game_key``'s public ``view`` (see the module's docstring)."""
    return to_png(draw_card(game_key, view))


def draw_card(game_key: str, view: dict) -> Image.Image:
    lang = texts.language(view.get("lang", texts.DEFAULT))
    card = view.get("card") or {}
    rows = standings(game_key, view, lang)
    height = card_height(game_key, view, lang, len(rows))
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _banner(draw, game_key, view, card, lang)
    panel = choice_panel(game_key, view)
    if panel is not None:
        panel(draw, view, (*MAP_BOX[:3], height - 16), lang)
    elif (scene := card_scene.scene(game_key, view)) is not None:
        if game_key == "rheinlaender":
            _mark_realms(scene, view)
        _small_map(image, draw, scene, changes.places(card.get("changed")))
    top = height - 12 - (LINE + 4) - LINE * len(rows) - 8  # the standings sit at the bottom
    moves_end = top
    if game_key == "18rhl":
        from render import rhl18_company_box

        # the operating corporation's money, trains and stations decide the seat's move more
        # than older moves do; the moves keep their heading and two lines whatever it takes
        room = (COLUMN[0], COLUMN[1] + 3 * LINE + 4, COLUMN[2], top)
        moves_end = rhl18_company_box.draw_box(draw, view, lang, room)
        if moves_end == top:  # a stock round: what the seat holds decides its buy
            moves_end = rhl18_card.draw_holdings(draw, view, lang, room)
    _moves(draw, game_key, view, card, lang, COLUMN[1],
           int((moves_end - COLUMN[1]) // LINE) - 1)
    _standings(draw, game_key, view, lang, rows, top + 8)
    return image


def card_height(game_key: str, view: dict, lang: str, standings_rows: int) -> int:
    """HEIGHT, or taller in 18Rhl's stock round as far as its table needs (a started
    corporation's cash and trains take a second line) and the right column needs for the
    moves' heading and two lines, the seat's certificates and the standings."""
    if game_key != "18rhl" or rhl18_card.round_kind(view) != "stock":
        return HEIGHT
    table = MAP_BOX[1] + rhl18_card.panel_height(view) + 16
    column = COLUMN[1] + 3 * LINE + 4 + \
        rhl18_card.holdings_height(view, lang, COLUMN[2] - COLUMN[0]) + \
        8 + LINE + 4 + LINE * standings_rows + 12
    return max(HEIGHT, math.ceil(max(table, column)))


# == Rheinländer's realms on the small map ===================================================
# Cities, castles and churches were discs told apart by their fill alone (a castle's tan and a
# city's yellow close under deuteranopia, every one grey to some) and a city showed no value:
# each takes the board's mark, a city its value, a church a cross, a castle a tower.
def _mark_realms(scene: Scene, view: dict) -> None:
    realms = view.get("realms") or {}
    for key, place in list(scene.places.items()):
        kind = (realms.get(key) or {}).get("kind")
        if place.radius and kind in ("city", "church", "castle"):
            value = str((realms.get(key) or {}).get("value", ""))
            mark = partial(_realm_mark, kind=kind, value=value, fill=place.fill,
                           outline=place.outline)
            scene.places[key] = replace(place, glyph=mark)


REALM_MARK_R = 11  # the least radius of a realm's disc with its mark: a city's value 16 px


def _realm_mark(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], kind: str,
                value: str, fill: str, outline: str) -> None:
    """A realm's mark in its disc's ``box``, in ink; a disc too small for it (the whole
    board's 7 px) grows to REALM_MARK_R around its centre (realms stand apart off the banks)."""
    left, top, right, bottom = box
    cx, cy, r = (left + right) / 2, (top + bottom) / 2, (right - left) / 2
    if r < REALM_MARK_R:
        r = REALM_MARK_R
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=2)
    if kind == "city":
        size = max(9, round(r * 1.5))
        with unrecorded():  # a mark in its disc, not a text the card's layout places
            draw_text(draw, (cx, cy + 1), value, size, bold=True, fill=INK, anchor="mm")
    elif kind == "church":
        arm, line = r * 0.62, max(2, round(r / 4))
        draw.line((cx, cy - arm, cx, cy + arm), fill=INK, width=line)
        draw.line((cx - arm * 0.65, cy - arm * 0.3, cx + arm * 0.65, cy - arm * 0.3), fill=INK,
                  width=line)
    else:  # a tower: a block with three merlons
        half = r * 0.5
        merlon = half * 2 / 5
        draw.rectangle((cx - half, cy - half * 0.4, cx + half, cy + half * 1.1), fill=INK)
        for index in (0, 2, 4):
            x = cx - half + index * merlon
            draw.rectangle((x, cy - half * 1.1, x + merlon, cy - half * 0.4), fill=INK)


# == text that fits =========================================================================
def choice_panel(game_key: str, view: dict) -> Callable[..., None] | None:
    """What takes the small map's place while the seat chooses among things the map does
    not show (Trödler's dealer piles, Rhein's Orders List and transports, 18Rhl's auction
    and shares)."""
    if game_key == "troedler" and view.get("piles"):
        return troedler_card.draw_piles
    if game_key == "rhein" and view.get("phase") == 1 and view.get("orders_list"):
        return rhein_card.draw_orders
    if game_key == "rhein" and view.get("phase") in (2, 3) and view.get("transports"):
        return rhein_card.draw_transports
    if game_key == "rhein" and (view.get("phase") == 4 and view.get("stop") or
                                view.get("phase") == 5 and view.get("fulfil_city") is not None):
        return rhein_card.draw_own_orders
    if game_key == "18rhl" and rhl18_card.shows_choice(view):
        return rhl18_card.draw_choice
    return None


def swatch(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
           colour: str, letter: str = "") -> None:
    """A seat's colour square, with the seat's letter in it (colour is never the only cue:
    sky blue and blue, orange and yellow tell apart badly)."""
    draw.rounded_rectangle(box, radius=max(3, (box[2] - box[0]) // 6), fill=colour,
                           outline=INK, width=2)
    if letter:
        # regular weight: a bold one would read as the start of the bold name beside it
        draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), letter, SMALL,
                  fill=text_colour_on(colour), anchor="mm")


LETTER_R = 15.0  # a seat's piece on the map: room for its letter at SMALL, as all card text


def letter_radius(letter: str) -> float:
    """The least radius of a dot holding ``letter`` at SMALL (German Rhein's are two)."""
    return max(LETTER_R, text_width(letter, SMALL, True) / 2 + 4)


Dot = tuple[float, float, float, str, str]  # x, y, radius, colour, letter ("" for none)


def dots(scene: Scene, at: Callable[[Point], Point], scale: float, right: float,
         bottom: float, corner: Point = (0.0, 0.0)) -> list[Dot]:
    """The scene's pieces as the map draws them, ``at`` placing them in a frame from
    ``corner`` to (``right``, ``bottom``). A seat's piece grows to hold its letter where the
    bigger dot stays whole in the frame and clear of every other piece; where it would not
    (a zoomed-out view's neighbouring knights, a crowded river cell) it keeps its own size
    and no letter, as two letters over each other read as neither."""
    plain, big, letters = [], [], []
    for index, (x, y, r, _colour) in enumerate(scene.pieces):
        cx, cy = at((x, y))
        radius = max(6.0, r * scale)  # a piece stays visible on the smallest scale
        letter = scene.letters.get(index, "")
        grown = max(radius, letter_radius(letter)) if letter else radius
        if not (corner[0] + grown <= cx <= right - grown and
                corner[1] + grown <= cy <= bottom - grown):
            letter, grown = "", radius  # a cut dot keeps no letter
        plain.append((cx, cy, radius))
        big.append((cx, cy, grown))
        letters.append(letter)

    def clear(index: int, sizes: list[tuple[float, float, float]]) -> bool:
        x, y, r = big[index]
        # pieces on one centre are one piece drawn in layers (the acting cart's ring)
        return all(math.dist((x, y), (ox, oy)) >= r + other
                   for other_index, (ox, oy, other) in enumerate(sizes)
                   if other_index != index and (ox, oy) != (x, y))

    kept = [bool(letter) and clear(index, big) for index, letter in enumerate(letters)]
    sizes = [big[i] if kept[i] else plain[i] for i in range(len(big))]
    for index, letter in enumerate(letters):  # of two that met, one may keep its letter
        if letter and not kept[index] and clear(index, sizes):
            kept[index], sizes[index] = True, big[index]
    return [(x, y, r, scene.pieces[index][3], letters[index] if kept[index] else "")
            for index, (x, y, r) in enumerate(sizes)]


# == banner =================================================================================
def seat_name(view: dict, seat: int, lang: str) -> str:
    for entry in view.get("seats") or []:
        if entry.get("seat") == seat and entry.get("name"):
            return str(entry["name"])
    return say(lang, "seat", number=seat + 1)


def seat_colour_word(view: dict, seat: int, lang: str) -> str:
    for entry in view.get("seats") or []:
        if entry.get("seat") == seat and entry.get("colour"):
            key = f"render.card.colour.{str(entry['colour']).lower()}"
            return texts.render(key, {}, lang) if texts.has(key) else str(entry["colour"])
    return ""


def _game_colour(game_key: str, view: dict, seat: int) -> str | None:
    """The engine's own colour name of a seat, for views the service did not add seats to."""
    for player in view.get("players") or []:
        if isinstance(player, dict) and player.get("seat") == seat and player.get("colour"):
            return str(player["colour"])
    if game_key == "rheinlaender":
        return ("orange", "blue", "green", "yellow", "purple")[seat % 5]
    return None


def letter_of(game_key: str, view: dict, seat: int | None) -> str:
    """The seat's letter as the game's full board marks its pieces."""
    if seat is None:
        return ""
    return card_scene.seat_letter(game_key, view, seat, _game_colour(game_key, view, seat))


def colour_of(game_key: str, view: dict, seat: int | None) -> str:
    if seat is None:
        return "#BBBBBB"
    return card_scene.seat_colour(view, seat, _game_colour(game_key, view, seat))


def _banner(draw: ImageDraw.ImageDraw, game_key: str, view: dict, card: dict,
            lang: str) -> None:
    acting = [s for s in card.get("acting") or [] if isinstance(s, int)]
    colour = colour_of(game_key, view, acting[0]) if acting else "#BBBBBB"
    draw.rectangle((0, 0, WIDTH, BANNER), fill="#FFFFFF")
    draw.rectangle((0, BANNER - 8, WIDTH, BANNER), fill=colour)
    x = 20
    for seat in acting[:3]:
        swatch(draw, (x, 18, x + 44, 62), colour_of(game_key, view, seat),
               letter_of(game_key, view, seat))
        x += 54
    if acting:
        names = [seat_name(view, seat, lang) for seat in acting[:3]]
        word = seat_colour_word(view, acting[0], lang)
    head_room = WIDTH - 20 - x
    phase = fit(phase_text(game_key, view, lang), SMALL, head_room * 0.4)
    phase_room = text_width(phase, SMALL) + 24 if phase else 0
    if not acting:
        head = say(lang, "nobody")
    elif len(acting) > 1 or not word:
        head = say(lang, "turn_of", names=", ".join(names))
    else:  # a long name is cut, never the colour: "Anne-Marie Weiße… (Yellow)"
        head = with_colour(names[0], word,
                           lambda name: say(lang, "turn_of_one", name=name, colour=word),
                           NAME, head_room - phase_room)
    head = fit(head, NAME, head_room - phase_room, bold=True)
    draw_text(draw, (x, 40), head, NAME, bold=True, fill=INK, anchor="lm")
    if phase:
        draw_text(draw, (WIDTH - 20, 40), phase, SMALL, fill=MUTED, anchor="rm")
    task = task_text(game_key, view, lang, figures=False) if acting else ""
    if task:
        task = task[0].upper() + task[1:]  # "rotes Flugzeug hält..." starts the sentence
        draw_text(draw, (20, 86), fit(task, TASK, WIDTH - 40), TASK, fill=INK, anchor="lm")


def phase_text(game_key: str, view: dict, lang: str) -> str:
    """The round and phase, short (the full board's header says it at length)."""
    if game_key == "rhein":
        return say(lang, "phase.rhein", round=view.get("round"), rounds=view.get("rounds"),
                   phase=view.get("phase"))
    if game_key == "rheinlaender":
        return say(lang, "phase.rheinlaender", turn=view.get("turn"))
    if game_key == "troedler":
        return say(lang, "phase.troedler", round=view.get("round"))
    if game_key == "18rhl":
        from render.rhl18_facts import round_label

        parts = [say(lang, "phase.rhl18", phase=view.get("phase"))]
        if view.get("round"):
            parts.append(round_label(view["round"], lang))
        return " · ".join(parts)
    return ""


def task_text(game_key: str, view: dict, lang: str, figures: bool = True) -> str:
    """What the player to act must do now, in words, from the public view's step; without
    ``figures``, as short as the card's banner needs it (its boxes show the sums)."""
    if game_key == "rhein":
        step = view.get("step")
        cities = rhein.city_names(view, lang)
        if step == "stop" and view.get("stop"):
            stop = view["stop"]
            # the sentence opens with the transport: its subject form has the article German
            # declines ("Das rote Schiff"); the plain name read "rotes Schiff hält in …"
            subject = f"rhein.transport.subject.{stop['transport']}"
            transport = texts.render(subject, {}, lang) if texts.has(subject) \
                else stop["transport"]
            return say(lang, "task.rhein.stop", transport=transport,
                       city=cities.get(stop["city"], stop["city"]))
        if step == "fulfil" and view.get("fulfil_city") is not None:
            return say(lang, "task.rhein.fulfil", city=cities.get(view["fulfil_city"], "?"))
        auction = view.get("auction") or {}
        if step == "auction" and auction.get("lone"):
            return say(lang, "task.rhein.lone")
        if step == "auction" and "card" in auction and auction["card"] is None:
            # the opener may not pass (R-rules: an order must be chosen), and "or pass" led
            # players to try it
            return say(lang, "task.rhein.open")
        return say(lang, f"task.rhein.{step}") if texts.has(f"render.card.task.rhein.{step}") \
            else ""
    if game_key == "rheinlaender":
        step = view.get("step")
        key = "task.rheinlaender.last" if view.get("end_triggered") and step == "start" else \
            f"task.rheinlaender.{step}"
        if step == "after":  # a newcomer spent all three at the board's edge by turn 7
            mover = next((p for p in view.get("players") or []
                          if p.get("seat") == view.get("current")), {})
            left = mover.get("bastions_left", 0)
            return say(lang, "task.rheinlaender.after", count=left) if left else \
                say(lang, "task.rheinlaender.after_none")
        return say(lang, key) if texts.has(f"render.card.{key}") else ""
    if game_key == "troedler":
        if view.get("must_discard"):
            from engine.troedler.data import HAND_LIMIT

            return say(lang, "task.troedler.limit", count=view["must_discard"]["count"],
                       limit=HAND_LIMIT)
        stage = view.get("choosing_to") or view.get("stage")
        key = f"task.troedler.{stage}"
        return say(lang, key) if texts.has(f"render.card.{key}") else ""
    if game_key == "18rhl":
        return _rhl18_task(view, lang, figures)
    return ""


def _rhl18_task(view: dict, lang: str, figures: bool) -> str:
    if view.get("offer"):
        offer = view["offer"]
        return say(lang, "task.rhl18.offer", buyer=offer.get("buyer"), price=offer.get("price"),
                   train=str(offer.get("train")).split("-")[0])
    step = view.get("active_step")
    entity = view.get("current_entity")
    key = "task.rhl18.must_buy" if view.get("must_buy") else f"task.rhl18.{step}"
    if not texts.has(f"render.card.{key}"):
        return ""
    corps = {c.get("id"): c for c in view.get("corporations") or [] if isinstance(c, dict)}
    said = say(lang, key, corp=entity if isinstance(entity, str) else "")
    if step == "Track" and entity in corps and not corps[entity].get("trains"):
        # passing the lay went on to a run of nothing and a falling share price, unexplained
        said = say(lang, "task.rhl18.Track_no_train" if figures else
                   "task.rhl18.Track_no_train_short", corp=entity)
    if figures and view.get("must_buy") and isinstance(entity, str):
        said = _must_buy(view, corps.get(entity, {}), entity, lang) or said
    if isinstance(entity, str) and corps.get(entity, {}).get("president") == "pool":
        # nobody presides: every player is pinged, and a "Lay track for GVE" read as if
        # the game asked the wrong person
        said = say(lang, "task.rhl18.receivership", task=said)
    if figures and view.get("operating_order"):
        said = say(lang, "task.rhl18.with_order", task=said,
                   order=_operating_order(view["operating_order"], lang))
    return said


def _operating_order(order: dict, lang: str) -> str:
    """The round's operating order, done, operating and to come: "done GVE; now DEE; next
    CME, BME". Shown nowhere, a player could not tell when their corporation's turn would
    come; with check marks and a triangle a screen reader said "check mark ... black
    right-pointing triangle" for what a sighted player read at a glance."""
    index = order.get("index", 0)
    syms = [str(sym) for sym in order.get("order") or []]
    parts = [say(lang, key, corps=", ".join(group)) for key, group in (
        ("order.done", syms[:index]), ("order.now", syms[index:index + 1]),
        ("order.next", syms[index + 1:])) if group]
    return "; ".join(parts)


def _must_buy(view: dict, corp: dict, sym: str, lang: str) -> str:
    """A forced train purchase with its figures: the bank's cheapest train, the treasury,
    and what the president adds when it falls short (the rules take it from them). Without
    them a player read "ADR has no train and must buy one" over buttons that sold shares."""
    cheapest = min(depot_trains(view), key=lambda train: train[1], default=None)
    cash = corp.get("cash")
    if cheapest is None or not isinstance(cash, int):
        return ""
    train, price = cheapest
    sellers = view.get("train_sellers") or []
    # another corporation's train (any price its treasury pays) went unmentioned, where it
    # was cheaper than the president's shares sold for the bank's
    other = say(lang, "task.rhl18.must_buy_or_other", corp=sym,
                sellers=", ".join(sellers)) if sellers else ""
    if cash >= price:
        return say(lang, "task.rhl18.must_buy_from", corp=sym, train=train, price=price,
                   cash=cash) + other
    seat = corp.get("president_seat", -1)
    own = next((p.get("cash") for p in view.get("players") or []
                if isinstance(p, dict) and p.get("seat") == seat), None)
    president = seat_name(view, seat, lang)
    if view.get("must_buy_bankrupt"):
        return say(lang, "task.rhl18.must_buy_bankrupt", corp=sym, train=train, price=price,
                   cash=cash, president=president, own=own if isinstance(own, int) else 0)
    if isinstance(own, int) and own < price - cash:
        # "Dirk adds 358M" read as money Dirk had, where he had 223M and had to sell first
        return say(lang, "task.rhl18.must_buy_sell", corp=sym, train=train, price=price,
                   cash=cash, president=president, own=own,
                   sell=price - cash - own) + other
    key = "task.rhl18.must_buy_short_has" if isinstance(own, int) else "task.rhl18.must_buy_short"
    return say(lang, key, corp=sym, train=train, price=price, cash=cash, president=president,
               short=price - cash, own=own) + other


# == the small map ==========================================================================
def _window(scene: Scene, changed: list[str], box: tuple[float, ...]) -> tuple[float, ...]:
    """The part of the board to show: around the scene's focus, else the changed places
    (at least the scene's ``least`` share of the board's width, so a player sees where they
    are), in the panel's proportions."""
    width, height = scene.size
    aspect = (box[2] - box[0]) / (box[3] - box[1])
    boxes = [scene.places[p].box() for p in scene.focus or changed if p in scene.places]
    if not scene.zoom or not boxes:
        left, top, right, bottom = 0.0, 0.0, width, height
    else:
        left = min(b[0] for b in boxes) - 90
        top = min(b[1] for b in boxes) - 90
        right = max(b[2] for b in boxes) + 90
        bottom = max(b[3] for b in boxes) + 90
    w, h = right - left, bottom - top
    least = scene.least * width if scene.zoom else width
    w = max(w, least, h * aspect)
    h = max(h, w / aspect)
    w = h * aspect
    cx, cy = (left + right) / 2, (top + bottom) / 2
    left = min(max(cx - w / 2, 0.0), max(width - w, 0.0)) if w <= width else (width - w) / 2
    top = min(max(cy - h / 2, 0.0), max(height - h, 0.0)) if h <= height else (height - h) / 2
    return (left, top, left + w, top + h)


def _small_map(image: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene,
               changed: list[str]) -> None:
    box = MAP_BOX
    window = _window(scene, changed, box)
    scale = (box[2] - box[0]) / (window[2] - window[0])

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return (box[0] + (point[0] - window[0]) * scale, box[1] + (point[1] - window[1]) * scale)

    # drawn on a panel of the map's own size: a whole-card layer costs more to fill than
    # everything drawn on it
    panel = Image.new("RGB", (box[2] - box[0], box[3] - box[1]), scene.background)
    pdraw = ImageDraw.Draw(panel)

    def on_panel(point: tuple[float, float]) -> tuple[float, float]:
        x, y = at(point)
        return (x - box[0], y - box[1])

    visible = {key: place for key, place in scene.places.items()
               if _meets(place.box(), window)}

    def lines() -> None:
        for points, colour, width in scene.lines:
            pdraw.line([on_panel(p) for p in points], fill=colour,
                       width=max(2, round(width * scale)), joint="curve")

    lettered: list[tuple[tuple[float, float], str, str]] = []
    if not scene.lines_over:  # routes run under the places...
        lines()
    for place in visible.values():
        _shape(pdraw, place, on_panel, scale, place.fill, place.outline, 2)
        if place.glyph is not None:
            left, top, right, bottom = place.box()
            place.glyph(pdraw, (*on_panel((left, top)), *on_panel((right, bottom))))
    if scene.lines_over:  # ...a river over named cells, track over its tiles
        lines()
    for index, (cx, cy, radius, colour, letter) in enumerate(
            dots(scene, on_panel, scale, box[2] - box[0], box[3] - box[1])):
        if index in scene.rings:  # a dark ring, apart from the dot by a white one
            pdraw.ellipse((cx - radius - 6, cy - radius - 6, cx + radius + 6, cy + radius + 6),
                          fill=INK)
            pdraw.ellipse((cx - radius - 2, cy - radius - 2, cx + radius + 2, cy + radius + 2),
                          fill="#FFFFFF")
        pdraw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour,
                      outline=INK, width=1)
        if letter:  # drawn on the card after the map, where the tests' recording sees it
            lettered.append(((cx + box[0], cy + box[1]), letter, colour))
    marked = [p for p in changed if p in visible]
    for key in scene.choices:  # inside the edge, where a changed place's highlight leaves it
        if key in visible and not scene.places[key].radius:
            points = _inset([on_panel(p) for p in scene.places[key].points], CHOICE_INSET)
            pdraw.line([*points, points[0]], fill=CHOICE, width=CHOICE_WIDTH, joint="curve")
    for key in marked:
        _changed(panel, scene.places[key], on_panel, scale, grow=0 if scene.named else 4)
    image.paste(panel, (box[0], box[1]))
    draw.rectangle(box, outline="#8A8170", width=2)
    if scene.named:
        _letters(draw, lettered, [])
        _names(draw, scene, at)
    else:
        quiet = [p for p in scene.tagged if p in visible and p not in marked]
        # where the tags and plates will lie, placed once on a scratch copy: the letters go
        # under them and skip those their words would cover
        covered: list[Box] = []
        with unrecorded():
            _labels(ImageDraw.Draw(image.copy()), scene, marked, quiet, visible, at, scale,
                    covered)
        _letters(draw, lettered, covered)
        tags = _labels(draw, scene, marked, quiet, visible, at, scale)
        if scene.numbered:
            things = _things(scene, visible, at, scale)
            written = _numbers(draw, visible, things, tags, at)
            _ruler(draw, scene.ruler, things, written, tags, at, scale)


def _letters(draw: ImageDraw.ImageDraw, lettered: list[tuple[Point, str, str]],
             covered: list[Box]) -> None:
    """The pieces' letters, but those a tag's or plate's words will lie on (an 18Rhl
    station's mark under "F9 Neuss Düsseldorf" read as neither)."""
    words = [(left + 6, top + 4, right - 6, bottom - 4) for left, top, right, bottom in covered]
    for (cx, cy), letter, colour in lettered:
        half = text_width(letter, SMALL, True) / 2
        if any(_meets((cx - half, cy - 9, cx + half, cy + 10), box) for box in words):
            continue
        draw_text(draw, (cx, cy + 1), letter, SMALL, bold=True, fill=text_colour_on(colour),
                  anchor="mm")


def _inset(points: list[Point], by: float) -> list[Point]:
    """A convex outline's corners moved ``by`` px towards its middle."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    out = []
    for x, y in points:
        far = math.dist((x, y), (cx, cy)) or 1.0
        keep = max(0.0, 1 - by / far)
        out.append((cx + (x - cx) * keep, cy + (y - cy) * keep))
    return out


def _names(draw: ImageDraw.ImageDraw, scene: Scene, at) -> None:
    """Every place's name at the top of its cell (a board small enough to name whole)."""
    for place in scene.places.values():
        left, top, right, bottom = place.box()
        (x0, y0), (x1, _) = at((left, top)), at((right, bottom))
        name = fit(place.label, SMALL, x1 - x0 - 12)
        draw_text(draw, ((x0 + x1) / 2, y0 + 22), name, SMALL, fill=INK, anchor="mm")


def _shape(draw: ImageDraw.ImageDraw, place: Place, at, scale: float, fill: str | None,
           outline: str, width: int, grow: float = 0.0) -> None:
    if place.radius:
        cx, cy = at(place.points[0])
        r = max(5.0, place.radius * scale) + grow
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
        return
    points = [at(p) for p in place.points]
    if fill is not None:
        draw.polygon(points, fill=fill, outline=outline, width=width)
    else:
        draw.line([*points, points[0]], fill=outline, width=width, joint="curve")


def _changed(panel: Image.Image, place: Place, at, scale: float, grow: float) -> None:
    """A changed place in the highlight, as the full board outlines it."""
    if place.radius:
        cx, cy = at(place.points[0])
        r = max(5.0, place.radius * scale) + grow
        highlight.ring(ImageDraw.Draw(panel), (cx - r, cy - r, cx + r, cy + r))
        return
    highlight.outline(panel, [at(p) for p in place.points])


Box = tuple[float, float, float, float]
Point = tuple[float, float]


@dataclass
class _Crowd:
    """What a name tag keeps clear of besides the other tags, in card pixels: the ``things``
    (pieces, goods, villages), the ``areas`` of the other changed places (a tag inside one
    reads as its name), the other tags' ``leaders``, for a round place the ``rivals`` (other
    round places' centres) and on a numbered map the other spaces' ``cells``."""

    things: list[Box] = field(default_factory=list)
    areas: list[Box] = field(default_factory=list)
    leaders: list[tuple[Point, Point]] = field(default_factory=list)
    rivals: list[Point] = field(default_factory=list)
    # on a numbered map, the other spaces' cells (see _Cell): a tag lying on one reads as
    # that space's name, and its own number gives way to the tag
    cells: list[_Cell] = field(default_factory=list)


@dataclass(frozen=True)
class _Cell:
    """A space's cell on the card: its corners, their bounds, whether it is that box."""

    corners: list[Point]
    bounds: Box
    square: bool

    @staticmethod
    def of(corners: list[Point]) -> _Cell:
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        left, top, right, bottom = bounds = (min(xs), min(ys), max(xs), max(ys))
        # a straight stretch's space: its four corners among its points, the rest on an edge
        square = {(left, top), (right, top), (right, bottom), (left, bottom)} <= set(corners) \
            and all(x in (left, right) or y in (top, bottom) for x, y in corners)
        return _Cell(corners, bounds, square)

    def covered(self, box: Box) -> float:
        """Its area under ``box``."""
        if not _meets(self.bounds, box):
            return 0.0
        return _covered(box, self.bounds) if self.square else _clipped_area(self.corners, box)

    def entered(self, segment: tuple[Point, Point]) -> bool:
        return _cuts(segment, self.bounds) and (self.square or _enters(segment, self.corners))


def _things(scene: Scene, visible: dict[str, Place], at, scale: float) -> list[Box]:
    """The boxes, on the card, of what a name tag should not hide: the pieces and the places
    that are things on the board (goods, villages, realms), as drawn."""
    boxes = []
    box = MAP_BOX
    for cx, cy, radius, _colour, _letter in dots(scene, at, scale, box[2], box[3], box[:2]):
        boxes.append((cx - radius, cy - radius, cx + radius, cy + radius))
    for place in visible.values():
        if not place.thing:
            continue
        if place.radius:
            (cx, cy), radius = at(place.points[0]), max(5.0, place.radius * scale)
            boxes.append((cx - radius, cy - radius, cx + radius, cy + radius))
        else:
            boxes.append(_card_box(place, at))
    return boxes


def _card_box(place: Place, at) -> Box:
    left, top, right, bottom = place.box()
    return (*at((left, top)), *at((right, bottom)))


def _labels(draw: ImageDraw.ImageDraw, scene: Scene, marked: list[str], quiet: list[str],
            visible: dict[str, Place], at, scale: float,
            covered: list[Box] | None = None) -> list[_Tag]:
    """Name each changed place beside it, on a white tag with a line to the place, where the
    tag hides the least of the pieces and things around it; the ``quiet`` places (named
    though unchanged) get a plain dark tag, so the highlight still means "changed", and the
    scene's ``choices`` (the first CHOICE_TAGS of them) a tag in their outline's colour. A
    name that finds no spot inside the panel is left out (the move lines name a changed
    place; a choice keeps its outline). Returns the tags drawn."""
    taken: list[Box] = []
    leaders: list[tuple[Point, Point]] = []
    tags = []
    inner = (MAP_BOX[0] + 4, MAP_BOX[1] + 4, MAP_BOX[2] - 4, MAP_BOX[3] - 4)
    things = _things(scene, visible, at, scale)
    # a round place is named by a point, so a tag nearer another such point names that one
    points = {key: at(place.points[0]) for key, place in visible.items() if place.radius}
    choices = [key for key in scene.choices if key in visible]
    cells = {key: _Cell.of([at(p) for p in place.points]) for key, place in visible.items()
             if scene.numbered and not place.thing and not place.radius}
    # (and of the places the player may act on: a tag inside one reads as its name too)
    areas = {key: _card_box(scene.places[key], at) for key in [*marked, *choices]
             if not scene.places[key].thing}
    # the places to act on first (what the player is asked for, 18Rhl's hexes to lay on),
    # then the changed places on their usual spots (the highlight's tags read alike card
    # after card); the quiet ones find room among them, which one tag nearly always does
    first = choices[:CHOICE_TAGS]
    later = [key for key in dict.fromkeys([*marked[:8], *quiet[:2]]) if key not in first]
    for key in first:
        tag = _tag(scene, key, [scene.choices[key]], taken, inner, things, areas, leaders,
                   points, cells, at, scale, choices, quiet)
        if tag is not None:
            tags.append(tag)
    # the other choices' plates are placed before the changed places' tags, which keep
    # clear of them: drawn after, "F5" and "F13" lay over "D11 Oberhausen Mülheim"
    plates: dict[str, Box] = {}
    for key in choices:
        if key not in first and key not in later:
            plates[key] = _plate(scene.places[key], scene.choices[key], at, things, taken)
            taken.append(plates[key])
    for key in later:
        place = scene.places[key]
        label = scene.choices.get(key, place.label)
        # a long name on a squeezed map lies over hexes it does not name: the hex's id
        # alone ("D11") names it as well, the move lines say the city
        short = [key] if label.split(" ", 1)[0] == key and label != key else []
        tag = _tag(scene, key, [label, *short], taken, inner, things, areas, leaders, points,
                   cells, at, scale, choices, quiet)
        if tag is not None:
            tags.append(tag)
        elif key in choices:
            plates[key] = _plate(place, scene.choices[key], at, things, taken)
            taken.append(plates[key])
    if covered is not None:
        covered += taken
    for tag in tags:  # under every tag, never over a name
        draw.line(tag.leader, fill=tag.ink[0], width=tag.ink[1])
    for tag in tags:
        spot, (colour, width) = tag.spot, tag.ink
        draw.rounded_rectangle(spot, radius=6, fill="#FFFFFF", outline=colour, width=width)
        if colour == HIGHLIGHT:  # a changed place's tag wears the place's highlight
            highlight.rectangle(draw, spot, width)
        tx, ty = (spot[0] + spot[2]) / 2, (spot[1] + spot[3]) / 2
        draw_text(draw, (tx, ty), tag.label, SMALL, bold=True, fill=INK, anchor="mm")
    for key, plate in plates.items():  # an outline without its id helps nobody typing
        _draw_plate(draw, plate, scene.choices[key])
    return tags


def _tag(scene: Scene, key: str, labels: list[str], taken: list[Box], inner: Box,
         things: list[Box], areas: dict[str, Box], leaders: list[tuple[Point, Point]],
         points: dict[str, Point], cells: dict[str, _Cell], at, scale: float,
         choices: list[str], quiet: list[str]) -> _Tag | None:
    """The tag naming ``key`` where it hides the least, with the first of ``labels`` unless
    a later (shorter) one hides less by more than LONG_TAG_SHARE of the room the longer
    one takes more; None when no label finds a spot clear of the ``taken`` boxes. The spot
    and its line are added to ``taken`` and ``leaders``."""
    place = scene.places[key]
    left, top, right, bottom = place.box()
    (x0, y0), (x1, y1) = at((left, top)), at((right, bottom))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    crowd = _Crowd(things, [box for k, box in areas.items() if k != key], leaders,
                   [p for k, p in points.items() if k != key] if place.radius else [],
                   [cell for k, cell in cells.items() if k != key])
    # a choice's tag overlaps its outline: beside a hex the size of a tag, a gap made it
    # read as the name of the neighbour it lay on
    gap = -CHOICE_OVERLAP if key in choices else 8
    best: tuple[float, Box, str] | None = None
    for label in labels:
        label = fit(label, SMALL, MAP_BOX[2] - MAP_BOX[0] - 30, bold=True)
        w, h = text_width(label, SMALL, True) + 16, SMALL + 12
        found = _best_spot(cx, cy, (x1 - x0) / 2 + gap, (y1 - y0) / 2 + gap, w, h, taken,
                           inner, crowd)
        if found is None:
            continue
        spot, cost = found
        if best is None or cost + LONG_TAG_SHARE * \
                ((best[1][2] - best[1][0]) - w) * h < best[0]:
            best = (cost, spot, label)
    if best is None:
        return None
    _, spot, label = best
    end = _toward(spot, cx, cy)
    # from the place's edge, not its middle, where its own pieces stand
    leader = (_edge(place, at, scale, (cx, cy), end), end)
    taken.append(spot)
    leaders.append(leader)
    ink = (CHOICE, 3) if key in choices else (INK, 2) if key in quiet else (HIGHLIGHT, 3)
    return _Tag(key, spot, leader, label, ink)


# A shorter tag (a hex's id without its city) is taken where the longer one would hide more
# than this share of the room it takes more (in cost, see _free_spot): "D11 Oberhausen
# Mülheim" lay across eight hexes of a squeezed map where "D11" hid a sliver
LONG_TAG_SHARE = 0.25


def _plate(place: Place, label: str, at, things: list[Box], taken: list[Box]) -> Box:
    """Where a choice left without a tag (more than CHOICE_TAGS, or no room) is named inside
    its outline on a small white plate: below, above or across its middle, where it hides
    the least of the pieces (a hex's towns and stations) and no tag or other plate."""
    left, top, right, bottom = place.box()
    (x0, y0), (x1, y1) = at((left, top)), at((right, bottom))
    w, h = text_width(label, CHOICE_INNER, True) + 8, CHOICE_INNER + 4
    cx = (x0 + x1) / 2
    # (near its top and bottom corners too: a station in the middle, its mark 30 px wide,
    # left none of the three spots above free)
    plates = [(cx - w / 2, y - h / 2, cx + w / 2, y + h / 2)
              for y in (y0 + (y1 - y0) * share for share in (0.72, 0.28, 0.5, 0.86, 0.14))]
    return min(plates, key=lambda p: sum(_covered(p, thing) for thing in things) +
               10 * sum(_covered(p, box) for box in taken))


def _draw_plate(draw: ImageDraw.ImageDraw, plate: Box, label: str) -> None:
    cx, cy = (plate[0] + plate[2]) / 2, (plate[1] + plate[3]) / 2
    draw.rounded_rectangle(plate, radius=4, fill="#FFFFFF", outline=CHOICE, width=2)
    draw_text(draw, (cx, cy), label, CHOICE_INNER, bold=True, fill=INK, anchor="mm")


@dataclass(frozen=True)
class _Tag:
    """A name tag on the map: the place it names, its box, the line to the place, its text
    and its frame's colour and width."""

    key: str
    spot: Box
    leader: tuple[Point, Point]
    label: str
    ink: tuple[str, int]


# The places the player may act on (18Rhl's hexes to lay on): outlined in CHOICE, and the
# nearest named
CHOICE_WIDTH, CHOICE_INSET, CHOICE_OVERLAP = 4, 5, 12
CHOICE_TAGS = 8  # more tags than this cover the map they name
CHOICE_INNER = 20  # the others' ids inside their outline: 11 px on a card shown 550 px wide


# The spaces' own numbers: quieter than a tag's name (regular, not bold) and dark enough on
# every fill of a space (bank, river, island, a duchy's shade)
NUMBER_INK = "#34402C"


def _numbers(draw: ImageDraw.ImageDraw, visible: dict[str, Place], things: list[Box],
             tags: list[_Tag], at) -> list[Box]:
    """Write each free place's name in its middle, as the full board names it, where it fits
    inside the place at this zoom: Rheinländer's moves name the spaces by number ("play 17
    left"). A place with a piece on it keeps its piece whole and goes without (its neighbours'
    numbers tell it); so does a place a tag names, and one under a tag or its line. Returns
    the boxes of the names written."""
    face = font(SMALL)
    named = {tag.key for tag in tags}
    inner = (MAP_BOX[0] + 4, MAP_BOX[1] + 4, MAP_BOX[2] - 4, MAP_BOX[3] - 4)
    written: list[Box] = []
    for key, place in visible.items():
        if place.thing or place.radius or key in named:
            continue
        corners = [at(p) for p in place.points]
        middle = _centroid(corners)
        box = draw.textbbox(middle, place.label, font=face, anchor="mm")
        grown = (box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2)  # clear of the outline
        if not (inner[0] <= grown[0] and inner[1] <= grown[1] and grown[2] <= inner[2] and
                grown[3] <= inner[3]):
            continue
        if not all(_inside(corner, corners) for corner in
                   ((grown[0], grown[1]), (grown[2], grown[1]), (grown[2], grown[3]),
                    (grown[0], grown[3]))):
            continue
        if any(_meets(box, thing) for thing in things) or \
                any(_overlap(box, tag.spot) or _cuts(tag.leader, box) for tag in tags):
            continue
        draw_text(draw, middle, place.label, SMALL, fill=NUMBER_INK, anchor="mm")
        written.append(box)
    return written


RULER_STEPS = (5, 10)  # every fifth number, or every tenth where fifths would touch
RULER_GAP = 20  # px between a ruler's number and a name beside it: "9 10", not "910"


def _ruler(draw: ImageDraw.ImageDraw, ruler: list[tuple[Point, str]], things: list[Box],
           written: list[Box], tags: list[_Tag], at, scale: float) -> None:
    """Every fifth (or tenth) of the ``ruler``'s numbers at its point, where the zoom is too
    far for the places' own names: the whole board at a glance, its knights too small for a
    space's number beside them, still shows where 25 or 40 lies. A number meeting a piece, a
    name already written (the place's own, at a nearer zoom) or so near one that the two
    read as one number, a tag or its line is left out."""
    if len(ruler) < 2:
        return
    face = font(SMALL)
    gaps = sorted(math.dist(a, b) for (a, _), (b, _) in zip(ruler, ruler[1:], strict=False))
    spacing = gaps[len(gaps) // 2] * scale  # a bend's wider steps aside
    widest = max(text_width(text, SMALL) for _, text in ruler) + 12
    if spacing >= widest:  # near enough for each place's own name: no scale besides them
        return
    step = next((s for s in RULER_STEPS if s * spacing >= widest), RULER_STEPS[-1])
    inner = (MAP_BOX[0] + 4, MAP_BOX[1] + 4, MAP_BOX[2] - 4, MAP_BOX[3] - 4)
    for point, text in ruler:
        if not text.isdigit() or int(text) % step:
            continue
        middle = at(point)
        box = draw.textbbox(middle, text, font=face, anchor="mm")
        if not (inner[0] <= box[0] and inner[1] <= box[1] and box[2] <= inner[2] and
                box[3] <= inner[3]):
            continue
        apart = (box[0] - RULER_GAP, box[1], box[2] + RULER_GAP, box[3])
        if any(_overlap(box, thing) for thing in things) or \
                any(_meets(apart, other) for other in written) or \
                any(_overlap(box, tag.spot) or _cuts(tag.leader, box) for tag in tags):
            continue
        draw_text(draw, middle, text, SMALL, fill=NUMBER_INK, anchor="mm")
        written = [*written, box]


def _centroid(corners: list[Point]) -> Point:
    """The middle of a polygon's area: a bend's wedge has its box's middle outside it."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if not area:
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    return (cx / (3 * area), cy / (3 * area))


def _inside(point: Point, corners: list[Point]) -> bool:
    """Whether the point lies inside the polygon (even-odd rule)."""
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _edge(place: Place, at, scale: float, centre: tuple[float, float],
          end: tuple[float, float]) -> tuple[float, float]:
    """Where the line from ``centre`` to ``end`` leaves the place's drawn shape."""
    (x, y), (ex, ey) = centre, end
    if place.radius:
        r, d = max(5.0, place.radius * scale), math.dist(centre, end)
        share = min(1.0, r / d) if d else 0.0
    else:
        corners = [at(p) for p in place.points]
        share = max((t for a, b in zip(corners, corners[1:] + corners[:1], strict=True)
                     if (t := _meeting(centre, end, a, b)) is not None), default=0.0)
    return (x + (ex - x) * share, y + (ey - y) * share)


def _meeting(p: tuple[float, float], q: tuple[float, float], a: tuple[float, float],
             b: tuple[float, float]) -> float | None:
    """How far along p→q (0 to 1) it meets the segment a→b, or None."""
    rx, ry, sx, sy = q[0] - p[0], q[1] - p[1], b[0] - a[0], b[1] - a[1]
    across = rx * sy - ry * sx
    if not across:
        return None
    t = ((a[0] - p[0]) * sy - (a[1] - p[1]) * sx) / across
    u = ((a[0] - p[0]) * ry - (a[1] - p[1]) * rx) / across
    return t if 0 <= t <= 1 and 0 <= u <= 1 else None


def _toward(box: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    return (min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3]))


# A tag's distance from its place costs as much as this many px² of things hidden per px
# (a good's square on Trödler's card is about 300 px²): it rather hides a sliver than drifts
# to the next place. Half as much as things: the area of another changed place it covers.
# Costing about a square: a leader line crossing another or running under a tag, which
# points two names at the wrong places (a quarter of that: a leader line across a thing).
# A leader line across another space's cell costs as much as one across a thing: the cell's
# number gives way to it.
# Costing as much as hiding two: a tag nearer another round place (a village, a realm) than
# to its own, which reads as that one's name. On a numbered map, half as much as things: the
# area of other spaces' cells it lies on: "23R" over river cells 25 and 24 (their numbers
# giving way to it) read as the name of a cell in "29 28 27 26 [23R] 23 22", where the bank
# space's other side had room.
TAG_REACHES = (0, 15, 30, 50, 70, 100, 140, 180)
REACH_COST = 3.0
AREA_SHARE = 0.5
CELL_SHARE = 0.5
CROSS_COST = 400.0
RIVAL_COST = 600.0
TAG_SIDES = ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1))


def _free_spot(cx: float, cy: float, half_w: float, half_h: float, w: float, h: float,
               taken: list, inner: tuple, crowd: _Crowd | None = None) -> Box | None:
    found = _best_spot(cx, cy, half_w, half_h, w, h, taken, inner, crowd)
    return found[0] if found else None


def _best_spot(cx: float, cy: float, half_w: float, half_h: float, w: float, h: float,
               taken: list, inner: tuple, crowd: _Crowd | None = None
               ) -> tuple[Box, float] | None:
    """A ``w`` x ``h`` tag's box beside the place at (cx, cy) (``half_w``, ``half_h``: half
    its size plus a gap), clear of the ``taken`` tags and inside ``inner``: the one that
    hides least of the ``crowd`` (see the costs above), near before far; above first on a
    tie, then below, right, left, the corners. None when every spot is taken."""
    crowd = crowd or _Crowd()
    far = max(TAG_REACHES) + w + half_w

    def close(boxes: list[Box]) -> list[Box]:
        return [b for b in boxes if b[0] < cx + far and b[2] > cx - far and
                b[1] < cy + far and b[3] > cy - far]

    near, areas = close(crowd.things), close(crowd.areas)
    cells = _CellGrid([c for c in crowd.cells
                       if _meets(c.bounds, (cx - far, cy - far, cx + far, cy + far))])
    crossed = [t for t in near if not (t[0] <= cx <= t[2] and t[1] <= cy <= t[3])]
    rivals = [p for p in crowd.rivals if abs(p[0] - cx) < far and abs(p[1] - cy) < far]
    best, least = None, math.inf
    for reach in TAG_REACHES:
        if reach * REACH_COST >= least:  # farther spots cannot cost less
            break
        for dx, dy in TAG_SIDES:
            x = cx + dx * (half_w + reach + (w / 2 if dx else 0)) - w / 2
            y = cy + dy * (half_h + reach + (h / 2 if dy else 0)) - h / 2
            # above and below, a tag may slide sideways while still over the place: a
            # neighbour's goods often lie under one end of it only, or the map's edge cuts
            # it (beside the place, a tag slid up or down reads as the name of whatever it
            # then points at)
            shifts = [x]
            if not dx:
                shifts += [v for v in (x - w / 3, x + w / 3, min(max(x, inner[0]), inner[2] - w))
                           if v <= cx <= v + w]
            for x in dict.fromkeys(shifts):
                box = (x, y, x + w, y + h)
                if box[0] < inner[0] or box[1] < inner[1] or box[2] > inner[2] or \
                        box[3] > inner[3]:
                    continue
                if any(_overlap(box, other) for other in taken):
                    continue
                cost = reach * REACH_COST + sum(_covered(box, thing) for thing in near)
                # every share only adds: a spot already dearer than the best one found is
                # not worth clipping the cells against (most of the tag search's time)
                if cost < least:
                    cost += AREA_SHARE * sum(_covered(box, area) for area in areas)
                if cost < least:
                    cost += CELL_SHARE * sum(cell.covered(box) for cell in cells.near(box))
                if cost >= least:
                    continue
                end = _toward(box, cx, cy)
                leader, own = ((cx, cy), end), math.dist((cx, cy), end)
                cost += CROSS_COST * (sum(_cuts(leader, other) for other in taken) +
                                      sum(_cuts(other, box) or _crosses(leader, other)
                                          for other in crowd.leaders) +
                                      sum(_cuts(leader, thing) for thing in crossed) / 4 +
                                      sum(cell.entered(leader)
                                          for cell in cells.near(_span(leader))) / 4)
                if any(math.dist(p, _toward(box, *p)) < own - 1 for p in rivals):
                    cost += RIVAL_COST
                if cost < least:
                    best, least = box, cost
                    if not cost:
                        return best, 0.0
    return (best, least) if best is not None else None


class _CellGrid:
    """A numbered map's cells by the squares of a coarse grid they reach into: a tag's spot
    or line meets a handful of the hundred cells around a place, and the search tries some
    fifty spots per tag."""

    SQUARE = 64.0

    def __init__(self, cells: list[_Cell]) -> None:
        self.cells = cells
        self.squares: dict[tuple[int, int], list[int]] = {}
        for index, cell in enumerate(cells):
            for square in self._squares(cell.bounds):
                self.squares.setdefault(square, []).append(index)

    def _squares(self, box: Box) -> list[tuple[int, int]]:
        left, top, right, bottom = (math.floor(v / self.SQUARE) for v in box)
        return [(i, j) for i in range(left, right + 1) for j in range(top, bottom + 1)]

    def near(self, box: Box) -> list[_Cell]:
        """Every cell whose bounds meet ``box`` (edges touching too) and maybe a few more, in
        their order: a cell apart from a spot adds exactly nothing to its sums, so leaving it
        out changes no cost."""
        found: set[int] = set()
        for square in self._squares(box):
            found.update(self.squares.get(square, ()))
        return [self.cells[index] for index in sorted(found)]


def _span(segment: tuple[Point, Point]) -> Box:
    (x0, y0), (x1, y1) = segment
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _covered(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """The area of ``b`` under ``a`` (a tag's outline is drawn inside its box)."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def _clipped_area(corners: list[Point], box: tuple[float, ...]) -> float:
    """The area of the convex polygon ``corners`` inside ``box`` (clipped edge by edge)."""
    points = list(corners)
    for axis, limit, sign in ((0, box[0], 1), (0, box[2], -1), (1, box[1], 1), (1, box[3], -1)):
        depth = [sign * (p[axis] - limit) for p in points]  # >= 0: on the box's side
        clipped: list[Point] = []
        for index, a in enumerate(points):
            b, da, db = points[index - len(points) + 1], depth[index], \
                depth[index - len(points) + 1]
            if da >= 0:
                clipped.append(a)
            if (da >= 0) != (db >= 0):
                t = da / (da - db)
                clipped.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        points = clipped
        if not points:
            return 0.0
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                   in zip(points, points[1:] + points[:1], strict=True))) / 2


def _cuts(segment: tuple[tuple[float, float], ...], box: tuple[float, ...]) -> bool:
    """Whether the segment runs through the box (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = segment
    low, high = 0.0, 1.0
    for p, q in ((x0 - x1, x0 - box[0]), (x1 - x0, box[2] - x0), (y0 - y1, y0 - box[1]),
                 (y1 - y0, box[3] - y0)):
        if not p:
            if q < 0:
                return False
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
    return low < high


def _enters(segment: tuple[Point, Point], corners: list[Point]) -> bool:
    """Whether the segment runs into the convex polygon ``corners``."""
    return any(_inside(end, corners) for end in segment) or \
        any(_crosses(segment, edge) for edge in zip(corners, corners[1:] + corners[:1],
                                                    strict=True))


def _crosses(a: tuple[tuple[float, float], ...], b: tuple[tuple[float, float], ...]) -> bool:
    def side(p, q, r) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return side(*a, b[0]) * side(*a, b[1]) < 0 and side(*b, a[0]) * side(*b, a[1]) < 0


def _meets(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] + 4 and b[0] < a[2] + 4 and a[1] < b[3] + 4 and b[1] < a[3] + 4


# == moves since the previous card ==========================================================
def _moves(draw: ImageDraw.ImageDraw, game_key: str, view: dict, card: dict, lang: str,
           y: float, budget: int) -> float:
    left, right = COLUMN[0], COLUMN[2]
    moves = card.get("moves") or []
    heading = say(lang, "since_start" if card.get("first") else "since")
    draw_text(draw, (left, y), fit(heading, SMALL, right - left, True), SMALL, bold=True,
              fill=INK)
    y += LINE + 4
    if not moves:
        # mid-game (a card posted again after a seat changed hands) no move is new, but
        # "No moves yet" read as if the game had just begun
        quiet = "no_moves" if card.get("first") else "no_new_moves"
        draw_text(draw, (left, y), fit(say(lang, quiet), SMALL, right - left), SMALL,
                  fill=MUTED)
        return y + LINE
    earlier, shown = shown_moves(moves, int(card.get("earlier") or 0), budget,
                                 right - left - 30, game_key)
    if earlier:
        draw_text(draw, (left, y), fit(say(lang, "earlier", count=earlier), SMALL, right - left),
                  SMALL, fill=MUTED)
        y += LINE
    # the corporation a move is made for comes with it (``corp``), never from its words: a
    # player named "GVE" took GVE's colour from their first word
    corps = [move.get("corp") if isinstance(move, dict) else None
             for move in moves[len(moves) - len(shown):]]
    for (seat, lines), corp in zip(shown, corps, strict=True):
        if corp in CORP_MARKS:  # its colour and mark, as its stations: not its president's
            _corporation_swatch(draw, (left - 3, y + 3, left + 25, y + 31), corp)
        else:
            swatch(draw, (left, y + 7, left + 20, y + 27), colour_of(game_key, view, seat))
        for line in lines:
            draw_text(draw, (left + 30, y), line, SMALL, fill=INK)
            y += LINE
    return y


def _corporation_swatch(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
                        sym: str) -> None:
    """An 18Rhl corporation's square beside its move: its colour with its mark in it."""
    colour = CORP_COLOURS[sym]
    draw.rounded_rectangle(box, radius=4, fill=colour, outline=INK, width=2)
    draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), CORP_MARKS[sym],
              SMALL, bold=True, fill=text_colour_on(colour), anchor="mm")


def shown_moves(moves: list[dict], earlier: int, budget: int, width: float, game_key: str = ""
                ) -> tuple[int, list[tuple[int | None, list[str]]]]:
    """The entries that fit ``budget`` lines, latest first in priority (the rest are counted
    as earlier moves), each wrapped to ``width``. The latest entry is kept if it can have a
    line, earlier ones while each can have two (or fewer, if it needs fewer; one in a column
    of under four lines, where 18Rhl's card read "+ 1 earlier move" over one cut entry); the
    lines are then shared out, each entry taking what it needs up to an equal share and the
    longer entries the lines the shorter leave. An entry too long for its share loses whole
    routine pieces first, decisive ones last (:mod:`render.move_pieces`), and the lines it
    then leaves go to another that was cut, so no line stays empty while an entry is cut."""
    texts = [str(move.get("text") or "") for move in moves]
    needs = [len(wrap(text, SMALL, width, budget)) for text in texts]
    most_least = 2 if budget >= 4 else 1  # a short column lists entries, not a count

    def fits(count: int) -> bool:  # the latest ``count`` entries, each with its least
        head = 1 if earlier or count < len(moves) else 0  # the "earlier moves" line
        least = [min(need, most_least) for need in needs[len(moves) - count:]]
        if count == 1:
            least = [min(need, 1) for need in least]  # alone, the latest makes do with one
        return all(least) and sum(least) + head <= budget

    kept = 0
    while kept < len(moves) and fits(kept + 1):
        kept += 1
    if not kept:
        return earlier + len(moves), []
    first = len(moves) - kept
    room = budget - (1 if earlier or first else 0)
    shares = _shared_out(needs[first:], room)
    cut = _filled([(text, cut_entry(text, SMALL, width, share, game_key))
                   for text, share in zip(texts[first:], shares, strict=True)],
                  room, width, game_key)
    return earlier + first, [(move.get("seat"), lines)
                             for move, lines in zip(moves[first:], cut, strict=True)]


def _filled(entries: list[tuple[str, list[str]]], room: int, width: float, game_key: str
            ) -> list[list[str]]:
    """Each entry's lines, the lines the cut entries left unused given to one that was cut
    (the one that then says the most more decisive pieces whole, else the latest): an entry
    cut to its share often fits in fewer lines than the share, and a review's card left two
    lines empty under "… Ritter auf 1 rechts. …", which had dropped "übernimmt das
    Herzogtum"."""
    cut = [lines for _, lines in entries]
    while (spare := room - sum(len(lines) for lines in cut)) > 0:
        best: tuple[int, int, list[str]] | None = None
        for index in reversed(range(len(cut))):
            text, lines = entries[index][0], cut[index]
            trial = cut_entry(text, SMALL, width, len(lines) + spare, game_key)
            if len(_said(trial)) <= len(_said(lines)):
                continue  # whole already, or nothing more fits in the spare lines
            gain = decisive_said(text, trial, game_key) - decisive_said(text, lines, game_key)
            if best is None or gain > best[0]:
                best = (gain, index, trial)
        if best is None:
            break
        cut[best[1]] = best[2]
    return cut


def _said(lines: list[str]) -> str:
    return " ".join(" ".join(lines).replace(GAP, "").split())


def _shared_out(needs: list[int], room: int) -> list[int]:
    """``room`` lines among entries needing ``needs``: the smallest needs are met first, each
    up to an equal share of what is left.

    >>> _shared_out([1, 9, 3], 9)
    [1, 5, 3]
    """
    shares = [0] * len(needs)
    left = room
    for done, index in enumerate(sorted(range(len(needs)), key=lambda i: needs[i])):
        shares[index] = min(needs[index], left // (len(needs) - done))
        left -= shares[index]
    return shares


# == standings ==============================================================================
def _standings(draw: ImageDraw.ImageDraw, game_key: str, view: dict, lang: str,
               rows: list[tuple[int, str]], y: float) -> None:
    left, right = COLUMN[0], COLUMN[2]
    if not rows:
        return
    draw.line((left, y - 6, right, y - 6), fill="#C9C2B2", width=2)
    draw_text(draw, (left, y), say(lang, "standings"), SMALL, bold=True, fill=INK)
    y += LINE + 4
    # each square with the seat's letter, the map's pieces carry it (colour alone told
    # sky blue from blue, orange from yellow badly); as wide as the widest letter needs
    letters = {seat: letter_of(game_key, view, seat) for seat, _ in rows}
    side = max([30.0] + [text_width(letter, SMALL, True) + 8 for letter in letters.values()])
    indent = side + 8
    for seat, value in rows:
        swatch(draw, (left, y + 2, left + side, y + 32), colour_of(game_key, view, seat),
               letters[seat])
        whole = seat_name(view, seat, lang)
        # a short name leaves the numbers what it does not need: "Bot 2" beside the wider
        # letter squares cut "1248M, worth 277…"
        kept = min(NAME_LEAST, text_width(whole, SMALL, True))
        shown = fit_parts(value, SMALL, right - left - indent - 12 - kept)
        value_width = text_width(shown, SMALL)
        name = fit(whole, SMALL, right - left - indent - 12 - value_width, True)
        draw_text(draw, (left + indent, y), name, SMALL, bold=True, fill=INK)
        draw_text(draw, (right, y), shown, SMALL, fill=INK, anchor="ra")
        y += LINE


def fit_parts(value: str, size: int, width: float) -> str:
    """A standing cut where it has room: whole parts (" · ") dropped from the end first, so
    "jetzt 40 P. + Münzen · 6 Herzogtümer" keeps "jetzt 40 P. + Münzen" rather than the cut
    "40 P., wenn es jetzt…" that lost the coins and the duchies."""
    parts = value.split(" · ")
    while len(parts) > 1 and text_width(" · ".join(parts), size) > width:
        parts.pop()
    return fit(" · ".join(parts), size, width)


def standings(game_key: str, view: dict, lang: str) -> list[tuple[int, str]]:
    """Each seat with the public numbers that matter now (never a hidden value)."""
    # by seat, not the game's turn order (18Rhl's changes with the priority deal), so a
    # player finds their row in the same place on every card
    players = sorted((p for p in view.get("players") or [] if isinstance(p, dict)
                      and isinstance(p.get("seat"), int)), key=lambda p: p["seat"])
    rows: list[tuple[int, str]] = []
    for player in players:
        seat = player.get("seat")
        if not isinstance(seat, int):
            continue
        if player.get("bankrupt") or player.get("bankrupt_round"):  # out: no "0M, worth 0M"
            value = say(lang, "stand.bankrupt")
        elif game_key == "rhein":
            value = say(lang, "stand.rhein", capital=player.get("capital", 0))
        elif game_key == "rheinlaender":
            held = [d for d in view.get("duchies") or [] if d.get("owner") == seat]
            if "board_points" in player:  # what the seat would score now (coins stay hidden)
                value = say(lang, "stand.rheinlaender_points", points=player["board_points"],
                            duchies=say(lang, "duchies", count=len(held)))
            else:
                value = say(lang, "stand.rheinlaender",
                            duchies=say(lang, "duchies", count=len(held)),
                            value=sum(int(d.get("value") or 0) for d in held))
        elif game_key == "troedler":
            value = say(lang, "stand.troedler",
                        goods=say(lang, "goods", count=len(player.get("goods") or [])),
                        cards=say(lang, "cards", count=player.get("hand_size", 0)))
        elif game_key == "18rhl":
            value = say(lang, "stand.rhl18", cash=player.get("cash", 0),
                        value=player.get("value", 0))
        else:
            continue
        rows.append((seat, value))
    return rows[:6]
