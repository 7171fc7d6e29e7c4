"""What ``rheinbot run`` logs at start about its database, discord.py's voice warnings kept
out, and ``rheinbot backup``'s refusals as one line.

A host that loses the SQLite file at every redeploy (an ephemeral disk) saw nothing at the
next start but ``services open on rheinbot.sqlite3``: now the start says the file's absolute
path and that it was created new and empty, or how many games it holds. ``rheinbot backup``
into a missing directory was a ``sqlite3.OperationalError`` traceback."""

from __future__ import annotations

import asyncio
import io
import logging
import os

import discord
import pytest

from bot.cli import main
from bot.discord import app as discord_app
from bot.store import open_store
from bot.store import sqlite as sqlite_module

SECRET = "s3cr3t-pw"


@pytest.fixture
def bot_env(monkeypatch, tmp_path):
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("RHEINBOT_DB", raising=False)
    monkeypatch.chdir(tmp_path)  # the default rheinbot.sqlite3 lands here; no .env read
    monkeypatch.setattr(discord_app, "configure_logging", lambda *a, **k: None)

    async def serve(client, secret):
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord_app, "serve", serve)


def start_lines(caplog) -> list[str]:
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="bot.discord.app"):
        main(["run"], out=io.StringIO())
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith("database ")]


async def _add_games(path: str, statuses: list[str]) -> None:
    store = await open_store(path)
    try:
        for channel, status in enumerate(statuses, 1):
            row = await store.create_game(guild_id=1, channel_id=channel, game_key="rhein",
                                          options={}, seed=1, creator_id=1, min_players=2,
                                          max_players=5, now=0.0)
            if status != "lobby":
                await store._all("UPDATE games SET status = ? WHERE id = ? RETURNING id",
                                 (status, row.id))
    finally:
        await store.close()


def test_the_start_says_where_the_games_are_and_whether_any_are(bot_env, tmp_path, caplog):
    path = tmp_path / "rheinbot.sqlite3"
    assert start_lines(caplog) == [f"database {path}: created new and empty"]
    assert start_lines(caplog) == [f"database {path}: holds 0 games (0 open or under way)"]
    asyncio.run(_add_games(str(path), ["lobby", "finished", "finished"]))
    assert start_lines(caplog) == [f"database {path}: holds 3 games (1 open or under way)"]


def test_an_upgraded_database_says_from_which_schema(bot_env, monkeypatch, tmp_path,
                                                     caplog):
    path = tmp_path / "rheinbot.sqlite3"
    every = sqlite_module.migrations("sqlite")
    last = len(every)
    monkeypatch.setattr(sqlite_module, "migrations", lambda _dialect: every[:-1])
    start_lines(caplog)  # a bot one migration older made it
    monkeypatch.setattr(sqlite_module, "migrations", lambda _dialect: every)
    lines = start_lines(caplog)
    assert lines == [f"database {path}: holds 0 games (0 open or under way), upgraded from "
                     f"schema {last - 1}"]


def test_a_postgres_start_names_the_url_without_its_password(bot_env, monkeypatch, pg_url,
                                                             caplog):
    url = pg_url.replace("@", f":{SECRET}@", 1)
    monkeypatch.setenv("DATABASE_URL", url)
    lines = start_lines(caplog)
    assert lines == [f"database {pg_url}: created new and empty"], lines
    assert all(SECRET not in r.getMessage() for r in caplog.records)


def test_discord_voice_warnings_are_not_logged(caplog):
    """PyNaCl and davey are not installed (the bot joins no voice channel): discord.py's two
    WARNINGs at each start read as something to fix."""
    stream = io.StringIO()
    handler = discord_app.configure_logging({"LOG_LEVEL": "INFO"}, stream=stream)
    try:
        discord.VoiceClient.warn_nacl = True  # discord.py warns once a process: again
        if hasattr(discord.VoiceClient, "warn_dave"):
            discord.VoiceClient.warn_dave = True
        with caplog.at_level(logging.WARNING):
            client = discord_app.make_client({})
        assert client is not None
        said = stream.getvalue() + "\n".join(r.getMessage() for r in caplog.records)
        assert "voice will NOT be supported" not in said, said
        logging.getLogger("discord.client").warning("another warning is kept")
        assert "another warning is kept" in stream.getvalue()
    finally:
        logging.getLogger().removeHandler(handler)


# -- rheinbot backup ------------------------------------------------------------------------
@pytest.fixture
def live_db(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    path = tmp_path / "live.sqlite3"
    asyncio.run(_add_games(str(path), ["finished"]))
    monkeypatch.setenv("RHEINBOT_DB", str(path))
    return path


def backed_up(capsys, *argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["backup", *argv], out=out)
    streams = capsys.readouterr()
    text = out.getvalue()
    for said in (text, streams.out, streams.err):
        assert "Traceback" not in said and SECRET not in said, said
    assert len(text.strip().splitlines()) == 1, text
    return code, text.strip()


def test_a_backup_into_a_missing_directory_is_one_line(live_db, tmp_path, capsys):
    target = tmp_path / "nowhere" / "bk.sqlite3"
    code, line = backed_up(capsys, str(target))
    assert code == 1
    assert line == (f"Cannot write the backup {target}: the directory {tmp_path / 'nowhere'} "
                    "does not exist. Choose a file in a directory that exists and this user "
                    "may write.")
    assert not target.parent.exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write in any directory")
def test_a_backup_into_a_read_only_directory_is_one_line(live_db, tmp_path, capsys):
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o500)
    code, line = backed_up(capsys, str(folder / "bk.sqlite3"))
    assert code == 1 and "is not writable by this user" in line, line


def test_a_backup_still_works(live_db, tmp_path, capsys):
    code, line = backed_up(capsys, str(tmp_path / "bk.sqlite3"))
    assert code == 0 and line.endswith(": 1 game, integrity ok."), line


def test_a_backup_with_a_database_url_of_another_scheme(live_db, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", f"postgresql+asyncpg://rb:{SECRET}@127.0.0.1/rheinbot")
    code, line = backed_up(capsys, "bk.sqlite3")
    assert code == 4 and "'postgresql+asyncpg://' is not a database it knows" in line, line
