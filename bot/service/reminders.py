"""Turn reminders by DM: durable timers in the store, one task sleeping until the earliest is due.

When a seat becomes active its player gets one notice of it: a DM straight away (or after
the delay they chose with ``/remind after``, or when their quiet hours end), then another every
N hours (their setting, default 12) until they act; with ``/remind digest`` only the daily
digest. A DM straight away also carries the hand a deal just gave them: one notification. The turn prompt in the channel names every waiting player but pings only those whose
notice is that ping (see :func:`pinged_in_channel`), so nobody gets a DM and a ping for the
same turn. A DM refused with 403 50007 (closed DMs) is remembered in the player's settings:
from then on they get channel mentions and no DM is attempted, until they change ``/remind``.
Other failures are retried with a growing delay and given up after ``MAX_FAILURES`` with a
log line. A game untouched for 14 days gets a notice in its channel and its reminders stop
until somebody moves again; a table nobody started in as long closes, which frees its channel.

The service tells this module what changed (:meth:`Reminders.game_changed`); everything else
is rows in the ``reminders`` table, so a restart loses nothing.

Several processes on one database (shards split over processes, one PostgreSQL database):
every process runs this task over the whole table, and row leases decide who fires what
(:mod:`bot.store.leases`). A pass claims the due rows nobody holds, leasing them to this
process for ``lease_seconds``; only the claimant sends; it records the outcome (deletes or
reschedules the row, as a single process always has) and then ends its leases. Every
process also wakes when a lease it saw runs out, so the work of a dead process is taken over:

- dies after claiming, before sending: its rows wait until the lease runs out, then another
  process claims and sends them. Late by at most one lease, never lost, never doubled.
- dies after sending, before recording the send: the next claimant sends that notice again
  once the lease runs out. At most one duplicate per such crash (a second "your turn" DM, a
  repeated clock warning, digest or expiry post) and never a lost notice: a notice is
  recorded only after it went out, so delivery is at least once.
- dies after recording, before ending the lease: nothing is lost or repeated; the row was
  already moved to its next due time (it waits for the lease if that comes sooner).
- stalls instead of dying: it starts no send after half its lease has gone (then releases
  what it still holds), so only a single send hanging for more than half a lease can meet
  a taker that fires the same row again.

Leases compare ``clock()`` readings of different processes: their clocks must agree to
well within a lease (NTP does). A process learns of rows that another one added only when
it next wakes, so with a shared database ``poll_seconds`` bounds how late a dead process's
fresh rows are picked up (the process that adds a row wakes itself at once).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.i18n import t
from bot.replies import SKIP_BUTTON, Audience, DeliveryFailed, Reply
from bot.store import GameRow, ReminderRow, Settings, StaleVersion, StoreBase
from engine.core import clip_word
from engine.text import say, to_json

# the most of a digest's lock-screen line kept
PREVIEW_CHARS = 200

log = logging.getLogger(__name__)

IDLE_DAYS = float(os.environ.get("RHEINBOT_IDLE_DAYS", "14") or 14)
RETRY_SECONDS = 300.0      # after a transient delivery failure (doubling each time)
MAX_FAILURES = 5           # failed attempts at one notice before it is given up
MAX_RETRY_SECONDS = 6 * 3600.0
MAX_SLEEP = 3600.0         # re-check at least hourly (clock jumps, missed wake-ups)
# How long a claimed row is this process's to fire; after that another process takes it.
LEASE_SECONDS = float(os.environ.get("RHEINBOT_LEASE_SECONDS", "120") or 120)
CLAIM_BATCH = 100          # rows leased per claim: a pass of many due rows takes several

DIGEST_HOURS = 24.0
# How much of a pace table's move clock is used up when each warning DM goes out; at 100%
# the other players get buttons (see TablesService.clock_expired).
CLOCK_STAGES = (0.5, 0.75, 0.9)
EXPIRED_REPOST_HOURS = 24.0  # a stalled seat's expiry notice comes back daily
# A turn reminder this close to a move clock warning of the same turn is that warning.
FOLD_SECONDS = 3600.0
# A "still your turn" reminder due this soon after a turn DM to its player goes out in that
# DM and counts from it: at the end of quiet hours a player with many games got the burst at
# 07:00 and then the reminders timed from last night's moves at 08:00.
TURN_FOLD_SECONDS = 2 * 3600.0
# A new turn this soon after a turn DM to its player waits until this much after that DM and
# goes out with any others that came meanwhile: opponents moving in several games at once
# made one DM each in the same minute.
TURN_BATCH_SECONDS = 300.0
# How long a new turn's first DM waits for the channel's turn prompt to go out, so that its
# "Jump there" opens that message (see Reminders.prompt_posted); after it, the channel.
PROMPT_WAIT_SECONDS = 10.0
# A move clock warning that would fall in its player's quiet hours but cannot wait for their
# end (the clock runs out first) goes this long before they begin.
QUIET_MARGIN = 900.0
# A move clock warning put off by quiet hours says the next one too when that is due this
# soon after it (not the last call, which always comes): with a 24 h clock and quiet hours
# 22-7, the half-time warning due at 02:00 came at 07:00 and the next at 08:00.
PUT_OFF_FOLD = 2 * 3600.0
# How long the sent DM of a game's end stays as the mark that it was sent (see _tell_ended).
ENDED_KEPT_DAYS = 3650.0
# How long a game's end DM waits for the channel's post of that end (the result, who
# abandoned it) to go out (see Reminders.posts_out); after it, it goes anyway.
END_POST_WAIT_SECONDS = 60.0
# The longest gap between a stalled turn's reminders (see reminder_gap).
BACKOFF_HOURS = 48.0
DM_TEXT_LIMIT = 1900  # under Discord's 2000 characters, room for the embed title

Sender = Callable[[int, Reply], Awaitable[None]]
# A channel post: the id of the message it made, where the sender knows it (the daily
# repeat of a move clock's run-out links to the notice with the buttons).
Poster = Callable[[int, Reply], Awaitable[object]]
# (game id, user id, again, tell, notice): see TablesService.clock_expired
Expired = Callable[[int, int, int, bool, str | None], Awaitable[list[Reply]]]
# (game id, watcher, held news {"count", "since"}): see TablesService.held_board
WatchBoard = Callable[[int, int, dict], Awaitable[Reply | None]]
# The kinds of reminder that belong to a game's turns: they end with the game. A spectator's
# held board ('watch') does not: the final board held in the night goes out in the morning.
# A hand and a run-out clock's choice held through quiet hours ('hand', 'decide') are news of
# a live game only.
TURN_KINDS = ("turn", "clock", "idle", "hand", "decide")


@dataclass(frozen=True)
class TurnInfo:
    """What the service knows about a game after a change, for the reminders."""

    game_id: int
    guild_id: int | None
    channel_id: int
    title: str
    phase: str
    live: bool
    waiting: dict[int, str] = field(default_factory=dict)  # user id -> what is expected
    pace_hours: float | None = None  # the table's move clock; None: no clock
    language: str = "en"             # the table's language (channel posts)
    languages: dict[int, str] = field(default_factory=dict)  # user id -> their DMs' language
    # user id -> the hidden information just dealt to them, as its DM says it: the first turn
    # DM of a player it makes to act carries it (see :meth:`Reminders.game_changed`)
    hands: dict[int, str] = field(default_factory=dict)
    # user id -> when they last moved themselves (not an AI for them): a step of their own
    # turn shows they are there, which puts off its reminder and restarts its move clock
    stepped: dict[int, float] = field(default_factory=dict)
    # user id -> a line or two of news since their last move, for a turn DM that names
    # several games (the one-game DM's ``waiting`` text says it whole)
    news: dict[int, str] = field(default_factory=dict)
    # user id -> what they must do, as the public turn card says it ("Play a card: place a
    # knight."): the first words of their turn DM's lock-screen line
    tasks: dict[int, str] = field(default_factory=dict)
    # user id -> how a finished game ended for them ("… is over. Won by Anna; you placed 2nd
    # of 3 (43)"): one DM each, the one push of the end (see Reminders.game_changed)
    ended: dict[int, str] = field(default_factory=dict)


def channel_link(guild_id: int | None, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


def zone(name: str) -> ZoneInfo:
    """The time zone called ``name``; raises ValueError with a readable message."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(f"I don't know the time zone {name!r}; try e.g. Europe/Berlin.") \
            from error


def in_quiet_hours(settings: Settings, when: float) -> bool:
    if settings.quiet_from is None or settings.quiet_to is None:
        return False
    start, end = settings.quiet_from, settings.quiet_to
    hour = datetime.fromtimestamp(when, zone(settings.tz)).hour
    if start == end:
        return False
    if start < end:
        return start <= hour < end
    return hour >= start or hour < end  # the quiet time wraps past midnight


def pinged_in_channel(settings: Settings) -> bool:
    """Whether the turn prompt's mention is this player's notice of a new turn: reminders
    are off (the mention is all they asked for), or their DMs are closed and their notice is
    due at once (a digest cannot reach them either). Everyone else gets a DM, later."""
    if not settings.remind_on:
        return True
    return settings.dms_closed and (settings.delay_hours == 0 or settings.digest)


