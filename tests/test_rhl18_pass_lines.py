"""18Rhl's passes made for a player (a pass that was their only move) and the stock round's
"is passed over" are lines of their own in the channel: said after the mover's move, in its
line ("**Carl** (green) passes; Anna can afford no bid and passes"), they read as the
mover's doing."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users

import engine
from engine.rhl18 import data
from engine.rhl18.game import FORCED

GAME = engine.get_game("18rhl")
CATALOGUE = json.loads((Path(engine.__file__).parent / "locales/en/rhl18.json").read_text())
PASSES = {key for key in CATALOGUE if key.startswith("rhl18.log.forced_")} | \
    {"rhl18.log.sr_skipped"}


def test_every_pass_made_for_a_player_is_an_aside():
    words = {*FORCED.values(), "raise", "special_token"}
    assert {f"rhl18.log.forced_{word}" for word in words} | {"rhl18.log.sr_skipped"} \
        == PASSES == GAME.aside_keys


def pattern(key: str) -> re.Pattern[str]:
    """The English line of ``key``, its subject a name or a corporation."""
    parts = re.split(r"(\{\w+\})", CATALOGUE[key])
    return re.compile("".join(r"(\S+)" if part == "{who}" else ".+?" if part.startswith("{")
                              else re.escape(part) for part in parts))


async def test_a_pass_made_for_someone_is_not_said_in_the_movers_line(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        channel = bot.stand_in.channel
        members = [Member(bot, name) for name in ("Anna", "Bert", "Carl")]
        await open_table(bot, "18rhl", members)
        by_id = {member.id: member for member in members}
        rng, seen = random.Random(2), set()
        for _ in range(40):
            row = await row_of(bot, channel)
            state, seat = GAME.load(row.state), row.active_seats[0]
            typed = GAME.format(state, rng.choice(GAME.legal(state, seat)))
            member = by_id[(await seat_users(bot, row.id))[seat]]
            await member.command("play", channel, move=typed)
            assert (await row_of(bot, channel)).version != row.version, typed
        lines = [line for post in bot.stand_in.posts(channel) for line in post.text.split("\n")]
        for key in PASSES:
            for line in lines:
                found = pattern(key).search(line)
                if found is None:
                    continue
                seen.add(key)
                # the line begins with whose pass it is, none of the mover's words before it
                assert found.start() == 0, line
                assert found.group(1) in {"Anna", "Bert", "Carl", *data.corporations()}, line
        assert {"rhl18.log.sr_skipped", "rhl18.log.forced_track"} <= seen, seen
