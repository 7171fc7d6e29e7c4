"""The turn card (issue 14): read inline on a phone, it names the player to act and the moves
since the previous card, marks what changed, and never shows hidden information.

Whole seeded random games of every game and player count, in English and German, sampled
early, mid-game and late; and the service's card across a restart.
"""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine.text import say
from render import card_text, changes, move_pieces, turn_card
from render.common import HIGHLIGHT, PLAYER_COLOURS
from render.text_draw import DrawnText, recording
from tests.board_checks import highlight_edge_share

GAMES = ["rhein", "rheinlaender", "troedler", "18rhl"]
# Discord display names as people pick them: umlauts, long names, a space
NAMES = ["Jürgen", "Anne-Marie Weißenfels", "Ödön", "kai", "Bärbel Groß", "Zoë"]
SAMPLES = (3, 25, 140)  # moves into the game at which a card is drawn (random Rhein ends soon)


def seat_colours(game, players: int) -> list[str]:
    own = [str(c).lower() for c in getattr(game, "seat_colours", ())]
    return (own or list(PLAYER_COLOURS))[:players]


def seats(game, players: int) -> list[dict]:
    return [{"seat": s, "name": NAMES[s], "colour": colour}
            for s, colour in enumerate(seat_colours(game, players))]


def card_view(game, key: str, state, players: int, lang: str, before: dict,
              moves: list[dict], first: bool = False) -> dict:
    """What the service hands the renderer: the public view, seats, the card's facts."""
    public = game.view(state, None)
    return {**public, "lang": lang, "seats": seats(game, players),
            "card": {"acting": list(game.active(state)), "moves": moves[-12:],
                     "earlier": max(0, len(moves) - 12), "first": first,
                     "changed": changes.touched(key, before, public)}}


PUBLIC_RECORD: list[str] = []  # every move line said so far: what the channel has read


def sampled_cards(key: str, players: int, lang: str, seed: int = 3,
                  samples: tuple[int, ...] = SAMPLES):
    """(state, card view) at each sample of a seeded random game, moves since the last one."""
    PUBLIC_RECORD.clear()
    game = engine.GAMES[key]
    state = game.setup(players, {}, seed=seed)
    rng = random.Random(seed * 31 + players)
    before, moves, done = game.view(state, None), [], 0
    for target in samples:
        while done < target and game.result(state) is None:
            seat = game.active(state)[0]
            action = rng.choice(game.legal(state, seat))
            label = say(game.label(state, action), lang)
            lines = game.apply(state, seat, action)
            moves.append({"seat": seat, "text": " ".join(say(x, lang) for x in lines) or label})
            PUBLIC_RECORD.append(moves[-1]["text"])
            done += 1
        if game.result(state) is not None:
            return
        yield state, card_view(game, key, state, players, lang, before, moves)
        before, moves = game.view(state, None), []


def draw(key: str, view: dict) -> tuple[bytes, list[DrawnText]]:
    with recording() as texts:
        png = turn_card.render(key, view)
    return png, texts


def overlaps(a: DrawnText, b: DrawnText) -> bool:
    (l1, t1, r1, b1), (l2, t2, r2, b2) = a.box, b.box
    return l1 < r2 and l2 < r1 and t1 < b2 and t2 < b1


def check_readable(texts: list[DrawnText]) -> None:
    assert texts
    for drawn in texts:
        width, height = drawn.image_size
        assert width <= 1000 and height < width  # landscape, at most 1000 px wide
        assert drawn.share >= 0.026, (drawn.text, drawn.size)  # 14 px when shown 550 wide
        left, top, right, bottom = drawn.box
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, drawn
    for index, a in enumerate(texts):
        for b in texts[index + 1:]:
            assert not overlaps(a, b), (a.text, a.box, b.text, b.box)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("key", GAMES)
def test_every_text_on_a_turn_card_reads_on_a_phone(key, lang):
    game = engine.GAMES[key]
    drawn = 0
    for players in range(game.min_players, game.max_players + 1):
        for state, view in sampled_cards(key, players, lang):
            png, texts = draw(key, view)
            check_readable(texts)
            assert len(png) < 1024 * 1024
            said = " ".join(t.text for t in texts)
            actor = NAMES[game.active(state)[0]]
            assert any(t.text.startswith(actor[:8]) for t in texts), (actor, said)
            latest = view["card"]["moves"][-1]["text"]
            assert latest.split()[0] in said  # the latest move is listed
            drawn += 1
    assert drawn >= game.max_players - game.min_players + 1  # at least one per player count


def test_the_card_lists_the_moves_since_the_previous_card_and_counts_older_ones():
    key, game = "troedler", engine.GAMES["troedler"]
    state = game.setup(3, {}, seed=5)
    before = game.view(state, None)
    moves = [{"seat": n % 3, "text": f"Move number {n} goes here"} for n in range(20)]
    _, texts = draw(key, card_view(game, key, state, 3, "en", before, moves))
    said = [t.text for t in texts]
    assert "Move number 19 goes here" in said  # the latest move
    listed = [n for n in range(20) if f"Move number {n} goes here" in said]
    assert listed == list(range(20 - len(listed), 20))  # the latest ones, in order
    assert f"+ {20 - len(listed)} earlier moves" in said