def reminder_gap(settings: Settings, sent: int) -> float:
    """Seconds from a turn's ``sent``-th notice to its next reminder: the player's interval
    (default 12 h), then twice it, then ``BACKOFF_HOURS`` apart (never more often than they
    asked). Every 12 h until the idle notice after 14 days was up to 28 pushes for one
    stalled turn; a player who has not answered three knows, and the rest only nag."""
    every = settings.every_hours * 3600
    return min(every * 2 ** max(sent - 1, 0), max(every, BACKOFF_HOURS * 3600))


def retry_delay(failures: int) -> float:
    """Seconds before the next attempt after ``failures`` failed ones (5 min, doubling)."""
    return min(RETRY_SECONDS * 2 ** (failures - 1), MAX_RETRY_SECONDS)


def next_allowed(settings: Settings, when: float) -> float:
    """``when``, or the end of the quiet hours if ``when`` falls inside them."""
    if not in_quiet_hours(settings, when):
        return when
    assert settings.quiet_to is not None
    local = datetime.fromtimestamp(when, zone(settings.tz))
    end = local.replace(hour=settings.quiet_to, minute=0, second=0, microsecond=0)
    if end <= local:
        end += timedelta(days=1)
    return end.timestamp()


def quiet_began(settings: Settings, when: float) -> float:
    """When the quiet hours that ``when`` falls in began."""
    assert settings.quiet_from is not None
    local = datetime.fromtimestamp(when, zone(settings.tz))
    start = local.replace(hour=settings.quiet_from, minute=0, second=0, microsecond=0)
    if start > local:
        start -= timedelta(days=1)
    return start.timestamp()


def clock_warning_at(settings: Settings, due: float, deadline: float) -> float:
    """When a move clock warning due at ``due`` goes out: then, or at the end of the quiet
    hours it falls in, or just before they began if the clock runs out before they end."""
    if not in_quiet_hours(settings, due):
        return due
    end = next_allowed(settings, due)
    return end if end < deadline else quiet_began(settings, due) - QUIET_MARGIN


def _stage_due(payload: dict, stage: int) -> float:
    """When warning ``stage`` of a move clock is due (past the last: the run-out)."""
    if stage >= len(CLOCK_STAGES):
        return float(payload["deadline"])
    return float(payload["started"]) + float(payload["pace_hours"]) * 3600 * CLOCK_STAGES[stage]


def _quiet_delayed(settings: Settings, payload: dict, stage: int, now: float) -> bool:
    """Whether move clock warning ``stage``, going out ``now``, was put off by quiet hours."""
    due = _stage_due(payload, stage)
    return due < now and in_quiet_hours(settings, due)


