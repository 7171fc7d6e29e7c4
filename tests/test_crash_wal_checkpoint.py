"""While the bot runs, SQLite's write-ahead log is folded back into the database file now and
then: a copy of the file alone (what a careless backup takes) then holds the games. Without it
the log grew for the bot's whole run and the copy held an empty database (crash review)."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3

from discord_standin import Member, running_bot

from bot.discord import app as discord_app


async def test_the_log_is_folded_back_while_the_bot_runs(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setattr(discord_app, "UPKEEP_SECONDS", 0.05, raising=False)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        anna = Member(bot, "Anna")
        await anna.command("game new", bot.stand_in.channel, game="rhein")
        copy = tmp_path / "copy.sqlite3"
        for _ in range(100):
            await asyncio.sleep(0.05)
            shutil.copyfile(tmp_path / "standin.sqlite3", copy)  # the file alone
            db = sqlite3.connect(copy)
            try:
                games = db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'games'"
                                   ).fetchone()[0] and \
                    db.execute("SELECT count(*) FROM games").fetchone()[0]
            finally:
                db.close()
            if games:
                break
        assert games == 1, "a copy of the database file alone misses the table opened"