@pytest.mark.parametrize("lines", [1, 2, 3])
def test_a_move_cut_short_ends_in_an_ellipsis(lines):
    text = ("Blue plays #40 special feed to cross a ferry: Ruthven to Eilandubh, then "
            "fulfils #11 request 2 cups + vase (4) in Eilandubh, delivering 2 cups + vase.")
    width = turn_card.text_width("Blue plays #40 special feed to", turn_card.SMALL) + 4
    wrapped = card_text.wrap(text, turn_card.SMALL, width, lines)
    assert len(wrapped) == lines
    assert wrapped[-1].endswith("…"), wrapped
    assert all(turn_card.text_width(line, turn_card.SMALL) <= width for line in wrapped)
    assert text.startswith(" ".join(wrapped)[:-1].rstrip())  # its start, in order
    assert card_text.wrap("Blue ends the turn.", turn_card.SMALL, width, 1) == [
        "Blue ends the turn."]


def test_a_turn_too_long_for_its_lines_keeps_its_end():
    """"Since the last card" cut a Trödler turn at "… spielt #84 M…", before where the cart
    stopped and what it took: its middle gives way instead."""
    text = ("Orange plays #59 mountain trail: Eilandubh to Lochaven · takes a pot in Lochaven · "
            "plays #84 moor path: Lochaven to Morvich · takes a vase in Morvich · ends the turn.")
    width = turn_card.text_width("Orange plays #59 mountain trail:", turn_card.SMALL) + 4
    wrapped = move_pieces.cut_entry(text, turn_card.SMALL, width, 4, "troedler")
    assert len(wrapped) <= 4 and wrapped[0].startswith("Orange plays #59")
    assert " ".join(wrapped).endswith("takes a vase in Morvich · ends the turn."), wrapped
    assert any("…" in line for line in wrapped)
    assert move_pieces.cut_entry("Blue ends the turn.", turn_card.SMALL, width, 1) == [
        "Blue ends the turn."]


def test_a_card_without_moves_says_so_and_the_first_card_says_the_game_begins():
    game = engine.GAMES["rheinlaender"]
    state = game.setup(3, {}, seed=2)
    view = card_view(game, "rheinlaender", state, 3, "de", game.view(state, None), [],
                     first=True)
    said = [t.text for t in draw("rheinlaender", view)[1]]
    assert "Das Spiel beginnt" in said and "Noch keine Spielzüge" in said
    # posted again mid-game (a seat changed hands, no move since): not "no moves yet"
    again = card_view(game, "rheinlaender", state, 3, "de", game.view(state, None), [],
                      first=False)
    said = [t.text for t in draw("rheinlaender", again)[1]]
    assert "Keine neuen Spielzüge" in said and "Noch keine Spielzüge" not in said


def _image(png: bytes):
    import io

    from PIL import Image

    return Image.open(io.BytesIO(png))


def pink_pixels(png: bytes) -> int:
    import io

    from PIL import Image, ImageColor

    image = Image.open(io.BytesIO(png)).convert("RGB")
    target = ImageColor.getrgb(HIGHLIGHT)
    # over the distinct colours, not pixel by pixel in Python: the same count, far sooner
    return sum(count for count, colour in image.getcolors(image.width * image.height)
               if colour == target)


def marks_changes(key: str, view: dict) -> None:
    png, texts = draw(key, view)
    check_readable(texts)
    assert pink_pixels(png) > 200  # the shared highlight colour outlines them
    assert highlight_edge_share(_image(png)) > 0.2  # with its dark dashes
    unmarked = {**view, "card": {**view["card"], "changed": None}}
    assert pink_pixels(turn_card.render(key, unmarked)) == 0


@pytest.mark.parametrize("key", [key for key in GAMES if key != "rhein"])
def test_changed_places_are_marked_and_named(key):
    # later samples too: the early ones of 18Rhl are auction and stock rounds, whose cards
    # show what the seat chooses from instead of the map
    for _state, view in sampled_cards(key, 3, "en", samples=(*SAMPLES, 200, 260, 320, 400)):
        places = changes.places(view["card"]["changed"])
        if places and turn_card.choice_panel(key, view) is None:  # the map is shown
            marks_changes(key, view)
            return
    pytest.fail(f"no sampled {key} position changed a place")


def test_a_rhein_card_marks_changed_places_where_it_shows_the_map():
    """Rhein's cards show what the seat chooses from in Phases 1-5; the map is left for the
    trucks of Phase 4, which random play seldom reaches, so normal seats play to it."""
    from engine import ai

    key, game = "rhein", engine.GAMES["rhein"]
    for seed in range(20):
        state = game.setup(3, {}, seed)
        before = game.view(state, None)
        while game.result(state) is None:
            public = game.view(state, None)
            view = card_view(game, key, state, 3, "en", before, [])
            if public["step"] == "trucks" and changes.places(view["card"]["changed"]):
                assert turn_card.choice_panel(key, view) is None
                marks_changes(key, view)
                return
            if public["phase"] != 4:
                before = public  # the changes since Phase 4 began
            seat = game.active(state)[0]
            game.apply(state, seat, ai.choose(game, state, seat, "normal", seed))
    pytest.fail("no Rhein trucks step came up")


