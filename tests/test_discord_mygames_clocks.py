"""/mygames lists the games waiting on the player by their move clock, the one that runs out
first at the top with the time left, then the games without a clock; below, the lobbies she
sits in and the games she watches. In both languages."""

from __future__ import annotations

from discord_standin.clock import install_clock
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import open_table

MONDAY_NOON = 1_772_449_200.0
HOUR = 3600.0


async def paced(pia: Member, channel: int, pace: str) -> None:
    await pia.command("game new", channel, game="rhein", pace=pace)
    await pia.command("game add-bot", channel, level="easy")
    await pia.command("game start", channel, order="joined")


async def test_mygames_soonest_clock_first_then_lobbies_and_watched(tmp_path, monkeypatch):
    fake = StandIn()
    names = ("plain", "slow", "fast", "lobby", "watched", "here")
    chans = {name: fake.add_channel(name) for name in names}
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, MONDAY_NOON)
        pia, bob = Member(bot, "Pia"), Member(bot, "Bob", locale="de")
        await open_table(bot, "rhein", [pia], bots=1, channel=chans["plain"])
        clock.now += HOUR
        await paced(pia, chans["slow"], "48h")
        clock.now += HOUR
        await paced(pia, chans["fast"], "24h")
        await bob.command("game new", chans["lobby"], game="rheinlaender")
        await pia.command("game join", chans["lobby"])
        await open_table(bot, "rhein", [bob], bots=1, channel=chans["watched"])
        await pia.command("game watch", chans["watched"])
        clock.now += 6 * HOUR
        lines = (await pia.command("mygames", chans["here"])).private[0].text.split("\n")
        assert lines[:4] == [
            "It is your turn in:",
            f"- **Rhein: River Trade** in <#{chans['fast']}>: Round 1/10 · Phase 1: Take "
            "Orders · 18 h left",
            f"- **Rhein: River Trade** in <#{chans['slow']}>: Round 1/10 · Phase 1: Take "
            "Orders · 41 h left",
            f"- **Rhein: River Trade** in <#{chans['plain']}>: Round 1/10 · Phase 1: Take "
            "Orders"], lines
        assert lines[-4:] == [
            "Lobbies you sit in:",
            f"- **Rheinländer** in <#{chans['lobby']}>: 2 seated",
            "Games you watch:",
            f"- **Rhein: River Trade** in <#{chans['watched']}>: Round 1/10 · Phase 1: Take "
            "Orders"], lines
        clock.now += 17.5 * HOUR
        said = (await bob.command("mygames", chans["here"])).private[0].text.split("\n")
        assert said[0] == "Du bist dran in:" and said[-2] == "Warteräume, in denen du sitzt:"
        lines = (await pia.command("mygames", chans["here"])).private[0].text.split("\n")
        assert lines[1].endswith("· under 1 h left"), lines
