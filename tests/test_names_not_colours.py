"""Players are called by their names, not their seat colours, wherever the table knows the
names: a phone player reading "Turn 21: Orange" or "next to Green" (Green being themselves)
had to look up who plays which colour. Where a picture is drawn without names (tests, the
bench) the colour stays."""

from __future__ import annotations

import io

from PIL import Image

import engine
from bot.replies import Audience
from bot.service import TablesService
from bot.store import Store
from engine.rheinlaender.scenario import scenario
from engine.text import say
from render import render_board
from render import rheinlaender as rheinlaender_picture
from render.common import HIGHLIGHT
from render.text_draw import recording
from tests.service_pebbles import ctx

RHEINLAENDER = engine.get_game("rheinlaender")
TROEDLER = engine.get_game("troedler")
COLOURS_DE = ("Orange", "Blau", "Grün", "Gelb", "Lila", "Himmelblau")


def _seats(names: list[str]) -> list[dict]:
    return [{"seat": seat, "name": name} for seat, name in enumerate(names)]


def test_rheinlaender_board_title_names_the_player_to_move():
    state = RHEINLAENDER.setup(4, {}, 3)
    names = ["Anna", "Bert", "Cora", "Dirk"]
    view = {**RHEINLAENDER.view(state, None), "lang": "de", "seats": _seats(names)}
    title = rheinlaender_picture.headline(view)
    assert title == f"Zug 1: {names[state['current']]}"
    # without names (a test, the bench) the colour is all there is
    plain = rheinlaender_picture.headline({**view, "seats": []})
    assert plain.split(": ")[1] in COLOURS_DE


async def test_the_turn_card_post_of_an_ai_turn_names_the_player(tmp_path):
    store = await Store.open(str(tmp_path / "t.sqlite3"))
    service = TablesService(store, games={"rheinlaender": RHEINLAENDER},
                            render=lambda key, view: b"png", seed_source=lambda: 3, ai_limit=6)
    service.cards_for_ai = True  # as the demo: a card before each AI turn
    service.card_render = lambda key, view: b"card"
    host = ctx(1)
    await service.new(host, "rheinlaender", min_players=3, max_players=3, lang="de")
    await service.leave(host)
    for _ in range(3):
        await service.add_bot(host)
    replies = await service.start(host, order="joined")
    cards = [r for r in replies if r.audience is Audience.CHANNEL
             and any(f.data == b"card" for f in r.files)]
    assert len(cards) > 1
    for card in cards:  # "Rheinländer: Zug 1: Bot 2", titled "Zug 1: Bot 2"
        assert card.title.startswith("Zug ") and card.title.split(": ")[1].startswith("Bot "), \
            card.title
        assert card.text.endswith(f"Rheinländer: {card.title}"), card.text
    await store.close()


def test_a_rheinlaender_label_calls_the_movers_own_knights_yours():
    # Orange (A) is to move; its knights on 12 and 14 left, Blue's on the river at 13
    state = scenario("A:L12 A:L14 B:R13 C:T12", hands={"A": [13, 5]})
    labels = {say(RHEINLAENDER.label(state, move), lang)
              for move in RHEINLAENDER.legal(state, 0) for lang in ("en", "de")}
    assert "Card 13: knight on 13 left bank next to Blue and your knights" in labels
    assert "Karte 13: Ritter auf 13 links neben Blau und deinen Rittern" in labels
    assert "Card 5 as reinforcement on 11 left bank next to your knight" in labels
    assert "Karte 5 als Verstärkung auf 11 links neben deinem Ritter" in labels
    assert "Card 13: knight on 13 right bank next to Blue, Green" in labels  # no own knight
    assert not any("Orange" in label for label in labels)


async def test_the_first_troedler_deal_names_the_dealer(tmp_path):
    from tests.service_pebbles import started_table

    _, store, _, replies = await started_table(tmp_path / "t.sqlite3", "troedler", 5,
                                               lang="de")
    state = TROEDLER.load((await store.latest_game(500)).state)
    deal = next(line for r in replies if r.audience is Audience.CHANNEL
                for line in r.text.splitlines() if line.startswith("Runde 1:"))
    assert deal.startswith(f"Runde 1: U{state['dealer'] + 1} bildet 4 Trödelstapel"), deal
    await store.close()


