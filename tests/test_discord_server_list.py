"""/game list: any member sees the server's running games, the longest waiting first, with
whose turn it is and for how long (and the move clock where one runs), then its open
lobbies with their age; games the idle notice stopped are marked. A private reply, cut after
a whole line with "(+N more)", in English and German, naming no hidden card or coin."""

from __future__ import annotations

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Bot, Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import open_table

MONDAY_NOON = 1_772_449_200.0
HOUR = 3600.0
DAY = 24 * HOUR


async def waiting_names(bot: Bot, channel: int) -> str:
    """Whom the game in ``channel`` waits on, from the bot's own database (the oracle)."""
    row = await bot.client.store.live_game(channel)
    seats = await bot.client.store.seats(row.id)
    return ", ".join(s.name for s in seats if s.seat in row.active_seats)


async def listed(member: Member, channel: int) -> list[str]:
    record = await member.command("game list", channel)
    assert record.visible_posts == [], "the list is the asker's alone"
    assert len(record.private) == 1
    return record.private[0].text.split("\n")


async def test_the_servers_games_longest_waiting_first_then_lobbies(tmp_path, monkeypatch):
    fake = StandIn()
    chans = {name: fake.add_channel(name) for name in ("old", "paced", "lobby", "here")}
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, MONDAY_NOON)
        anna, bert, carl, dora, eve = (Member(bot, n) for n in ("Anna", "Bert", "Carl",
                                                                "Dora", "Eve"))
        zed = Member(bot, "Zed", locale="de")  # an ordinary member who plays in none
        await open_table(bot, "troedler", [anna, bert], channel=chans["old"])
        clock.now += HOUR
        await dora.command("game new", chans["lobby"], game="rheinlaender")
        await eve.command("game join", chans["lobby"])
        clock.now += HOUR
        await carl.command("game new", chans["paced"], game="rhein", pace="24h")
        await carl.command("game add-bot", chans["paced"], level="easy")
        await carl.command("game start", chans["paced"], order="joined")
        clock.now += 20 * HOUR

        old = await waiting_names(bot, chans["old"])
        assert await waiting_names(bot, chans["paced"]) == "Carl"
        assert await listed(carl, chans["here"]) == [
            "Running games (2), longest waiting first:",
            f"- **Trödler** in <#{chans['old']}>: Anna, Bert · waiting for **{old}** for "
            "22 hours",
            f"- **Rhein** in <#{chans['paced']}>: Carl, Bot 1 · waiting for **Carl** for "
            "20 hours · move clock: 4 h left",
            "Open lobbies (1), oldest first:",
            f"- **Rheinländer** in <#{chans['lobby']}>: 2 seated (Dora, Eve) · open for "
            "21 hours"]
        assert await listed(zed, chans["here"]) == [
            "Laufende Spiele (2), am längsten wartende zuerst:",
            f"- **Trödler** in <#{chans['old']}>: Anna, Bert · wartet seit 22 Stunden auf "
            f"**{old}**",
            f"- **Rhein** in <#{chans['paced']}>: Carl, Bot 1 · wartet seit 20 Stunden auf "
            "**Carl** · Zugzeit: noch 4 Std.",
            "Offene Warteräume (1), älteste zuerst:",
            f"- **Rheinländer** in <#{chans['lobby']}>: 2 am Tisch (Dora, Eve) · offen seit "
            "21 Stunden"]

        # two weeks on: the idle notice stopped both games' reminders (the move clock's too)
        clock.now += 15 * DAY
        await reminders_settle(bot, clock)
        lines = await listed(carl, chans["here"])
        idle = "for 15 days · 💤 idle: notice posted, reminders stopped"
        assert lines[1].endswith(idle) and lines[2].endswith(idle), lines
        # a lobby idle that long is closed where its idle notice is kept; one without (made
        # before lobbies had it) stays, marked
        assert lines[3:] == [] or lines[4].endswith("open for 15 days · 💤 idle"), lines


async def test_no_hidden_information_and_an_empty_server(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        here = fake.add_channel("here")
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert", locale="de")
        assert await listed(anna, here) == [
            "No game is running and no lobby is open on this server. Start one with /game "
            "new in the channel or thread to play in."]
        await open_table(bot, "troedler", [anna, bert])
        hand = (await anna.command("game hand")).private[0].text
        held = next(line for line in hand.split("\n") if line.startswith("Hand: "))
        cards = held.removeprefix("Hand: ").split("; ")
        assert len(cards) >= 3, hand
        text = "\n".join(await listed(bert, here))
        assert "Trödler" in text and not any(card in text for card in cards), text


async def test_a_long_list_is_cut_after_a_whole_line(tmp_path, monkeypatch):
    fake = StandIn()
    chans = [fake.add_channel(f"t{i}") for i in range(30)]
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, MONDAY_NOON)
        host = Member(bot, "Wilhelmina-Augusta von Hohenzollern")
        for channel in chans:
            await host.command("game new", channel, game="rheinlaender")
            clock.now += HOUR
        record = await host.command("game list", chans[0])
        text = record.private[0].text
        lines = text.split("\n")
        assert len(text) <= 2000
        assert lines[0] == "Open lobbies (30), oldest first:"
        shown = lines[1:-1]
        assert all(line.endswith(("hours", "hour")) for line in shown), lines
        assert shown[0].startswith(f"- **Rheinländer** in <#{chans[0]}>: 1 seated")
        assert lines[-1] == f"(+{30 - len(shown)} more: the list is longer than Discord " \
            "allows)"