def hidden_strings(game, state) -> set[str]:
    """Text values some seat sees that the public view does not carry anywhere."""
    from bot.service import _private_part

    public = game.view(state, None)
    shown = json.dumps(public, ensure_ascii=False, default=str)
    found: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and any(c.isdigit() for c in value) and \
                len(value) >= 4 and value not in shown:  # card faces: "#17 ferry"
            found.add(value)

    for seat in range(len(seats(game, 6))):
        try:
            private = game.view(state, seat)
        except Exception:  # fewer seats than that
            break
        for _, value in _private_part(private, public):
            walk(value)
    return found


@pytest.mark.parametrize("key", GAMES)
def test_hidden_information_never_reaches_the_card(key):
    game = engine.GAMES[key]
    checked = 0
    for state, view in sampled_cards(key, 4 if game.max_players >= 4 else 3, "en"):
        # a card in a hand that the channel read about earlier (dealt face up) is no secret
        told = " ".join(PUBLIC_RECORD)
        secrets = {s for s in hidden_strings(game, state) if s not in told}
        _, texts = draw(key, view)
        said = " ".join(t.text for t in texts)
        assert not [s for s in secrets if s in said]
        checked += len(secrets)
    if key == "troedler":
        assert checked  # hands are hidden there: the check had something to look for


async def test_the_service_card_counts_moves_from_the_previous_card_across_a_restart(tmp_path):
    from bot.service import TablesService
    from bot.store import Store
    from tests.service_pebbles import FakeRenderer, ctx

    game = engine.GAMES["rheinlaender"]
    path = str(tmp_path / "cards.sqlite3")
    store = await Store.open(path)
    cards: list[dict] = []

    def service_on(store) -> TablesService:
        service = TablesService(store, render=FakeRenderer(), seed_source=lambda: 11)
        service.card_render = lambda key, view: cards.append(view) or b"\x89PNG card"
        return service

    service = service_on(store)
    await service.new(ctx(1), "rheinlaender", min_players=3, max_players=3, lang="de")
    for user in (2, 3):
        await service.join(ctx(user))
    replies = await service.start(ctx(1), order="joined")
    assert any("turn-card" in f.filename for r in replies for f in r.files)
    assert cards[-1]["card"]["first"] and cards[-1]["card"]["moves"] == []

    async def move() -> None:
        row = await store.latest_game(500)
        state = game.load(row.state)
        seat = game.active(state)[0]
        user = next(s.user_id for s in await store.seats(row.id) if s.seat == seat)
        await service.play(ctx(user), game.format(state, game.legal(state, seat)[0]))

    for _ in range(3):
        await move()
    card = cards[-1]["card"]
    # the turn since the last card, one entry: the turn's moves went to the channel alone
    assert len(card["moves"]) == 1 and not card["first"]
    row = await store.latest_game(500)
    state = game.load(row.state)
    names = {s["seat"]: s["name"] for s in cards[-1]["seats"]}
    assert names[card["acting"][0]] == names[game.active(state)[0]]

    await store.close()  # a restart: a new service, nothing in memory
    store = await Store.open(path)
    service = service_on(store)
    await move()
    card = cards[-1]["card"]
    assert len(card["moves"]) == 1 and changes.places(card["changed"])
    await store.close()


@pytest.mark.parametrize("key", ["rhein", "rheinlaender", "troedler"])
def test_the_full_board_marks_what_changed_since_the_previous_board(key):
    """Issue 14 item 2: the same highlight as the card (18Rhl's map has its own test)."""
    from render import render_board

    for _state, view in sampled_cards(key, 3, "en"):
        changed = view["card"]["changed"]
        if not changed["places"]:
            continue
        board = {k: v for k, v in view.items() if k != "card"}
        plain = pink_pixels(render_board(key, board))
        png = render_board(key, {**board, "changed": changed})
        assert pink_pixels(png) > plain + 100 * len(changed["places"])
        # in the same form as 18Rhl's hexes: pink with dark dashes, as under deuteranopia
        # the pink alone is the grey of a plain frame or a start village's ring. (Trödler's
        # small village rings are in quarters, 6e1b1bc: fewer pink pixels lie by a dark one)
        assert highlight_edge_share(_image(png)) > (0.12 if key == "troedler" else 0.2)
        return
    pytest.fail(f"no sampled {key} position changed a place")


