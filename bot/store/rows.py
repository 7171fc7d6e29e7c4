"""The rows and errors every store backend returns, and the conversions from a database row.

A row here is anything indexable by column name and number that ``dict()`` accepts: an
``sqlite3.Row`` or an ``asyncpg.Record``. Both backends keep the same column types (JSON
as TEXT, flags as 0/1 integers, times as epoch seconds), so one conversion serves both.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from engine.text import decode, encode, from_json

LIVE_STATUSES = ("lobby", "active")


class StaleVersion(Exception):
    """The game changed since the caller looked at it."""


class ChannelBusy(Exception):
    """The channel already has a live game (lobby or active)."""


class RematchExists(Exception):
    """The game already has a rematch that was not abandoned (``channel_id``: where)."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(channel_id)
        self.channel_id = channel_id


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    game_key: str
    options: dict[str, Any]
    seed: int
    status: str
    min_players: int
    max_players: int
    creator_id: int
    state: str | None
    state_format: int
    version: int
    phase: str
    active_seats: list[int]
    created_at: float
    updated_at: float
    pace_hours: float | None = None  # the move clock per turn; None: no clock
    language: str = "en"             # the language of the table's channel posts
    rematch_of: int | None = None    # the finished game this one is a rematch of
    # its creator runs it without a seat (see bot.service.base.runner_id), not only while seated
    hosted: bool = False
    # the version of the last change to ``state`` (a move, an undo, the start, a rebuild);
    # seat changes move ``version`` alone (migration 022)
    state_version: int = 0


@dataclass(frozen=True)
class SeatRow:
    game_id: int
    joined: int
    seat: int | None
    user_id: int | None
    name: str
    colour: str
    is_ai: bool
    ai_level: str | None
    colour_picked: bool = False  # chosen with /game join colour: (kept at the start)
    left_by: int | None = None  # the member who held the seat before it was handed on


@dataclass(frozen=True)
class ActionRow:
    id: int
    game_id: int
    seat: int
    user_id: int | None
    notation: str
    lines: list[str]
    created_at: float
    reveals_before: int
    reveals_after: int


def _env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


@dataclass(frozen=True)
class Settings:
    """A user's reminder settings; users who never set any get the server defaults."""

    user_id: int
    remind_on: bool = True
    every_hours: float = field(
        default_factory=lambda: _env_float("RHEINBOT_REMIND_EVERY_HOURS", 12.0))
    quiet_from: int | None = None
    quiet_to: int | None = None
    tz: str = field(default_factory=lambda: os.environ.get("RHEINBOT_REMIND_TZ", "UTC"))
    digest: bool = False  # one DM a day listing every waiting game, instead of one per game
    delay_hours: float = 0.0  # the first notice of a turn waits this long (0: at once)
    dms_closed: bool = False  # a DM was refused (403 50007): channel mentions instead


@dataclass(frozen=True)
class ReminderRow:
    id: int
    kind: str
    game_id: int
    user_id: int | None
    due_at: float
    sent: int
    payload: dict[str, Any]


@dataclass(frozen=True)
class Move:
    """One committed action, as the service hands it to :meth:`Store.commit_move`."""

    seat: int
    user_id: int | None
    notation: str
    lines: list[str]
    reveals_before: int
    reveals_after: int


@dataclass(frozen=True)
class Snapshot:
    """The game row fields that change with the state."""

    state: str
    phase: str
    status: str
    active_seats: list[int]
    state_format: int = 1


def game_row(row: Any) -> GameRow:
    data = dict(row)
    data["options"] = json.loads(data["options"])
    data["active_seats"] = json.loads(data["active_seats"])
    data["phase"] = decode(data["phase"] or "")
    data["hosted"] = bool(data.get("hosted", 0))
    return GameRow(**data)


def seat_row(row: Any) -> SeatRow:
    data = dict(row)
    data["is_ai"] = bool(data["is_ai"])
    data["colour_picked"] = bool(data.get("colour_picked", 0))
    return SeatRow(**data)


def action_row(row: Any) -> ActionRow:
    return ActionRow(**{**dict(row), "lines": from_json(json.loads(row["lines"]))})


def reminder_row(row: Any) -> ReminderRow:
    data = dict(row)
    data["payload"] = json.loads(data["payload"])
    return ReminderRow(**data)


def settings_row(row: Any) -> Settings:
    data = dict(row)
    for flag in ("remind_on", "digest", "dms_closed"):
        data[flag] = bool(data[flag])
    return Settings(**data)


def snap_fields(snap: Snapshot) -> dict[str, Any]:
    """The ``games`` columns a snapshot sets, as stored."""
    return {
        "state": snap.state,
        "phase": encode(snap.phase),
        "status": snap.status,
        "active_seats": json.dumps(snap.active_seats),
        "state_format": snap.state_format,
    }
