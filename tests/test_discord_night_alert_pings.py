"""A channel post's alert ("**Anna cannot pay …, goes bankrupt and is out of the game.**
<@Anna>") names a player in their /remind quiet hours without pinging them: it is news,
not a call to act (a month's simulation in four time zones: four bankrupt players pinged at
01:45 their time). Those awake are pinged as before. Through the Discord stand-in: a
three-player Rhein table whose end of round 3 bankrupts Anna and Chen (that ends the game,
and a game's last move pings nobody: each player's end DM tells them), and a four-player one
where Anna's bankruptcy comes mid-game and names her without a ping."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from discord_standin.clock import install_clock
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import Played, play_turn, row_of, seat_users

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()


@pytest.mark.parametrize("names", [("Anna", "Bert", "Chen"), ("Anna", "Bert", "Chen", "Dora")])
async def test_a_bankruptcy_in_the_night_names_without_a_ping(tmp_path, monkeypatch,
                                                              names) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=1) as bot:
        install_clock(bot, NOON)
        members = [Member(bot, name) for name in names]
        anna, bert, chen = members[:3]
        await anna.command("remind quiet", **{"from": 10, "to": 14, "tz": "UTC"})
        await anna.command("game new", game="rhein", language="en")
        for member in members[1:]:
            await member.command("game join")
        await anna.command("game start", order="joined")
        rng, played = random.Random(1), Played()
        by_id = {m.id: m for m in members}
        alerts = []
        for _ in range(200):
            row = await row_of(bot, fake.channel)
            if row.status != "active" or alerts:
                break
            users = await seat_users(bot, row.id)
            mover = by_id[users[row.active_seats[0]]]
            record = await play_turn(bot, mover, fake.channel, rng, played)
            alerts += [(mover, m) for m in record.visible_posts
                       if "Anna cannot pay" in m.text and "goes bankrupt" in m.text]
        assert alerts, "Anna never went bankrupt"
        [(mover, post)] = alerts
        assert mover is not anna
        if len(names) == 4:  # the game goes on: she is named, her mention without a ping
            assert (await row_of(bot, fake.channel)).status == "active"
            assert f"<@{anna.id}>" in post.text, post.text[-300:]
        assert anna.id not in post.pinged, post.text[-300:]
        # the mover's own bankruptcy, at the end of the round their move ended, pings
        # nobody who does not know it (it pinged them)
        assert mover.id not in post.pinged and f"<@{mover.id}>" not in post.text
        if f"<@{chen.id}>" in post.text and mover is not chen:  # awake: pinged as before
            assert chen.id in post.pinged