async def test_the_service_hands_the_card_no_hidden_value(tmp_path):
    """What the service gives the card renderer is the public view and the channel's move
    lines: no card face from a hand, at any point of a Trödler game."""
    from bot.service import TablesService
    from bot.store import Store
    from tests.service_pebbles import FakeRenderer, ctx

    game = engine.GAMES["troedler"]
    store = await Store.open(str(tmp_path / "hidden.sqlite3"))
    cards: list[dict] = []
    service = TablesService(store, render=FakeRenderer(), seed_source=lambda: 21)
    service.card_render = lambda key, view: cards.append(view) or b"\x89PNG card"
    await service.new(ctx(1), "troedler", min_players=3, max_players=3)
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    told: list[str] = []
    checked = 0
    for _ in range(25):
        row = await store.latest_game(500)
        state = game.load(row.state)
        if game.result(state) is not None:
            break
        told += [m["text"] for m in cards[-1]["card"]["moves"]]
        secrets = {s for s in hidden_strings(game, state) if s not in " ".join(told)}
        shown = json.dumps(cards[-1], ensure_ascii=False, default=str)
        assert not [s for s in secrets if s in shown]
        checked += len(secrets)
        seat = game.active(state)[0]
        user = next(s.user_id for s in await store.seats(row.id) if s.seat == seat)
        await service.play(ctx(user), game.format(state, game.legal(state, seat)[0]))
    assert checked  # there were hands to keep hidden
    await store.close()


async def test_a_full_board_after_a_restart_still_marks_what_changed(tmp_path):
    """The store remembers what the previous full board had seen (migration 008)."""
    from bot.service import TablesService
    from bot.store import Store
    from tests.service_pebbles import ctx

    game = engine.GAMES["rheinlaender"]  # a board at the end of every round
    path = str(tmp_path / "boards.sqlite3")
    boards: list[dict] = []

    def service_on(store) -> TablesService:
        return TablesService(store, render=lambda key, view: boards.append(view) or b"\x89PNG",
                             seed_source=lambda: 13)

    async def turn(service, store) -> None:
        count = len(boards)
        while len(boards) == count:
            row = await store.latest_game(500)
            state = game.load(row.state)
            seat = game.active(state)[0]
            user = next(s.user_id for s in await store.seats(row.id) if s.seat == seat)
            await service.play(ctx(user), game.format(state, game.legal(state, seat)[0]))

    store = await Store.open(path)
    service = service_on(store)
    await service.new(ctx(1), "rheinlaender", min_players=3, max_players=3)
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    await turn(service, store)
    assert changes.places(boards[-1].get("changed"))  # in memory
    await store.close()

    store = await Store.open(path)  # a restart: nothing in memory
    service = service_on(store)
    await turn(service, store)
    marked = changes.places(boards[-1].get("changed"))
    # what changed since the board before the restart, not since the game began
    since = changes.places(changes.touched("rheinlaender", boards[-2], boards[-1]))
    assert marked and sorted(marked) == sorted(since)
    assert len(changes.places(changes.touched("rheinlaender", boards[0], boards[-1]))) > \
        len(marked)
    await store.close()


def test_a_seats_moves_in_a_row_are_one_entry_on_the_card():
    """Rheinländer's "end the turn without a bastion" listed on its own took half a 5-player
    card, and the first opponents' knights fell under "+ N earlier moves"."""
    from bot.service.pictures import card_entries
    from bot.store.rows import ActionRow
    from engine import ai

    game = engine.GAMES["rheinlaender"]
    state = game.setup(5, {}, seed=3)
    rows = []
    for number in range(10):
        seat = game.active(state)[0]
        action = ai.choose(game, state, seat, "normal", number)
        notation = game.format(state, action)
        lines = game.apply(state, seat, action)
        rows.append(ActionRow(number, 1, seat, None, notation, lines, 0.0, 0, 0))
    assert [row.notation for row in rows][1::2] == ["done"] * 5  # knight, then done
    assert [row.lines[0].key for row in rows[1::2]] == ["rheinlaender.log.done"] * 5
    entries = card_entries(rows)
    assert entries == [[n, n + 1] for n in range(0, 10, 2)]
    assert len({rows[entry[0]].seat for entry in entries}) == 5  # one entry per seat
    # a move of another seat than the entry before is an entry of its own
    assert card_entries([rows[2], rows[1]]) == [[0], [1]]


def test_standings_say_one_good_card_and_duchy_in_the_singular():
    from render.turn_card import standings

    view = {"players": [{"seat": 0, "goods": ["anvil"], "hand_size": 1},
                        {"seat": 1, "goods": ["anvil", "cup"], "hand_size": 4}]}
    assert standings("troedler", view, "de") == [(0, "1 Ware, 1 Karte"), (1, "2 Waren, 4 Karten")]
    assert standings("troedler", view, "en") == [(0, "1 good, 1 card"), (1, "2 goods, 4 cards")]
    duchies = {"players": [{"seat": 0}, {"seat": 1}],
               "duchies": [{"owner": 0, "value": 3}, {"owner": 1, "value": 2},
                           {"owner": 1, "value": 4}]}
    assert standings("rheinlaender", duchies, "en") == [(0, "1 duchy (3)"), (1, "2 duchies (6)")]
    assert standings("rheinlaender", duchies, "de")[0] == (0, "1 Herzogtum (3)")


