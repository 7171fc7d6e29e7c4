"""A spectator's board DM (/game watch) read on a phone: it names who is to move, repeats
the moves since the board before as the channel said them (in the reader's language,
clipped as a turn DM's news is), and its first picture is the turn card (1000x620, read
whole at 550 px), the full board after it. It had only the phase's name and a 1600 px
board, where "Turn: Bert (Yellow)" was 4 px high. Only public things: nothing of a hand.
The DM held through a spectator's quiet hours has the same shape."""

from __future__ import annotations

import io
import random
import re

import pytest
from discord_standin.clock import reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import Message, StandIn
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users
from PIL import Image
from test_discord_standin_alt_text import secrets
from test_discord_watch_quiet_hours import MORNING, board_dms, watched_night

TO_MOVE = {"en": r"^(.+?) (?:is|are) to move[:.]", "de": r"^(.+?) (?:ist|sind) am Zug[:.]"}
MOVES = {"en": "Moves since the previous board:", "de": "Spielzüge seit dem vorigen Spielbrett:"}
CARD = re.compile(r"-turn-card\.png$")
LOCALE = {"en": "en-US", "de": "de"}


async def hand_ids(bot, told: str) -> set[str]:
    """The Trödler cards ("#57") in the players' hands that the channel never showed (a
    pile's top card taken into a hand was public): by number, the same in both languages."""
    hidden = await secrets(bot, "en", told)
    return {card for secret in hidden for card in re.findall(r"#\d+", str(secret))
            if not re.search(rf"{card}\b", told)}


def shape(dm: Message, lang: str, board: re.Pattern[str]) -> None:
    """The turn card first, at the card's size, then the full board; the words within a
    message and in the reader's language."""
    names = [name for name, _ in dm.files]
    assert names and CARD.search(names[0]), names
    assert Image.open(io.BytesIO(dm.files[0][1])).size == (1000, 620)
    assert names[1:] and all(board.match(name) for name in names[1:]), names
    assert len(dm.text) <= 2000
    other = "de" if lang == "en" else "en"
    assert MOVES[other] not in dm.text and not re.search(TO_MOVE[other], dm.text, re.M)


def to_move_names(dm: Message, lang: str) -> str:
    found = re.search(TO_MOVE[lang], dm.text, re.M)
    assert found is not None, dm.text
    return found.group(1)


def moves_said(dm: Message, lang: str) -> list[str]:
    """The DM's lines under its moves heading."""
    lines = dm.text.split("\n")
    assert MOVES[lang] in lines, dm.text
    return lines[lines.index(MOVES[lang]) + 1:]


@pytest.mark.parametrize(("table", "lang"), [("en", "de"), ("de", "en")])
async def test_a_watch_dm_says_whose_turn_and_what_changed_card_first(
        tmp_path, monkeypatch, table: str, lang: str) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=11) as bot:
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        wanda = Member(bot, "Wanda", LOCALE[lang])
        await open_table(bot, "troedler", [anna, bert], bots=1, language=table)
        await wanda.command("game watch", fake.channel)
        board = re.compile(r"^troedler-\d+-v\d+\.png$")
        rng, played, seen, hidden_looked = random.Random(3), Played(), 0, 0
        by_id = {anna.id: anna, bert.id: bert}
        for _ in range(40):
            dms = fake.dms(wanda.id)
            row = await row_of(bot, fake.channel)
            users = await seat_users(bot, row.id)
            names = {s.seat: s.name for s in await bot.client.store.seats(row.id)}
            hidden = await hand_ids(bot, " ".join(m.text for m in fake.posts()))
            hidden_looked += len(hidden)
            for number, dm in enumerate(dms[seen:], start=seen):
                shape(dm, lang, board)
                acting = to_move_names(dm, lang)
                assert all(names[s] in acting for s in row.active_seats), (acting, dm.text)
                if number:  # a phase's news: the moves since the board before
                    said = moves_said(dm, lang)
                    assert said and any("**" in line for line in said), dm.text
                    [*_, latest] = [m for m in fake.posts() if any(
                        board.match(name) for name, _ in m.files)]
                    assert [n for n, _ in dm.files[1:]] == [n for n, _ in latest.files]
                # nothing of a hand, in the words or a picture's alt text
                words = " ".join([dm.text, *(dm.descriptions or [])])
                assert not [card for card in hidden if re.search(rf"{card}\b", words)], words
            seen = len(dms)
            if seen >= 4 or row.status != "active":
                break
            waiting = [by_id[users[s]] for s in row.active_seats if users.get(s) in by_id]
            await play_turn(bot, waiting[0], fake.channel, rng, played)
        assert seen >= 3, [m.text for m in fake.dms(wanda.id)]
        assert hidden_looked  # the players held cards to keep hidden


async def test_the_dm_held_through_quiet_hours_has_the_same_shape(tmp_path, monkeypatch):
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock, (bob, eva, udo, pia) = await watched_night(bot, fake)
        await reminders_settle(bot, clock)
        clock.now = MORNING
        await reminders_settle(bot, clock)
        board = re.compile(r"^rhein-\d+-v\d+\.png$")
        for watcher, lang in ((udo, "en"), (pia, "de")):
            [*_, morning] = board_dms(fake, watcher.id)
            assert len(board_dms(fake, watcher.id)) == 2
            shape(morning, lang, board)
            row = await row_of(bot, fake.channel)
            names = {s.seat: s.name for s in await bot.client.store.seats(row.id)}
            assert all(names[s] in to_move_names(morning, lang) for s in row.active_seats)
            said = moves_said(morning, lang)
            assert any("**Bob**" in line or "**Eva**" in line for line in said), morning.text