def _troedler_playing() -> dict:
    """A Trödler state in its first playing stage (every dealer pile taken)."""
    state = TROEDLER.setup(3, {}, 5)
    for _ in range(50):
        view = TROEDLER.view(state, None)
        if not view["piles"] and "must_discard" not in view:
            return state
        seat = TROEDLER.active(state)[0]
        TROEDLER.apply(state, seat, TROEDLER.legal(state, seat)[0])
    raise AssertionError("no playing stage within 50 moves")


def test_troedler_board_names_who_played_this_turn():
    state = _troedler_playing()
    names = ["Anna", "Bert", "Cora"]
    view = {**TROEDLER.view(state, None), "lang": "de", "seats": _seats(names)}
    with recording() as texts:
        render_board("troedler", view)
    drawn = {text.text for text in texts}
    assert f"In diesem Zug gespielt ({names[view['current']]})" in drawn
    assert not any(text.startswith("In diesem Zug gespielt (") and text.endswith(
        tuple(f"({colour})" for colour in COLOURS_DE)) for text in drawn)


def test_the_rhein_change_ring_leaves_the_city_name_whole():
    game = engine.get_game("rhein")
    view = {**game.view(game.setup(3, {}, 2), None), "lang": "de",
            "changed": {"places": ["8"]}}  # Köln
    with recording() as texts:
        picture = Image.open(io.BytesIO(render_board("rhein", view))).convert("RGB")
    name = next(text for text in texts if text.text == "Köln")
    left, top, right, bottom = name.box
    ring = Image.new("RGB", (1, 1), HIGHLIGHT).getpixel((0, 0))
    covered = [(x, y) for x in range(left, right) for y in range(top - 1, bottom)
               if picture.getpixel((x, y)) == ring]
    assert not covered, covered[:5]  # the ring hid the umlaut: "Koln"


async def test_the_prompt_the_board_post_and_the_stored_phase_name_the_player(tmp_path):
    from tests.service_pebbles import started_table

    service, store, game, replies = await started_table(tmp_path / "p.sqlite3",
                                                        "rheinlaender", 3)
    state = game.load((await store.latest_game(500)).state)
    name = f"U{state['current'] + 1}"  # seat n is user n + 1
    prompt = next(r for r in replies if r.is_public and "<@" in r.text)
    board = next(r for r in replies if r.is_public and r.files)
    assert f"Turn 1: {name}" in prompt.text, prompt.text
    assert board.title == f"Turn 1: {name}", board.title
    row = await store.latest_game(500)
    assert say(row.phase, "de") == f"Zug 1: {name}"  # read by the DMs and /mygames
    # a move by that player: the next prompt names the next player
    move = game.legal(state, state["current"])[0]
    told = await service.play(ctx(state["current"] + 1), game.format(state, move))
    assert not any("Orange" in r.text or "Blue" in r.text for r in told if r.is_public)
    await store.close()


async def test_buttons_autocomplete_and_the_hand_name_other_seats(tmp_path):
    from tests.service_pebbles import started_table

    service, store, game, _ = await started_table(tmp_path / "b.sqlite3", "rheinlaender", 3)
    colours = ("Orange", "Blue", "Green", "Yellow", "Purple")
    from engine import ai

    for step in range(60):  # until a move of the seat to act names another seat's knight
        state = game.load((await store.latest_game(500)).state)
        seat = state["current"]
        labels = [say(game.label(state, m), "en") for m in game.legal(state, seat)]
        if any("next to" in label and any(c in label for c in colours) for label in labels):
            break
        move = ai.choose(game, state, seat, "normal", step)
        await service.play(ctx(seat + 1), game.format(state, move))
    else:
        raise AssertionError("no label named another seat in 60 moves")
    [hand] = await service.hand(ctx(seat + 1))
    choices = await service.move_choices(ctx(seat + 1), "next to")
    from bot.service.base import _expected

    table, _ = await service._load(await store.latest_game(500))
    dm = _expected(game, table.state, seat, "en", table)  # the turn DM's "you can" list
    shown = [b.label for b in hand.buttons] + [label for label, _ in choices] + [hand.text, dm]
    assert any("next to U" in text for text in shown), shown
    assert not any(f"next to {c}" in text for text in shown for c in colours), shown
    await store.close()