def test_18rhls_small_map_shows_track_cities_and_tokens():
    """The card's map showed 18Rhl's hexes as coloured shapes only: a laid tile read as a
    yellow hex, with no track, and tokens in a row at each hex's centre."""
    from engine.ai import choose
    from engine.rhl18 import tiles as rules_tiles
    from render import rhl18_tiles
    from render.card_scene import scene

    game = engine.get_game("18rhl")
    state = game.setup(3, {}, 5)
    while not any(cell.get("tile") and rules_tiles.tile(cell["tile"]).color == "yellow"
                  and not rules_tiles.tile(cell["tile"]).preprinted
                  for cell in state["board"].values()):
        seat = game.active(state)[0]
        game.apply(state, seat, choose(game, state, seat, "normal", 5))
    view = game.view(state, None)
    drawn = scene("18rhl", view)
    laid = next(hex_id for hex_id, cell in view["board"].items()
                if rules_tiles.tile(cell["tile"]).color == "yellow"
                and not rules_tiles.tile(cell["tile"]).preprinted)
    hex_box = drawn.places[laid].box()
    inside = [points for points, colour, _ in drawn.lines if colour == rhl18_tiles.INK and all(
        hex_box[0] - 1 <= x <= hex_box[2] + 1 and hex_box[1] - 1 <= y <= hex_box[3] + 1
        for x, y in points)]
    assert len(inside) == len(rules_tiles.tile(view["board"][laid]["tile"]).paths)
    assert drawn.lines_over  # track over the tiles' colour, not under it
    tokens = {sym for cell in view["board"].values() for city in cell.get("tokens") or []
              for sym in city if sym}
    colours = {colour for *_, colour in drawn.pieces}
    assert tokens and {rhl18_tiles.CORP_COLOURS[sym] for sym in tokens} <= colours
    assert "#FFFFFF" in colours  # a free token slot


