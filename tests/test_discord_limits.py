"""Every slash command as Discord would receive it, checked against Discord's own limits.

The payload is the one ``rheinbot sync`` uploads (``Command.to_dict``), built from the real
client with the real game registry, so a command that Discord would reject fails here first.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

import engine
from bot.discord.app import RheinbotClient

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, NUMBER = 3, 4, 10
MAX_OPTIONS = MAX_CHOICES = MAX_SUBCOMMANDS = 25
MAX_COMBINED = 4000  # names, descriptions and choice values of one command, all together


@pytest.fixture
async def payloads() -> list[dict[str, Any]]:
    client = RheinbotClient(start_services=False)
    return [command.to_dict(client.tree) for command in client.tree.get_commands()]


def walk(payload: dict[str, Any], path: str = ""):
    """Yield (path, node) for the command and every option below it."""
    here = f"{path} {payload['name']}".strip()
    yield here, payload
    for option in payload.get("options", []):
        yield from walk(option, here)


def combined_length(payload: dict[str, Any]) -> int:
    total = len(payload["name"]) + len(payload.get("description", ""))
    for choice in payload.get("choices", []) or []:
        total += len(choice["name"]) + len(str(choice["value"]))
    return total + sum(combined_length(option) for option in payload.get("options", []))


def check_node(path: str, node: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    if not NAME.match(node["name"]):
        problems.append(f"{path}: name {node['name']!r} breaks ^[-_a-z0-9]{{1,32}}$")
    description = node.get("description", "")
    if not 1 <= len(description) <= 100:
        problems.append(f"{path}: description has {len(description)} characters")
    if description in ("\u2026", "..."):
        problems.append(f"{path}: has no real description")
    options = node.get("options", [])
    subs = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if len(options) > MAX_OPTIONS:
        problems.append(f"{path}: {len(options)} options")
    if len(subs) > MAX_SUBCOMMANDS:
        problems.append(f"{path}: {len(subs)} subcommands")
    if subs and len(subs) != len(options):
        problems.append(f"{path}: mixes subcommands and plain options")
    required = [o.get("required", False) for o in options if o not in subs]
    if required != sorted(required, reverse=True):
        problems.append(f"{path}: a required option follows an optional one")
    return problems + check_choices(path, node)


def check_choices(path: str, node: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    choices = node.get("choices") or []
    if len(choices) > MAX_CHOICES:
        problems.append(f"{path}: {len(choices)} choices")
    if choices and node.get("autocomplete"):
        problems.append(f"{path}: both choices and autocomplete")
    for choice in choices:
        if not 1 <= len(choice["name"]) <= 100:
            problems.append(f"{path}: choice name {choice['name']!r}")
        if node["type"] == STRING and not 1 <= len(choice["value"]) <= 100:
            problems.append(f"{path}: choice value {choice['value']!r}")
    return problems


async def test_every_command_within_discord_limits(payloads) -> None:
    problems = []
    for payload in payloads:
        problems += [p for path, node in walk(payload) for p in check_node(path, node)]
        if combined_length(payload) > MAX_COMBINED:
            problems.append(f"{payload['name']}: {combined_length(payload)} characters in all")
    assert problems == []
    assert len(payloads) <= 100


async def test_the_commands_players_expect_exist(payloads) -> None:
    paths = {path for payload in payloads for path, node in walk(payload)
             if node.get("type", SUB_COMMAND) == SUB_COMMAND or node is payload}
    expected = {f"game {sub}" for sub in (
        "new", "join", "leave", "start", "status", "board", "hand", "log", "undo", "abandon",
        "kick", "add-bot", "export", "list")}
    expected |= {"play", "mygames", "rules", "remind on", "remind off", "remind every",
                 "remind quiet"}
    assert expected <= paths


async def test_game_choice_lists_every_game_key(payloads) -> None:
    new = next(o for o in next(p for p in payloads if p["name"] == "game")["options"]
               if o["name"] == "new")
    game = next(o for o in new["options"] if o["name"] == "game")
    assert [c["value"] for c in game["choices"]] == list(engine.GAMES)
    assert game["required"] is True


async def test_move_option_autocompletes_and_quiet_hours_are_bounded(payloads) -> None:
    play = next(p for p in payloads if p["name"] == "play")
    assert play["options"][0]["name"] == "move" and play["options"][0]["autocomplete"]
    quiet = next(o for o in next(p for p in payloads if p["name"] == "remind")["options"]
                 if o["name"] == "quiet")
    hours = {o["name"]: o for o in quiet["options"]}
    assert hours["from"]["type"] == INTEGER and hours["from"]["min_value"] == 0
    assert hours["to"]["max_value"] == 23
    assert hours["tz"]["autocomplete"] and not hours["tz"].get("required", False)


async def test_game_and_play_are_not_offered_in_dms(payloads) -> None:
    by_name = {p["name"]: p for p in payloads}
    for name in ("game", "play"):
        assert by_name[name].get("dm_permission") is False or \
            by_name[name].get("contexts") == [discord.InteractionContextType.guild.value]
    assert by_name["remind"].get("dm_permission", True) is not False
