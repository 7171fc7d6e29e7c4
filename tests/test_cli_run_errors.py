"""``rheinbot run`` and ``rheinbot sync`` with a token Discord refuses or without a network:
one clear line and an exit code, not an aiohttp traceback. The real ``discord_app.run`` runs
(client made from the environment); only the connection is a fake that raises as discord.py
and aiohttp do."""

from __future__ import annotations

import io
import socket
import types

import aiohttp
import discord
import pytest

from bot.cli import main
from bot.discord import app as discord_app


def refused() -> Exception:
    return discord.LoginFailure("Improper token has been passed.")


def offline() -> Exception:
    key = types.SimpleNamespace(host="discord.com", port=443, ssl=True)
    return aiohttp.ClientConnectorError(key, socket.gaierror(-3, "Temporary failure in "
                                                             "name resolution"))


@pytest.fixture
def bot_env(monkeypatch, tmp_path):
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("RHEINBOT_DB", str(tmp_path / "bot.sqlite3"))
    monkeypatch.chdir(tmp_path)  # no .env of the checkout is read
    # the test process keeps its own logging set-up
    monkeypatch.setattr(discord_app, "configure_logging", lambda *a, **k: None)


def one_line(code: int, text: str) -> str:
    assert code != 0
    assert "Traceback" not in text and len(text.strip().splitlines()) == 1, text
    return text


@pytest.mark.parametrize("error,expected", [
    (refused, "Discord refused the token in DISCORD_TOKEN (Improper token has been passed.)"),
    (offline, "Rheinbot cannot reach Discord (Cannot connect to host discord.com:443"),
])
def test_run_says_in_one_line_why_it_cannot_connect(bot_env, monkeypatch, error, expected):
    async def serve(client, secret):
        assert secret == "not-a-real-token"
        raise error()

    monkeypatch.setattr(discord_app, "serve", serve)
    out = io.StringIO()
    text = one_line(main(["run"], out=out), out.getvalue())
    assert text.startswith(expected), text


@pytest.mark.parametrize("error,expected", [
    (refused, "Reset it at https://discord.com/developers/applications"),
    (offline, "Check this machine's network connection"),
])
def test_sync_says_in_one_line_why_it_cannot_connect(bot_env, monkeypatch, error, expected):
    async def login(self, token):
        raise error()

    monkeypatch.setattr(discord.Client, "login", login)
    out = io.StringIO()
    text = one_line(main(["sync", "--guild", "123"], out=out), out.getvalue())
    assert expected in text, text


def test_a_bug_is_still_a_traceback(bot_env, monkeypatch):
    async def serve(client, secret):
        raise KeyError("a bug, not the network")

    monkeypatch.setattr(discord_app, "serve", serve)
    with pytest.raises(KeyError):
        main(["run"], out=io.StringIO())
