"""18Rhl's full board is two pictures, a map and a market, each at most 1600 px tall, read on
a phone: over random games of 3-6 players in English and German every word is at least
1.1 % of the picture's width, none covers another, none is cut at the picture's edge; the
players are named by their table names in both languages; the routes picture names the
corporation, its trains and the total; the final picture ranks by value and names the
winner; the map outlines what changed since the previous board. RHEINBOT_SLOW=1 samples
more positions of longer games."""

from __future__ import annotations

import io
import os
import re
from functools import cache

import pytest
from PIL import Image, ImageColor

from bot.service.rhl18_steps import routes_of, routes_view
from engine.core import new_rng, rng_below
from engine.rhl18.game import GAME
from render import rhl18, rhl18_market, rhl18_views
from render.common import HIGHLIGHT
from render.text_draw import DrawnText, recording
from tests.board_checks import problems
from tests.test_rhl18discord_steps import live

BANK = "tests/fixtures/18rhl/18Rhl_game_end_bank.json.gz"
SLOW = os.environ.get("RHEINBOT_SLOW") == "1"
NAMES = ("Ärmelkanal-Jürgen", "Bo", "Çağla Öztürk", "Dieter", "Eve_the_Great", "Fü")
COLOURS = ("orange", "sky", "green", "yellow", "blue", "red")


@cache
def play(players: int, seed: int, limit: int) -> list[tuple[dict, tuple[int, dict] | None]]:
    """A random legal game: every state with the move made from it, until the end or
    ``limit`` moves."""
    state = GAME.setup(players, {}, seed)
    chooser = new_rng(seed)
    out = []
    for _ in range(limit):
        if GAME.result(state) is not None:
            break
        seats = GAME.active(state)
        seat = seats[rng_below(chooser, len(seats))]
        moves = GAME.legal(state, seat)
        action = moves[rng_below(chooser, len(moves))]
        out.append((GAME.load(GAME.dump(state)), (seat, action)))
        GAME.apply(state, seat, action)
    out.append((state, None))
    return out


def seated(view: dict, lang: str) -> dict:
    """The public view as the service draws it: the table's language, names and colours."""
    players = len(view["players"])
    seats = [{"seat": i, "name": NAMES[i], "colour": COLOURS[i]} for i in range(players)]
    return {**view, "lang": lang, "seats": seats}


def drawn(picture) -> tuple[list[DrawnText], tuple[int, int]]:
    """The words a picture function draws, and the size of the PNG it makes."""
    with recording() as texts:
        png = picture()
    return list(texts), Image.open(io.BytesIO(png)).size


def check_readable(texts: list[DrawnText], size: tuple[int, int], what: str) -> None:
    assert size[1] <= 1600, what
    assert texts, what
    found = problems(texts, size)
    assert not found, (what, found[:5])


def pictures(view: dict, what: str) -> dict[str, list[DrawnText]]:
    """Both pictures of a full board, checked; their words by picture."""
    out = {}
    for name, picture in (("map", lambda: rhl18.render_map(view)),
                          ("market", lambda: rhl18.png(rhl18_market.market_picture(view)))):
        texts, size = drawn(picture)
        check_readable(texts, size, f"{what} {name}")
        out[name] = texts
    return out


def check_names(view: dict, words: dict[str, list[DrawnText]], what: str) -> None:
    said = [t.text for texts in words.values() for t in texts]
    for player in view["players"]:
        name = NAMES[player["seat"]]
        assert any(name in text.text for text in words["market"]), (what, name)
    assert not [s for s in said if re.search(r"\b(Player|Spieler) \d", s)], what


GAMES = [(3, 1, 200), (4, 2, 160), (5, 3, 140), (6, 4, 140)] if not SLOW else \
    [(n, seed, 2000) for n in (3, 4, 5, 6) for seed in (1, 2)]


