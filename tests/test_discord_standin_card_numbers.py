"""Through the Discord stand-in: the turn cards a Rheinländer table's channel gets name the
free spaces of their map by number, what the players type their moves with ("play 17 left"),
or, zoomed out to the whole board, every fifth area's. Before, the map showed no number but
the tags of the spaces that had just changed.

The pictures' texts are read as they are drawn (render.text_draw.recording), card by card.
"""

from __future__ import annotations

import random

from discord_standin import running_bot
from discord_standin.driver import Member
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users

from engine.rheinlaender.board import get_board
from render import rheinlaender, turn_card
from render.text_draw import DrawnText, recording

MOVES = 10  # the humans' moves: a few turns of each (a card, a bastion or none, "done")


def cards(texts: list[DrawnText]) -> list[list[DrawnText]]:
    """The texts of each turn card drawn, in order (a card's banner names the player first)."""
    out: list[list[DrawnText]] = []
    for text in texts:
        if text.image_size != (turn_card.WIDTH, turn_card.HEIGHT):
            continue  # a full board
        if text.size == turn_card.NAME and text.bold:
            out.append([])
        if out:
            out[-1].append(text)
    return out


def numbers(card: list[DrawnText]) -> list[str]:
    """The plain (not bold: a tag's name is) texts inside the card's map."""
    left, top, right, bottom = turn_card.MAP_BOX
    return [t.text for t in card if not t.bold and left <= t.box[0] and t.box[2] <= right and
            top <= t.box[1] and t.box[3] <= bottom]


async def test_the_turn_cards_in_the_channel_number_the_free_spaces(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        played = Played()
        await open_table(bot, "rheinlaender", [anna, bert], bots=1, played=played)
        channel = bot.stand_in.channel
        by_id = {anna.id: anna, bert.id: bert}
        rng = random.Random(7)
        with recording() as texts:
            while len(played.moves) < MOVES:
                row = await row_of(bot, channel)
                users = await seat_users(bot, row.id)
                waiting = [by_id[users[s]] for s in row.active_seats if users.get(s) in by_id]
                await play_turn(bot, waiting[0], channel, rng, played)
        posted = [m for m in bot.stand_in.posts(channel)
                  if any(name.endswith("turn-card.png") for name, _data in m.files)]
        drawn = cards(texts)
        assert len(posted) >= 4 and len(drawn) >= 4
        board = get_board()
        # the spaces' names, and the area numbers a far zoom gives along the river
        names = {rheinlaender._label_text(board, space, lang) for space in board.spaces
                 for lang in ("en", "de") if board.spaces[space]["kind"] != "realm"}
        names |= {str(number) for number in board.numbers}
        for card in drawn:
            said = numbers(card)
            assert len(said) >= 3, said
            assert set(said) <= names, said
