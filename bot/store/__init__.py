"""Where games live: the action log, snapshots, seats, settings and reminders.

``sqlite`` is the default backend (one file, no set-up). The rows and errors every backend
shares are re-exported here, so callers import from ``bot.store`` only.
"""

from bot.store.sqlite import (
    LIVE_STATUSES,
    ActionRow,
    ChannelBusy,
    GameRow,
    Move,
    ReminderRow,
    SeatRow,
    Settings,
    Snapshot,
    StaleVersion,
    Store,
    migrations,
)

__all__ = ["LIVE_STATUSES", "ActionRow", "ChannelBusy", "GameRow", "Move", "ReminderRow",
           "SeatRow", "Settings", "Snapshot", "StaleVersion", "Store", "migrations"]
