"""Two leftovers for a player new to Rhein, through the Discord stand-in.

``load black-plane 2`` in a two-player game answered "The black Plane is not used in this
game.": it named neither why nor what to load instead, where a reservation of the same
transport already said that this player count leaves it in the box and which transports
are in play. A load now says the same.

At a stop the unload buttons said "Unload 5 from the red Train · +5 storage in Phase 6",
but the /play list (autocomplete) read only "Unload 5 from the red Train": a player who
typed their move never learnt what it added to the round's end. Both now read the engine's
one label.
"""

from __future__ import annotations

import copy

import pytest
from discord_standin import running_bot
from discord_standin.table import pair_at_table, refused_play, row_of, turn_prompt

from engine.rhein import Rhein, data
from engine.text import say
from tests.rhein_helpers import GAME, LoadingRhein, StopRhein, board, fresh, start_phase4

LEFT_IN_THE_BOX = {
    "en": "There is no transport 'black-plane' in this game: with 2 players it stays in the "
          "box. Transports in this game: white-plane, white-train, red-train, black-train, "
          "white-ship, red-ship.",
    "de": "Ein Transportmittel „schwarzes Flugzeug“ gibt es in dieser Partie nicht: Bei 2 "
          "Spielern bleibt es in der Schachtel. Transportmittel in dieser Partie: weißes "
          "Flugzeug, weißer Zug, roter Zug, schwarzer Zug, weißes Schiff, rotes Schiff.",
}
STORED = {"en": "Unload 5 from the red Train · +5 storage in Phase 6",
          "de": "Entlade 5 aus dem roten Zug · +5 Lagerung in Phase 6"}


async def seated(bot, game: Rhein, lang: str):
    service = bot.client.adapter.service
    service.games = {**service.games, "rhein": game}
    _, _, mover = await pair_at_table(bot, "rhein", lang)
    return mover


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_loading_a_transport_left_in_the_box_says_so_and_lists_the_games(
        tmp_path, monkeypatch, lang):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover = await seated(bot, LoadingRhein(), lang)
        typed = "load black-plane 2" if lang == "en" else "laden schwarzes-flugzeug 2"
        assert await refused_play(bot, mover, typed) == LEFT_IN_THE_BOX[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_play_list_says_an_unloads_storage_as_its_button_does(
        tmp_path, monkeypatch, lang):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover = await seated(bot, StopRhein(), lang)
        channel = bot.stand_in.channel
        choices = await mover.autocomplete("play", "move", "")
        named = {c["value"]: c["name"] for c in choices}
        assert named["unload red-train 5"] == STORED[lang], named
        assert all(len(c["name"]) <= 100 for c in choices), choices
        # the button says it in the same words, once
        prompt = turn_prompt(bot, channel, mover, (await row_of(bot, channel)).version)
        assert prompt is not None
        assert STORED[lang] in prompt.labels.values(), list(prompt.labels.values())


def test_an_unload_where_an_order_of_the_player_waits_adds_nothing_to_its_label():
    state = fresh(2, {}, seed=3)
    board(state, "red-train", None, {0: 5}, markers=[1])
    start_phase4(state)
    seat = GAME.active(state)[0]
    unload = {"type": "unload", "transport": "red-train", "n": 5}
    assert say(GAME.label(state, unload), "en") == STORED["en"]
    waiting = copy.deepcopy(state)
    waiting["orders"][seat] = [{"card": next(c.id for c in data.CARDS if c.city == 1),
                                "tokens": 2}]
    assert say(GAME.label(waiting, unload), "en") == "Unload 5 from the red Train"
    assert say(GAME.label(waiting, unload), "de") == "Entlade 5 aus dem roten Zug"