class Reminders:
    def __init__(self, store: StoreBase, send_dm: Sender, post_channel: Poster,
                 clock: Callable[[], float] = time.time, *, owner: str | None = None,
                 lease_seconds: float = LEASE_SECONDS, poll_seconds: float = MAX_SLEEP) -> None:
        self.store = store
        self.send_dm = send_dm
        self.post_channel = post_channel
        self.clock = clock
        # Who holds a lease: unique per process and start, so a restarted process never
        # mistakes its predecessor's half-done pass for its own.
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.lease_seconds = lease_seconds
        self.poll_seconds = min(poll_seconds, MAX_SLEEP)
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._lobbies_checked: float | None = None  # time.monotonic() of the last look
        self._stopping = False
        # Set by the tables service: the channel post (with buttons) when a move clock runs
        # out, given (game id, user id); empty when that seat is no longer waiting.
        self.clock_expired: Expired | None = None
        # Set by the tables service: the DM with a watched game's board as it is now, for
        # the news held through a spectator's quiet hours; None when there is none to send.
        self.watch_board: WatchBoard | None = None
        # Set by the Discord client: forget that a user's DMs were closed (they changed
        # /remind), so its delivery tries DMs to them again.
        self.forget_closed: Callable[[int], None] | None = None
        # Set by the Discord client, which reports each turn prompt it posts
        # (:meth:`prompt_posted`) and each change whose posts went out (:meth:`posts_out`):
        # a new turn's first DM waits a little for its prompt, a game's end DM for its post.
        self.links_prompts = False

    # -- the timer task -------------------------------------------------------------------
    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._loop(), name="rheinbot-reminders")

    async def stop(self) -> None:
        if self._task is not None:
            # the flag too, not the cancel alone: a cancel lost on the way (the task was seen
            # "cancelling" yet asleep for its next due time, stop() waiting on it for good)
            # still ends the loop at its next turn, which the wake makes now
            self._stopping = True
            self._wake.set()
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
            self._stopping = False

    def wake(self) -> None:
        """Re-read the earliest due time (called when a sooner reminder may exist)."""
        self._wake.set()

    async def _loop(self) -> None:
        while not self._stopping:
            self._wake.clear()
            try:
                await self._idle_lobbies()
                await self.run_due()
                due = await self.store.next_claimable()
            except Exception:  # a bad row must not kill reminders for everyone
                log.exception("reminder pass failed")
                due = self.clock() + RETRY_SECONDS
            timeout = self.poll_seconds if due is None else \
                min(self.poll_seconds, max(0.0, due - self.clock()))
            # asyncio.timeout, not wait_for: Python 3.11's wait_for can lose a cancel that
            # comes as the event is set (a move woke us as the bot stopped)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self._wake.wait()

    async def run_due(self) -> int:
        """Fire every reminder that is due now and no other process holds; return how many
        fired."""
        fired = 0
        while True:
            now = self.clock()
            # A read first: most wake-ups (one per move) find nothing due, and a claim is a
            # write that waits its turn behind the moves of every process.
            due = await self.store.next_claimable()
            if due is None or due > now:
                return fired
            rows = await self.store.claim_due(self.owner, now, self.lease_seconds, CLAIM_BATCH)
            if not rows:
                return fired
            # Real time, not self.clock: the lease runs out in real time whatever the clock.
            stop_at = time.monotonic() + self.lease_seconds / 2
            try:
                done = await self._fire(rows, now, stop_at)
            finally:  # also after an error: the rows not fired are free again at once
                await self.store.release_claims(self.owner)
            fired += done
            if done < len(rows):
                log.warning("reminder pass stopped after %d of %d rows: half the lease had "
                            "gone; claiming the rest afresh", done, len(rows))
            elif len(rows) < CLAIM_BATCH:
                return fired

    async def _fire(self, rows: list[ReminderRow], now: float, stop_at: float) -> int:
        """Fire the claimed ``rows``; how many were handled before ``stop_at``."""
        # Idle notices first: they end the turn reminders of their game in this same pass.
        idle = {row.game_id for row in rows if row.kind == "idle"}
        handled = 0
        for unit in _units(rows, idle):
            if time.monotonic() >= stop_at:
                return handled
            row = unit[0]
            if row.kind == "idle":
                await self._fire_idle(row)
            elif row.kind == "turn" and row.game_id not in idle:
                await self._fire_turns(unit, now)
            elif row.kind == "clock" and row.game_id not in idle:
                await self._fire_clock(row, now)
            elif row.kind == "digest":
                await self._fire_digest(row, now)
            elif row.kind == "watch":
                await self._fire_watch(row, now)
            elif row.kind in ("hand", "decide"):
                await self._fire_held(row, now)
            elif row.kind == "ended":
                await self._fire_ended(row, now)
            handled += len(unit)
        return handled

    # -- what the service calls -----------------------------------------------------------
    async def pings(self, game_id: int, user_ids: list[int]) -> tuple[int, ...]:
        """Which of the waiting ``user_ids`` the turn prompt pings: those whose notice is the
        ping and whose turn starts now (a player already told keeps a turn row; prompts
        after each move of a long turn or a simultaneous step do not ping them again)."""
        told = {row.user_id for row in await self.store.reminders(game_id)
                if row.kind == "turn"}
        now = self.clock()
        pinged = []
        for user_id in user_ids:
            settings = await self.store.settings(user_id)
            # (in their quiet hours the ping waits for their end: see game_changed)
            if user_id not in told and pinged_in_channel(settings) and \
                    not in_quiet_hours(settings, now):
                pinged.append(user_id)
        return tuple(pinged)

    async def game_changed(self, info: TurnInfo) -> set[int]:
        """Bring the game's reminder rows in line with who must act now. Returns the users
        whose first turn DM, due at once, carries their new hand (``info.hands``): the
        service sends them no hand DM of its own, so a deal that makes a player act is one
        notification, not a hand and a "your turn" together; so does a first turn DM due at
        the end of its player's quiet hours (the hand waits with it). A player whose first
        notice is a ping, later (``/remind after``) or a digest gets no hand here: theirs
        must not wait for it."""
        if not info.live:
            await self._end_turns(info.game_id)
            await self._tell_ended(info)
            return set()
        now = self.clock()
        rows = await self.store.reminders(info.game_id)
        existing = {row.user_id for row in rows if row.kind == "turn"}
        first_due: dict[int, float] = {}
        carried: set[int] = set()
        dawn: set[int] = set()  # pinged in the channel when their quiet hours end
        for user_id in info.waiting:
            if user_id in existing:
                continue  # still waiting on them: keep the schedule, refresh the text
            settings = await self.store.settings(user_id)
            if pinged_in_channel(settings) and in_quiet_hours(settings, now):
                # The prompt did not ping them (see pings): quiet hours are for the phone,
                # whichever way it is buzzed. One mention when they end says it instead.
                first_due[user_id] = next_allowed(settings, now)
                dawn.add(user_id)
            elif pinged_in_channel(settings):
                # The prompt's ping told them; the row records that. With reminders on it
                # comes back as one mention after N hours, otherwise never (idle ends it).
                again = settings.remind_on and not settings.digest
                first_due[user_id] = now + (settings.every_hours * 3600 if again
                                            else IDLE_DAYS * 86400 + 3600)
            elif settings.remind_on and not settings.digest:  # digest users get one a day
                first_due[user_id] = next_allowed(settings, now + settings.delay_hours * 3600)
                # (due at the end of their quiet hours, it carries the hand then: a deal
                # at 02:00 buzzed the phone with an "Only you see" DM)
                if user_id in info.hands and first_due[user_id] <= next_allowed(settings, now):
                    carried.add(user_id)
        waiting = {user: _payload(info, expected, user,
                                  info.hands[user] if user in carried else None)
                   for user, expected in info.waiting.items()}
        for user in first_due:  # a new turn: a step counts from now (see _put_off)
            waiting[user]["since"] = now
            if user in dawn:
                waiting[user]["dawn_ping"] = True
            if self.links_prompts and first_due[user] <= now:
                # due at once, it waits for the turn prompt (prompt_posted sends it then):
                # made due later rather than put off when due, so that no write of the row
                # by the reminder task can overtake the prompt's id
                first_due[user] = waiting[user]["prompt_wait"] = now + PROMPT_WAIT_SECONDS
        await self.store.sync_turn_reminders(info.game_id, waiting, first_due,
                                             now + IDLE_DAYS * 86400, _payload(info, ""), now)
        if any(user in existing for user in info.stepped):
            await self._put_off(info)
        if any(user in existing for user in info.hands):
            await self._drop_old_hands(info)
        await self._sync_clocks(info, [row for row in rows if row.kind == "clock"], now)
        self.wake()
        return carried

    async def untold_turn(self, game_id: int, user_id: int) -> bool:
        """Whether ``user_id`` is waited on in the game with no turn notice sent yet."""
        return any(row.kind == "turn" and row.sent == 0
                   for row in await self.store.reminders(game_id, user_id=user_id))

    async def told_elsewhere(self, game_id: int, user_id: int) -> None:
        """``user_id``'s untold turn in the game was just told another way (a seat they were
        given: its DM, or the post's mention where the DM could not go), which counts as
        its first notice: their reminders go on from it."""
        now = self.clock()
        for row in await self.store.reminders(game_id, user_id=user_id):
            if row.kind == "turn" and row.sent == 0:
                settings = await self.store.settings(user_id)
                payload = {key: value for key, value in row.payload.items()
                           if key not in ("hand", "prompt_wait", "dawn_ping")}
                await self.store.move_reminder(
                    row.id, next_allowed(settings, now + reminder_gap(settings, 1)), 1,
                    {**payload, "last_sent": now})

    async def dm_now(self, user_id: int, reply: Reply) -> bool:
        """Send ``reply`` to ``user_id`` at once; whether it arrived. A caller that would
        otherwise ping them learns here whether this DM can be their notice instead: a seat
        handed to a member whose DMs are closed was told nothing for 12 hours (the post's
        ping was dropped for a DM that never came)."""
        settings = await self.store.settings(user_id)
        if settings.dms_closed:
            return False
        try:
            await self.send_dm(user_id, reply)
        except DeliveryFailed as error:
            if error.closed_dms and not (await self.store.settings(user_id)).dms_closed:
                await self._remember_closed(settings)
            log.info("DM to %s not delivered: %s", user_id, error)
            return False
        except Exception:
            log.exception("DM to %s failed", user_id)
            return False
        return True

    async def prompt_posted(self, channel_id: int, message_id: int) -> None:
        """The Discord client posted a turn prompt in ``channel_id``: its game's turn DMs link
        to that message. "Jump there" opened the channel at its end, from where a phone
        reader scrolled up past boards for the prompt's buttons. A first DM that waited for
        it (:data:`PROMPT_WAIT_SECONDS`) goes now."""
        game = await self.store.latest_game(channel_id)
        if game is None:
            return
        now = self.clock()
        for row in await self.store.reminders(game.id):
            if row.kind != "turn":
                continue
            wait = _prompt_wait(row)
            due = now if wait is not None and row.due_at <= wait else row.due_at
            await self.store.move_reminder(row.id, due, row.sent,
                                           {**row.payload, "prompt_id": message_id})
        self.wake()

    async def lobby_waits(self, game: GameRow) -> None:
        """The table ``game`` is still gathering players: it closes ``IDLE_DAYS`` after its
        last change, which frees its channel. A lobby nobody started held its channel for
        good: /game new there was refused until its creator or a moderator abandoned it."""
        payload = {"title": to_json(_title(game.game_key)), "guild_id": game.guild_id,
                   "channel_id": game.channel_id, "language": game.language}
        await self.store.set_reminder("idle", game.id, None,
                                      game.updated_at + IDLE_DAYS * 86400, payload,
                                      self.clock())
        self.wake()

    async def _idle_lobbies(self) -> None:
        """Lobbies opened before lobbies had an idle row (or by a way that set none: a
        rematch, an import) get one; looked for at the start and then hourly."""
        now = time.monotonic()
        if self._lobbies_checked is not None and now < self._lobbies_checked + MAX_SLEEP:
            return
        self._lobbies_checked = now
        try:
            for game in await self.store.lobbies_without_idle():
                await self.lobby_waits(game)
        except Exception:  # the due reminders go out all the same; an hour later, again
            log.exception("could not give the open lobbies their idle close")

    async def _tell_ended(self, info: TurnInfo) -> None:
        """One DM per human seat of a finished game with how it ended for them, at the end
        of their quiet hours if it ends in them. The result post pinged nobody, so a player
        who follows a game from their phone never learnt it was over. It goes with /remind
        off too: that stops turn reminders, and a game's end is news a player wants, once.
        A row per player, made only where none is (:meth:`StoreBase.add_reminder`): a second
        call, in this process or another on the same database, sends it once. Written
        after the game's final move was committed: a process that died in between leaves
        it to the restart's catch-up (:mod:`bot.service.catch_up`), which calls this too."""
        now = self.clock()
        for user_id, line in info.ended.items():
            await self._drop_unseated(info.game_id, user_id)
            settings = await self.store.settings(user_id)
            if settings.dms_closed:
                continue  # (the result post in the channel says it)
            payload: dict[str, object] = {
                "line": line, "guild_id": info.guild_id, "channel_id": info.channel_id,
                "language": info.languages.get(user_id, info.language)}
            due = next_allowed(settings, now)
            if self.links_prompts and due <= now:
                # it waits for the change's posts (posts_out makes it due): woken now, the
                # task sent it while the result post, a board drawn for it, was on its way,
                # and the DM's link opened a channel that did not say it yet
                due = now + END_POST_WAIT_SECONDS
                payload["post_wait"] = due
            await self.store.add_reminder("ended", info.game_id, user_id, due, payload, now)
        if info.ended:
            self.wake()

    async def tell_gone(self, game: GameRow, key: str, titles: dict[int, tuple[str, str]]
                        ) -> None:
        """Each user of ``titles`` (user id -> their language, the game's title said in it)
        is told by DM that ``game`` ended as its channel is gone: ``key`` of the catalogue,
        said when it goes, at the end of their quiet hours if it ends in them. A row each,
        of the kind a finished game's end has (:meth:`_tell_ended`): it goes when the
        reminder task fires it, and a crash before that loses none. Sent from the event
        at once, the DM buzzed a phone at 03:00 for a channel a moderator deleted."""
        now = self.clock()
        for user_id, (lang, title) in titles.items():
            settings = await self.store.settings(user_id)
            if settings.dms_closed:
                continue  # (/mygames no longer lists it)
            payload = {"key": key, "params": {"title": title, "id": game.id},
                       "language": lang}
            await self.store.add_reminder("ended", game.id, user_id,
                                          next_allowed(settings, now), payload, now)
        if titles:
            self.wake()

    async def hold_unseated(self, game_id: int, reply: Reply) -> bool:
        """The DM telling a member their seat of the game was handed on (``reply``), if it
        would reach them in their quiet hours: held for their end (True), as a row of the
        kind of a game's end ('ended': the game is over for them). It goes unless they are
        seated again by then, and is dropped once sent, not kept as a mark: a seat given
        back leaves room for the DM of the game's own end. False: they are awake (or their
        DMs are closed), and the caller sends it now. A seat the others handed on when its
        player's move clock ran out in their night told them at 03:00."""
        assert reply.user_id is not None
        now = self.clock()
        settings = await self.store.settings(reply.user_id)
        if not in_quiet_hours(settings, now) or settings.dms_closed:
            return False
        payload = {"text": reply.text, "title": reply.title, "preview": reply.preview,
                   "unseated": True}
        await self.store.set_reminder("ended", game_id, reply.user_id,
                                      next_allowed(settings, now), payload, now)
        self.wake()
        return True

    async def _drop_unseated(self, game_id: int, user_id: int) -> None:
        """A held DM of a seat lost (:meth:`hold_unseated`) goes: the game's end says more."""
        for row in await self.store.reminders(game_id, user_id=user_id):
            if row.kind == "ended" and row.payload.get("unseated"):
                await self.store.delete_reminder(row.id)

    async def posts_out(self, game_id: int) -> None:
        """The Discord client handed the posts of the game's latest change to Discord (or
        its outbox): the DMs of its end that wait for them (:meth:`_tell_ended`) go now."""
        now = self.clock()
        for row in await self.store.reminders(game_id):
            wait = row.payload.get("post_wait")
            if row.kind != "ended" or row.sent or wait is None:
                continue
            payload = {key: value for key, value in row.payload.items() if key != "post_wait"}
            await self.store.move_reminder(row.id, now if row.due_at <= float(wait)
                                           else row.due_at, row.sent, payload)
            self.wake()

    async def _fire_ended(self, row: ReminderRow, now: float) -> None:
        assert row.user_id is not None
        if row.sent:  # its mark has served long enough
            await self.store.delete_reminder(row.id)
            return
        settings = await self.store.settings(row.user_id)
        if in_quiet_hours(settings, now):  # (their quiet hours changed meanwhile)
            await self._reschedule(row, next_allowed(settings, now))
            return
        unseated = bool(row.payload.get("unseated"))
        if unseated and await self._still_seated(row):  # given their seat back meanwhile
            await self.store.delete_reminder(row.id)
            return
        reply = _ended_dm(row)
        try:
            if not settings.dms_closed:
                await self.send_dm(row.user_id, reply)
        except Exception as error:
            failures = int(row.payload.get("failures", 0)) + 1
            if not (isinstance(error, DeliveryFailed) and error.closed_dms) and \
                    failures < MAX_FAILURES:
                await self.store.move_reminder(row.id, now + retry_delay(failures), row.sent,
                                               {**row.payload, "failures": failures})
                return
            log.info("the end of game %s not told to %s: %s", row.game_id, row.user_id, error)
        if unseated:  # (see hold_unseated)
            await self.store.delete_reminder(row.id)
            return
        # kept, parked, as the mark that this player was told: the end is said once
        await self.store.move_reminder(row.id, now + ENDED_KEPT_DAYS * 86400, row.sent + 1,
                                       {key: value for key, value in row.payload.items()
                                        if key not in ("failures", "post_wait")})

    async def _end_turns(self, game_id: int) -> None:
        for kind in TURN_KINDS:
            await self.store.delete_reminders(game_id, kind)

    async def watch_news(self, game_id: int, user_id: int, boards: int
                         ) -> dict[str, float] | None:
        """A spectator's news of ``boards`` new boards of a game. In their quiet hours it is
        held (None): one 'watch' row per game, counting the boards it stands for, goes out
        when they end with the board as it is then (an older board is of no use once a
        newer one exists). Otherwise the DM goes now, and this is what it folds in of news
        held before (``count``, ``since``; empty when none was)."""
        now = self.clock()
        settings = await self.store.settings(user_id)
        held = [row for row in await self.store.reminders(game_id, user_id=user_id)
                if row.kind == "watch"]
        before = {key: float(held[0].payload[key]) for key in ("count", "since")} \
            if held else {}
        if not in_quiet_hours(settings, now):
            for row in held:
                await self.store.delete_reminder(row.id)
            return before
        payload = {"count": before.get("count", 0) + boards, "since": before.get("since", now)}
        await self.store.set_reminder("watch", game_id, user_id, next_allowed(settings, now),
                                      payload, now)
        self.wake()
        return None

    async def hold_for_morning(self, kind: str, game_id: int, user_id: int,
                               payload: dict[str, object]) -> bool:
        """A DM to ``user_id`` that would reach them in their quiet hours waits for their
        end (True): a hand a deal gave them ('hand', ``payload["text"]``) or the choice a
        run-out move clock gives them ('decide', see :meth:`_decide_dm`). Held in the store,
        one per game and kind (a newer one replaces it), so a restart loses none. False:
        they are awake (or their DMs are closed), and the caller says it now as before."""
        now = self.clock()
        settings = await self.store.settings(user_id)
        if not in_quiet_hours(settings, now) or settings.dms_closed:
            return False
        # the seat read by its holder now: a hand is the seat's, and goes to nobody who has
        # lost it by the morning (:meth:`_still_seated`)
        seat = next((s.seat for s in await self.store.seats(game_id)
                     if s.user_id == user_id and not s.is_ai and s.seat is not None), None)
        await self.store.set_reminder(kind, game_id, user_id, next_allowed(settings, now),
                                      {**payload, "held_at": now, "seat": seat}, now)
        self.wake()
        return True

    async def seat_left(self, game_id: int, user_id: int) -> None:
        """``user_id`` no longer holds their seat of ``game_id`` (kicked, replaced, left):
        what was held for their morning goes. A kicked player got the seat's hand by DM
        the next morning, and the one seated after them could not get it back."""
        for row in await self.store.reminders(game_id, user_id=user_id):
            if row.kind in ("hand", "decide"):
                await self.store.delete_reminder(row.id)

    async def _put_off(self, info: TurnInfo) -> None:
        """A player who made a step of their turn (a Rhein load, an 18Rhl track lay) is
        there: their "still your turn" reminder comes ``every_hours`` after that step, not
        after the turn began (a player stepping every 4 hours got it all the same)."""
        for row in await self.store.reminders(info.game_id):
            step = info.stepped.get(row.user_id) if row.user_id is not None else None
            if row.kind != "turn" or step is None or \
                    step <= float(row.payload.get("since", 0)) or \
                    step <= float(row.payload.get("stepped_at", 0)):
                continue
            settings = await self.store.settings(row.user_id)
            due = next_allowed(settings, step + settings.every_hours * 3600)
            # (a hand it still carried is out of date: they have played from it)
            payload = {key: value for key, value in row.payload.items() if key != "hand"}
            await self.store.move_reminder(row.id, max(due, row.due_at), row.sent,
                                           {**payload, "stepped_at": step})

    async def _drop_old_hands(self, info: TurnInfo) -> None:
        """A turn DM still waiting (batched with others) with a hand dealt before this new
        one goes without it: the service sends the new hand itself, and the old one would
        arrive after it."""
        for row in await self.store.reminders(info.game_id):
            if row.kind == "turn" and row.user_id in info.hands and _hand(row):
                payload = {key: value for key, value in row.payload.items() if key != "hand"}
                await self.store.move_reminder(row.id, row.due_at, row.sent, payload)

    async def _sync_clocks(self, info: TurnInfo, clocks: list[ReminderRow], now: float) -> None:
        """One move clock per waiting user of a pace table: it starts when their turn starts
        and keeps running while they stay on turn (several steps of one turn share it), but
        each step of their own starts it afresh. The clock is there for a player who is
        away, not for a long turn: a player who makes a Rhein load every 6 hours on a 24 h
        table is there, and was warned three times and publicly flagged as stalled. So the
        full period counts from their latest step; moves an AI made for them do not count.
        """
        running = set()
        for row in clocks:
            if info.pace_hours and row.user_id in info.waiting:
                running.add(row.user_id)
                step = info.stepped.get(row.user_id)
                if step is not None and step > float(row.payload["started"]):
                    span = info.pace_hours * 3600
                    payload = {key: value for key, value in row.payload.items()
                               if key not in ("expired", "posted", "posted_at", "warned_at",
                                              "notice_id", "repeats")}
                    payload.update(started=step, deadline=step + span,
                                   pace_hours=info.pace_hours, stage=0)
                    due = clock_warning_at(await self.store.settings(row.user_id),
                                           step + span * CLOCK_STAGES[0], step + span)
                    await self.store.move_reminder(row.id, due, row.sent, payload)
            else:
                await self.store.delete_reminder(row.id)
        if not info.pace_hours:
            return
        span = info.pace_hours * 3600
        for user_id in info.waiting:
            if user_id not in running:
                payload = {**_payload(info, "", user_id), "started": now, "deadline": now + span,
                           "pace_hours": info.pace_hours, "stage": 0}
                due = clock_warning_at(await self.store.settings(user_id),
                                       now + span * CLOCK_STAGES[0], now + span)
                await self.store.set_reminder("clock", info.game_id, user_id, due, payload, now)

    async def settings_changed(self, settings: Settings, language: str = "en") -> None:
        """Apply a user's new settings to their pending reminders (``language``: the one
        the user's Discord client used, for their daily digest)."""
        now = self.clock()
        if self.forget_closed is not None and not settings.dms_closed:
            self.forget_closed(settings.user_id)
        rows = await self.store.reminders(user_id=settings.user_id)
        digests = [row for row in rows if row.kind == "digest"]
        if settings.digest and settings.remind_on and not digests:
            await self.store.set_reminder("digest", None, settings.user_id,
                                          next_allowed(settings, now),
                                          {"language": language}, now)
        for row in rows:
            if row.kind in ("clock", "ended"):
                continue  # the table's move clock runs whatever the player's settings (and
                # a game's end is told whatever they are: see _tell_ended)
            if row.kind in ("watch", "hand", "decide"):  # held for the quiet hours,
                # whatever the reminders
                await self.store.move_reminder(row.id, next_allowed(settings, now), row.sent,
                                               row.payload)
                continue
            if row.kind == "digest" or (row.kind == "turn" and settings.digest):
                if row.kind == "turn" or not (settings.digest and settings.remind_on):
                    await self._hand_out(row)
                    await self.store.delete_reminder(row.id)
                continue
            if not settings.remind_on:
                await self._hand_out(row)
                await self.store.delete_reminder(row.id)
                continue
            last = row.payload.get("last_sent")
            if last is not None and row.payload.get("stepped_at") is not None:
                last = max(float(last), float(row.payload["stepped_at"]))  # see _put_off
            due = now + settings.delay_hours * 3600 if last is None else \
                max(now, last + reminder_gap(settings, row.sent))
            due = next_allowed(settings, due)
            # a hand carried by a DM put off now (/remind after, new quiet hours) was due
            # to its owner at the deal: it goes now, not hours later
            payload = await self._hand_out(row) if due > max(now, row.due_at) else row.payload
            await self.store.move_reminder(row.id, due, row.sent, payload)
        self.wake()

    async def _hand_out(self, row: ReminderRow) -> dict:
        """Send the hand this turn row carries to its owner alone, as the service would
        have at the deal, before the row is deleted or put off: game_changed told the
        service this row's DM carries it, so no other DM says it. The row's payload
        without the hand."""
        hand = _hand(row) if row.kind == "turn" and row.user_id is not None else ""
        if not hand:
            return row.payload
        game = await self.store.game(row.game_id)
        if game is not None and game.status == "active":
            assert row.user_id is not None
            await self._courtesy_dm(row.user_id, _hand_dm(row, hand))
        return {key: value for key, value in row.payload.items() if key != "hand"}

    # -- firing ---------------------------------------------------------------------------
    async def _fire_turns(self, rows: list[ReminderRow], now: float) -> None:
        """One player's due turn rows: one DM for all of them (and for their reminders due
        soon after, see ``TURN_FOLD_SECONDS``), not one DM per game."""
        assert rows[0].user_id is not None
        settings = await self.store.settings(rows[0].user_id)
        mine = [row for row in await self.store.reminders(user_id=settings.user_id)
                if row.kind == "turn"]
        last_dm = max((float(row.payload["last_sent"]) for row in mine
                       if row.payload.get("last_sent") is not None), default=None)
        ready = [row for row in rows if await self._turn_ready(row, settings, now, last_dm)]
        if not ready:
            return
        settings = await self.store.settings(settings.user_id)  # a mention may have closed DMs
        taken = {row.id for row in rows}
        ready += [row for row in mine if row.id not in taken and row.sent > 0
                  and now < row.due_at <= now + _fold_window(settings)
                  and not _stepped_lately(row, settings, now)
                  and await self._foldable(row, now)]
        ready = [await self._ran_out_marked(row) for row in ready]
        for dm_rows, reply in _turn_dms(ready):
            await self._send_turns(dm_rows, reply, settings, now)

    async def _ran_out_marked(self, row: ReminderRow) -> ReminderRow:
        """The row, marked (``ran_out``: the clock's hours) if its player's move clock in
        its game has run out: its DM says the others may now let an AI play or replace
        them. A player whose clock ran out in their night read at 07:15 only "it is still
        your turn"."""
        clock = next((other for other in await self.store.reminders(row.game_id,
                                                                     user_id=row.user_id)
                      if other.kind == "clock" and other.payload.get("expired")), None)
        if clock is None:
            return row
        return replace(row, payload={**row.payload,
                                     "ran_out": f"{float(clock.payload['pace_hours']):g}"})

    async def _turn_ready(self, row: ReminderRow, settings: Settings, now: float,
                          last_dm: float | None) -> bool:
        """Whether this due turn row goes out in a DM now; if not, it is moved, deleted or
        said as a channel mention here."""
        game = await self.store.game(row.game_id)
        dawn = bool(row.payload.get("dawn_ping")) and row.sent == 0 and \
            pinged_in_channel(settings)
        if game is None or game.status != "active" or not (settings.remind_on or dawn):
            await self._hand_out(row)
            await self.store.delete_reminder(row.id)
            return False
        if in_quiet_hours(settings, now):
            # (a hand it carries waits with it: its DM in the night buzzed the phone as the
            # turn DM would have; /game hand shows it meanwhile)
            await self._reschedule(row, next_allowed(settings, now))
            return False
        if dawn:  # the prompt's ping, held through their quiet hours: the turn's first
            # notice, and their reminders go on from it as from that ping (a /remind on
            # player with closed DMs lost the later mention, the row parked until idle)
            again = settings.remind_on and not settings.digest
            await self._mention_instead(row, now, "rem.mention_dawn", next_allowed(
                settings, now + reminder_gap(settings, 1)) if again else None)
            return False
        if settings.dms_closed:  # known closed: no request that is bound to fail
            await self._mention_instead(row, now)
            return False
        if row.sent == 0 and last_dm is not None and \
                now < last_dm + TURN_BATCH_SECONDS:
            await self._reschedule(row, last_dm + TURN_BATCH_SECONDS)
            return False
        said = await self._clock_says_it(row, now)
        if said is True:  # counted as sent: the next one as usual
            payload = {**row.payload, "last_sent": now}
            due = next_allowed(settings, now + reminder_gap(settings, row.sent + 1))
            await self.store.move_reminder(row.id, due, row.sent + 1, payload)
            return False
        if said is not False:  # a clock notice is about to go out: after it, this again
            await self._reschedule(row, said + 1)
            return False
        return True

    async def _foldable(self, row: ReminderRow, now: float) -> bool:
        """Whether a reminder not yet due may go out with the turn DM being sent now."""
        game = await self.store.game(row.game_id)
        return game is not None and game.status == "active" and \
            await self._clock_says_it(row, now) is False

    async def _send_turns(self, rows: list[ReminderRow], reply: Reply, settings: Settings,
                          now: float) -> None:
        assert rows[0].user_id is not None
        try:
            await self.send_dm(rows[0].user_id, reply)
        except DeliveryFailed as error:
            for row in rows:
                if error.closed_dms:
                    await self._remember_closed(settings)
                    await self._mention_instead(row, now)
                else:
                    await self._failed(row, settings, now, error)
            return
        except Exception as error:
            log.exception("reminder DM to %s failed", rows[0].user_id)
            for row in rows:
                await self._failed(row, settings, now, error)
            return
        for row in rows:
            payload = {**row.payload, "last_sent": now}
            payload.pop("failures", None)
            payload.pop("hand", None)  # said: hidden information is kept no longer than that
            payload.pop("ran_out", None)  # (looked up afresh for each DM)
            due = next_allowed(settings, now + reminder_gap(settings, row.sent + 1))
            await self.store.move_reminder(row.id, due, row.sent + 1, payload)

    async def _failed(self, row: ReminderRow, settings: Settings, now: float,
                      error: BaseException) -> None:
        """A transient failure: try again later, a few times, then give this notice up (the
        next regular reminder, every N hours, is a new notice)."""
        failures = int(row.payload.get("failures", 0)) + 1
        payload = {**row.payload, "failures": failures}
        if failures < MAX_FAILURES:
            await self.store.move_reminder(row.id, now + retry_delay(failures), row.sent,
                                           payload)
            return
        log.warning("giving up the turn reminder to user %s in game %s after %d failed "
                    "attempts: %s", row.user_id, row.game_id, failures, error)
        payload.pop("failures")
        due = next_allowed(settings, now + reminder_gap(settings, row.sent))
        await self.store.move_reminder(row.id, due, row.sent, payload)

    async def _remember_closed(self, settings: Settings) -> None:
        log.info("DMs to user %s are closed (50007): channel mentions from now on",
                 settings.user_id)
        await self.store.save_settings(replace(settings, dms_closed=True), self.clock())

    async def _reschedule(self, row: ReminderRow, due: float) -> None:
        await self.store.move_reminder(row.id, due, row.sent, row.payload)

    async def _mention_instead(self, row: ReminderRow, now: float,
                               key: str = "rem.mention", then: float | None = None) -> None:
        """The one mention of this turn in the game channel. The row stays, parked until
        the idle notice (or due ``then``, for the next reminder), so that later prompts of
        the same turn do not ping again."""
        # what to do comes before why the ping is late: a push shows the first words
        task = str(row.payload.get("task") or "").strip()
        text = t(key, row.payload.get("language", "en"), user=f"<@{row.user_id}>",
                 title=row.payload.get("title", ""), phase=row.payload.get("phase", ""),
                 task=f"{task} " if task else "")
        try:
            await self.post_channel(row.payload["channel_id"], Reply(text, Audience.CHANNEL))
        except Exception:
            log.exception("reminder mention in channel %s failed", row.payload.get("channel_id"))
        # (a hand it carried could not reach them: a mention never says it)
        payload = {key: value for key, value in row.payload.items()
                   if key not in ("hand", "dawn_ping")}
        due = now + IDLE_DAYS * 86400 + 3600 if then is None else then
        await self.store.move_reminder(row.id, due, row.sent + 1, payload)

    async def _fire_idle(self, row: ReminderRow) -> None:
        game = await self.store.game(row.game_id)
        assert row.game_id is not None
        if game is not None and game.status == "lobby":
            await self._close_idle_lobby(row, game)
            return
        await self._end_turns(row.game_id)
        if game is None or game.status not in ("lobby", "active"):
            return
        text = t("rem.idle", game.language, title=row.payload.get("title", ""),
                 days=f"{IDLE_DAYS:g}")
        try:
            await self.post_channel(game.channel_id, Reply(text, Audience.CHANNEL))
        except Exception:
            log.exception("idle notice in channel %s failed", game.channel_id)

    async def _close_idle_lobby(self, row: ReminderRow, game: GameRow) -> None:
        """A running game idle this long keeps its players' seats (a move wakes it); a
        table nobody started has no move to make, so it closes and its channel is free.
        One changed since the row was set (a seat taken, a colour picked) waits on."""
        now = self.clock()
        due = game.updated_at + IDLE_DAYS * 86400
        if due > now:
            await self._reschedule(row, due)
            return
        try:
            await self.store.set_status(game.id, game.version, "abandoned", now)
        except StaleVersion:  # changed this moment: the next pass finds it touched
            return
        await self.store.delete_reminders(game.id)
        log.info("lobby %s in channel %s closed: idle for %g days", game.id, game.channel_id,
                 IDLE_DAYS)
        lang = game.language
        text = t("rem.idle_lobby", lang, title=say(_title(game.game_key), lang),
                 days=f"{IDLE_DAYS:g}")
        try:
            await self.post_channel(game.channel_id, Reply(text, Audience.CHANNEL))
        except Exception:
            log.exception("idle lobby notice in channel %s failed", game.channel_id)

    async def _fire_clock(self, row: ReminderRow, now: float) -> None:
        """A move clock warning (escalating as it runs down), or its expiry."""
        assert row.user_id is not None
        game = await self.store.game(row.game_id)
        if game is None or game.status != "active":
            await self.store.delete_reminder(row.id)
            return
        payload = dict(row.payload)
        deadline = float(payload["deadline"])
        if now >= deadline:
            await self._clock_expired(row, payload, now)
            return
        settings = await self.store.settings(row.user_id)
        if in_quiet_hours(settings, now) and next_allowed(settings, now) < deadline:
            await self._reschedule(row, next_allowed(settings, now))
            return
        stage = int(payload.get("stage", 0))
        while stage + 1 < len(CLOCK_STAGES) and \
                clock_warning_at(settings, _stage_due(payload, stage + 1), deadline) <= now:
            stage += 1  # the next warning was pulled before quiet hours: this DM says it
        if _quiet_delayed(settings, payload, stage, now):
            while stage + 2 < len(CLOCK_STAGES) and clock_warning_at(
                    settings, _stage_due(payload, stage + 1), deadline) <= now + PUT_OFF_FOLD:
                stage += 1  # the next warning was due soon after: this DM says it
        payload["stage"] = stage
        lang = str(payload.get("language", "en"))
        hours = max(1, round((deadline - now) / 3600))
        link = channel_link(payload.get("guild_id"), payload["channel_id"])
        key = "rem.clock_warn"
        if payload.get("stage", 0) >= len(CLOCK_STAGES) - 1:
            key = "rem.clock_last" if await self._skip_offered(row) else "rem.clock_last_no_skip"
        text = t(key, lang, title=payload.get("title", ""), hours=hours,
                 channel=payload["channel_id"], link=link)
        # the lock screen's line: a title alone pushed "Move clock" and nothing else
        preview = t("rem.clock_preview" + ("_last" if key != "rem.clock_warn" else ""), lang,
                    title=payload.get("title", ""), hours=hours, channel=payload["channel_id"])
        if await self._courtesy_dm(row.user_id, Reply(text, Audience.DM, user_id=row.user_id,
                                                      title=t("rem.clock_title", lang),
                                                      preview=preview)):
            payload["warned_at"] = now  # a turn reminder due about now is this DM too
        stage += 1
        payload["stage"] = stage
        due = _stage_due(payload, stage)
        if stage < len(CLOCK_STAGES):
            due = clock_warning_at(settings, due, deadline)
        await self.store.move_reminder(row.id, max(due, now), row.sent + 1, payload)

    async def _skip_offered(self, row: ReminderRow) -> bool:
        """Whether the others would get a Skip button if this clock ran out now: the last
        call promises only the choices the expiry post will offer (a game without a pass
        here offers the AI and a replacement only)."""
        assert row.user_id is not None
        if self.clock_expired is None:
            return False
        try:
            # (tell=False: nothing is posted here, so a rebuild waits for the run-out post
            # that can say it; made here, its notice was lost)
            post = await self.clock_expired(row.game_id, row.user_id, 0, False, None)
        except Exception:  # the DM goes out anyway, promising no skip
            log.exception("move clock choices of game %s failed", row.game_id)
            return False
        return any(button.custom_id.rsplit(":", 1)[-1].startswith(SKIP_BUTTON)
                   for reply in post for button in reply.buttons)

    async def _clock_says_it(self, row: ReminderRow, now: float) -> bool | float:
        """Whether a move clock notice to this turn reminder's player about its game went out
        within ``FOLD_SECONDS`` (True), or when one is due within them (then this reminder
        waits for it: should it fail, the reminder still goes), else False. A warning DM
        says it is their turn (and how long is left), and the run-out post (and its daily
        repeat) pings them in the channel, so a plain reminder beside either is a second
        notification for one thing. With a 24 h clock the half-time warning and the
        12-hourly reminder fall together, and so do the run-out post and the next; with 48 h,
        two of the warnings do."""
        due: float | None = None
        for other in await self.store.reminders(row.game_id, user_id=row.user_id):
            if other.kind != "clock":
                continue
            told = [other.payload.get(at) for at in ("warned_at", "posted_at")]
            if any(at is not None and now - float(at) < FOLD_SECONDS for at in told):
                return True
            if other.due_at - now <= FOLD_SECONDS:
                due = other.due_at if due is None else min(due, other.due_at)
        return False if due is None else due

    async def _clock_expired(self, row: ReminderRow, payload: dict, now: float) -> None:
        assert row.user_id is not None
        # The daily repeat has no buttons once a notice with them went out (see
        # Clocks.clock_expired), and links to that one; a notice that failed to go out is
        # tried again with them. ``again`` counts the repeats (1 the first).
        again = int(payload.get("repeats", 0)) + 1 if payload.get("posted") else 0
        notice = f"{channel_link(payload.get('guild_id'), payload['channel_id'])}/" \
            f"{payload['notice_id']}" if payload.get("notice_id") else None
        replies = []
        if self.clock_expired is not None:
            try:
                replies = await self.clock_expired(row.game_id, row.user_id, again, True,
                                                   notice)
            except Exception:
                log.exception("move clock expiry of game %s failed", row.game_id)
        for reply in replies:
            try:
                sent = await self.post_channel(payload["channel_id"], reply)
            except Exception:
                log.exception("move clock notice in channel %s failed", payload["channel_id"])
                continue
            if reply is replies[-1]:  # the post itself, not a rebuild's notice before it
                if again:
                    payload["repeats"] = again
                elif isinstance(sent, int) and not isinstance(sent, bool):
                    payload["notice_id"] = sent
                payload["posted"] = True
                payload["posted_at"] = now  # a turn reminder due about now is this post
        # The row stays (marked expired) so the buttons can check it; the notice comes back
        # daily while the seat stays stalled.
        payload["expired"] = True
        await self.store.move_reminder(row.id, now + EXPIRED_REPOST_HOURS * 3600,
                                       row.sent + 1, payload)

    async def _fire_digest(self, row: ReminderRow, now: float) -> None:
        """One DM listing every game waiting on the user, then again a day later."""
        assert row.user_id is not None
        settings = await self.store.settings(row.user_id)
        if not (settings.digest and settings.remind_on):
            await self.store.delete_reminder(row.id)
            return
        if in_quiet_hours(settings, now):
            await self._reschedule(row, next_allowed(settings, now))
            return
        lang = str(row.payload.get("language", "en"))
        games: list[str] = []
        lines = await self._waiting_lines(row.user_id, lang, now, games)
        if lines:
            text = fit_lines([t("rem.digest_head", lang, count=len(lines)), *lines],
                             [t("rem.digest_foot", lang)],
                             lambda count: t("rem.turns_more", lang, count=count))
            await self._courtesy_dm(row.user_id, Reply(
                text, Audience.DM, user_id=row.user_id, title=t("rem.digest_title", lang),
                # (a lock screen shows a line or two; thirty games passed Discord's limit)
                preview=clip_word(t("rem.digest_preview", lang, games=", ".join(games)),
                                  PREVIEW_CHARS)))
        due = next_allowed(settings, now + DIGEST_HOURS * 3600)
        await self.store.move_reminder(row.id, due, row.sent + 1, row.payload)

    async def _fire_watch(self, row: ReminderRow, now: float) -> None:
        """The board news a spectator's quiet hours held: the board as it is now."""
        assert row.user_id is not None and row.game_id is not None
        settings = await self.store.settings(row.user_id)
        if in_quiet_hours(settings, now):  # (their quiet hours changed meanwhile)
            await self._reschedule(row, next_allowed(settings, now))
            return
        reply = None
        if self.watch_board is not None and not settings.dms_closed:
            try:
                reply = await self.watch_board(row.game_id, row.user_id, row.payload)
            except Exception:  # a board that will not draw now will not draw later either
                log.exception("held board of game %s for %s failed", row.game_id, row.user_id)
        await self._send_held(row, reply, settings, now, "board")

    async def _fire_held(self, row: ReminderRow, now: float) -> None:
        """A hand or a run-out clock's choice held through its reader's quiet hours: it goes
        now if it is still news (the game runs, the hand was not played from, the clock is
        still run out), with retries as a turn DM has."""
        assert row.user_id is not None and row.game_id is not None
        settings = await self.store.settings(row.user_id)
        if in_quiet_hours(settings, now):  # (their quiet hours changed meanwhile)
            await self._reschedule(row, next_allowed(settings, now))
            return
        game = await self.store.game(row.game_id)
        reply = None
        if game is not None and game.status == "active" and not settings.dms_closed and \
                await self._still_seated(row):
            reply = await (self._hand_held(row, game) if row.kind == "hand"
                           else self._decide_dm(row, game))
        await self._send_held(row, reply, settings, now, row.kind)

    async def _send_held(self, row: ReminderRow, reply: Reply | None, settings: Settings,
                         now: float, what: str) -> None:
        """``reply``, the news ``row`` held through quiet hours (None: no longer news), to
        its reader; a failed send is tried again later as a turn DM is, up to
        ``MAX_FAILURES`` times, except to closed DMs. The row goes once it is done."""
        assert row.user_id is not None
        if reply is not None:
            try:
                await self.send_dm(row.user_id, reply)
            except Exception as error:
                if isinstance(error, DeliveryFailed) and error.closed_dms:
                    await self._remember_closed(settings)
                else:
                    failures = int(row.payload.get("failures", 0)) + 1
                    if failures < MAX_FAILURES:
                        await self.store.move_reminder(
                            row.id, now + retry_delay(failures), row.sent,
                            {**row.payload, "failures": failures})
                        return
                log.info("held %s of game %s to %s not delivered: %s", what,
                         row.game_id, row.user_id, error)
        await self.store.delete_reminder(row.id)

    async def _still_seated(self, row: ReminderRow) -> bool:
        """Whether the reader of held ``row`` still holds the seat it was held for (a row
        held before seats were kept with it: any seat of the game). Whoever lost the seat
        in the night must not read its hand in the morning."""
        assert row.game_id is not None
        held = row.payload.get("seat")
        return any(s.user_id == row.user_id and not s.is_ai and s.seat is not None and
                   (held is None or s.seat == held)
                   for s in await self.store.seats(row.game_id))

    async def _hand_held(self, row: ReminderRow, game: GameRow) -> Reply | None:
        """The held hand's DM, unless its owner moved in the game since (they saw it)."""
        held = float(row.payload.get("held_at", 0))
        if any(action.user_id == row.user_id and action.created_at > held
               for action in await self.store.actions(game.id)):
            return None
        # headed as at the deal: the hand only in the embed, the lock screen reads which
        # game (a row held before the heading was kept: in English)
        payload = row.payload
        return Reply(str(payload["text"]), Audience.DM, user_id=row.user_id,
                     title=str(payload.get("heading") or t("svc.hand_title", "en")),
                     preview=str(payload.get("preview") or hand_preview(
                         "en", _title(game.game_key), game.channel_id)))

    async def _decide_dm(self, row: ReminderRow, game: GameRow) -> Reply | None:
        """The morning DM of a player not pinged in their night by a move clock's run-out:
        whose clock, and where the choice is (the notice, once posted). None once the
        stalled seat moved or the others chose."""
        stalled = int(row.payload["stalled"])
        clock = next((other for other in await self.store.reminders(game.id, user_id=stalled)
                      if other.kind == "clock" and other.payload.get("expired")), None)
        if clock is None:
            return None
        link = channel_link(game.guild_id, game.channel_id)
        if clock.payload.get("notice_id"):
            link = f"{link}/{clock.payload['notice_id']}"
        lang = str(row.payload.get("language", "en"))
        text = t("rem.decide", lang, name=row.payload.get("name", ""),
                 title=row.payload.get("title", ""), hours=row.payload.get("hours", ""),
                 channel=game.channel_id, link=link)
        preview = t("rem.decide_preview", lang, name=row.payload.get("name", ""),
                    title=row.payload.get("title", ""), channel=game.channel_id)
        return Reply(text, Audience.DM, user_id=row.user_id, title=t("rem.clock_title", lang),
                     preview=preview)

    async def _courtesy_dm(self, user_id: int, reply: Reply) -> bool:
        """A digest or clock warning: sent once, never retried (the next one comes anyway);
        not attempted to a user whose DMs are known to be closed. Whether it went out."""
        settings = await self.store.settings(user_id)
        if settings.dms_closed:
            log.debug("%s to %s skipped: DMs closed", reply.title, user_id)
            return False
        try:
            await self.send_dm(user_id, reply)
        except DeliveryFailed as error:
            if error.closed_dms:
                await self._remember_closed(settings)
            log.info("%s to %s not delivered: %s", reply.title, user_id, error)
            return False
        except Exception as error:  # a courtesy: the clock runs out and the digest comes back
            log.info("%s to %s not delivered: %s", reply.title, user_id, error)
            return False
        return True

    async def _waiting_lines(self, user_id: int, lang: str, now: float,
                             games: list[str] | None = None) -> list[str]:
        """The digest's lines, one per game waiting on ``user_id``; each game's title and
        channel added to ``games`` too (the digest's lock-screen line)."""
        lines = []
        for game in await self.store.games_of_user(user_id, ("active",)):
            seats = await self.store.seats(game.id)
            mine = next((s for s in seats if s.user_id == user_id and not s.is_ai), None)
            if mine is not None and mine.seat in game.active_seats:
                link = channel_link(game.guild_id, game.channel_id)
                line = t("rem.digest_line", lang, title=_title(game.game_key),
                         phase=game.phase, link=link)
                left = await self._clock_left(game.id, user_id, lang, now)
                lines.append(f"{line}\n  {left}" if left else line)
                if games is not None:
                    games.append(t("rem.digest_preview_game", lang,
                                   title=_title(game.game_key), channel=game.channel_id))
        return lines

    async def _clock_left(self, game_id: int, user_id: int, lang: str, now: float) -> str:
        """A digest line's move clock: the time left, or that it ran out (the others may
        now choose); empty without a clock. The digest was the one notice of a digest
        reader, and it said no more than a title, a phase and a link."""
        clock = next((row for row in await self.store.reminders(game_id, user_id=user_id)
                      if row.kind == "clock"), None)
        if clock is None:
            return ""
        deadline = float(clock.payload["deadline"])
        if clock.payload.get("expired") or deadline <= now:
            return t("rem.digest_clock_out", lang)
        return t("rem.digest_clock", lang, hours=max(1, round((deadline - now) / 3600)))