@pytest.mark.parametrize("players,seed,limit", GAMES)
def test_sampled_positions_read_well_in_both_languages(players, seed, limit):
    game = play(players, seed, limit)
    states = [state for state, _ in game]
    first_sr = next((i for i, s in enumerate(states) if s["round"]["type"] == "Stock"), 0)
    first_or = next((i for i, s in enumerate(states) if s["round"]["type"] == "Operating"),
                    len(states) - 1)
    picks = [3, first_sr, first_or, len(states) - 1]
    if SLOW:
        picks += list(range(0, len(states), max(1, len(states) // 12)))
    for k, index in enumerate(sorted(set(picks))):
        lang = ("en", "de")[(k + players) % 2]
        before = GAME.view(states[max(0, index - 40)], None)
        view = seated(GAME.view(states[index], None), lang)
        view["changed"] = rhl18_views.changes(before, view)
        words = pictures(view, f"{players}p move {index} {lang}")
        check_names(view, words, f"{players}p move {index} {lang}")
    # the routes a corporation runs: its name, each train's route and revenue, the total
    runs = [(s, a) for s, a in game if a and a[1]["type"] == "run_routes" and a[1]["routes"]]
    if runs:
        state, (_seat, action) = runs[0]
        lang = ("en", "de")[players % 2]
        routes = routes_of(GAME, state, action)
        view = seated(routes_view(GAME, state, routes, lang), lang)
        texts, size = drawn(lambda: rhl18_views.render(view))
        check_readable(texts, size, f"{players}p routes")
        said = [t.text for t in texts]
        total = sum(r["revenue"] for r in routes)
        assert action["entity"] in said
        assert any(f"{total}M" in s for s in said), said
        for route in routes:
            assert any(s.startswith(route["train"].split("-")[0]) and
                       s.endswith(f"= {route['revenue']}M") for s in said), route


@cache
def _finished() -> dict:
    """The recorded 18xx.games game that ended when the bank broke."""
    from engine.rhl18 import importer

    *_, (state, _) = importer.replay_iter(importer.load_json(BANK))
    assert state is not None and state["finished"] and state["end_reason"] == "bank"
    return live(state)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_final_picture_ranks_by_value_and_names_the_winner(lang):
    state = _finished()
    view = seated(GAME.view(state, None), lang)
    words = pictures(view, f"final {lang}")
    check_names(view, words, f"final {lang}")
    market = words["market"]
    said = [t.text for t in market]
    over = "Game over" if lang == "en" else "Spielende"
    assert any(s.startswith(over) for s in said)
    assert any("bank" in s.lower() for s in said if s.startswith(over))  # the reason
    by_value = sorted(view["players"], key=lambda p: -p["value"])
    # the players' rows, top to bottom, between the ranking's title and the next table
    top = next(t.box[3] for t in market if t.text.startswith(
        "Final ranking" if lang == "en" else "Endwertung"))
    bottom = next(t.box[1] for t in market if t.text in ("Corporations", "Gesellschaften"))
    rows = sorted((t.box[1], t.text) for t in market if top < t.box[1] < bottom and
                  any(t.text.startswith(NAMES[p["seat"]]) for p in view["players"]))
    assert [name for _y, name in rows] == [
        NAMES[p["seat"]] + (" (bankrupt)" if lang == "en" else " (bankrott)") * p["bankrupt"]
        for p in by_value]
    for player in by_value:  # cash, the shares' value and the whole value are shown
        shares = player["value"] - player["cash"]
        for amount in (player["cash"], shares, player["value"]):
            assert f"{amount}M" in said
    winner = next(t for t in market if t.text in ("Winner:", "Gewinner:"))
    right = [t for t in market if abs((t.box[1] + t.box[3]) - (winner.box[1] + winner.box[3])) < 6
             and t.box[0] > winner.box[2]]
    assert right and right[0].text == NAMES[by_value[0]["seat"]]


def test_every_seat_sees_the_public_view():
    """18Rhl hides nothing, and the pictures draw the public view."""
    state = play(4, 2, 160)[-1][0]
    public = GAME.view(state, None)
    assert all(GAME.view(state, seat) == public for seat in range(4))


def test_the_map_outlines_the_hexes_changed_since_the_previous_board():
    game = play(4, 2, 160)
    lays = [(s, a) for s, a in game if a and a[1]["type"] == "lay_tile"]
    before, (seat, action) = lays[0]
    after = GAME.load(GAME.dump(before))  # (play()'s states are shared: copy)
    GAME.apply(after, seat, action)
    changed = rhl18_views.changes(GAME.view(before, None), GAME.view(after, None))
    assert action["hex"] in changed["hexes"]
    view = seated(GAME.view(after, None), "en")

    def outlined(view: dict) -> int:
        image = Image.open(io.BytesIO(rhl18.render_map(view))).convert("RGB")
        x, y = rhl18.hex_center(action["hex"])
        crop = image.crop((int(x - rhl18.HEX_W / 2), int(y - rhl18.SIZE),
                           int(x + rhl18.HEX_W / 2), int(y + rhl18.SIZE)))
        target = ImageColor.getrgb(HIGHLIGHT)
        return sum(n for n, colour in crop.getcolors(1 << 16)
                   if sum(abs(a - b) for a, b in zip(colour, target, strict=True)) < 40)

    assert outlined({**view, "changed": changed}) > 200
    assert outlined(view) == 0


async def test_the_service_posts_the_map_and_the_market_with_the_tables_names(tmp_path):
    """A finished import: the start's board and the result's board are each two pictures,
    drawn from the public view with the table's names and colours; the second board marks
    what changed since the first (nothing: the same position)."""
    from bot.service import TablesService
    from bot.store import Store
    from engine.rhl18 import importer
    from render import render_board
    from tests.service_pebbles import ctx

    views: list[dict] = []

    def render(key: str, view: dict):
        views.append(view)
        return render_board(key, view)

    store = await Store.open(str(tmp_path / "pictures.sqlite3"))
    service = TablesService(store, games={"18rhl": GAME}, render=render)
    replies = await service.import_18xx(ctx(1), importer.load_json(BANK))
    for user in (1, 2, 3):
        await service.join(ctx(user))
    replies += await service.start(ctx(1))
    boards = [r for r in replies if r.files]
    assert len(boards) == 2 and all(len(r.files) == 2 for r in boards)
    for reply in boards:
        for attachment in reply.files:
            image = Image.open(io.BytesIO(attachment.data))
            assert image.height <= 1600 and len(attachment.data) < 1024 * 1024
    state = GAME.load((await store.latest_game(500)).state)
    public = GAME.view(state, None)
    for view in views:
        assert {k: v for k, v in view.items() if k not in ("lang", "seats", "changed")} == \
            public
        assert [s["name"] for s in view["seats"]] == ["U1", "U2", "U3"]
    assert "changed" not in views[0] and views[1]["changed"] == {"hexes": []}
    await store.close()