@pytest.mark.parametrize("open_piles", [False, True])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_troedler_card_shows_the_piles_a_seat_takes_from(lang, open_piles):
    """The card's map showed villages while the seat to act chose among dealer piles it
    never showed; now the piles take the map's place, each with its top card."""
    from render.troedler import card_words

    key, game = "troedler", engine.GAMES["troedler"]
    state = game.setup(4, {"open_piles": open_piles}, seed=8)
    rng = random.Random(8)
    shown = 0
    for _ in range(400):
        if game.result(state) is not None:
            break
        public = game.view(state, None)
        if public["piles"] and shown < 3:
            _, texts = draw(key, card_view(game, key, state, 4, lang, public, []))
            check_readable(texts)
            said = " ".join(t.text for t in texts)
            for pile in public["piles"]:
                top = pile["cards"][-1] if open_piles else pile["top"]
                assert card_words(top, lang).split()[0] in said  # its number, "#43"
            villages = [t for t in texts if t.text in {"Achnacroy", "Carnoch", "Ardvane"}]
            assert not villages  # no map beside the piles
            shown += 1
        seat = game.active(state)[0]
        game.apply(state, seat, rng.choice(game.legal(state, seat)))
    assert shown == 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_rhein_card_in_phase_1_shows_the_orders_on_offer(lang):
    """In Phase 1 the seat takes or bids on an order; the map beside it showed none."""
    key, game = "rhein", engine.GAMES["rhein"]
    state = game.setup(3, {}, seed=3)
    seat = game.active(state)[0]
    offered = {o["card"]: o["options"] for o in game.view(state, None)["orders_list"]}
    # the bid on the order with the longest options, which its bid beside them once cut
    opening = max((m for m in game.legal(state, seat) if m["type"] == "bid"),
                  key=lambda m: len(str(offered[m["card"]])))
    game.apply(state, seat, opening)
    public = game.view(state, None)
    assert public["phase"] == 1 and public["auction"]["card"] == opening["card"]
    _, texts = draw(key, card_view(game, key, state, 3, lang, public, []))
    check_readable(texts)
    said = [t.text for t in texts]
    cities = {c["number"]: c["name"] for c in public["cities"]}
    for order in public["orders_list"]:
        assert f"#{order['card']} {cities[order['city']]}" in said
        # every option whole, the bid order's beside its bid too (its third was cut)
        q, c = order["options"][-1]
        assert [t for t in said if t.endswith((f"{q} → {c}", f"{q}→{c}"))], order
    bidder = {"en": "bids", "de": "bietet"}[lang]
    assert [t for t in said if f"{bidder} {opening['amount']}" in t]  # the bid, by whom


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_rhein_card_in_phases_2_and_3_shows_the_transports_to_load_and_reserve(lang, players):
    """The small map showed a transport as a dot while the seat loaded containers onto it
    and reserved its stops; the board's lanes hold the figures in 6-pixel text on a phone.
    Now the transports the phase is about take the map's place: each named, how full, whose
    containers are aboard and which stops are reserved by whom, all inside the panel. A name
    too long for a column of two is shortened, not cut ("schw. Flugzeug", not "schwarzes
    Flugz…")."""
    from engine import ai
    from render.rhein import word
    from render.rhein_card import choosable

    key, game = "rhein", engine.GAMES["rhein"]
    state = game.setup(players, {}, seed=7)
    seen = {2: 0, 3: 0}
    reserved = 0
    for _ in range(4000):
        public = game.view(state, None)
        if game.result(state) is not None or min(seen.values()) >= 3 and reserved:
            break
        if public["phase"] in seen and seen[public["phase"]] < 3 or \
                public["phase"] == 3 and not reserved and \
                any(t["reserved_by"] for t in choosable(public)):
            _, texts = draw(key, card_view(game, key, state, players, lang, public, []))
            check_readable(texts)
            panel = [t for t in texts
                     if t.box[0] < turn_card.MAP_BOX[2] and t.box[1] > turn_card.BANNER]
            left, top, right, bottom = turn_card.MAP_BOX
            assert all(t.box[1] >= top and t.box[3] <= bottom and t.box[2] <= right
                       for t in panel), [t.text for t in panel if t.box[3] > bottom]
            said = [t.text for t in panel]
            assert not any(c["name"] == t for c in public["cities"] for t in said
                           if not any(c["number"] in map(int, tr["reserved_by"])
                                      for tr in public["transports"]))  # no map
            for item in choosable(public):
                name = word(lang, f"transport.{item['key']}")
                short = word(lang, f"transport_short.{item['key']}")
                assert any(t.startswith(name) or t == short for t in said), (name, said)
                colours = [p["colour"] for p in public["players"]]
                for seat, count in enumerate(item["load"]):
                    if count:
                        assert f"{word(lang, f'letter.{colours[seat]}')}{count}" in said, said
                if public["phase"] == 3:
                    for city in item["reserved_by"]:
                        reserved += 1
                        name = next(c["name"] for c in public["cities"]
                                    if c["number"] == int(city))
                        assert name in said or any(t.startswith("+") for t in said)
            if public["phase"] == 2:
                assert all(t["pos"] is None for t in choosable(public))
            seen[public["phase"]] += 1
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal", 7))
    assert min(seen.values()) >= 3 and reserved


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_rhein_card_at_a_stop_and_in_phase_5_shows_the_seats_orders(lang, players):
    """At a Phase-4 stop the seat unloads, in Phase 5 it fulfils, for its own orders; the
    map showed neither them nor its containers there."""
    from engine import ai
    from render.rhein import word

    key, game = "rhein", engine.GAMES["rhein"]
    state = game.setup(players, {}, seed=7)
    seen = {4: 0, 5: 0}
    for _ in range(4000):
        public = game.view(state, None)
        if game.result(state) is not None or min(seen.values()) >= 2:
            break
        phase, seat = public["phase"], game.active(state)[0]
        city = (public["stop"] or {}).get("city") if phase == 4 else public["fulfil_city"]
        if phase in seen and city is not None and seen[phase] < 2 and \
                public["players"][seat]["orders"]:
            view = card_view(game, key, state, players, lang, public, [])
            assert turn_card.choice_panel(key, view) is not None
            _, texts = draw(key, view)
            check_readable(texts)
            left, top, right, bottom = turn_card.MAP_BOX
            panel = [t for t in texts if t.box[0] < right and t.box[1] > turn_card.BANNER]
            assert all(t.box[3] <= bottom and t.box[2] <= right for t in panel)
            said = [t.text for t in panel]
            cities = {c["number"]: c["name"] for c in public["cities"]}
            for order in public["players"][seat]["orders"]:
                assert f"#{order['card']} {cities[order['city']]}" in said, said
            if phase == 4:
                item = next(t for t in public["transports"]
                            if t["key"] == public["stop"]["transport"])
                count = item["load"][seat]
                head = word(lang, "card.stop_here", count=count)
            else:
                count = public["players"][seat]["lying"].get(str(city), 0)
                head = word(lang, "card.lying_here", count=count)
            assert head in said, (head, said)
            seen[phase] += 1
        game.apply(state, seat, ai.choose(game, state, seat, "normal", 7))
    assert min(seen.values()) >= 2


