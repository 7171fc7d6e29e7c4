"""LOG_LEVEL=DEBUG, which the README offers an admin chasing a fault, must not write hidden
cards to the host's log: a Trödler table (hands, dealer piles, a shuffled deck) is played
through the Discord stand-in with logging set up as `rheinbot run` sets it up."""

from __future__ import annotations

import io
import logging
import random

from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_out

from bot.discord.app import OWN_LOGGERS, configure_logging


async def _logged_game(tmp_path, monkeypatch, level: str) -> str:
    stream = io.StringIO()
    root = logging.getLogger()
    before = root.level
    handler = configure_logging({"LOG_LEVEL": level}, stream)
    try:
        async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
            anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
            played = Played()
            await open_table(bot, "troedler", [anna, bert], bots=1, played=played)
            for member in (anna, bert):
                await member.command("game hand")
            await play_out(bot, [anna, bert], bot.stand_in.channel, random.Random(7),
                           played, leave_after=10)
            logging.getLogger("bot.discord.commands").debug("our own debug line")
    finally:
        root.removeHandler(handler)
        root.setLevel(before)
        for name in OWN_LOGGERS:
            logging.getLogger(name).setLevel(logging.NOTSET)
    return stream.getvalue()


async def test_debug_log_has_our_lines_but_no_saved_game(tmp_path, monkeypatch) -> None:
    text = await _logged_game(tmp_path, monkeypatch, "DEBUG")
    assert "our own debug line" in text  # DEBUG still reaches our own loggers
    # a saved state's JSON (hands, deck, piles) or a reminder's stored hand text
    assert '"hand' not in text
    assert "aiosqlite" not in text


def test_libraries_stay_at_info_when_we_debug() -> None:
    stream = io.StringIO()
    root = logging.getLogger()
    before = root.level
    handler = configure_logging({"LOG_LEVEL": "DEBUG"}, stream)
    try:
        logging.getLogger("asyncpg").debug("query with values")
        logging.getLogger("discord.gateway").debug("payload")
        logging.getLogger("bot.service").debug("ours")
        logging.getLogger("asyncpg").warning("a library's warning")
    finally:
        root.removeHandler(handler)
        root.setLevel(before)
        for name in OWN_LOGGERS:
            logging.getLogger(name).setLevel(logging.NOTSET)
    lines = stream.getvalue().splitlines()
    assert [line.split(": ", 1)[1] for line in lines] == ["ours", "a library's warning"]
