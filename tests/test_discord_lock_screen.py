"""What a phone shows without opening Discord, through the Discord stand-in. A push shows a
message's content, its first hundred characters or so; an embed shows nothing there. A
review found every turn DM blank there (all in an embed), every hand DM showing the hand
("Hand: 24, 38, 43, 44, 52 / Coins: 0") to whoever looked at the phone, channel pings that
began with another player's moves, and an English undo request whose call to vote fell past
what a push shows."""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_out, play_turn, row_of, to_move
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


END = {"en": ("Rheinländer (#games) is over", "you won (", "you placed "),
       "de": ("Rheinländer (#games) ist vorbei", "du hast gewonnen (", "du bist auf Platz ")}


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_the_end_of_a_game_is_one_dm_to_each_player_with_their_result(
        tmp_path, monkeypatch, locale) -> None:
    """The result post pinged nobody: a player following the game from their phone never
    learnt it was over. Each human gets one DM; Cara, /remind off, too (news she wants)."""
    lang = locale[:2]
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        people = [Member(bot, name, locale=locale) for name in ("Anna", "Bert", "Cara")]
        await people[2].command("remind off")
        await open_table(bot, "rheinlaender", people, language=lang)
        await play_out(bot, people, fake.channel, random.Random(3), Played())
        await reminders_done(bot)
        head, won, placed = END[lang]
        ends = {p.name: [m for m in fake.dms(p.id) if m.content.startswith(head)]
                for p in people}
        assert all(len(dms) == 1 for dms in ends.values()), ends
        lines = {name: dms[0].content for name, dms in ends.items()}
        assert sum(won in line for line in lines.values()) >= 1, lines
        assert all(won in line or placed in line for line in lines.values()), lines
        assert all(plain(line) for line in lines.values()), lines
        for _ in range(2):  # once: a later look at the finished game sends nothing more
            await people[0].command("game status")
            await reminders_done(bot)
        assert all(len([m for m in fake.dms(p.id) if m.content.startswith(head)]) == 1
                   for p in people)


async def annas_turn_with_emil_by(bot) -> tuple[Member, Member, Member]:
    """Seed 5's Rheinländer of Anna, Bert and an AI seat, played by Bert to Anna's turn, the
    reminders done; Emil a member waiting to take a seat. Returns Anna, Bert and Emil."""
    anna, bert, emil = Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Emil")
    await open_table(bot, "rheinlaender", [anna, bert], bots=1, language="en")
    rng, played = random.Random(5), Played()
    while await to_move(bot, [anna, bert]) is not anna:
        await play_turn(bot, bert, bot.stand_in.channel, rng, played)
    await reminders_done(bot)
    return anna, bert, emil


async def test_a_seat_taken_over_on_its_turn_is_one_push(tmp_path, monkeypatch) -> None:
    """Emil replacing Anna on her turn got three pushes in the same second: the channel
    post's mention, a DM with the seat's hand as its content, and a blank "Your turn"."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert, emil = await annas_turn_with_emil_by(bot)
        hands = await hand_lines(bot, "en")
        seen = {m.id for m in fake.messages.values()}
        bert.manage = True
        await bert.command("game kick", player=str(anna.id), replacement=str(emil.id))
        await reminders_done(bot)
        for _ in range(3):  # the turn DM it stood for does not follow later
            await asyncio.sleep(0.05)
            await reminders_done(bot)
        pushes = [m for m in fake.notices(emil.id) if m.id not in seen]
        assert len(pushes) == 1, [m.text for m in pushes]
        [dm] = pushes
        assert dm.content == "You now play Anna's seat in Rheinländer (#games). It is your " \
            "turn. Play a card: place a knight.", dm.content
        assert hands[anna.id] in dm.embed_text and hands[anna.id] not in dm.content
        assert await to_move(bot, [emil, bert]) is emil
