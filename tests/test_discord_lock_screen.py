"""What a phone shows without opening Discord, through the Discord stand-in. A push shows a
message's content, its first hundred characters or so; an embed shows nothing there. A
review found every turn DM blank there (all in an embed), every hand DM showing the hand
("Hand: 24, 38, 43, 44, 52 / Coins: 0") to whoever looked at the phone, channel pings that
began with another player's moves, and an English undo request whose call to vote fell past
what a push shows."""

from __future__ import annotations

import random
import re

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, to_move
from test_discord_standin_deal import hand_lines
from test_discord_standin_failures import reminders_done, waiting_users

PUSH = 100  # about what a lock screen shows of a message
TURN = {"en": "Your turn in Rheinländer (#games). Play a card: place a knight.",
        "de": "Du bist dran in Rheinländer (#games). Spiele eine Karte: setze einen Ritter."}
HAND = {"en": "Your new hand in Rheinländer (#games):", "de": "Deine neue Hand in Rheinländer (#games):"}
PROMPT = {"en": "your turn in Rheinländer (Turn ", "de": "du bist dran in Rheinländer (Zug "}


def plain(text: str) -> bool:
    """No markdown, no mention, no raw channel id: what a lock screen shows as it is."""
    return not re.search(r"\*\*|__|<[@#]|\]\(", text)


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_the_turn_dm_and_the_hand_dm_say_game_channel_and_task_never_the_hand(
        tmp_path, monkeypatch, locale) -> None:
    lang = locale[:2]
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)
        await open_table(bot, "rheinlaender", [anna, bert], bots=1, language=lang)
        await reminders_done(bot)
        [first] = [m for m in (anna, bert) if m.id in await waiting_users(bot, fake.channel)]
        other = bert if first is anna else anna
        hands = await hand_lines(bot, lang)
        [turn] = fake.dms(first.id)
        assert turn.content == TURN[lang], turn.content
        # the hand the deal gave them rides in the embed they open, never in the push
        assert hands[first.id] in turn.embed_text and hands[first.id] not in turn.content
        [hand] = fake.dms(other.id)
        assert hand.content.startswith(HAND[lang]) and plain(hand.content), hand.content
        assert hands[other.id] in hand.embed_text
        assert not any(word in hand.content for word in ("Hand:", "Coins", "Münzen", "Karten:"))


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_a_channel_ping_leads_with_the_turn_and_names_the_game(
        tmp_path, monkeypatch, locale) -> None:
    """Bert has /remind off: his notice is the turn prompt's ping, which came after the
    other players' moves ('**Anna** (orange) places a bastion …'), his turn cut off."""
    lang = locale[:2]
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)
        await bert.command("remind off")
        await open_table(bot, "rheinlaender", [anna, bert], bots=1, language=lang)
        rng, played = random.Random(5), Played()
        for _ in range(8):
            await play_turn(bot, await to_move(bot, [anna, bert]), fake.channel, rng, played)
        pings = [m for m in fake.posts() if bert.id in m.pinged]
        assert len(pings) >= 2, [m.content for m in pings]
        after_moves = [m for m in pings if "**Anna**" in m.content]
        assert after_moves, [m.content for m in pings]
        for message in pings:
            assert message.content.startswith(f"<@{bert.id}>: {PROMPT[lang]}"), message.content


async def test_the_english_undo_request_calls_the_vote_within_a_push(tmp_path,
                                                                     monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        people = [Member(bot, name) for name in ("Anna", "Bert", "Cara")]
        await open_table(bot, "rheinlaender", people, language="en")
        rng, played = random.Random(3), Played()
        mover = await to_move(bot, people)
        while await to_move(bot, people) is mover:  # the whole turn: its undo needs votes
            await play_turn(bot, mover, fake.channel, rng, played)
        version = (await row_of(bot, fake.channel)).version
        await mover.command("game undo")
        assert (await row_of(bot, fake.channel)).version == version  # a vote, not taken back
        [request] = [m for m in fake.posts() if "asks to take back" in m.content]
        assert {p.id for p in people if p is not mover} <= request.pinged
        # a mention shows as "@Bert" on a phone: about as long as its name
        shown = re.sub(r"<@\d+>", "@Bert", request.content)[:PUSH + 20]
        assert "@Bert: agree or refuse" in shown, request.content
        assert "It takes back a card" in request.content