def test_a_rhein_card_with_many_open_orders_counts_those_that_do_not_fit():
    """No rule limits a seat's open orders (rulings R9): those that do not fit are counted,
    this city's listed first."""
    from engine import ai

    key, game = "rhein", engine.GAMES["rhein"]
    state = game.setup(3, {}, seed=5)
    while not (game.view(state, None)["phase"] == 5 and
               game.view(state, None)["fulfil_city"] is not None):
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal", 5))
    public = game.view(state, None)
    seat = game.active(state)[0]
    here = public["fulfil_city"]
    other = next(c["number"] for c in public["cities"] if c["number"] not in (0, here))
    orders = [{"card": 60 + n, "tokens": 2, "city": other, "options": [[2, 9]], "time": 2,
               "penalty": 3} for n in range(8)]
    orders.append({"card": 99, "tokens": 2, "city": here, "options": [[3, 12]], "time": 4,
                   "penalty": 4})
    public["players"][seat]["orders"] = orders
    view = {**card_view(game, key, state, 3, "en", public, []), **{"players": public["players"]}}
    _, texts = draw(key, view)
    check_readable(texts)
    panel = [t for t in texts if t.box[0] < turn_card.MAP_BOX[2] and t.box[1] > turn_card.BANNER]
    assert all(t.box[3] <= turn_card.MAP_BOX[3] for t in panel)
    said = [t.text for t in panel]
    shown = [t for t in said if t.startswith("#")]
    assert shown[0].startswith("#99 ")  # this city's order first
    assert f"+ {len(orders) - len(shown)} more open orders (/game board)" in said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_18rhl_card_shows_what_the_auction_and_a_stock_round_sell(lang):
    """The card's map showed track while the seat bid for a private company or bought a
    share; the companies for sale, the share prices and presidents were on another picture."""
    from render.rhl18_card import round_kind

    key, game = "18rhl", engine.GAMES["18rhl"]
    state = game.setup(3, {}, seed=5)
    rng = random.Random(5)
    seen: set[str] = set()
    for _ in range(300):
        if game.result(state) is not None or seen >= {"auction", "stock"}:
            break
        public = game.view(state, None)
        kind = round_kind(public)
        if kind in ("auction", "stock") and kind not in seen:
            _, texts = draw(key, card_view(game, key, state, 3, lang, public, []))
            check_readable(texts)
            said = [t.text for t in texts]
            if kind == "auction":
                for sym in public["auction"]["companies"]:
                    assert any(t.startswith(f"{sym} ") for t in said), (sym, said)
            else:
                corps = [c["id"] for c in public["corporations"]]
                assert set(corps) <= set(said)
            seen.add(kind)
        seat = game.active(state)[0]
        game.apply(state, seat, rng.choice(game.legal(state, seat)))
    assert seen == {"auction", "stock"}


async def test_rheinlaender_posts_a_full_board_once_a_round_and_a_card_every_turn(tmp_path):
    """A Rheinländer turn is one knight; a full board after each of them gave the channel two
    pictures per turn. The board comes once a round (every seat's turn), marking the
    round's knights; every turn's prompt still carries its turn card."""
    from bot.service import TablesService
    from bot.store import Store
    from tests.service_pebbles import ctx

    game = engine.GAMES["rheinlaender"]
    boards: list[dict] = []
    store = await Store.open(str(tmp_path / "rounds.sqlite3"))
    service = TablesService(store, render=lambda key, view: boards.append(view) or b"\x89PNG",
                            seed_source=lambda: 13)
    service.card_render = lambda key, view: b"\x89PNG card"
    await service.new(ctx(1), "rheinlaender", min_players=3, max_players=3)
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    start = len(boards)
    cards = 0
    for _ in range(30):  # each seat's first legal move until six turns have passed
        row = await store.latest_game(500)
        state = game.load(row.state)
        if state["turn"] > 6:
            break
        seat = game.active(state)[0]
        user = next(s.user_id for s in await store.seats(row.id) if s.seat == seat)
        replies = await service.play(ctx(user), game.format(state, game.legal(state, seat)[0]))
        cards += sum(f.filename.endswith("turn-card.png") for r in replies for f in r.files)
    assert len(boards) - start == 2  # two rounds of three turns
    assert cards == 6  # a card with each turn's prompt
    assert len(changes.places(boards[-1]["changed"])) >= 3  # the round's three knights
    await store.close()


@pytest.mark.parametrize("key", ["rhein", "18rhl"])
def test_a_bankrupt_seat_stands_as_bankrupt_not_as_nothing(key):
    game = engine.GAMES[key]
    view = game.view(game.setup(3, {}, seed=2), None)
    flag = "bankrupt_round" if key == "rhein" else "bankrupt"
    view["players"][1][flag] = 2 if key == "rhein" else True
    rows = dict(turn_card.standings(key, view, "de"))
    assert rows[1] == "bankrott" and rows[0] != "bankrott"
    assert dict(turn_card.standings(key, view, "en"))[1] == "bankrupt"


def test_a_lone_long_turn_uses_the_whole_moves_column():
    """A Trödler turn of a pile, a discard and card plays was cut after 6 lines ("· p…")
    with three free lines below it: each entry had at most 6 lines, however few there were."""
    from render.turn_card import COLUMN, shown_moves

    text = " · ".join(f"plays #{n} mountain trail: Bracklin to Drumlee" for n in range(40, 48))
    earlier, shown = shown_moves([{"seat": 1, "text": text}], 0, 9, COLUMN[2] - COLUMN[0] - 30)
    assert earlier == 0 and len(shown) == 1 and 6 < len(shown[0][1]) <= 9
    # two turns share the lines; the latest is never dropped for the older
    earlier, shown = shown_moves([{"seat": 0, "text": text}, {"seat": 1, "text": text}], 0, 9,
                                 COLUMN[2] - COLUMN[0] - 30)
    assert [seat for seat, _ in shown] == [0, 1] and sum(len(lines) for _, lines in shown) <= 9


