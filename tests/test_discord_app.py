"""The client: intents, sharding from the environment, start-up without syncing, ``sync``."""

from __future__ import annotations

import io
import logging
import re
from types import SimpleNamespace
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from discord import app_commands

from bot.discord import app as discord_app
from bot.discord.app import (
    TOKEN_HELP,
    ConfigError,
    RheinbotClient,
    dev_guild,
    intents,
    shard_options,
    token_from_env,
)
from bot.discord.delivery import MoveButton, MovePicker


def test_no_privileged_intents() -> None:
    chosen = intents()
    assert not (chosen.members or chosen.presences or chosen.message_content)
    assert chosen.guilds  # channel cache for posting into games


@pytest.mark.parametrize(("env", "expected"), [
    ({}, {}),
    ({"SHARD_COUNT": "4"}, {"shard_count": 4, "shard_ids": [0, 1, 2, 3]}),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "2,3"}, {"shard_count": 4, "shard_ids": [2, 3]}),
    ({"SHARD_COUNT": "8", "SHARD_IDS": "0-2, 6"}, {"shard_count": 8, "shard_ids": [0, 1, 2, 6]}),
])
def test_shards_from_the_environment(env: dict, expected: dict) -> None:
    assert shard_options(env) == expected


@pytest.mark.parametrize(("env", "complaint"), [
    ({"SHARD_IDS": "1"}, "SHARD_IDS needs SHARD_COUNT"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS must lie in 0..1"),
    ({"SHARD_COUNT": "two"}, "SHARD_COUNT is a number"),
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be at least 1"),
])
def test_bad_shard_settings_are_explained(env: dict, complaint: str) -> None:
    with pytest.raises(ConfigError, match=complaint):
        shard_options(env)


async def test_the_client_runs_only_its_shards() -> None:
    client = RheinbotClient(start_services=False, **shard_options(
        {"SHARD_COUNT": "4", "SHARD_IDS": "1,3"}))
    assert isinstance(client, discord.AutoShardedClient)
    assert client.shard_count == 4 and client.shard_ids == [1, 3]


def test_missing_token_explains_how_to_get_one() -> None:
    with pytest.raises(SystemExit) as stopped:
        token_from_env(None, {})
    assert stopped.value.code == TOKEN_HELP and "rheinbot demo" in TOKEN_HELP
    assert token_from_env(None, {"DISCORD_TOKEN": " abc "}) == "abc"
    assert token_from_env("given", {}) == "given"


def test_dev_guild_setting() -> None:
    assert dev_guild({}) is None
    assert dev_guild({"RHEINBOT_DEV_GUILD": "1234"}) == 1234
    with pytest.raises(ConfigError):
        dev_guild({"RHEINBOT_DEV_GUILD": "my server"})


async def test_start_up_registers_buttons_and_never_syncs(monkeypatch) -> None:
    client = RheinbotClient(start_services=False)
    synced = AsyncMock()
    monkeypatch.setattr(client.tree, "sync", synced)
    client.add_dynamic_items = MagicMock()
    await client.setup_hook()
    client.add_dynamic_items.assert_called_once_with(MoveButton, MovePicker)
    synced.assert_not_awaited()


async def test_start_up_opens_the_services(monkeypatch, tmp_path) -> None:
    opened = {}

    async def fake_open_services(self):
        opened["path"] = self.db_path

    monkeypatch.setattr(RheinbotClient, "open_services", fake_open_services)
    client = RheinbotClient(db_path=str(tmp_path / "t.sqlite3"))
    client.add_dynamic_items = MagicMock()
    await client.setup_hook()
    assert opened == {"path": str(tmp_path / "t.sqlite3")}


async def test_sync_to_a_guild_copies_the_commands_there(monkeypatch, capsys) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.delenv("RHEINBOT_DEV_GUILD", raising=False)
    monkeypatch.setattr(discord.Client, "login", AsyncMock())
    calls = []

    async def fake_sync(self, *, guild=None):
        calls.append((guild.id if guild else None, [c.name for c in self.get_commands(
            guild=guild)]))
        return [SimpleNamespace(name=name) for name in ("game", "play")]

    monkeypatch.setattr(app_commands.CommandTree, "sync", fake_sync)
    await discord_app.sync(guild_id=99)
    monkeypatch.setenv("RHEINBOT_DEV_GUILD", "77")
    await discord_app.sync()
    monkeypatch.delenv("RHEINBOT_DEV_GUILD")
    await discord_app.sync()

    assert [guild for guild, _ in calls] == [99, 77, None]
    assert {"game", "play", "remind", "mygames", "rules"} <= set(calls[0][1])
    assert "Synced 2 commands to server 99" in capsys.readouterr().out


async def test_slash_check_failures_are_answered_privately() -> None:
    client = RheinbotClient(start_services=False)
    interaction = MagicMock()
    interaction.response.is_done = MagicMock(return_value=False)
    interaction.response.send_message = AsyncMock()
    await client.on_app_command_error(interaction, app_commands.NoPrivateMessage())
    args, kwargs = interaction.response.send_message.await_args
    assert kwargs == {"ephemeral": True} and "not in DMs" in args[0]


def test_only_the_guilds_intent() -> None:
    assert intents().value == discord.Intents(guilds=True).value


@pytest.mark.parametrize(("env", "level"), [
    ({}, logging.INFO),
    ({"LOG_LEVEL": "warning"}, logging.WARNING),
    ({"RHEINBOT_LOG_LEVEL": "DEBUG"}, logging.DEBUG),  # the older name still works
    ({"LOG_LEVEL": "ERROR", "RHEINBOT_LOG_LEVEL": "DEBUG"}, logging.ERROR),
    ({"LOG_LEVEL": "loud"}, logging.INFO),
])
def test_log_level_from_the_environment(env: dict, level: int) -> None:
    assert discord_app.log_level(env) == level


def test_log_lines_carry_time_level_and_logger() -> None:
    stream = io.StringIO()
    root = logging.getLogger()
    before = (root.level, list(root.handlers), logging.getLogger("discord").level)
    handler = discord_app.configure_logging({"LOG_LEVEL": "INFO"}, stream=stream)
    try:
        logging.getLogger("bot.service").info("table %d opened", 7)
        logging.getLogger("bot.service").debug("not shown")
        logging.getLogger("discord.gateway").debug("payload not shown")
    finally:
        root.removeHandler(handler)
        root.setLevel(before[0])
        logging.getLogger("discord").setLevel(before[2])
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO +bot\.service: "
                        r"table 7 opened", lines[0]), lines
