"""Where an interaction came from, for log lines: ids and a command's name only.

An error line that says only "service operation failed" leaves an admin searching the whole
log for which server, channel and game it was. These words name them. They carry no option
values and no button's move: a move can be hidden information (the card played from a hand),
and a log is read by whoever hosts the bot.
"""

from __future__ import annotations

from typing import Any

# a component's custom_id: "rb:<game id>:<state version>:<choice>" (bot.service's buttons)
_OURS = "rb"
_KINDS = {2: "button", 3: "menu", 5: "menu", 6: "menu", 7: "menu", 8: "menu"}


def what(interaction: Any) -> str:
    """``/game status``, ``button``, ``menu``: the command by name, a component by kind."""
    command = getattr(interaction, "command", None)
    name = getattr(command, "qualified_name", None)
    if name:
        return f"/{name}"
    data = getattr(interaction, "data", None)
    kind = data.get("component_type") if isinstance(data, dict) else None
    if kind is not None:
        return _KINDS.get(kind, "component")
    kind_name = getattr(getattr(interaction, "type", None), "name", None)
    return str(kind_name or "interaction")


def game_of(interaction: Any) -> int | None:
    """The game a button or menu of ours belongs to (its custom_id says), else None."""
    data = getattr(interaction, "data", None)
    custom_id = data.get("custom_id") if isinstance(data, dict) else None
    if not isinstance(custom_id, str):
        return None
    prefix, _, rest = custom_id.partition(":")
    game = rest.partition(":")[0]
    return int(game) if prefix == _OURS and game.isdigit() else None


def where(interaction: Any, game_id: int | None = None) -> str:
    """``guild 1 channel 2 game 7 user 3 /play move``: the ids of an interaction's
    server, channel, game (``game_id`` or its component's), user, and what it was."""
    guild = getattr(interaction, "guild_id", None)
    user = getattr(getattr(interaction, "user", None), "id", None)
    game = game_id if game_id is not None else game_of(interaction)
    parts = [f"guild {guild}" if guild else "DM",
             f"channel {getattr(interaction, 'channel_id', None)}"]
    if game is not None:
        parts.append(f"game {game}")
    parts += [f"user {user}", what(interaction)]
    return " ".join(parts)
