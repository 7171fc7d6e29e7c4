"""The SQLite store (aiosqlite): games, seats, the action log, votes, settings and reminders.

One connection per process, in autocommit mode so that every write is an explicit
``BEGIN IMMEDIATE ... COMMIT``. An asyncio lock keeps one coroutine's transaction from
interleaving with another's statements on the shared connection.

Durability: WAL with ``synchronous=FULL``. In WAL mode ``NORMAL`` survives a crash of the
process but may lose the last commits on a power cut or kernel crash, and a move we have
acknowledged to a player must survive both. ``FULL`` costs one fsync of the WAL per commit,
which on our hardware still allows thousands of commits a second: far above what play needs.

Every change to a game goes through a version check
(``UPDATE games SET ... WHERE id = ? AND version = ?``): of two moves made against the same
version exactly one commits; the other raises :class:`StaleVersion` and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import aiosqlite

from bot.store import leases
from engine.text import decode, encode, from_json, to_json

log = logging.getLogger(__name__)

LIVE_STATUSES = ("lobby", "active")
# /stats counts a game only when moves were played here: an 18xx.games import finished
# elsewhere and started here has an empty action log (its moves are in its origin), so
# importing it again and again cannot farm wins. Imports continued here count for their seats.
PLAYED_HERE = "EXISTS (SELECT 1 FROM actions a WHERE a.game_id = g.id)"


class StaleVersion(Exception):
    """The game changed since the caller looked at it."""


class ChannelBusy(Exception):
    """The channel already has a live game (lobby or active)."""


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


def migrations() -> list[tuple[int, str, str]]:
    """The numbered migration files in ``bot/migrations``: (number, name, sql), in order."""
    found = []
    for entry in resources.files("bot.store.migrations").iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            found.append((int(name[:3]), name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [number for number, _, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 001, 002, ... without gaps: {numbers}")
    return found


def _game(row: sqlite3.Row) -> GameRow:
    data = dict(row)
    data["options"] = json.loads(data["options"])
    data["active_seats"] = json.loads(data["active_seats"])
    data["phase"] = decode(data["phase"] or "")
    return GameRow(**data)


def _seat(row: sqlite3.Row) -> SeatRow:
    data = dict(row)
    data["is_ai"] = bool(data["is_ai"])
    data["colour_picked"] = bool(data.get("colour_picked", 0))
    return SeatRow(**data)


class Store:
    """Async access to one SQLite file. Use :meth:`open` and :meth:`close`."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()

    # -- lifecycle ------------------------------------------------------------------------
    @classmethod
    async def open(cls, path: str = "rheinbot.sqlite3") -> Store:
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = sqlite3.Row
        if path != ":memory:":
            async with db.execute("PRAGMA journal_mode=WAL") as cursor:
                mode = (await cursor.fetchone())[0]
            if mode != "wal":  # e.g. a network file system: still correct, only slower
                log.warning("%s: journal mode is %s, not WAL", path, mode)
        await db.execute_fetchall("PRAGMA synchronous=FULL")
        await db.execute_fetchall("PRAGMA foreign_keys=ON")
        await db.execute_fetchall("PRAGMA busy_timeout=5000")
        store = cls(db, path)
        try:
            await store.migrate()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self._db.close()

    async def migrate(self) -> int:
        """Apply every migration newer than the file's ``user_version``; return the version."""
        known = migrations()
        async with self._lock:
            current = await self._scalar("PRAGMA user_version")
            if current > len(known):
                raise RuntimeError(f"{self.path} has schema version {current}, newer than this "
                                   f"Rheinbot knows ({len(known)}): upgrade Rheinbot.")
            for number, name, sql in known:
                if number <= current:
                    continue
                # executescript runs the whole file; the BEGIN/COMMIT around it makes the
                # migration and its version stamp one transaction.
                script = (
                    f"BEGIN IMMEDIATE;\n{sql}\n"
                    f"INSERT INTO schema_migrations VALUES ({number}, '{name}', "
                    f"strftime('%s','now'));\nPRAGMA user_version = {number};\nCOMMIT;"
                )
                try:
                    await self._db.executescript(script)
                except BaseException:
                    if self._db.in_transaction:
                        await self._db.execute_fetchall("ROLLBACK")
                    raise
                current = number
            return current

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._scalar("PRAGMA user_version")

    async def integrity_ok(self) -> bool:
        async with self._lock:
            return await self._scalar("PRAGMA integrity_check") == "ok"

    async def backup(self, path: str) -> None:
        """A consistent copy of the live database (SQLite online backup)."""
        async with self._lock:
            target = await aiosqlite.connect(path)
            try:
                await self._db.backup(target)
            finally:
                await target.close()

    # -- plumbing -------------------------------------------------------------------------
    # Every statement goes through execute_fetchall: one hop to aiosqlite's thread, where
    # execute() plus a cursor would take two or three.
    async def _scalar(self, sql: str, params: Iterable[Any] = ()) -> Any:
        rows = list(await self._db.execute_fetchall(sql, tuple(params)))
        return rows[0][0] if rows else None

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, tuple(params)))

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self._db.execute_fetchall("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute_fetchall("ROLLBACK")
                raise
            await self._db.execute_fetchall("COMMIT")

    async def _bump(self, db: aiosqlite.Connection, game_id: int, expected_version: int,
                    now: float, **fields: Any) -> int:
        """Set ``fields`` and version+1 if the game is still at ``expected_version``."""
        sets = "".join(f", {name} = ?" for name in fields)
        changed = await db.execute_fetchall(
            f"UPDATE games SET version = version + 1, updated_at = ?{sets} "
            "WHERE id = ? AND version = ? RETURNING version",
            (now, *fields.values(), game_id, expected_version),
        )
        if not changed:
            raise StaleVersion(game_id)
        return expected_version + 1

    # -- games ----------------------------------------------------------------------------
    async def create_game(self, *, guild_id: int | None, channel_id: int, game_key: str,
                          options: dict[str, Any], seed: int, creator_id: int,
                          min_players: int, max_players: int, now: float,
                          pace_hours: float | None = None, language: str = "en",
                          rematch_of: int | None = None) -> GameRow:
        try:
            async with self._tx() as db:
                created = await db.execute_fetchall(
                    "INSERT INTO games (guild_id, channel_id, game_key, options, seed, "
                    "min_players, max_players, creator_id, created_at, updated_at, "
                    "pace_hours, language, rematch_of) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, game_key, json.dumps(options, sort_keys=True),
                     seed, min_players, max_players, creator_id, now, now,
                     pace_hours, language, rematch_of),
                )
                game_id = list(created)[0][0]
        except sqlite3.IntegrityError as error:
            raise ChannelBusy(channel_id) from error
        game = await self.game(game_id)
        assert game is not None
        return game

    async def game(self, game_id: int) -> GameRow | None:
        rows = await self._all("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game(rows[0]) if rows else None

    async def live_game(self, channel_id: int) -> GameRow | None:
        rows = await self._all(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return _game(rows[0]) if rows else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The live game of a channel, or else its most recent finished/abandoned one."""
        rows = await self._all(
            "SELECT * FROM games WHERE channel_id = ? "
            "ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        return _game(rows[0]) if rows else None

    async def games_of_user(self, user_id: int, statuses: tuple[str, ...] = LIVE_STATUSES
                            ) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        rows = await self._all(
            f"SELECT g.* FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE s.user_id = ? AND g.status IN ({marks}) ORDER BY g.updated_at",
            (user_id, *statuses),
        )
        return [_game(row) for row in rows]

    async def set_status(self, game_id: int, expected_version: int, status: str,
                         now: float) -> int:
        async with self._tx() as db:
            return await self._bump(db, game_id, expected_version, now, status=status)

    async def save_snapshot(self, game_id: int, expected_version: int, snap: Snapshot,
                            now: float) -> int:
        """Replace the snapshot (a rebuild after a failed load); bumps the version."""
        async with self._tx() as db:
            return await self._bump(db, game_id, expected_version, now, **_snap_fields(snap))

    # -- seats ----------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all(
            "SELECT * FROM seats WHERE game_id = ? ORDER BY seat IS NULL, seat, joined",
            (game_id,),
        )
        return [_seat(row) for row in rows]

    async def add_seat(self, game_id: int, expected_version: int, *, user_id: int | None,
                       name: str, colour: str, is_ai: bool = False,
                       ai_level: str | None = None, now: float,
                       colour_picked: bool = False) -> int:
        async with self._tx() as db:
            version = await self._bump(db, game_id, expected_version, now)
            joined = await self._scalar(
                "SELECT IFNULL(MAX(joined) + 1, 0) FROM seats WHERE game_id = ?", (game_id,))
            await db.execute_fetchall(
                "INSERT INTO seats (game_id, joined, user_id, name, colour, is_ai, ai_level, "
                "colour_picked) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, joined, user_id, name, colour, int(is_ai), ai_level,
                 int(colour_picked)),
            )
            return version

    async def set_colour(self, game_id: int, expected_version: int, joined: int, colour: str,
                         picked: bool, now: float) -> int:
        """A lobby seat's colour (``picked``: chosen by its player, kept at the start)."""
        async with self._tx() as db:
            version = await self._bump(db, game_id, expected_version, now)
            await db.execute_fetchall(
                "UPDATE seats SET colour = ?, colour_picked = ? WHERE game_id = ? AND joined = ?",
                (colour, int(picked), game_id, joined))
            return version

    async def remove_seat(self, game_id: int, expected_version: int, joined: int,
                          now: float) -> int:
        async with self._tx() as db:
            version = await self._bump(db, game_id, expected_version, now)
            await db.execute_fetchall("DELETE FROM seats WHERE game_id = ? AND joined = ?",
                             (game_id, joined))
            return version

    async def replace_seat(self, game_id: int, expected_version: int, seat: int, *,
                           user_id: int | None, name: str, is_ai: bool,
                           ai_level: str | None, now: float) -> int:
        async with self._tx() as db:
            version = await self._bump(db, game_id, expected_version, now)
            await db.execute_fetchall(
                "UPDATE seats SET user_id = ?, name = ?, is_ai = ?, ai_level = ? "
                "WHERE game_id = ? AND seat = ?",
                (user_id, name, int(is_ai), ai_level, game_id, seat),
            )
            await db.execute_fetchall("DELETE FROM undo_votes WHERE game_id = ?", (game_id,))
            return version

    async def start_game(self, game_id: int, expected_version: int,
                         order: list[int], snap: Snapshot, now: float,
                         colours: list[str] | None = None) -> int:
        """Give seat numbers (``order`` lists join numbers, seat 0 first) and the first state;
        ``colours`` (by seat) replaces the colours chosen in the lobby."""
        async with self._tx() as db:
            version = await self._bump(db, game_id, expected_version, now, **_snap_fields(snap))
            for seat, joined in enumerate(order):
                await db.execute_fetchall("UPDATE seats SET seat = ? WHERE game_id = ? AND joined = ?",
                                 (seat, game_id, joined))
                if colours:
                    await db.execute_fetchall(
                        "UPDATE seats SET colour = ? WHERE game_id = ? AND joined = ?",
                        (colours[seat], game_id, joined))
            return version

    # -- imported games ---------------------------------------------------------------------
    async def save_origin(self, game_id: int, source: str, state: str, moves: int,
                          now: float) -> None:
        """Remember the state an imported game starts from (replays begin there)."""
        async with self._tx() as db:
            await db.execute_fetchall(
                "INSERT INTO game_origins (game_id, source, state, moves, created_at) "
                "VALUES (?, ?, ?, ?, ?)", (game_id, source, state, moves, now))

    async def origin(self, game_id: int) -> dict[str, Any] | None:
        """``{"source", "state", "moves"}`` of an imported game, or None."""
        rows = await self._all("SELECT source, state, moves FROM game_origins WHERE game_id = ?",
                               (game_id,))
        return dict(rows[0]) if rows else None

    # -- what the previous turn card and full board had seen -------------------------------
    # (the id of the last action then; None before the first card or board)
    _MARKS = {"card": "turn_cards", "board": "board_marks"}

    async def card_mark(self, game_id: int) -> int | None:
        return await self._mark("card", game_id)

    async def set_card_mark(self, game_id: int, last_action: int) -> None:
        await self._set_mark("card", game_id, last_action)

    async def board_mark(self, game_id: int) -> int | None:
        return await self._mark("board", game_id)

    async def set_board_mark(self, game_id: int, last_action: int) -> None:
        await self._set_mark("board", game_id, last_action)

    async def last_action_id(self, game_id: int) -> int:
        """The id of the game's latest action (0 before the first)."""
        rows = await self._all("SELECT MAX(id) FROM actions WHERE game_id = ?", (game_id,))
        return int(rows[0][0] or 0) if rows else 0

    async def _mark(self, kind: str, game_id: int) -> int | None:
        rows = await self._all(f"SELECT last_action FROM {self._MARKS[kind]} WHERE game_id = ?",
                               (game_id,))
        return int(rows[0][0]) if rows else None

    async def _set_mark(self, kind: str, game_id: int, last_action: int) -> None:
        async with self._tx() as db:
            await db.execute_fetchall(
                f"INSERT INTO {self._MARKS[kind]} (game_id, last_action) VALUES (?, ?) "
                "ON CONFLICT(game_id) DO UPDATE SET last_action = excluded.last_action",
                (game_id, last_action))

    # -- the action log -------------------------------------------------------------------
    async def commit_move(self, game_id: int, expected_version: int, move: Move,
                          snap: Snapshot, now: float) -> int:
        """Append ``move`` to the log and store the new snapshot, in one transaction.

        This is the hot path of play, so the whole transaction (BEGIN, the version-checked
        UPDATE, the INSERT, COMMIT) runs as one call in aiosqlite's thread: four thread hops
        cost more than the statements themselves (bench: 1,100-1,850 moves/s with four hops).
        """
        fields = _snap_fields(snap)
        sets = "".join(f", {name} = ?" for name in fields)
        update = (f"UPDATE games SET version = version + 1, updated_at = ?{sets} "
                  "WHERE id = ? AND version = ? RETURNING version")
        action = (game_id, move.seat, move.user_id, move.notation, json.dumps(to_json(move.lines)),
                  now, move.reveals_before, move.reveals_after)
        async with self._lock:
            # aiosqlite has no public "run this function in your thread"; _execute is that
            # (unchanged from 0.17 to 0.22) and _conn is the thread's sqlite3 connection.
            committed = await self._db._execute(
                _commit_move, self._db._conn, update,
                (now, *fields.values(), game_id, expected_version), action)
        if not committed:
            raise StaleVersion(game_id)
        # Undo votes need no clearing here: a vote counts only at the version it was cast
        # for, and this move just changed the version.
        return expected_version + 1

    async def actions(self, game_id: int, after: int | None = None) -> list[ActionRow]:
        """The live (not undone) action log, oldest first; ``after``: only the actions with
        a larger id (a turn card reads only what is new, not a long game's whole log)."""
        rows = await self._all(
            "SELECT id, game_id, seat, user_id, notation, lines, created_at, reveals_before, "
            "reveals_after FROM actions WHERE game_id = ? AND undone = 0 AND id > ? ORDER BY id",
            (game_id, -1 if after is None else after),
        )
        return [ActionRow(**{**dict(row), "lines": from_json(json.loads(row["lines"]))}) for row in rows]

    async def undo_from(self, game_id: int, expected_version: int, first_action: int,
                        snap: Snapshot, now: float) -> int:
        """Mark ``first_action`` and every later action undone and store the rebuilt state."""
        async with self._tx() as db:
            version = await self._bump(db, game_id, expected_version, now, **_snap_fields(snap))
            await db.execute_fetchall(
                "UPDATE actions SET undone = 1 WHERE game_id = ? AND id >= ? AND undone = 0",
                (game_id, first_action),
            )
            await db.execute_fetchall("DELETE FROM undo_votes WHERE game_id = ?", (game_id,))
            return version

    # -- undo votes -----------------------------------------------------------------------
    async def cast_vote(self, game_id: int, at_version: int, target_action: int,
                        requested_by: int, user_id: int, agree: bool, now: float) -> None:
        async with self._tx() as db:
            # A vote from an older position is void: start afresh.
            await db.execute_fetchall("DELETE FROM undo_votes WHERE game_id = ? AND at_version != ?",
                             (game_id, at_version))
            await db.execute_fetchall(
                "INSERT OR REPLACE INTO undo_votes VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, at_version, target_action, requested_by, user_id, int(agree), now),
            )

    async def votes(self, game_id: int, at_version: int) -> list[dict[str, Any]]:
        rows = await self._all(
            "SELECT * FROM undo_votes WHERE game_id = ? AND at_version = ?",
            (game_id, at_version),
        )
        return [dict(row) for row in rows]

    async def clear_votes(self, game_id: int) -> None:
        async with self._tx() as db:
            await db.execute_fetchall("DELETE FROM undo_votes WHERE game_id = ?", (game_id,))

    # -- spectators ----------------------------------------------------------------------
    async def watch(self, game_id: int, user_id: int, on: bool, now: float) -> bool:
        """Add (``on``) or remove a spectator; True if that changed anything."""
        async with self._tx() as db:
            if on:
                changed = await db.execute_fetchall(
                    "INSERT OR IGNORE INTO watchers VALUES (?, ?, ?) RETURNING user_id",
                    (game_id, user_id, now))
            else:
                changed = await db.execute_fetchall(
                    "DELETE FROM watchers WHERE game_id = ? AND user_id = ? RETURNING user_id",
                    (game_id, user_id))
            return bool(list(changed))

    async def watchers(self, game_id: int) -> list[int]:
        rows = await self._all("SELECT user_id FROM watchers WHERE game_id = ? ORDER BY "
                               "created_at, user_id", (game_id,))
        return [row[0] for row in rows]

    # -- results and stats ----------------------------------------------------------------
    async def save_results(self, game_id: int, standings: list[dict[str, Any]]) -> None:
        """Store a finished game's standings (seat, user_id, name, rank, score); idempotent."""
        async with self._tx() as db:
            for s in standings:
                await db.execute_fetchall(
                    "INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, s["seat"], s["user_id"], s["name"], s["rank"], str(s["score"])))

    async def finished_without_results(self, guild_id: int | None = None) -> list[GameRow]:
        """Finished games whose standings were never stored (finished before /stats)."""
        sql = ("SELECT * FROM games g WHERE status = 'finished' AND NOT EXISTS "
               "(SELECT 1 FROM results r WHERE r.game_id = g.id)")
        params: list[Any] = []
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        return [_game(row) for row in await self._all(sql, params)]

    async def stats(self, guild_id: int | None = None, user_id: int | None = None
                    ) -> list[dict[str, Any]]:
        """Per game (and per human player): finished games played and won.

        Rows: ``game_key``, ``user_id``, ``name`` (the latest name used), ``played``, ``won``
        (rank 1, shared wins count for each winner). AI seats are left out, and so are games
        with no move played here (see ``PLAYED_HERE``)."""
        sql = ("SELECT g.game_key, r.user_id, MAX(r.name) AS name, COUNT(*) AS played, "
               "SUM(r.rank = 1) AS won FROM results r JOIN games g ON g.id = r.game_id "
               "WHERE g.status = 'finished' AND r.user_id IS NOT NULL AND " + PLAYED_HERE)
        params: list[Any] = []
        if guild_id is not None:
            sql += " AND g.guild_id = ?"
            params.append(guild_id)
        if user_id is not None:
            sql += " AND r.user_id = ?"
            params.append(user_id)
        sql += " GROUP BY g.game_key, r.user_id ORDER BY g.game_key, won DESC, played DESC"
        return [dict(row) for row in await self._all(sql, params)]

    async def finished_count(self, guild_id: int | None = None) -> dict[str, int]:
        """How many games of each kind finished (in a guild), counting only games with a
        move played here (``PLAYED_HERE``)."""
        sql = "SELECT game_key, COUNT(*) FROM games g WHERE status = 'finished' AND " + \
            PLAYED_HERE
        params: list[Any] = []
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        rows = await self._all(sql + " GROUP BY game_key ORDER BY game_key", params)
        return {row[0]: row[1] for row in rows}

    # -- user settings --------------------------------------------------------------------
    async def settings(self, user_id: int) -> Settings:
        rows = await self._all(
            "SELECT user_id, remind_on, every_hours, quiet_from, quiet_to, tz, digest, "
            "delay_hours, dms_closed FROM user_settings WHERE user_id = ?", (user_id,))
        if not rows:
            return Settings(user_id=user_id)
        data = dict(rows[0])
        data["remind_on"] = bool(data["remind_on"])
        data["digest"] = bool(data["digest"])
        data["dms_closed"] = bool(data["dms_closed"])
        return Settings(**data)

    async def save_settings(self, settings: Settings, now: float) -> None:
        async with self._tx() as db:
            await db.execute_fetchall(
                "INSERT OR REPLACE INTO user_settings (user_id, remind_on, every_hours, "
                "quiet_from, quiet_to, tz, updated_at, digest, delay_hours, dms_closed) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (settings.user_id, int(settings.remind_on), settings.every_hours,
                 settings.quiet_from, settings.quiet_to, settings.tz, now,
                 int(settings.digest), settings.delay_hours, int(settings.dms_closed)),
            )

    # -- reminders ------------------------------------------------------------------------
    async def set_reminder(self, kind: str, game_id: int | None, user_id: int | None, due_at: float,
                           payload: dict[str, Any], now: float, sent: int = 0) -> None:
        """Create or move the one reminder of this kind for (game, user)."""
        async with self._tx() as db:
            await db.execute_fetchall(
                "DELETE FROM reminders WHERE IFNULL(game_id, 0) = IFNULL(?, 0) AND kind = ? AND "
                "IFNULL(user_id, 0) = IFNULL(?, 0)", (game_id, kind, user_id))
            await db.execute_fetchall(
                "INSERT INTO reminders (kind, game_id, user_id, due_at, sent, payload, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (kind, game_id, user_id, due_at, sent, json.dumps(payload), now),
            )

    async def sync_turn_reminders(self, game_id: int, waiting: dict[int, dict[str, Any]],
                                  first_due: dict[int, float], idle_due: float,
                                  idle_payload: dict[str, Any], now: float) -> None:
        """In one transaction: drop the turn reminders of users no longer ``waiting``,
        refresh the text of those still waiting (keeping their schedule), add a reminder due
        at ``first_due[user]`` for each newly waiting user, and move the idle notice."""
        users = list(waiting)
        async with self._tx() as db:
            marks = ",".join("?" * len(users))
            await db.execute_fetchall(
                "DELETE FROM reminders WHERE game_id = ? AND kind = 'turn'"
                + (f" AND user_id NOT IN ({marks})" if users else ""), (game_id, *users))
            for user_id, payload in waiting.items():
                kept = await db.execute_fetchall(
                    "UPDATE reminders SET payload = json_patch(payload, ?) "
                    "WHERE game_id = ? AND kind = 'turn' AND user_id = ? RETURNING id",
                    (json.dumps(payload), game_id, user_id))
                if not kept and user_id in first_due:
                    await db.execute_fetchall(
                        "INSERT INTO reminders (kind, game_id, user_id, due_at, sent, payload, "
                        "created_at) VALUES ('turn', ?, ?, ?, 0, ?, ?)",
                        (game_id, user_id, first_due[user_id], json.dumps(payload), now))
            await db.execute_fetchall("DELETE FROM reminders WHERE game_id = ? AND kind = 'idle'",
                             (game_id,))
            await db.execute_fetchall(
                "INSERT INTO reminders (kind, game_id, user_id, due_at, sent, payload, "
                "created_at) VALUES ('idle', ?, NULL, ?, 0, ?, ?)",
                (game_id, idle_due, json.dumps(idle_payload), now))

    async def move_reminder(self, reminder_id: int, due_at: float, sent: int,
                            payload: dict[str, Any]) -> bool:
        """Reschedule an existing reminder; False if it was deleted meanwhile."""
        async with self._tx() as db:
            moved = await db.execute_fetchall(
                "UPDATE reminders SET due_at = ?, sent = ?, payload = ? WHERE id = ? "
                "RETURNING id", (due_at, sent, json.dumps(payload), reminder_id))
            return bool(moved)

    async def delete_reminder(self, reminder_id: int) -> None:
        async with self._tx() as db:
            await db.execute_fetchall("DELETE FROM reminders WHERE id = ?", (reminder_id,))

    async def delete_reminders(self, game_id: int, kind: str | None = None) -> None:
        sql = "DELETE FROM reminders WHERE game_id = ?"
        params: list[Any] = [game_id]
        if kind:
            sql += " AND kind = ?"
            params.append(kind)
        async with self._tx() as db:
            await db.execute_fetchall(sql, params)

    async def reminders(self, game_id: int | None = None, due_before: float | None = None,
                        user_id: int | None = None) -> list[ReminderRow]:
        sql = "SELECT id, kind, game_id, user_id, due_at, sent, payload FROM reminders WHERE 1"
        params: list[Any] = []
        for column, op, value in (("game_id", "=", game_id), ("due_at", "<=", due_before),
                                  ("user_id", "=", user_id)):
            if value is not None:
                sql += f" AND {column} {op} ?"
                params.append(value)
        rows = await self._all(sql + " ORDER BY due_at, id", params)
        return [_reminder(row) for row in rows]

    async def next_due(self) -> float | None:
        async with self._lock:
            return await self._scalar("SELECT MIN(due_at) FROM reminders")

    # -- reminder leases (bot.store.leases: one process fires each due row) --------------
    async def claim_due(self, owner: str, now: float, lease_s: float, limit: int = 100
                        ) -> list[ReminderRow]:
        """Lease to ``owner`` until ``now + lease_s`` up to ``limit`` due reminders that
        nobody holds (or whose lease ran out); the rows claimed, earliest due first."""
        async with self._tx() as db:
            rows = await db.execute_fetchall(leases.CLAIM_DUE_SQLITE,
                                             (owner, now + lease_s, now, now, limit))
        return sorted((_reminder(row) for row in rows), key=lambda row: (row.due_at, row.id))

    async def release_claims(self, owner: str) -> None:
        """End every lease ``owner`` holds (its pass is over: what it fired is recorded)."""
        async with self._tx() as db:
            await db.execute_fetchall(leases.RELEASE_CLAIMS, (owner,))

    async def next_claimable(self) -> float | None:
        """When the earliest reminder is due and not held under another process's lease."""
        async with self._lock:
            return await self._scalar(leases.NEXT_CLAIMABLE)


_INSERT_ACTION = (
    "INSERT INTO actions (game_id, seat, user_id, notation, lines, created_at, "
    "reveals_before, reveals_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")


def _commit_move(db: sqlite3.Connection, update: str, update_params: tuple,
                 action: tuple) -> bool:
    """Runs in aiosqlite's thread: the version-checked snapshot UPDATE and the log INSERT
    in one transaction. False (and nothing changed) if the game is no longer at the
    expected version; any error rolls the whole move back and propagates."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if not db.execute(update, update_params).fetchall():
            db.execute("ROLLBACK")
            return False
        db.execute(_INSERT_ACTION, action)
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return True


def _reminder(row: sqlite3.Row) -> ReminderRow:
    data = dict(row)
    data["payload"] = json.loads(data["payload"])
    return ReminderRow(**data)


def _snap_fields(snap: Snapshot) -> dict[str, Any]:
    return {
        "state": snap.state,
        "phase": encode(snap.phase),
        "status": snap.status,
        "active_seats": json.dumps(snap.active_seats),
        "state_format": snap.state_format,
    }
