"""Every store query, written once for both backends over a thin driver.

A backend (``bot.store.sqlite``, ``bot.store.postgres``) supplies the driver: ``_all`` runs
one read, ``_tx`` one write transaction whose ``fetch`` runs a statement inside it, and a
few class attributes where the dialects must differ. The statements here use ``?``
placeholders (the PostgreSQL driver numbers them ``$1, $2, ...``) and only SQL both dialects
read the same way.

Every change to a game goes through a version check
(``UPDATE games SET ... WHERE id = ? AND version = ?``): of two changes made against the same
version exactly one commits; the other raises :class:`StaleVersion` and changes nothing. On
SQLite, writers take turns (``BEGIN IMMEDIATE``); on PostgreSQL the second UPDATE waits for the
first's row lock and then finds the version moved on (READ COMMITTED re-checks the WHERE).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from functools import lru_cache
from typing import Any, ClassVar, Protocol

from bot.store import leases
from bot.store.rows import (
    LIVE_STATUSES,
    ActionRow,
    ChannelBusy,
    GameRow,
    Move,
    RematchExists,
    ReminderRow,
    SeatRow,
    Settings,
    Snapshot,
    StaleVersion,
    action_row,
    game_row,
    reminder_row,
    seat_row,
    settings_row,
    snap_fields,
)
from engine.text import to_json

# a game's rematch, if one was opened and not abandoned: its channel
REMATCH_OF = "SELECT channel_id FROM games WHERE rematch_of = ? AND status != 'abandoned'"

# /stats counts a game only when moves were played here: an 18xx.games import finished
# elsewhere and started here has an empty action log (its moves are in its origin), so
# importing it again and again cannot farm wins. Imports continued here count for their seats.
PLAYED_HERE = "EXISTS (SELECT 1 FROM actions a WHERE a.game_id = g.id)"

INSERT_ACTION = (
    "INSERT INTO actions (game_id, seat, user_id, notation, lines, created_at, "
    "reveals_before, reveals_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
_ACTION_COLUMNS = ("id, game_id, seat, user_id, notation, lines, created_at, reveals_before, "
                   "reveals_after")
_REMINDER_COLUMNS = "id, kind, game_id, user_id, due_at, sent, payload"
_INSERT_REMINDER = ("INSERT INTO reminders (kind, game_id, user_id, due_at, sent, payload, "
                    "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")


def bump_sql(fields: Sequence[str], still_active: bool = False) -> str:
    """The version-checked UPDATE of a game row setting ``fields``; parameters: now, the
    fields' values, game id, expected version. It returns a row only if it applied;
    ``still_active``: only if the game is (still) active, too. One that sets the state
    moves ``state_version`` along (migration 022): buttons made before it are stale, while
    those made before a seat change alone are not."""
    return _bump_sql(tuple(fields), still_active)


@lru_cache(maxsize=64)
def _bump_sql(fields: tuple[str, ...], still_active: bool) -> str:
    sets = "".join(f", {name} = ?" for name in fields)
    if "state" in fields:  # the right-hand side reads the row as it was (both dialects)
        sets += ", state_version = version + 1"
    active = " AND status = 'active'" if still_active else ""
    return (f"UPDATE games SET version = version + 1, updated_at = ?{sets} "
            f"WHERE id = ? AND version = ?{active} RETURNING version")


def move_params(game_id: int, expected_version: int, move: Move, snap: Snapshot,
                now: float) -> tuple[str, tuple[Any, ...], tuple[Any, ...]]:
    """(UPDATE, its parameters, the action row's parameters) of one committed move.

    A move that leaves the game active does not set ``status``: SQLite rewrites every index
    whose columns an UPDATE sets, changed or not, and status is in the one-live-game-per-
    channel index (a page more per commit). It demands instead that the game still be
    active, which its version already implied: the caller read it active at that version."""
    fields = snap_fields(snap)
    still_active = fields["status"] == "active"
    if still_active:
        del fields["status"]
    action = (game_id, move.seat, move.user_id, move.notation, json.dumps(to_json(move.lines)),
              now, move.reveals_before, move.reveals_after)
    return (_bump_sql(tuple(fields), still_active),
            (now, *fields.values(), game_id, expected_version), action)


def _hosted_field(hosted: bool | None, creator_id: int | None = None) -> dict[str, int]:
    """The ``hosted`` and ``creator_id`` columns to set with a seat change, where they
    change."""
    fields = {} if hosted is None else {"hosted": int(hosted)}
    return fields if creator_id is None else {**fields, "creator_id": creator_id}


class Tx(Protocol):
    """A write transaction as the queries see it."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...


class StoreBase:
    """The store interface: games, seats, the action log, votes, settings and reminders.

    Open a backend with ``bot.store.open_store`` (or its class's ``open``) and ``close`` it.
    """

    # -- what a backend supplies ----------------------------------------------------------
    # The errors a violated UNIQUE index raises (a second live game in a channel).
    INTEGRITY_ERRORS: ClassVar[tuple[type[BaseException], ...]] = ()
    # Null-safe equality: SQLite's IS, PostgreSQL's IS NOT DISTINCT FROM (SQLite only
    # learnt that spelling in 3.39, newer than some hosts' Python).
    SAME: ClassVar[str] = "IS"
    # Merge the JSON object ``?`` into the TEXT column ``payload`` (a shallow merge: our
    # payloads are flat objects).
    MERGE_PAYLOAD: ClassVar[str] = "json_patch(payload, ?)"
    CLAIM_DUE: ClassVar[str] = leases.CLAIM_DUE_SQLITE
    dialect: ClassVar[str]  # "sqlite" or "postgres": which migrations and SQL it runs
    # the schema version the database had when it was opened (0: created just now)
    migrated_from: int | None = None

    async def close(self) -> None:
        raise NotImplementedError

    async def migrate(self) -> int:
        raise NotImplementedError

    async def schema_version(self) -> int:
        raise NotImplementedError

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Run one read and return its rows."""
        raise NotImplementedError

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        """One write transaction: committed when the block ends, rolled back if it raises."""
        raise NotImplementedError

    async def _serialize(self, tx: Tx, key: str) -> None:
        """Make concurrent transactions that pass the same ``key`` take turns (for a
        delete-then-insert that must not race). SQLite's writers take turns anyway."""

    # -- plumbing -------------------------------------------------------------------------
    async def _scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        rows = await self._all(sql, params)
        return rows[0][0] if rows else None

    async def _bump(self, tx: Tx, game_id: int, expected_version: int, now: float,
                    **fields: Any) -> int:
        """Set ``fields`` and version+1 if the game is still at ``expected_version``."""
        if not await tx.fetch(bump_sql(list(fields)),
                              (now, *fields.values(), game_id, expected_version)):
            raise StaleVersion(game_id)
        return expected_version + 1

    # -- games ----------------------------------------------------------------------------
    async def create_game(self, *, guild_id: int | None, channel_id: int, game_key: str,
                          options: dict[str, Any], seed: int, creator_id: int,
                          min_players: int, max_players: int, now: float,
                          pace_hours: float | None = None, language: str = "en",
                          rematch_of: int | None = None, hosted: bool = False) -> GameRow:
        """``hosted``: its creator runs it without taking a seat (an import)."""
        try:
            async with self._tx() as tx:
                if rematch_of is not None:  # one rematch per game, however many ask at once
                    await self._serialize(tx, f"rematch of {rematch_of}")
                    found = await tx.fetch(REMATCH_OF, (rematch_of,))
                    if found:
                        raise RematchExists(found[0][0])
                created = await tx.fetch(
                    "INSERT INTO games (guild_id, channel_id, game_key, options, seed, "
                    "min_players, max_players, creator_id, created_at, updated_at, "
                    "pace_hours, language, rematch_of, hosted) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, game_key, json.dumps(options, sort_keys=True),
                     seed, min_players, max_players, creator_id, now, now,
                     pace_hours, language, rematch_of, int(hosted)),
                )
                game_id = created[0][0]
                # a new game has announced nothing yet: each change it makes is caught up
                # after a restart until its post marks it (migration 020)
                await tx.fetch("INSERT INTO announced_marks (game_id, version, last_action) "
                               "SELECT id, version, 0 FROM games WHERE id = ?", (game_id,))
        except self.INTEGRITY_ERRORS as error:
            raise ChannelBusy(channel_id) from error
        game = await self.game(game_id)
        assert game is not None
        return game

    async def rematch(self, game_id: int) -> int | None:
        """The channel of ``game_id``'s rematch that was not abandoned, if it has one."""
        return await self._scalar(REMATCH_OF, (game_id,))

    async def game(self, game_id: int) -> GameRow | None:
        rows = await self._all("SELECT * FROM games WHERE id = ?", (game_id,))
        return game_row(rows[0]) if rows else None

    async def live_game(self, channel_id: int) -> GameRow | None:
        rows = await self._all(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return game_row(rows[0]) if rows else None

    async def lobbies_without_idle(self) -> list[GameRow]:
        """Tables still gathering players that have no idle reminder (those opened before
        lobbies got one)."""
        rows = await self._all(
            "SELECT * FROM games g WHERE g.status = 'lobby' AND NOT EXISTS "
            "(SELECT 1 FROM reminders r WHERE r.game_id = g.id AND r.kind = 'idle') "
            "ORDER BY g.id")
        return [game_row(row) for row in rows]

    async def active_with_ai(self, updated_within: tuple[float, float] | None = None
                             ) -> list[GameRow]:
        """Active games with an AI seat (last changed within ``updated_within``, from and
        before, when given): those whose turn may be an AI's that nothing set off (a
        restart, a failed run)."""
        within = "" if updated_within is None else " AND g.updated_at >= ? AND g.updated_at < ?"
        rows = await self._all(
            "SELECT * FROM games g WHERE g.status = 'active' AND EXISTS (SELECT 1 FROM seats s "
            f"WHERE s.game_id = g.id AND s.is_ai = 1){within} ORDER BY g.id",
            updated_within or ())
        return [game_row(row) for row in rows]

    # -- thread parents (migration 019): which channel a game's thread belongs to -------------
    async def note_thread_parent(self, channel_id: int, parent_id: int) -> bool:
        """Record that thread ``channel_id`` belongs to channel ``parent_id``, if it has a
        live game; whether its parent is on record now (False: no live game there)."""
        async with self._tx() as tx:
            await tx.fetch(
                "INSERT INTO thread_parents (channel_id, parent_id) "
                "SELECT CAST(? AS BIGINT), CAST(? AS BIGINT) WHERE EXISTS "
                "(SELECT 1 FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')) "
                "ON CONFLICT (channel_id) DO NOTHING", (channel_id, parent_id, channel_id))
        return bool(await self._all("SELECT 1 FROM thread_parents WHERE channel_id = ?",
                                    (channel_id,)))

    async def live_channel_parents(self, guild_id: int) -> list[tuple[int, int | None]]:
        """(channel, the channel its thread belongs to, None where not on record) of each
        live game of server ``guild_id``."""
        rows = await self._all(
            "SELECT g.channel_id, p.parent_id FROM games g "
            "LEFT JOIN thread_parents p ON p.channel_id = g.channel_id "
            "WHERE g.guild_id = ? AND g.status IN ('lobby', 'active') ORDER BY g.id",
            (guild_id,))
        return [(int(row[0]), None if row[1] is None else int(row[1])) for row in rows]

    async def forget_thread_parents(self, channel_id: int) -> None:
        """The channel ``channel_id`` is gone: so are its record and its threads'."""
        async with self._tx() as tx:
            await tx.fetch("DELETE FROM thread_parents WHERE channel_id = ? OR parent_id = ?",
                           (channel_id, channel_id))

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The live game of a channel, or else its most recent finished/abandoned one."""
        rows = await self._all(
            "SELECT * FROM games WHERE channel_id = ? "
            "ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        return game_row(rows[0]) if rows else None

    async def games_of_user(self, user_id: int, statuses: tuple[str, ...] = LIVE_STATUSES
                            ) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        rows = await self._all(
            f"SELECT g.* FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE s.user_id = ? AND g.status IN ({marks}) ORDER BY g.updated_at",
            (user_id, *statuses),
        )
        return [game_row(row) for row in rows]

    async def set_status(self, game_id: int, expected_version: int, status: str,
                         now: float) -> int:
        async with self._tx() as tx:
            return await self._bump(tx, game_id, expected_version, now, status=status)

    async def save_snapshot(self, game_id: int, expected_version: int, snap: Snapshot,
                            now: float) -> int:
        """Replace the snapshot (a rebuild after a failed load); bumps the version."""
        async with self._tx() as tx:
            return await self._bump(tx, game_id, expected_version, now, **snap_fields(snap))

    # -- seats ----------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all(
            "SELECT * FROM seats WHERE game_id = ? ORDER BY seat IS NULL, seat, joined",
            (game_id,),
        )
        return [seat_row(row) for row in rows]

    async def add_seat(self, game_id: int, expected_version: int, *, user_id: int | None,
                       name: str, colour: str, is_ai: bool = False,
                       ai_level: str | None = None, now: float,
                       colour_picked: bool = False) -> int:
        async with self._tx() as tx:
            version = await self._bump(tx, game_id, expected_version, now)
            # The bump holds the game row, so no other join reads the same MAX meanwhile.
            joined = (await tx.fetch(
                "SELECT COALESCE(MAX(joined) + 1, 0) FROM seats WHERE game_id = ?",
                (game_id,)))[0][0]
            await tx.fetch(
                "INSERT INTO seats (game_id, joined, user_id, name, colour, is_ai, ai_level, "
                "colour_picked) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, joined, user_id, name, colour, int(is_ai), ai_level,
                 int(colour_picked)),
            )
            return version

    async def set_colour(self, game_id: int, expected_version: int, joined: int, colour: str,
                         picked: bool, now: float) -> int:
        """A lobby seat's colour (``picked``: chosen by its player, kept at the start)."""
        async with self._tx() as tx:
            version = await self._bump(tx, game_id, expected_version, now)
            await tx.fetch(
                "UPDATE seats SET colour = ?, colour_picked = ? WHERE game_id = ? AND joined = ?",
                (colour, int(picked), game_id, joined))
            return version

    async def remove_seat(self, game_id: int, expected_version: int, joined: int,
                          now: float, hosted: bool | None = None,
                          creator_id: int | None = None) -> int:
        """``hosted``: whether the creator now runs the table without a seat (None: as it
        was); ``creator_id``: whose table it now is (None: as it was; a creator removed by
        someone else hands it on). Set with the seat's removal so that neither is kept
        without the other."""
        async with self._tx() as tx:
            version = await self._bump(tx, game_id, expected_version, now,
                                       **_hosted_field(hosted, creator_id))
            await tx.fetch("DELETE FROM seats WHERE game_id = ? AND joined = ?",
                           (game_id, joined))
            return version

    async def replace_seat(self, game_id: int, expected_version: int, seat: int | None, *,
                           user_id: int | None, name: str, is_ai: bool,
                           ai_level: str | None, now: float, hosted: bool | None = None,
                           joined: int | None = None) -> int:
        """``hosted``: as for :meth:`remove_seat`; ``joined``: the seat of that join number
        instead (``seat`` None: a lobby's seats have no number yet). A member who held the
        seat is kept as its ``left_by`` (the right-hand side reads the row as it was)."""
        async with self._tx() as tx:
            version = await self._bump(tx, game_id, expected_version, now,
                                       **_hosted_field(hosted))
            await tx.fetch(
                "UPDATE seats SET left_by = CASE WHEN is_ai = 0 AND user_id IS NOT NULL "
                "THEN user_id ELSE left_by END, user_id = ?, name = ?, is_ai = ?, "
                "ai_level = ? WHERE game_id = ? AND "
                + ("joined = ?" if joined is not None else "seat = ?"),
                (user_id, name, int(is_ai), ai_level, game_id,
                 joined if joined is not None else seat),
            )
            await tx.fetch("DELETE FROM undo_votes WHERE game_id = ?", (game_id,))
            return version

    async def start_game(self, game_id: int, expected_version: int,
                         order: list[int], snap: Snapshot, now: float,
                         colours: list[str] | None = None) -> int:
        """Give seat numbers (``order`` lists join numbers, seat 0 first) and the first state;
        ``colours`` (by seat) replaces the colours chosen in the lobby."""
        async with self._tx() as tx:
            version = await self._bump(tx, game_id, expected_version, now, **snap_fields(snap))
            for seat, joined in enumerate(order):
                await tx.fetch("UPDATE seats SET seat = ? WHERE game_id = ? AND joined = ?",
                               (seat, game_id, joined))
                if colours:
                    await tx.fetch(
                        "UPDATE seats SET colour = ? WHERE game_id = ? AND joined = ?",
                        (colours[seat], game_id, joined))
            return version

    # -- imported games ---------------------------------------------------------------------
    async def save_origin(self, game_id: int, source: str, state: str, moves: int,
                          now: float) -> None:
        """Remember the state an imported game starts from (replays begin there)."""
        async with self._tx() as tx:
            await tx.fetch(
                "INSERT INTO game_origins (game_id, source, state, moves, created_at) "
                "VALUES (?, ?, ?, ?, ?)", (game_id, source, state, moves, now))

    async def origin(self, game_id: int) -> dict[str, Any] | None:
        """``{"source", "state", "moves"}`` of an imported game, or None."""
        rows = await self._all("SELECT source, state, moves FROM game_origins WHERE game_id = ?",
                               (game_id,))
        return dict(rows[0]) if rows else None

    # -- what the previous turn card, full board and channel line had seen ----------------
    # (the id of the last action then; None before the first card, board or line)
    _MARKS: ClassVar[dict[str, str]] = {"card": "turn_cards", "board": "board_marks",
                                        "said": "said_marks", "shown": "shown_marks"}

    async def said_mark(self, game_id: int) -> int | None:
        return await self._mark("said", game_id)

    async def set_said_mark(self, game_id: int, last_action: int) -> None:
        await self._set_mark("said", game_id, last_action)

    async def shown_mark(self, game_id: int) -> int | None:
        """The last held step (see :meth:`said_mark`) a look showed to someone other than
        its mover."""
        return await self._mark("shown", game_id)

    async def set_shown_mark(self, game_id: int, last_action: int) -> None:
        await self._set_mark("shown", game_id, last_action)

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

    async def last_action_of(self, game_id: int, seat: int) -> int | None:
        """The id of the seat's latest live action (None before its first)."""
        rows = await self._all("SELECT MAX(id) FROM actions WHERE game_id = ? AND undone = 0 "
                               "AND seat = ?", (game_id, seat))
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    async def languages(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The Discord client language last seen for each of ``user_ids`` that has one."""
        found = {}
        for user_id in dict.fromkeys(user_ids):
            rows = await self._all("SELECT language FROM user_languages WHERE user_id = ?",
                                   (user_id,))
            if rows:
                found[user_id] = str(rows[0][0])
        return found

    async def set_language(self, user_id: int, language: str, now: float) -> None:
        async with self._tx() as tx:
            await tx.fetch(
                "INSERT INTO user_languages (user_id, language, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, "
                "updated_at = excluded.updated_at", (user_id, language, now))

    async def _mark(self, kind: str, game_id: int) -> int | None:
        rows = await self._all(f"SELECT last_action FROM {self._MARKS[kind]} WHERE game_id = ?",
                               (game_id,))
        return int(rows[0][0]) if rows else None

    async def _set_mark(self, kind: str, game_id: int, last_action: int) -> None:
        async with self._tx() as tx:
            await tx.fetch(
                f"INSERT INTO {self._MARKS[kind]} (game_id, last_action) VALUES (?, ?) "
                "ON CONFLICT(game_id) DO UPDATE SET last_action = excluded.last_action",
                (game_id, last_action))

    # -- the action log -------------------------------------------------------------------
    async def commit_move(self, game_id: int, expected_version: int, move: Move,
                          snap: Snapshot, now: float) -> int:
        """Append ``move`` to the log and store the new snapshot, in one transaction.

        This is the hot path of play; backends replace it with one round trip to their
        database where they can (see theirs)."""
        update, update_params, action = move_params(game_id, expected_version, move, snap, now)
        async with self._tx() as tx:
            if not await tx.fetch(update, update_params):
                raise StaleVersion(game_id)
            await tx.fetch(INSERT_ACTION, action)
        # Undo votes need no clearing here: a vote counts only at the version it was cast
        # for, and this move just changed the version.
        return expected_version + 1

    async def actions(self, game_id: int, after: int | None = None) -> list[ActionRow]:
        """The live (not undone) action log, oldest first; ``after``: only the actions with
        a larger id (a turn card reads only what is new, not a long game's whole log)."""
        rows = await self._all(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = ? AND undone = 0 "
            "AND id > ? ORDER BY id",
            (game_id, -1 if after is None else after),
        )
        return [action_row(row) for row in rows]

    async def undo_from(self, game_id: int, expected_version: int, first_action: int,
                        snap: Snapshot, now: float) -> int:
        """Mark ``first_action`` and every later action undone and store the rebuilt state."""
        async with self._tx() as tx:
            version = await self._bump(tx, game_id, expected_version, now, **snap_fields(snap))
            await tx.fetch(
                "UPDATE actions SET undone = 1 WHERE game_id = ? AND id >= ? AND undone = 0",
                (game_id, first_action),
            )
            await tx.fetch("DELETE FROM undo_votes WHERE game_id = ?", (game_id,))
            return version

    # -- undo votes -----------------------------------------------------------------------
    async def cast_vote(self, game_id: int, at_version: int, target_action: int,
                        requested_by: int, user_id: int, agree: bool, now: float,
                        opens: bool = False) -> list[dict[str, Any]] | None:
        """Record ``user_id``'s vote on the undo request at ``at_version`` and return every
        vote there now, this one included: the caller decides on those, so two players
        agreeing at once cannot each find the other missing. ``opens``: this vote asks for
        the undo, and is not cast (None) while another request is open there. A game's
        votes take turns."""
        async with self._tx() as tx:
            await self._serialize(tx, f"undo votes {game_id}")
            # A vote from an older position is void: start afresh.
            await tx.fetch("DELETE FROM undo_votes WHERE game_id = ? AND at_version != ?",
                           (game_id, at_version))
            current = "SELECT * FROM undo_votes WHERE game_id = ? AND at_version = ?"
            if opens and await tx.fetch(current, (game_id, at_version)):
                return None
            await tx.fetch(
                "INSERT INTO undo_votes (game_id, at_version, target_action, requested_by, "
                "user_id, agree, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, user_id) DO UPDATE SET at_version = excluded.at_version, "
                "target_action = excluded.target_action, requested_by = excluded.requested_by, "
                "agree = excluded.agree, created_at = excluded.created_at",
                (game_id, at_version, target_action, requested_by, user_id, int(agree), now),
            )
            rows = await tx.fetch(current, (game_id, at_version))
        return [dict(row) for row in rows]

    async def votes(self, game_id: int, at_version: int) -> list[dict[str, Any]]:
        rows = await self._all(
            "SELECT * FROM undo_votes WHERE game_id = ? AND at_version = ?",
            (game_id, at_version),
        )
        return [dict(row) for row in rows]

    async def clear_votes(self, game_id: int, before_version: int | None = None
                          ) -> list[dict[str, Any]]:
        """End the game's undo vote: remove its votes and return them, so that the caller,
        alone, tells the request's post (``post_id``) how it ended. ``before_version``: only
        votes cast before it, which the game's moving on voided (versions only grow, so a
        request opened meanwhile at a newer version stays); asked after every move, it
        reads and writes nothing when there are none."""
        if before_version is not None and not await self._all(
                "SELECT 1 FROM undo_votes WHERE game_id = ? AND at_version < ? LIMIT 1",
                (game_id, before_version)):
            return []
        stale = "" if before_version is None else " AND at_version < ?"
        params = (game_id,) if before_version is None else (game_id, before_version)
        async with self._tx() as tx:
            await self._serialize(tx, f"undo votes {game_id}")
            rows = await tx.fetch(f"DELETE FROM undo_votes WHERE game_id = ?{stale} RETURNING *",
                                  params)
        return [dict(row) for row in rows]

    async def set_vote_post(self, game_id: int, at_version: int, post_id: int) -> bool:
        """Keep the message the undo request at ``at_version`` was posted as, with its
        votes; False if that vote is over already (its votes are gone)."""
        async with self._tx() as tx:
            await self._serialize(tx, f"undo votes {game_id}")
            return bool(await tx.fetch(
                "UPDATE undo_votes SET post_id = ? WHERE game_id = ? AND at_version = ? "
                "RETURNING user_id", (post_id, game_id, at_version)))

    # -- spectators ----------------------------------------------------------------------
    async def watch(self, game_id: int, user_id: int, on: bool, now: float) -> bool:
        """Add (``on``) or remove a spectator; True if that changed anything."""
        async with self._tx() as tx:
            if on:
                changed = await tx.fetch(
                    "INSERT INTO watchers (game_id, user_id, created_at) VALUES (?, ?, ?) "
                    "ON CONFLICT DO NOTHING RETURNING user_id", (game_id, user_id, now))
            else:
                changed = await tx.fetch(
                    "DELETE FROM watchers WHERE game_id = ? AND user_id = ? RETURNING user_id",
                    (game_id, user_id))
            return bool(changed)

    async def watchers(self, game_id: int) -> list[int]:
        rows = await self._all("SELECT user_id FROM watchers WHERE game_id = ? ORDER BY "
                               "created_at, user_id", (game_id,))
        return [row[0] for row in rows]

    async def watched_games(self, user_id: int, statuses: tuple[str, ...] = LIVE_STATUSES
                            ) -> list[GameRow]:
        """The games ``user_id`` watches (/game watch), oldest change first."""
        marks = ",".join("?" * len(statuses))
        rows = await self._all(
            f"SELECT g.* FROM games g JOIN watchers w ON w.game_id = g.id "
            f"WHERE w.user_id = ? AND g.status IN ({marks}) ORDER BY g.updated_at",
            (user_id, *statuses))
        return [game_row(row) for row in rows]

    # -- results and stats ----------------------------------------------------------------
    async def save_results(self, game_id: int, standings: list[dict[str, Any]]) -> None:
        """Store a finished game's standings (seat, user_id, name, rank, score); idempotent."""
        async with self._tx() as tx:
            for s in standings:
                await tx.fetch(
                    "INSERT INTO results (game_id, seat, user_id, name, rank, score) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET "
                    "user_id = excluded.user_id, name = excluded.name, rank = excluded.rank, "
                    "score = excluded.score",
                    (game_id, s["seat"], s["user_id"], s["name"], s["rank"], str(s["score"])))

    async def finished_without_results(self, guild_id: int | None = None) -> list[GameRow]:
        """Finished games whose standings were never stored (finished before /stats)."""
        sql = ("SELECT * FROM games g WHERE status = 'finished' AND NOT EXISTS "
               "(SELECT 1 FROM results r WHERE r.game_id = g.id)")
        params: list[Any] = []
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        return [game_row(row) for row in await self._all(sql + " ORDER BY id", params)]

    async def stats(self, guild_id: int | None = None, user_id: int | None = None
                    ) -> list[dict[str, Any]]:
        """Per game (and per human player): finished games played and won.

        Rows: ``game_key``, ``user_id``, ``name`` (the latest name used), ``played``, ``won``
        (rank 1, shared wins count for each winner). AI seats are left out, and so are games
        with no move played here (see ``PLAYED_HERE``)."""
        sql = ("SELECT g.game_key, r.user_id, MAX(r.name) AS name, COUNT(*) AS played, "
               "SUM(CASE WHEN r.rank = 1 THEN 1 ELSE 0 END) AS won FROM results r "
               "JOIN games g ON g.id = r.game_id "
               "WHERE g.status = 'finished' AND r.user_id IS NOT NULL AND " + PLAYED_HERE)
        params: list[Any] = []
        if guild_id is not None:
            sql += " AND g.guild_id = ?"
            params.append(guild_id)
        if user_id is not None:
            sql += " AND r.user_id = ?"
            params.append(user_id)
        sql += (" GROUP BY g.game_key, r.user_id "
                "ORDER BY g.game_key, won DESC, played DESC, r.user_id")
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

    async def game_counts(self) -> dict[str, int]:
        """How many games the database holds, by status (for the start's log line)."""
        rows = await self._all("SELECT status, COUNT(*) FROM games GROUP BY status")
        return {row[0]: row[1] for row in rows}

    # -- user settings --------------------------------------------------------------------
    async def settings(self, user_id: int) -> Settings:
        rows = await self._all(
            "SELECT user_id, remind_on, every_hours, quiet_from, quiet_to, tz, digest, "
            "delay_hours, dms_closed FROM user_settings WHERE user_id = ?", (user_id,))
        return settings_row(rows[0]) if rows else Settings(user_id=user_id)

    async def save_settings(self, settings: Settings, now: float) -> None:
        async with self._tx() as tx:
            await tx.fetch(
                "INSERT INTO user_settings (user_id, remind_on, every_hours, "
                "quiet_from, quiet_to, tz, updated_at, digest, delay_hours, dms_closed) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
                "remind_on = excluded.remind_on, every_hours = excluded.every_hours, "
                "quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to, "
                "tz = excluded.tz, updated_at = excluded.updated_at, "
                "digest = excluded.digest, delay_hours = excluded.delay_hours, "
                "dms_closed = excluded.dms_closed",
                (settings.user_id, int(settings.remind_on), settings.every_hours,
                 settings.quiet_from, settings.quiet_to, settings.tz, now,
                 int(settings.digest), settings.delay_hours, int(settings.dms_closed)),
            )

    # -- reminders ------------------------------------------------------------------------
    async def set_reminder(self, kind: str, game_id: int | None, user_id: int | None, due_at: float,
                           payload: dict[str, Any], now: float, sent: int = 0) -> None:
        """Create or move the one reminder of this kind for (game, user)."""
        async with self._tx() as tx:
            await self._serialize(tx, f"reminders {game_id}" if game_id is not None
                                  else f"reminders of user {user_id}")
            await tx.fetch(
                f"DELETE FROM reminders WHERE game_id {self.SAME} ? AND kind = ? AND "
                f"user_id {self.SAME} ?", (game_id, kind, user_id))
            await tx.fetch(_INSERT_REMINDER,
                           (kind, game_id, user_id, due_at, sent, json.dumps(payload), now))

    async def add_reminder(self, kind: str, game_id: int, user_id: int, due_at: float,
                           payload: dict[str, Any], now: float) -> bool:
        """Create the reminder of this kind for (game, user) unless it exists; whether this
        call made it. A once-only notice (a game's end) is then set once by whichever of
        several callers (processes on one database) comes first; a second set_reminder
        replaced the row already sent, and it went out again."""
        async with self._tx() as tx:
            await self._serialize(tx, f"reminders {game_id}")
            made = await tx.fetch(
                _INSERT_REMINDER + " ON CONFLICT DO NOTHING RETURNING id",
                (kind, game_id, user_id, due_at, 0, json.dumps(payload), now))
            return bool(made)

    async def sync_turn_reminders(self, game_id: int, waiting: dict[int, dict[str, Any]],
                                  first_due: dict[int, float], idle_due: float,
                                  idle_payload: dict[str, Any], now: float) -> None:
        """In one transaction: drop the turn reminders of users no longer ``waiting``,
        refresh the text of those still waiting (keeping their schedule), add a reminder due
        at ``first_due[user]`` for each newly waiting user, and move the idle notice."""
        users = list(waiting)
        async with self._tx() as tx:
            await self._serialize(tx, f"reminders {game_id}")
            marks = ",".join("?" * len(users))
            await tx.fetch(
                "DELETE FROM reminders WHERE game_id = ? AND kind = 'turn'"
                + (f" AND user_id NOT IN ({marks})" if users else ""), (game_id, *users))
            for user_id, payload in waiting.items():
                kept = await tx.fetch(
                    f"UPDATE reminders SET payload = {self.MERGE_PAYLOAD} "
                    "WHERE game_id = ? AND kind = 'turn' AND user_id = ? RETURNING id",
                    (json.dumps(payload), game_id, user_id))
                if not kept and user_id in first_due:
                    await tx.fetch(_INSERT_REMINDER, ("turn", game_id, user_id,
                                                      first_due[user_id], 0,
                                                      json.dumps(payload), now))
            await tx.fetch("DELETE FROM reminders WHERE game_id = ? AND kind = 'idle'",
                           (game_id,))
            await tx.fetch(_INSERT_REMINDER,
                           ("idle", game_id, None, idle_due, 0, json.dumps(idle_payload), now))

    async def move_reminder(self, reminder_id: int, due_at: float, sent: int,
                            payload: dict[str, Any]) -> bool:
        """Reschedule an existing reminder; False if it was deleted meanwhile."""
        async with self._tx() as tx:
            moved = await tx.fetch(
                "UPDATE reminders SET due_at = ?, sent = ?, payload = ? WHERE id = ? "
                "RETURNING id", (due_at, sent, json.dumps(payload), reminder_id))
            return bool(moved)

    async def delete_reminder(self, reminder_id: int) -> None:
        async with self._tx() as tx:
            await tx.fetch("DELETE FROM reminders WHERE id = ?", (reminder_id,))

    async def delete_reminders(self, game_id: int, kind: str | None = None) -> None:
        sql = "DELETE FROM reminders WHERE game_id = ?"
        params: list[Any] = [game_id]
        if kind:
            sql += " AND kind = ?"
            params.append(kind)
        async with self._tx() as tx:
            await tx.fetch(sql, params)

    async def reminders(self, game_id: int | None = None, due_before: float | None = None,
                        user_id: int | None = None) -> list[ReminderRow]:
        sql = f"SELECT {_REMINDER_COLUMNS} FROM reminders WHERE 1 = 1"
        params: list[Any] = []
        for column, op, value in (("game_id", "=", game_id), ("due_at", "<=", due_before),
                                  ("user_id", "=", user_id)):
            if value is not None:
                sql += f" AND {column} {op} ?"
                params.append(value)
        rows = await self._all(sql + " ORDER BY due_at, id", params)
        return [reminder_row(row) for row in rows]

    async def next_due(self) -> float | None:
        return await self._scalar("SELECT MIN(due_at) FROM reminders")

    # -- reminder leases (bot.store.leases: one process fires each due row) --------------
    async def claim_due(self, owner: str, now: float, lease_s: float, limit: int = 100
                        ) -> list[ReminderRow]:
        """Lease to ``owner`` until ``now + lease_s`` up to ``limit`` due reminders that
        nobody holds (or whose lease ran out); the rows claimed, earliest due first."""
        async with self._tx() as tx:
            rows = await tx.fetch(self.CLAIM_DUE, (owner, now + lease_s, now, now, limit))
        return sorted((reminder_row(row) for row in rows), key=lambda row: (row.due_at, row.id))

    async def release_claims(self, owner: str) -> None:
        """End every lease ``owner`` holds (its pass is over: what it fired is recorded)."""
        async with self._tx() as tx:
            await tx.fetch(leases.RELEASE_CLAIMS, (owner,))

    async def next_claimable(self) -> float | None:
        """When the earliest reminder is due and not held under another process's lease."""
        return await self._scalar(leases.NEXT_CLAIMABLE)

    # -- announced marks (migration 020): what the channel has been told of each game ---
    async def mark_announced(self, game_id: int, version: int) -> None:
        """The game's post made at ``version`` reached its channel (or the outbox). The
        mark only moves forward; its last action is the log's latest when the game still
        stands at ``version`` (a change since, not yet posted, keeps the older one: its
        lines may be said twice, never lost)."""
        async with self._tx() as tx:
            await tx.fetch(
                "UPDATE announced_marks SET last_action = CASE WHEN "
                "(SELECT g.version FROM games g WHERE g.id = ?) = ? THEN "
                "(SELECT COALESCE(MAX(a.id), 0) FROM actions a WHERE a.game_id = ?) "
                "ELSE last_action END, version = ? WHERE game_id = ? AND version < ?",
                (game_id, version, game_id, version, game_id, version))

    async def unannounced(self) -> list[tuple[GameRow, int]]:
        """Each active or finished game whose version is ahead of what its channel was told
        (a game-ending move's posts, the result among them, can be lost as any other's),
        with the last action the channel has, oldest game first."""
        rows = await self._all(
            "SELECT g.id, m.last_action FROM games g "
            "JOIN announced_marks m ON m.game_id = g.id "
            "WHERE g.status IN ('active', 'finished') AND g.version > m.version "
            "ORDER BY g.id")
        behind = []
        for game_id, last_action in rows:
            game = await self.game(int(game_id))
            if game is not None:
                behind.append((game, int(last_action)))
        return behind

    async def unannounced_in(self, channel_id: int) -> dict[int, int]:
        """game id -> version of the channel's games ahead of what it was told: read before
        and after a change, those it moved are the ones its posts announce."""
        rows = await self._all(
            "SELECT g.id, g.version FROM games g JOIN announced_marks m ON m.game_id = g.id "
            "WHERE g.channel_id = ? AND g.version > m.version", (channel_id,))
        return {int(game_id): int(version) for game_id, version in rows}

    async def announced_version(self, game_id: int) -> int | None:
        return await self._scalar("SELECT version FROM announced_marks WHERE game_id = ?",
                                  (game_id,))

    # -- the channel outbox (migration 016): posts Discord would not take, kept to retry ----
    async def keep_post(self, channel_id: int, reply: str, now: float,
                        sent_parts: int = 0) -> int:
        """Keep a channel post (``reply``: its JSON) to send later, its first ``sent_parts``
        messages already sent (migration 017); its id."""
        async with self._tx() as tx:
            rows = await tx.fetch("INSERT INTO channel_outbox (channel_id, reply, created_at, "
                                  "sent_parts) VALUES (?, ?, ?, ?) RETURNING id",
                                  (channel_id, reply, now, sent_parts))
        return int(rows[0][0])

    async def has_kept_posts(self, channel_id: int) -> bool:
        return bool(await self._all("SELECT 1 FROM channel_outbox WHERE channel_id = ? LIMIT 1",
                                    (channel_id,)))

    async def kept_channels(self) -> list[int]:
        """The channels with posts waiting, the longest waiting first."""
        rows = await self._all("SELECT channel_id, MIN(id) FROM channel_outbox "
                               "GROUP BY channel_id ORDER BY MIN(id)")
        return [int(row[0]) for row in rows]

    async def claim_kept_posts(self, channel_id: int, owner: str, now: float, lease_s: float
                               ) -> list[tuple[int, str, float, int]]:
        """Lease to ``owner`` every post kept for the channel, oldest first, as (id, reply,
        kept at, messages already sent); none while another process holds a lease on any
        of them (it is posting them: two posting at once would mix their order)."""
        async with self._tx() as tx:
            await self._serialize(tx, f"outbox:{channel_id}")
            rows = await tx.fetch(
                "UPDATE channel_outbox SET lease_owner = ?, lease_until = ? "
                "WHERE channel_id = ? AND NOT EXISTS (SELECT 1 FROM channel_outbox o "
                "WHERE o.channel_id = ? AND o.lease_until > ? AND o.lease_owner <> ?) "
                "RETURNING id, reply, created_at, sent_parts",
                (owner, now + lease_s, channel_id, channel_id, now, owner))
        return sorted((int(row[0]), str(row[1]), float(row[2]), int(row[3])) for row in rows)

    async def renew_kept_posts(self, channel_id: int, owner: str, now: float, lease_s: float
                               ) -> list[int]:
        """Extend ``owner``'s lease on the channel's kept posts to ``now + lease_s``; the ids
        it still holds (none once another process took them over: it must stop posting)."""
        async with self._tx() as tx:
            await self._serialize(tx, f"outbox:{channel_id}")  # never between a claim's steps
            rows = await tx.fetch(
                "UPDATE channel_outbox SET lease_until = ? "
                "WHERE channel_id = ? AND lease_owner = ? RETURNING id",
                (now + lease_s, channel_id, owner))
        return sorted(int(row[0]) for row in rows)

    async def release_stale_kept_posts(self, prefix: str, owner: str) -> int:
        """End the outbox leases of owners named ``prefix``... other than ``owner``: an
        earlier run of this process (same shards) that died mid-flush; how many."""
        async with self._tx() as tx:
            rows = await tx.fetch(
                "UPDATE channel_outbox SET lease_owner = NULL, lease_until = NULL "
                "WHERE lease_owner LIKE ? ESCAPE '!' AND lease_owner <> ? RETURNING id",
                (_like_prefix(prefix), owner))
        return len(rows)

    async def note_kept_progress(self, post_id: int, sent_parts: int) -> None:
        """The kept post's first ``sent_parts`` messages went out: a retry, in this process
        or another after a restart, sends only the rest."""
        async with self._tx() as tx:
            await tx.fetch("UPDATE channel_outbox SET sent_parts = ? WHERE id = ?",
                           (sent_parts, post_id))

    async def drop_kept_post(self, post_id: int) -> None:
        """The post went out (or is given up)."""
        async with self._tx() as tx:
            await tx.fetch("DELETE FROM channel_outbox WHERE id = ?", (post_id,))

    async def drop_channel_posts(self, channel_id: int) -> None:
        """The channel is gone: none of its kept posts can go out."""
        async with self._tx() as tx:
            await tx.fetch("DELETE FROM channel_outbox WHERE channel_id = ?", (channel_id,))

    async def release_kept_posts(self, channel_id: int, owner: str) -> None:
        async with self._tx() as tx:
            await tx.fetch("UPDATE channel_outbox SET lease_owner = NULL, lease_until = NULL "
                           "WHERE channel_id = ? AND lease_owner = ?", (channel_id, owner))


    # -- anti-griefing memories: in the store, so a restart or a second process keeps them ---
    async def claim_board_post(self, game_id: int, version: int, zoom: str, now: float,
                               since: float) -> float | None:
        """Claim the channel's post of /game board at ``version`` and ``zoom``: None if no
        such post was made after ``since`` (the caller posts it; of two callers at once,
        one), else when it was. The posts from ``since`` or before are deleted: the table
        holds only the last few minutes' boards."""
        async with self._tx() as tx:
            await tx.fetch("DELETE FROM board_posts WHERE posted_at <= ?", (since,))
            if await tx.fetch(
                    "INSERT INTO board_posts (game_id, version, zoom, posted_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING game_id",
                    (game_id, version, zoom, now)):
                return None
            rows = await tx.fetch("SELECT posted_at FROM board_posts WHERE game_id = ? "
                                  "AND version = ? AND zoom = ?", (game_id, version, zoom))
        return float(rows[0][0]) if rows else None

    async def note_undo_refused(self, game_id: int, target_action: int, refused_by: str,
                                now: float, keep: int) -> None:
        """The table refused the undo whose first action is ``target_action``;
        ``refused_by`` names who. A game keeps its ``keep`` newest refusals (by action):
        an older one is of a move its player has moved on from."""
        async with self._tx() as tx:
            await tx.fetch(
                "INSERT INTO refused_undos (game_id, target_action, refused_by, refused_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (game_id, target_action) DO UPDATE SET "
                "refused_by = excluded.refused_by, refused_at = excluded.refused_at",
                (game_id, target_action, refused_by, now))
            await tx.fetch(
                "DELETE FROM refused_undos WHERE game_id = ? AND target_action NOT IN "
                "(SELECT target_action FROM refused_undos WHERE game_id = ? "
                "ORDER BY target_action DESC LIMIT ?)", (game_id, game_id, keep))

    async def undo_refused_by(self, game_id: int, target_action: int) -> str | None:
        """Who refused the undo whose first action is ``target_action`` (None: no one)."""
        rows = await self._all("SELECT refused_by FROM refused_undos WHERE game_id = ? "
                               "AND target_action = ?", (game_id, target_action))
        return str(rows[0][0]) if rows else None

    async def note_lobby_leave(self, game_id: int, user_id: int, now: float, since: float,
                               keep: int) -> None:
        """``user_id`` left the lobby of ``game_id``. Leaves from ``since`` or before are
        deleted, and of a member's leaves of one lobby only the ``keep`` newest kept."""
        async with self._tx() as tx:
            await tx.fetch("DELETE FROM lobby_leaves WHERE left_at <= ?", (since,))
            await tx.fetch("INSERT INTO lobby_leaves (game_id, user_id, left_at) "
                           "VALUES (?, ?, ?)", (game_id, user_id, now))
            await tx.fetch(
                "DELETE FROM lobby_leaves WHERE game_id = ? AND user_id = ? AND left_at < "
                "(SELECT MIN(left_at) FROM (SELECT left_at FROM lobby_leaves "
                "WHERE game_id = ? AND user_id = ? ORDER BY left_at DESC LIMIT ?) AS newest)",
                (game_id, user_id, game_id, user_id, keep))

    async def lobby_leaves(self, game_id: int, user_id: int, since: float) -> list[float]:
        """When ``user_id`` left the lobby of ``game_id`` after ``since``, oldest first."""
        rows = await self._all("SELECT left_at FROM lobby_leaves WHERE game_id = ? "
                               "AND user_id = ? AND left_at > ? ORDER BY left_at",
                               (game_id, user_id, since))
        return [float(row[0]) for row in rows]

def _like_prefix(prefix: str) -> str:
    """A LIKE pattern (ESCAPE '!') matching what starts with ``prefix``."""
    for special in "!%_":
        prefix = prefix.replace(special, "!" + special)
    return prefix + "%"