def _title(key: str) -> str:
    try:
        import engine  # late: the registry loads engines on demand

        return engine.GAMES[key].title
    except Exception:
        return key


def _ended_dm(row: ReminderRow) -> Reply:
    """The DM of a game's end: how it ended for its reader, with the channel's link; for a
    game whose channel is gone (:meth:`Reminders.tell_gone`), its catalogue text; for a
    player whose seat was handed on (:meth:`Reminders.hold_unseated`), its DM."""
    if "text" in row.payload:  # a seat lost, held through quiet hours: as it was written
        return Reply(str(row.payload["text"]), Audience.DM, user_id=row.user_id,
                     title=row.payload.get("title"), preview=row.payload.get("preview"))
    lang = str(row.payload.get("language", "en"))
    if "key" in row.payload:
        return Reply(t(str(row.payload["key"]), lang, **dict(row.payload.get("params") or {})),
                     Audience.DM, user_id=row.user_id)
    line = str(row.payload["line"])
    link = channel_link(row.payload.get("guild_id"), int(row.payload["channel_id"]))
    return Reply(f"{line}\n{link}", Audience.DM, user_id=row.user_id,
                 title=t("rem.end_title", lang), preview=line)


def _payload(info: TurnInfo, expected: str, user_id: int | None = None,
             hand: str | None = None) -> dict[str, object]:
    # the title and the phase keep their catalogue keys, so each DM says them in its reader's
    # language
    payload: dict[str, object] = {
        "title": to_json(info.title), "phase": to_json(info.phase), "expected": expected,
        "guild_id": info.guild_id, "channel_id": info.channel_id,
        "language": info.languages.get(user_id, info.language) if user_id is not None
        else info.language}
    if hand:  # only on a new row: a refresh of a waiting player's row keeps what it has
        payload["hand"] = hand
    if user_id is not None:  # (always: a refresh replaces older news)
        payload["news"] = info.news.get(user_id, "")
        payload["task"] = info.tasks.get(user_id, "")
    return payload


