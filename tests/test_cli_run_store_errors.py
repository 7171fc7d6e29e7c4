"""``rheinbot run`` with a database that will not open: one line naming the store (never its
password) and what to do, exit code 4, no traceback, and Discord never contacted. Before, the
store opened inside discord.py's login: PostgreSQL down read "cannot reach Discord" (exit 3),
a missing database or directory was a traceback of 50 to 60 lines, a URL of another scheme was
taken for an SQLite file name and logged with its password. The real ``discord_app.run``
runs; only the connection to Discord is a fake that fails the test if it is reached."""

from __future__ import annotations

import asyncio
import io
import logging
import sqlite3

import discord
import pytest

from bot.cli import main
from bot.discord import app as discord_app
from bot.store import open_store

SECRET = "s3cr3t-pw"


@pytest.fixture
def bot_env(monkeypatch, tmp_path):
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("RHEINBOT_DB", str(tmp_path / "bot.sqlite3"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env of the checkout is read
    monkeypatch.setattr(discord_app, "configure_logging", lambda *a, **k: None)

    async def serve(client, secret):
        raise AssertionError("Discord was contacted before the store opened")

    monkeypatch.setattr(discord_app, "serve", serve)


def started(caplog, capsys) -> tuple[int, str]:
    out = io.StringIO()
    with caplog.at_level(logging.DEBUG):
        code = main(["run"], out=out)
    text = out.getvalue()
    streams = capsys.readouterr()
    logged = "\n".join(record.getMessage() for record in caplog.records)
    for said in (text, streams.out, streams.err, logged):
        assert "Traceback" not in said and SECRET not in said, said
    assert len(text.strip().splitlines()) == 1, text
    assert "could not lock" not in logged  # the store's line says it all
    return code, text.strip()


def test_sqlite_file_in_a_missing_directory(bot_env, monkeypatch, tmp_path, caplog, capsys):
    path = tmp_path / "gone" / "bot.sqlite3"
    monkeypatch.setenv("RHEINBOT_DB", str(path))
    code, line = started(caplog, capsys)
    assert code == 4
    assert str(path) in line and f"the directory {tmp_path / 'gone'} does not exist" in line


def test_sqlite_file_given_relative_is_named_absolute(bot_env, monkeypatch, tmp_path, caplog,
                                                      capsys):
    monkeypatch.setenv("RHEINBOT_DB", "nowhere/bot.sqlite3")
    code, line = started(caplog, capsys)
    assert code == 4 and str(tmp_path / "nowhere" / "bot.sqlite3") in line, line


def test_a_database_made_by_a_newer_rheinbot(bot_env, tmp_path, caplog, capsys):
    path = tmp_path / "bot.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    code, line = started(caplog, capsys)
    assert code == 4
    assert line.startswith(f"The database {path} has schema version 99, made by a newer "
                           "Rheinbot"), line
    assert "upgrade Rheinbot" in line
    with sqlite3.connect(path) as db:  # left as it was
        assert db.execute("PRAGMA user_version").fetchone()[0] == 99


def test_postgres_that_does_not_answer(bot_env, monkeypatch, caplog, capsys):
    monkeypatch.setenv("DATABASE_URL", f"postgresql://rb:{SECRET}@127.0.0.1:1/rheinbot")
    code, line = started(caplog, capsys)
    assert code == 4
    assert line.startswith("Rheinbot cannot reach PostgreSQL at "
                           "postgresql://rb@127.0.0.1:1/rheinbot ("), line
    assert "Discord" not in line


@pytest.mark.parametrize("scheme", ["postgresql+asyncpg", "mysql", "sqlite"])
def test_a_url_of_another_scheme_is_refused(bot_env, monkeypatch, caplog, capsys, scheme):
    monkeypatch.setenv("DATABASE_URL", f"{scheme}://rb:{SECRET}@127.0.0.1:1/rheinbot")
    code, line = started(caplog, capsys)
    assert code == 4
    assert f"'{scheme}://' is not a database it knows" in line, line
    assert f"{scheme}://rb@127.0.0.1:1/rheinbot" in line


def _with_database(url: str, name: str) -> str:
    return url.rsplit("/", 1)[0] + "/" + name


def test_postgres_without_the_database(bot_env, monkeypatch, pg_cluster, caplog, capsys):
    url = _with_database(pg_cluster.url, "no_such_db").replace("@", f":{SECRET}@", 1)
    monkeypatch.setenv("DATABASE_URL", url)
    code, line = started(caplog, capsys)
    assert code == 4
    assert line.startswith("PostgreSQL has no such database for "), line
    assert "no_such_db" in line and "createdb" in line


def test_postgres_refusing_the_login(bot_env, monkeypatch, pg_cluster, caplog, capsys):
    host = pg_cluster.url.split("@", 1)[1]
    monkeypatch.setenv("DATABASE_URL", f"postgresql://nobody:{SECRET}@{host}")
    code, line = started(caplog, capsys)
    assert code == 4
    assert line.startswith(f"PostgreSQL refused the login for postgresql://nobody@{host} ("), \
        line
    assert "check the user and password in DATABASE_URL" in line


def test_postgres_made_by_a_newer_rheinbot(bot_env, monkeypatch, pg_url, caplog, capsys):
    async def newer() -> None:
        store = await open_store(pg_url)
        try:
            await store._all("INSERT INTO schema_migrations VALUES (99, 'future', 0) "
                             "RETURNING version")
        finally:
            await store.close()

    asyncio.run(newer())
    monkeypatch.setenv("DATABASE_URL", pg_url)
    code, line = started(caplog, capsys)
    assert code == 4 and "has schema version 99, made by a newer Rheinbot" in line, line


def test_a_failed_login_still_closes_the_store(bot_env, monkeypatch, tmp_path, caplog,
                                               capsys):
    """The store opens first now; a token Discord refuses afterwards still closes it (the
    suite's guard fails a test that leaves an SQLite connection open)."""
    async def serve(client, secret):
        assert client.store is not None  # opened before Discord
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord_app, "serve", serve)
    code, line = started(caplog, capsys)
    assert code == 2 and line.startswith("Discord refused the token"), line


def test_the_trace_of_a_failed_opening_is_kept_for_debug_logs(bot_env, monkeypatch, caplog,
                                                              capsys):
    """A migration that fails is one line for the admin too, but its trace is a developer's
    only lead: it is logged at DEBUG (LOG_LEVEL=DEBUG prints it), never at INFO."""
    async def broken(target):
        raise sqlite3.OperationalError("near \"TABEL\": syntax error")

    monkeypatch.setattr("bot.store.open_store", broken)
    code, line = started(caplog, capsys)
    assert code == 4 and "syntax error" in line, line
    traced = [r for r in caplog.records if r.exc_info and "syntax error" in str(r.exc_info[1])]
    assert traced and all(r.levelno == logging.DEBUG for r in traced), caplog.records


async def test_an_import_into_a_database_that_will_not_open_says_so(tmp_path):
    """``import-18xx --db`` into a missing directory: the store's one line and exit code 4,
    as ``rheinbot run`` says it; it was a traceback."""
    import gzip
    import json

    from test_rhl18discord_service import partial_export

    path = tmp_path / "partial.json.gz"
    path.write_bytes(gzip.compress(json.dumps(partial_export()).encode()))
    db = tmp_path / "gone" / "bot.sqlite3"
    out = io.StringIO()
    code = await asyncio.to_thread(main, ["import-18xx", str(path), "--out", str(tmp_path),
                                          "--db", str(db), "--guild", "1", "--channel", "500",
                                          "--user", "1"], render=lambda *_: b"", out=out)
    said = out.getvalue()
    assert code == 4, said
    assert f"the directory {tmp_path / 'gone'} does not exist" in said and "Traceback" not in said


def test_a_key_value_connection_string_is_refused(bot_env, monkeypatch, tmp_path, caplog,
                                                   capsys):
    """libpq's "host=… password=…" form has no scheme: it was taken for an SQLite file name,
    created as one, and the start's log line said the password."""
    monkeypatch.setenv("DATABASE_URL", f"host=db dbname=rheinbot user=rb password={SECRET}")
    code, line = started(caplog, capsys)
    assert code == 4 and "key=value connection string" in line, line
    assert not [p for p in tmp_path.iterdir() if "dbname" in p.name]  # no such file made


def test_a_failed_migration_names_itself_and_logs_its_trace(bot_env, monkeypatch, tmp_path,
                                                            caplog, capsys):
    """A migration that fails is no set-up problem ("check that RHEINBOT_DB names a Rheinbot
    database file" sent the admin to the wrong place): the line names the migration and the
    schema version it started from, and its trace is logged at ERROR, the lead for a fix."""
    import bot.store.sqlite as store_module

    known = store_module.migrations("sqlite")
    bad = (len(known) + 1, "0xx_broken.sql", "INSERT INTO nowhere VALUES (1);")
    monkeypatch.setattr(store_module, "migrations", lambda _dialect: [*known, bad])
    code, line = started(caplog, capsys)
    assert code == 4, line
    assert f"(0xx_broken.sql to a database at schema version {len(known)}: " in line, line
    assert "no such table: nowhere" in line and "bug in Rheinbot" in line
    assert "RHEINBOT_DB names" not in line
    traced = [r for r in caplog.records if r.exc_info]
    assert traced and all(r.levelno == logging.ERROR for r in traced), caplog.records


@pytest.mark.parametrize(("password", "kept"), [("e", False), ("hunter2", True)])
def test_the_drivers_words_lose_the_password_and_nothing_else(password, kept):
    """The one line quotes the driver's error: a password it quoted is starred out, and one
    too short to star out without garbling the line ("Rh***inbot cannot r***ach") or giving
    itself away drops the driver's words."""
    from bot.store import opening_failed

    error = OSError(f"connect as rb:{password} to 127.0.0.1:1 refused")
    line = str(opening_failed(f"postgresql://rb:{password}@127.0.0.1:1/rheinbot", error))
    assert line.startswith("Rheinbot cannot reach PostgreSQL at "
                           "postgresql://rb@127.0.0.1:1/rheinbot ("), line
    assert ("connect as rb:*** to 127.0.0.1:1 refused" in line) == kept, line
    assert f":{password} " not in line and "***inbot" not in line


async def test_a_file_that_is_no_database_leaves_no_connection_running(tmp_path):
    """An SQLite file that is no database fails at the first PRAGMA, after the connection
    opened: its worker thread was left running, and ``rheinbot run`` printed its one line and
    then never exited (the interpreter waits for that thread)."""
    from conftest import _sqlite_workers

    notes = tmp_path / "notes.txt"
    notes.write_text("these are my notes, not a database\n" * 100)
    before = _sqlite_workers()
    with pytest.raises(sqlite3.DatabaseError, match="not a database"):
        await open_store(str(notes))
    for thread in _sqlite_workers() - before:
        thread.join(timeout=5)
    assert not _sqlite_workers() - before
