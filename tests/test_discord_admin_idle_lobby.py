"""A table nobody starts closes after the idle days and frees its channel. An admin review
found a lobby, even with two seated, never got the idle notice a running game gets: it held
its channel for good, /game new there was refused ("This channel already has a game") until
its creator or a moderator abandoned it. A running game idle this long keeps its seats (a
move wakes it); a lobby has no move to make, so it closes, and says so in its channel."""

from __future__ import annotations

import asyncio

from discord_standin import Member, running_bot
from discord_standin.clock import install_clock, reminders_settle
from discord_standin.table import open_table, row_of

START = 1_772_449_200.0
DAY = 86400.0
CLOSED = ("Nobody has started this table for **Rhein: River Trade** in 14 days, so I have "
          "closed it and this channel is free for a new game: /game new opens one.")


async def idle_rows(bot, game_id: int) -> list:
    return [r for r in await bot.client.store.reminders(game_id) if r.kind == "idle"]


async def test_an_unstarted_lobby_closes_after_14_idle_days(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        clock = install_clock(bot, START)
        anna, bert, carl = Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Carl")
        lobby = fake.add_channel("lobby")
        await anna.command("game new", lobby, game="rhein")
        row = await row_of(bot, lobby)
        [idle] = await idle_rows(bot, row.id)
        assert idle.due_at == START + 14 * DAY
        clock.now += 5 * DAY
        await bert.command("game join", lobby)  # a seat taken counts the days anew
        [idle] = await idle_rows(bot, row.id)
        assert idle.due_at == START + 19 * DAY

        clock.now = START + 19 * DAY - 60
        await reminders_settle(bot, clock)
        assert (await row_of(bot, lobby)).status == "lobby"
        clock.now = START + 19 * DAY + 1
        await reminders_settle(bot, clock)

        assert (await bot.client.store.game(row.id)).status == "abandoned"
        assert await bot.client.store.reminders(row.id) == []
        assert fake.posts(lobby)[-1].text == CLOSED
        opened = await carl.command("game new", lobby, game="troedler")
        assert opened.visible_posts and not opened.errors
        assert (await row_of(bot, lobby)).game_key == "troedler"


async def test_a_lobby_changed_another_way_waits_and_german_says_it(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        clock = install_clock(bot, START)
        anna, bert = Member(bot, "Anna", locale="de"), Member(bot, "Bert", locale="de")
        mod = Member(bot, "Mod", manage=True)
        await anna.command("game new", game="rhein", language="de")
        await bert.command("game join")
        clock.now += 10 * DAY
        await mod.command("game kick", player=str(bert.id))  # no idle row moved by it
        row = await row_of(bot, fake.channel)
        assert len(await bot.client.store.seats(row.id)) == 1

        clock.now = START + 14 * DAY + 1
        await reminders_settle(bot, clock)
        assert (await row_of(bot, fake.channel)).status == "lobby"  # changed 4 days ago
        [idle] = await idle_rows(bot, row.id)
        assert idle.due_at == START + 24 * DAY
        clock.now = START + 24 * DAY + 1
        await reminders_settle(bot, clock)
        assert (await bot.client.store.game(row.id)).status == "abandoned"
        assert fake.posts()[-1].text == (
            "Diesen Tisch für **Rhein: River Trade** hat 14 Tage lang niemand gestartet, darum "
            "habe ich ihn geschlossen; der Kanal ist frei für eine neue Partie: /spiel neu "
            "eröffnet eine.")


async def test_a_lobby_without_an_idle_row_gets_one_and_a_running_game_stays(tmp_path,
                                                                             monkeypatch):
    """Lobbies opened before this had no idle row: the reminder task gives them one when
    it starts (and hourly after), counted from their last change."""
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        clock = install_clock(bot, START)
        anna = Member(bot, "Anna")
        lobby = fake.add_channel("lobby")
        await anna.command("game new", lobby, game="rhein")
        row = await row_of(bot, lobby)
        await open_table(bot, "troedler", [Member(bot, "C"), Member(bot, "D")])
        game = await row_of(bot, fake.channel)
        await bot.client.store.delete_reminders(row.id)  # as an older lobby has it
        reminders = bot.client.reminders
        # the game's first turn DM goes out before the stop: a pass cancelled while sending
        # it left the next DM to that player waiting about 30 s (discord.py's rate-limit
        # bucket wait, in the HTTP client this test keeps across the stop, as no real
        # restart does), and the settle below gave up: one run in five under load
        await reminders_settle(bot, clock)
        clock.now += 3 * DAY
        await reminders.stop()
        reminders._lobbies_checked = None  # a new process
        reminders.start()
        await reminders_settle(bot, clock)
        [idle] = await idle_rows(bot, row.id)
        assert idle.due_at == START + 14 * DAY

        clock.now = START + 14 * DAY + 1
        await reminders_settle(bot, clock)
        assert (await bot.client.store.game(row.id)).status == "abandoned"
        assert fake.posts(lobby)[-1].text == CLOSED
        # a running game idle as long gets the notice and keeps its seats, as before
        assert (await bot.client.store.game(game.id)).status == "active"
        assert "has been idle for 14 days" in fake.posts()[-1].text


async def test_a_failed_look_for_lobbies_holds_no_reminder_up(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        clock = install_clock(bot, START)
        await open_table(bot, "troedler", [Member(bot, "C"), Member(bot, "D")])

        async def database_away():
            raise OSError("database away")

        monkeypatch.setattr(bot.client.store, "lobbies_without_idle", database_away)
        bot.client.reminders._lobbies_checked = None
        clock.now = START + 14 * DAY + 1
        bot.client.reminders.wake()  # one pass: the notice goes out in it, not 5 min later
        for _ in range(100):
            await asyncio.sleep(0.02)
            if "has been idle for 14 days" in fake.posts()[-1].text:
                break
        assert "has been idle for 14 days" in fake.posts()[-1].text