def _hand(row: ReminderRow) -> str:
    """The hand a turn reminder carries: only its first DM, which went out with the deal
    (a later reminder would show a hand that may have changed since)."""
    return str(row.payload.get("hand") or "") if row.sent == 0 else ""


def _prompt_wait(row: ReminderRow) -> float | None:
    """Until when a new turn's first DM waits for its turn prompt, if it still does."""
    wait = row.payload.get("prompt_wait")
    if row.sent or wait is None or row.payload.get("prompt_id"):
        return None
    return float(wait)


def _jump(payload: dict) -> str:
    """Where a turn DM's link goes: the turn prompt, or the channel where none is known
    (a turn begun before prompts were reported, or a prompt that could not be posted)."""
    link = channel_link(payload.get("guild_id"), payload["channel_id"])
    return f"{link}/{payload['prompt_id']}" if payload.get("prompt_id") else link


def _fold_window(settings: Settings) -> float:
    """How soon a "still your turn" reminder must be due to go out in a turn DM now: at
    most half its player's interval, so that with /remind every 1 a new turn's DM does not
    list every other waiting game."""
    return min(TURN_FOLD_SECONDS, settings.every_hours * 3600 / 2)


def _stepped_lately(row: ReminderRow, settings: Settings, now: float) -> bool:
    """Whether its player made a step in this row's game within their interval: she is
    there (see :meth:`Reminders._put_off`), and a 'still' line for it reads as a mistake."""
    step = row.payload.get("stepped_at")
    return step is not None and now - float(step) < settings.every_hours * 3600


