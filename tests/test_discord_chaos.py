"""Seeded chaos runs through the Discord stand-in (tests/discord_standin/chaos.py): for every
game, members, a stranger and a moderator do random things and the invariants are checked
after every step. Each finding names its seed and step: ``run_chaos(bot, game, seed, steps)``
replays it.

CI runs one seed of each game for 45 steps, a kick by step 22 (about 10 s of CPU in all);
RHEINBOT_SLOW=1 runs five seeds of 150 steps. The last test makes sure the leak detector
reports a hand planted in a channel post.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

import pytest
from discord_standin import running_bot
from discord_standin.chaos import run_chaos, secret_lines
from discord_standin.table import row_of

from bot.replies import Audience
from bot.service import TablesService
from engine import get_game

GAMES = ("rhein", "rheinlaender", "troedler", "18rhl")
SLOW = os.environ.get("RHEINBOT_SLOW") == "1"
SEEDS = range(1, 6) if SLOW else (7,)
STEPS = 150 if SLOW else 45


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
async def test_chaos_finds_nothing(tmp_path, monkeypatch, game: str, seed: int) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=seed) as bot:
        report = await run_chaos(bot, game, seed, STEPS, kick_by=STEPS // 2)
    assert report.steps > 10, report
    assert not report.findings, "\n".join(report.findings[:40])


def plant_hand_line(monkeypatch: pytest.MonkeyPatch, bot: Any) -> None:
    """Every /play's channel post also shows the last seat's hand as /game hand words it."""
    original = TablesService.play

    async def leaky_play(self: TablesService, ctx: Any, move: str,
                         version: int | None = None) -> list[Any]:
        replies = await original(self, ctx, move, version)
        row = await row_of(bot, bot.stand_in.channel)
        if row is None or row.status != "active":
            return replies
        lines = secret_lines(row.game_key, get_game(row.game_key).load(row.state))
        hand = sorted(line for line in lines[max(lines)] if line.startswith("Hand: "))
        return [replace(reply, text=f"{reply.text}\n{hand[0]}")
                if hand and reply.audience is Audience.CHANNEL else reply
                for reply in replies]

    monkeypatch.setattr(TablesService, "play", leaky_play)


@pytest.mark.parametrize("game", ["rheinlaender", "troedler"])
async def test_a_hand_planted_in_a_channel_post_is_reported(tmp_path, monkeypatch,
                                                            game: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=7) as bot:
        plant_hand_line(monkeypatch, bot)
        report = await run_chaos(bot, game, 7, 12)
    leaks = [f for f in report.findings if "private line" in f and "channel post" in f]
    assert leaks, report.findings

