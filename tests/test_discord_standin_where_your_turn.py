"""A player at several tables, through the Discord stand-in. A review's power user got two
hand DMs in the same minute from two Trödler games, both headed "**Only you see** (Round 1:
playing cards):", with nothing saying which game each was. And while it was her turn in
#rhein, /play elsewhere said only "It is not your turn: waiting for Finn.", "You are not
playing in this game." or "The game in this channel was abandoned; ...", and its list was
empty where she had no seat: never where her turn was."""

from __future__ import annotations

import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_turn
from test_discord_standin_failures import reminders_done, waiting_users

TROEDLER = "Die Trödler aus den Highlands"
RHEIN = "Rhein: River Trade"
ONLY = {"en": "**Only you see** in **{t}**, <#{c}> (", "de": "**Nur du siehst** in **{t}**, <#{c}> ("}


async def new_channel(fake, name: str) -> int:
    channel = fake.add_channel(name)
    await fake.dispatch("CHANNEL_CREATE", fake.channels[channel])
    return channel


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_a_hand_dm_names_its_game_and_channel(tmp_path, monkeypatch, locale) -> None:
    lang = locale[:2]
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)
        second = await new_channel(fake, "second")
        tables = (fake.channel, second)
        for channel in tables:
            await open_table(bot, "troedler", [anna, bert], channel=channel)
        await reminders_done(bot)
        # at each table the one not to act gets their hand alone (the other's rides on
        # their turn DM, which names the game already)
        hands = {}
        for channel in tables:
            [first] = await waiting_users(bot, channel)
            other = bert if first == anna.id else anna
            head = ONLY[lang].format(t=TROEDLER, c=channel)
            [dm] = [m for m in fake.dms(other.id) if head in m.embed_text]
            assert "Hand: " in dm.embed_text and "Hand: " not in dm.content, dm.text
            hands[channel] = dm.embed_text
        # each DM names only its own table, and nobody's hand reaches a channel
        assert f"<#{second}>" not in hands[fake.channel]
        assert f"<#{fake.channel}>" not in hands[second]
        hand_lines = [line for text in hands.values() for line in text.splitlines()
                      if line.startswith("Hand: ")]
        assert not any(line in post.text for post in fake.posts() for line in hand_lines)


SAID = {
    "en": {
        "not_turn": "It is not your turn: waiting for Bert. Your turn: **{r}** in <#{a}>.",
        "entry_not_turn": "It is not your turn: waiting for Bert. Your turn: {r}",
        "no_seat": "You are not playing in this game. Your turn: **{r}** in <#{a}>. "
                   "Your other games: **{r}** in <#{b}>.",
        "entry": "Your turn: {r} (pick this for the link)",
        "abandoned": "The game in this channel was abandoned; /game new starts another. "
                     "Your turn: **{r}** in <#{a}>. Your other games: **{r}** in <#{b}>.",
        "no_game": "There is no game in this channel. Your turn: **{r}** in <#{a}>. "
                   "Your other games: **{r}** in <#{b}>.",
    },
    "de": {
        "not_turn": "Du bist nicht dran: wir warten auf Bert. Du bist dran: **{r}** in <#{a}>.",
        "entry_not_turn": "Du bist nicht dran: wir warten auf Bert. Du bist dran: {r}",
        "no_seat": "Du spielst in diesem Spiel nicht mit. Du bist dran: **{r}** in <#{a}>. "
                   "Deine anderen Spiele: **{r}** in <#{b}>.",
        "entry": "Du bist dran: {r} (wähl das für den Link)",
        "abandoned": "Das Spiel in diesem Kanal wurde abgebrochen; /spiel neu startet ein "
                     "neues. Du bist dran: **{r}** in <#{a}>. Deine anderen Spiele: **{r}** "
                     "in <#{b}>.",
        "no_game": "In diesem Kanal gibt es kein Spiel. Du bist dran: **{r}** in <#{a}>. "
                   "Deine anderen Spiele: **{r}** in <#{b}>.",
    },
}


async def play_until(bot, channel: int, people: list[Member], done, rng, played) -> None:
    for _ in range(30):
        waiting = await waiting_users(bot, channel)
        if done(waiting):
            return
        mover = next(p for p in people if p.id in waiting)
        await play_turn(bot, mover, channel, rng, played)
    raise AssertionError("the table never came to the wanted turn")


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_play_elsewhere_says_where_your_turn_is(tmp_path, monkeypatch, locale) -> None:
    lang = locale[:2]
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)
        cora = Member(bot, "Cora")
        mine, theirs, others, gone = [await new_channel(fake, name)
                                      for name in ("mine", "theirs", "others", "gone")]
        rng, played = random.Random(3), Played()
        await open_table(bot, "rhein", [anna, bert], channel=mine, played=played)
        await play_until(bot, mine, [anna, bert], lambda w: anna.id in w, rng, played)
        await open_table(bot, "rhein", [bert, anna], channel=theirs, played=played)
        await play_until(bot, theirs, [anna, bert], lambda w: w == {bert.id}, rng, played)
        assert anna.id in await waiting_users(bot, mine)
        await open_table(bot, "rhein", [cora, bert], channel=others, played=played)
        await open_table(bot, "rhein", [anna, cora], channel=gone, played=played)
        await anna.command("game abandon", gone)
        said = {key: text.format(r=RHEIN, a=mine, b=theirs) for key, text in SAID[lang].items()}
        start = await new_channel(fake, "empty")

        async def answers(channel: int, move: str) -> list[str]:
            return [m.text for m in (await anna.command("play", channel, move=move)).private]

        # her own game, another's turn: the one entry and the refusal say where hers is
        [entry] = await anna.autocomplete("play", "move", "", theirs)
        assert entry["name"].startswith(said["entry_not_turn"]) and len(entry["name"]) <= 100
        assert await answers(theirs, entry["value"]) == [said["not_turn"]]
        # so does /game preview there, where a player tries a move before it is theirs
        previewed = await anna.command("game preview", theirs, move="take 1")
        assert [m.text for m in previewed.private] == [said["not_turn"]]
        # someone else's game, an abandoned one, none: her games, the one waiting on her first
        for channel, key in ((others, "no_seat"), (gone, "abandoned"), (start, "no_game")):
            assert await anna.autocomplete("play", "move", "", channel) == [
                {"name": said["entry"], "value": entry["value"]}], key
            assert await answers(channel, entry["value"]) == [said[key]], key
            assert await answers(channel, "take 1") == [said[key]], key
        # where it is her turn, her moves as before; one with no games anywhere, as before
        listed = await anna.autocomplete("play", "move", "", mine)
        assert listed and all(c["value"] != entry["value"] for c in listed)
        assert await Member(bot, "Dora").autocomplete("play", "move", "", theirs) == []