def test_an_18rhl_corporation_in_receivership_is_said_to_be_anyones_to_move():
    """Every player is pinged for a corporation in receivership; "Lay track for GVE" alone
    read as if the game asked the wrong person."""
    from render.text_draw import text_width
    from render.turn_card import TASK, WIDTH, task_text

    view = {"active_step": "Route", "current_entity": "GVE",
            "corporations": [{"id": "GVE", "president": "pool"},
                             {"id": "CCE", "president": "Anna"}]}
    assert task_text("18rhl", view, "en") == \
        "Run GVE's trains (receivership: anyone may act)"
    assert task_text("18rhl", view, "de") == \
        "Lass die Züge der GVE fahren (Zwangsverwaltung: alle)"
    for lang in ("en", "de"):  # the banner has room for it whole (a corporation in
        for step in ("Token", "BuyTrain"):  # receivership builds no track, pays nothing)
            said = task_text("18rhl", {**view, "active_step": step}, lang)
            assert text_width(said, TASK) <= WIDTH - 40, said
    assert task_text("18rhl", {**view, "current_entity": "CCE"}, "en") == "Run CCE's trains"


def test_trodlers_discard_task_says_how_many_cards_and_the_limit():
    """"Discard down to the hand limit (3)" read as if the limit were 3."""
    from render.turn_card import task_text

    assert task_text("troedler", {"must_discard": {"count": 3}}, "en") == \
        "Discard 3 cards: the hand limit is 4"
    assert task_text("troedler", {"must_discard": {"count": 1}}, "de") == \
        "Wirf 1 Karte ab: das Handlimit ist 4"


def test_the_moves_heading_says_moves_not_card():
    """"Since the last card" read as a playing card in the card games; German "Züge" also
    reads as trains in two of the four games."""
    game = engine.GAMES["rheinlaender"]
    state = game.setup(3, {}, seed=2)
    moves = [{"seat": 0, "text": "Orange plays card 3: knight on 3 left."}]
    for lang, heading in (("en", "Latest moves"), ("de", "Letzte Spielzüge")):
        view = card_view(game, "rheinlaender", state, 3, lang, game.view(state, None), moves)
        assert heading in [t.text for t in draw("rheinlaender", view)[1]]


@pytest.mark.parametrize("lang, colour", [("en", "(Yellow)"), ("de", "(Gelb)")])
def test_a_long_name_in_the_banner_is_cut_before_its_colour(lang, colour):
    """The banner's colour word ties the name to the pieces: a long name is shortened,
    never the colour ("Anne-Marie Weißenfels (Yel…" hid whose pieces were meant)."""
    key, game = "rhein", engine.GAMES["rhein"]
    state = game.setup(3, {}, seed=3)
    seat = game.active(state)[0]
    game.apply(state, seat, next(m for m in game.legal(state, seat) if m["type"] == "bid"))
    assert NAMES[game.active(state)[0]] == "Anne-Marie Weißenfels"
    _, texts = draw(key, card_view(game, key, state, 3, lang, game.view(state, None), []))
    head = next(t.text for t in texts if t.text.startswith("Anne-Marie"))
    assert head.endswith(f"… {colour}"), head


def test_a_bid_is_said_by_the_bidders_name_where_it_fits():
    """The order under auction says who bids by name, as the standings beside it do."""
    key, game = "rhein", engine.GAMES["rhein"]
    state = game.setup(3, {}, seed=3)
    seat = game.active(state)[0]
    game.apply(state, seat, next(m for m in game.legal(state, seat) if m["type"] == "bid"))
    bidder = game.view(state, None)["auction"]["high"]
    _, texts = draw(key, card_view(game, key, state, 3, "en", game.view(state, None), []))
    said = [t.text for t in texts if " bids " in t.text]
    assert said and said[0].startswith("Blue" if len(NAMES[bidder]) > 12 else NAMES[bidder])


def test_a_name_the_font_cannot_draw_is_said_by_its_seat():
    """A display name of CJK characters or emoji drew as empty boxes on every card and
    board; the pictures now leave out what they cannot draw, and a name left empty is said
    by its seat and colour."""
    from types import SimpleNamespace

    from bot.service.pictures import Pictures
    from bot.store import SeatRow
    from render.text_draw import drawable

    game = engine.GAMES["rhein"]
    state = game.setup(3, {}, seed=3)
    first = game.active(state)[0]
    names = ["Anna 🎲", "👨\u200d👩\u200d👧 Bo"]
    names.insert(first, "李明")  # the seat to act
    colours = seat_colours(game, 3)
    seats = [SeatRow(1, n, n, 10 + n, names[n], colours[n], False, None) for n in range(3)]
    table = SimpleNamespace(seats=seats, row=SimpleNamespace(language="en"))
    view = Pictures._picture_view(table, game.view(state, None))  # type: ignore[arg-type]
    assert [s["name"] for s in view["seats"]][first] is None
    assert {s["name"] for s in view["seats"]} == {None, "Anna", "Bo"}
    card = {"acting": [first], "moves": [], "earlier": 0, "first": True, "changed": {}}
    _, texts = draw("rhein", {**view, "card": card})
    said = [t.text for t in texts]
    assert said[0] == turn_card.letter_of("rhein", view, first)  # in the banner's square
    assert said[1] == f"Seat {first + 1} ({colours[first].capitalize()})", said[1]
    assert "Anna" in said and "Bo" in said
    assert all(drawable(text) == text for text in said)  # nothing drawn as a box