def _hand_dm(row: ReminderRow, hand: str) -> Reply:
    """The hand a turn row carried as a DM of its own, headed as the service heads one."""
    payload = row.payload
    lang = str(payload.get("language", "en"))
    head = t("svc.only_you_in", lang, title=payload.get("title"),
             channel=payload["channel_id"], phase=payload.get("phase"))
    lines = hand.split("\n")
    if lines[0] == t("svc.only_you_plain", lang):  # the heading a turn DM puts under a game
        lines = lines[1:]
    return Reply("\n".join([head, *lines]), Audience.DM, user_id=row.user_id,
                 title=t("svc.hand_title", lang),
                 preview=hand_preview(lang, payload.get("title"), payload["channel_id"]))


def hand_preview(lang: str, title: object, channel_id: int) -> str:
    """The lock-screen line of a DM with hidden news: which game, never the news itself (a
    phone showed "Hand: 24, 38, 43, 44, 52 / Coins: 0" to whoever looked at it)."""
    return t("svc.hand_preview", lang, title=title, channel=channel_id)


def fit_lines(lines: list[str], foot: list[str], more: Callable[[int], str],
              limit: int = DM_TEXT_LIMIT) -> str:
    """``lines`` and then ``foot`` as one text of at most ``limit`` characters: whole lines
    of ``lines`` as long as they fit, then ``more(n)`` for the ``n`` left out; the foot is
    always kept. A line alone longer than the limit is cut (the last guard)."""
    text = "\n".join([*lines, *foot])
    if len(text) <= limit:
        return text
    kept: list[str] = []
    for count, line in enumerate(lines):
        rest = [more(len(lines) - count - 1), *foot] if count + 1 < len(lines) else foot
        if len("\n".join([*kept, line, *rest])) > limit:
            break
        kept.append(line)
    text = "\n".join([*kept, more(len(lines) - len(kept)), *foot])
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _units(rows: list[ReminderRow], idle: set[int]) -> list[list[ReminderRow]]:
    """The claimed rows in firing order, idle notices first; each player's turn rows
    together (their one DM), every other row alone."""
    units: list[list[ReminderRow]] = []
    turns: dict[int | None, list[ReminderRow]] = {}
    for row in sorted(rows, key=lambda row: row.kind != "idle"):  # stable: due order
        if row.kind == "turn" and row.game_id not in idle:
            if row.user_id in turns:
                turns[row.user_id].append(row)
                continue
            turns[row.user_id] = [row]
            units.append(turns[row.user_id])
        else:
            units.append([row])
    return units


def _turn_dms(rows: list[ReminderRow]) -> list[tuple[list[ReminderRow], Reply]]:
    """The DMs for one player's due turn rows, each with the rows it says: one for all of
    them, each freshly dealt hand under its game's line (the DM goes to the hand's owner
    alone); a hand that would not fit in it whole comes in a DM of its own, never cut."""
    if len(rows) == 1:
        return [(rows, _turn_dm(rows[0]))]
    plain = [row for row in rows if not _hand(row)]
    handed: list[ReminderRow] = []
    alone: list[ReminderRow] = []
    for row in (row for row in rows if _hand(row)):
        if _turns_fit(plain, [*handed, row]):
            handed.append(row)
        else:
            alone.append(row)
    together = [*handed, *plain]
    dms = [(together, _turns_dm(plain, handed))] if len(together) > 1 else \
        [([row], _turn_dm(row)) for row in together]
    return dms + [([row], _turn_dm(row)) for row in alone]


def _turns_parts(plain: list[ReminderRow], handed: list[ReminderRow]
                 ) -> tuple[list[str], list[str], list[str], Callable[[int], str]]:
    """The grouped DM's fixed lines (heading, each hand under its game's line), the lines
    that may be left out, the foot, and what says how many were."""
    lang = str((plain or handed)[0].payload.get("language", "en"))
    fixed = [t("rem.turns_head", lang, count=len(plain) + len(handed))]
    for row in handed:
        fixed += [_turns_line(row, lang), *_news_lines(row), _hand(row)]
    return fixed, ["\n".join([_turns_line(row, lang), *_news_lines(row)]) for row in plain], \
        [t("rem.turns_foot", lang)], lambda count: t("rem.turns_more", lang, count=count)


def _news_lines(row: ReminderRow) -> list[str]:
    """A game's short news under its line in a DM for several games: a player whose turn
    an AI had played read of it nowhere (the one-game DM says the news whole)."""
    news = str(row.payload.get("news") or "")
    return [f"  {line}" for line in [_ran_out(row), *news.split("\n")] if line]


def _ran_out(row: ReminderRow) -> str:
    """That the reader's move clock in this row's game ran out, if it did (see
    :meth:`Reminders._ran_out_marked`)."""
    hours = row.payload.get("ran_out")
    return t("rem.clock_ran_out", str(row.payload.get("language", "en")), hours=hours) \
        if hours else ""


def _turns_fit(plain: list[ReminderRow], handed: list[ReminderRow]) -> bool:
    """Whether these hands fit in the grouped DM whole (its other lines may be left out)."""
    fixed, lines, foot, more = _turns_parts(plain, handed)
    least = [*fixed, *([more(len(lines))] if lines else []), *foot]
    return len("\n".join(least)) <= DM_TEXT_LIMIT


def _turns_line(row: ReminderRow, lang: str) -> str:
    payload = row.payload
    key = "rem.turns_line" if row.sent == 0 else "rem.turns_line_again"
    return t(key, lang, title=payload.get("title"), phase=payload.get("phase"),
             channel=payload["channel_id"], link=_jump(payload))


def _turns_dm(plain: list[ReminderRow], handed: list[ReminderRow]) -> Reply:
    """One DM for several games waiting on its reader: a line and a link each, and under
    the line of a game that dealt them a hand, that hand."""
    fixed, lines, foot, more = _turns_parts(plain, handed)
    head = "\n".join(fixed)
    text = "\n".join([head, fit_lines(lines, foot, more, DM_TEXT_LIMIT - len(head) - 1)])
    rows = [*handed, *plain]
    lang = str(rows[0].payload.get("language", "en"))
    games = ", ".join(t("rem.turns_preview_game", lang, title=row.payload.get("title"),
                        channel=row.payload["channel_id"]) for row in rows)
    return Reply(text, Audience.DM, user_id=rows[0].user_id,
                 title=t("rem.turn_title", lang),
                 preview=t("rem.turns_preview", lang, count=len(rows), games=games))


def _turn_dm(row: ReminderRow) -> Reply:
    payload = row.payload
    lang = str(payload.get("language", "en"))
    link = _jump(payload)
    key = "rem.turn_first" if row.sent == 0 else "rem.turn_again"
    expected = "\n".join(part for part in (_ran_out(row), _hand(row),
                                            payload.get("expected", "")) if part)
    text = t(key, lang, title=payload.get("title"), phase=payload.get("phase"),
             channel=payload["channel_id"], expected=expected, link=link)
    return Reply(text.replace("\n\n", "\n"), Audience.DM, user_id=row.user_id,
                 title=t("rem.turn_title", lang), preview=_turn_preview(row, lang))


def _turn_preview(row: ReminderRow, lang: str) -> str:
    """A turn DM's lock-screen line: the game, its channel, that it is the reader's turn
    and what to do, plain. The DM had only an embed, which a lock screen shows as nothing.
    The task is the public turn card's (the expected moves may name hidden cards); the
    phase where the game has no words for the step."""
    payload = row.payload
    todo = str(payload.get("task") or "") or say(payload.get("phase"), lang)
    key = "rem.turn_preview" if row.sent == 0 else "rem.turn_preview_again"
    return t(key, lang, title=payload.get("title"), channel=payload["channel_id"],
             todo=todo)
