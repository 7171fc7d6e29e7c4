"""The Discord front door: a thin discord.py client around the tables service.

``run()`` starts the bot (``rheinbot run``); ``sync()`` publishes the slash commands
(``rheinbot sync [--guild ID]``). Commands are never synced on start: Discord allows about
200 command creations a day per guild, and a restart loop would burn through them.

The gateway asks for the guilds intent only: slash commands, buttons and autocomplete arrive
without any intent, the guilds intent keeps the channel and thread cache that posts go to, and
players are pinged by their stored user id. (The default intents would also stream every
message, reaction and typing event of every server to the bot for nothing.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import signal
import socket
import sys
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands

from bot.discord.channel_gone import ChannelGone
from bot.discord.commands import Adapter, build_commands
from bot.discord.delivery import (
    ALLOWED_MENTIONS,
    Delivery,
    MoveButton,
    MovePicker,
    coalesce,
    one_dm_each,
)
from bot.discord.translator import CatalogueTranslator
from bot.i18n import t
from bot.replies import Audience, Reply
from engine.core import clip_word

log = logging.getLogger(__name__)

# With a shared database, how often the reminder task looks for rows other processes added.
SHARED_POLL_SECONDS = 30.0
# discord.py's names of the tasks that run an interaction's handler
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-", "discord.py: on_interaction")
# A stop's wait for work under way: within what hosts allow before they kill (Docker 10 s,
# Heroku 30 s), long enough for a move and its AI seats' run.
STOP_GRACE_SECONDS = 8.0
UPKEEP_SECONDS = 60.0  # how often the stuck AI turns and the write-ahead log are seen to
AI_STUCK_SECONDS = 60.0  # an AI turn this long untouched had its run stop: it is played
# ... unless older than this: one that failed all day fails for good (each start tries it
# again), and the idle games of a large bot are not read every minute
AI_STUCK_WINDOW = 86400.0

TOKEN_HELP = (
    "No Discord token: set DISCORD_TOKEN (see .env.example).\n"
    "Get one at https://discord.com/developers/applications -> New Application -> Bot -> "
    "Reset Token.\n"
    "Without a token you can still try every game: `rheinbot demo rhein` plays a whole game "
    "with computer players, `rheinbot play rhein` is hot-seat play in this terminal."
)


class ConfigError(ValueError):
    """A setting in the environment that cannot be used; the message says which and why."""


# --- settings ------------------------------------------------------------------------------

def intents() -> discord.Intents:
    """Only the guilds intent: what a slash-command bot needs (see the module's note)."""
    return discord.Intents(guilds=True)


def _int_list(text: str) -> list[int]:
    """``"0,1,2"`` or ``"0-3"`` or ``"0-1, 4"`` -> a sorted list of ints."""
    ids: set[int] = set()
    for piece in text.replace(" ", "").split(","):
        if not piece:
            continue
        first, dash, last = piece.partition("-")
        start, end = int(first), int(last) if dash else int(first)
        ids.update(range(start, end + 1))
    return sorted(ids)


def shard_options(env: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """``AutoShardedClient`` arguments from SHARD_COUNT and SHARD_IDS.

    Neither set: Discord's recommended count, all shards in this process. SHARD_COUNT alone:
    that many shards, all here. Both: only the listed shards; other processes run the rest,
    all on one shared database (``DATABASE_URL``, PostgreSQL). The state lives there and not
    in a process, so any process can serve any guild, DM commands (shard 0) see every game,
    each reminder is sent by one process (row leases), and changing the shard count moves
    nothing. Split processes on separate SQLite files would each see only part of it.
    """
    count_text = env.get("SHARD_COUNT", "").strip()
    ids_text = env.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT: the total number of shards.")
        return {}
    try:
        count = int(count_text)
        ids = _int_list(ids_text) if ids_text else list(range(count))
    except ValueError:
        raise ConfigError("SHARD_COUNT is a number and SHARD_IDS a list like 0,1 or 0-3.") \
            from None
    if count < 1:
        raise ConfigError("SHARD_COUNT must be at least 1.")
    outside = [shard for shard in ids if not 0 <= shard < count]
    if outside or not ids:
        raise ConfigError(f"SHARD_IDS must lie in 0..{count - 1}; got {ids_text!r}.")
    return {"shard_count": count, "shard_ids": ids}


def lease_owner(shard_ids: list[int] | None) -> str:
    """This process's name on the reminder rows it leases: host, pid, shards, a random tag
    (unique per start, so a restart never takes its predecessor's leases for its own)."""
    shards = ",".join(map(str, shard_ids)) if shard_ids else "all"
    return f"{socket.gethostname()}:{os.getpid()}:shards {shards}:{secrets.token_hex(4)}"


def dev_guild(env: Mapping[str, str] = os.environ) -> int | None:
    text = env.get("RHEINBOT_DEV_GUILD", "").strip()
    if not text:
        return None
    if not text.isdigit():
        raise ConfigError("RHEINBOT_DEV_GUILD must be a server (guild) id, a number.")
    return int(text)


def token_from_env(token: str | None = None, env: Mapping[str, str] = os.environ) -> str:
    found = (token or env.get("DISCORD_TOKEN", "")).strip()
    if not found:
        raise SystemExit(TOKEN_HELP)
    return found


def command_tree(client: discord.Client, adapter: Adapter) -> app_commands.CommandTree:
    """The slash command tree of ``client``, every command bound to ``adapter``."""
    tree = app_commands.CommandTree(client)
    for command in build_commands(adapter):
        tree.add_command(command)
    return tree


# --- the client ----------------------------------------------------------------------------

class RheinbotClient(discord.AutoShardedClient):
    """Slash commands, buttons and delivery; the tables service does everything else."""

    def __init__(self, *, start_services: bool = True, db_path: str | None = None,
                 **options: Any) -> None:
        super().__init__(intents=intents(), allowed_mentions=ALLOWED_MENTIONS, **options)
        self.start_services = start_services
        self.db_path = db_path or os.environ.get("RHEINBOT_DB", "rheinbot.sqlite3")
        self.delivery = Delivery(self)
        self.adapter = Adapter(self.delivery)
        self.gone = ChannelGone(lambda: self.adapter.service, self.delivery.send_dm)
        self.delivery.channel_gone = self.gone.deleted  # a kept post's 404 Unknown Channel
        self.tree = command_tree(self, self.adapter)
        self.tree.on_error = self.on_app_command_error
        self.store: Any = None
        self.reminders: Any = None
        self._outbox_task: asyncio.Task[None] | None = None
        self.catch_up_task: asyncio.Task[int] | None = None
        self._upkeep_task: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        # Buttons and select menus of every earlier prompt keep working after a restart.
        self.add_dynamic_items(MoveButton, MovePicker)
        # German command names and texts (also makes autocomplete choices localised).
        await self.tree.set_translator(CatalogueTranslator())
        if self.start_services:
            await self.open_services()

    async def open_store(self) -> None:
        """Open the database (``rheinbot run`` does so before it contacts Discord): a store
        that will not open raises :class:`bot.store.StoreUnavailable`, one line saying which
        and what to do, where a traceback (or "cannot reach Discord") said neither."""
        from bot.store import open_store_or_say, store_target

        # DATABASE_URL (PostgreSQL, shared by every process) wins over the SQLite file.
        target = store_target(path=self.db_path)
        self.store = await open_store_or_say(target)
        await log_store_opened(self.store, target)

    async def open_services(self) -> None:
        """Open the database (unless :meth:`open_store` did), the tables service and the
        reminder task."""
        from bot.service import TablesService
        from bot.service.catch_up import prepare
        from bot.service.reminders import (  # late: these load the engines and the store
            MAX_SLEEP,
            Reminders,
        )
        from bot.store import is_postgres, shown, store_target

        target = store_target(path=self.db_path)
        if self.store is None:
            await self.open_store()
        # Other processes may share a PostgreSQL database: poll for rows they add (a
        # process that dies before firing its own new rows leaves them to us) and say in
        # each lease which shards hold it.
        poll = SHARED_POLL_SECONDS if is_postgres(target) else MAX_SLEEP
        self.reminders = Reminders(self.store, send_dm=self.delivery.send_dm,
                                   post_channel=self.gone.watching(self.delivery.post_channel),
                                   clock=time.time,
                                   owner=lease_owner(self.shard_ids), poll_seconds=poll)
        self.reminders.forget_closed = self.delivery.closed_dms.discard
        self.delivery.prompt_posted = self.reminders.prompt_posted
        self.delivery.posts_out = self.reminders.posts_out
        self.reminders.links_prompts = True
        self.delivery.closed_in_store = self._dms_closed_in_store
        self.delivery.record_closed = self._record_closed_dms
        # Channel posts Discord would not take wait in the store, and a tick sends them
        # when no newer post to their channel does first.
        self.delivery.outbox = self.store
        await self.delivery.reclaim_outbox()  # what this run's predecessor left held
        self._outbox_task = asyncio.create_task(self.delivery.run_outbox(),
                                                name="rheinbot-outbox")
        self.adapter.service = TablesService(self.store, reminders=self.reminders)
        # A change committed just before the last run died never reached its channel
        # (bot.service.catch_up): its reminders are set right before they start (one due
        # meanwhile told the player who had moved "it is still your turn"), its posts go
        # out in the background, each game under its channel's lock.
        self.delivery.announced = self.store.mark_announced
        try:
            behind = await prepare(self.adapter.service, self._shard_has)
        except Exception:  # they wait for the next start; play goes on meanwhile
            log.exception("could not look for games to catch up")
            behind = []
        self.reminders.start()
        self.catch_up_task = asyncio.create_task(self._caught_up(behind),
                                                 name="rheinbot-catch-up")
        self._upkeep_task = asyncio.create_task(self._upkeep(), name="rheinbot-upkeep")
        log.info("services open on %s", shown(target))

    async def _caught_up(self, behind: list[Any]) -> int:
        """The catch-up's posts, then the AI seats whose turn it is play it (their run died
        with the last process): how many games were caught up."""
        from bot.service.catch_up import announce, resume_ai_turns
        done = await announce(self.adapter.service, behind,
                              self.gone.watching(self.delivery.post_channel),
                              self.adapter.locks.held, dm=self.delivery.send_dm)
        await resume_ai_turns(self.adapter.service, self.post_replies, self._shard_has,
                              self.adapter.locks.held)
        return done

    async def _upkeep(self) -> None:
        """Every ``UPKEEP_SECONDS``: AI turns that sat longer than ``AI_STUCK_SECONDS`` (a
        run stopped by an error) are played, and SQLite's write-ahead log is folded back
        into the database file (it otherwise grows while the bot runs, and a copy of the
        file alone missed every change since the start)."""
        from bot.service.catch_up import resume_ai_turns
        while True:
            await asyncio.sleep(UPKEEP_SECONDS)
            now = time.time()
            try:
                await resume_ai_turns(self.adapter.service, self.post_replies, self._shard_has,
                                      self.adapter.locks.held,
                                      updated_within=(now - AI_STUCK_WINDOW,
                                                      now - AI_STUCK_SECONDS))
                checkpoint = getattr(self.store, "checkpoint", None)
                if checkpoint is not None:
                    await checkpoint()
            except Exception:  # the next round tries again
                log.exception("upkeep round failed")

    async def post_replies(self, channel_id: int, replies: list[Reply]) -> None:
        """A change's replies made outside any interaction: public ones to the channel,
        private ones by DM (there is no caller to show an ephemeral note to)."""
        post = self.gone.watching(self.delivery.post_channel)
        for reply in coalesce(one_dm_each(replies)):
            try:
                if reply.edits is not None or reply.is_public:
                    await post(channel_id, reply)
                elif reply.audience is Audience.DM and reply.user_id is not None:
                    await self.delivery.send_dm(reply.user_id, reply)
            except Exception:  # one lost reply must not swallow the rest
                log.exception("could not deliver a %s reply in %s", reply.audience, channel_id)

    def _shard_has(self, row: Any) -> bool:
        """Whether this process serves the game's server (with SHARD_IDS, other processes
        catch up the rest); a game without a server counts as shard 0's."""
        if not self.shard_ids or not self.shard_count:
            return True
        shard = (row.guild_id >> 22) % self.shard_count if row.guild_id else 0
        return shard in self.shard_ids

    async def _dms_closed_in_store(self, user_id: int) -> bool:
        return bool((await self.store.settings(user_id)).dms_closed)

    async def _record_closed_dms(self, user_id: int) -> None:
        """A DM was refused with 50007: every process (and the reminders) should know."""
        settings = await self.store.settings(user_id)
        if not settings.dms_closed:
            await self.store.save_settings(replace(settings, dms_closed=True), time.time())

    async def close_services(self) -> None:
        if self._upkeep_task is not None:
            self._upkeep_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._upkeep_task
            self._upkeep_task = None
        if self.catch_up_task is not None:
            self.catch_up_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.catch_up_task
            self.catch_up_task = None
        if self._outbox_task is not None:
            self._outbox_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._outbox_task
            self._outbox_task = None
        self.delivery.outbox = None
        if self.reminders is not None:
            await self.reminders.stop()
        if self.store is not None:
            await self.store.close()
            self.store = None

    async def close(self) -> None:
        await self.close_services()
        await super().close()

    async def stop_gracefully(self, grace: float | None = None) -> None:
        """A host's stop (SIGTERM: every deploy and restart of a Procfile host): new
        interactions are no longer taken, those under way and a running AI or catch-up
        may finish for up to ``grace`` seconds, then the gateway, the tasks and the store
        close (SQLite folds its write-ahead log back in). Killed as if it crashed, the bot
        cut moves between their commit and their posts at every deploy."""
        grace = STOP_GRACE_SECONDS if grace is None else grace
        log.info("stopping: taking no new interactions, up to %.0f s for those under way",
                 grace)
        # Discord shows the player "did not respond", as while the bot is away; a change
        # begun now could be cut by the close
        self._connection.parsers["INTERACTION_CREATE"] = _not_taken
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        while self._busy() and loop.time() < deadline:
            await asyncio.sleep(0.05)
        if self._busy():
            log.warning("stopping with work still under way after %.0f s", grace)
        await self.close()
        log.info("stopped")

    def _busy(self) -> bool:
        """Whether an interaction's handler, a channel's change (an AI run among them) or
        the catch-up is under way."""
        if self.catch_up_task is not None and not self.catch_up_task.done():
            return True
        if self.adapter.locks.busy():
            return True
        return any(not task.done() and task.get_name().startswith(HANDLER_TASKS)
                   for task in asyncio.all_tasks())

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        # Option conversion and checks fail before our callbacks run: answer privately.
        log.warning("command error: %s", error)
        text = t("adp.trouble", interaction.locale)
        if isinstance(error, app_commands.NoPrivateMessage):
            text = t("adp.no_dm", interaction.locale)
        elif isinstance(error, app_commands.TransformerError):
            text = t("adp.bad_value", interaction.locale, value=clip_word(str(error.value)))
        elif isinstance(error, app_commands.CheckFailure):
            text = t("adp.not_allowed", interaction.locale)
        reply = Reply(text, Audience.EPHEMERAL)
        if interaction.response.is_done():
            await self.delivery.deliver(interaction, [reply])
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        if isinstance(channel, discord.TextChannel | discord.ForumChannel):  # threads went too
            await self.gone.threads_deleted(channel.guild.id, channel.id,
                                            lambda other: self.get_channel(other) is not None,
                                            self.fetch_channel)
        # after its threads: ending its own game forgets which threads were under it
        await self.gone.deleted(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.gone.deleted(payload.thread_id)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        # kicked, banned or the server deleted (an outage is on_guild_unavailable): its
        # games end as those of deleted channels do
        await self.gone.server_left(guild.id)

    # Which channel a game's thread belongs to, for a deletion of that channel: seen after
    # each command there (the one that opened its game), and as Discord archives it (when
    # discord.py forgets the thread) or opens it again.
    async def on_app_command_completion(self, interaction: discord.Interaction,
                                        command: Any) -> None:
        await self.gone.seen(interaction.channel)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        await self.gone.thread_seen(payload.thread_id, payload.parent_id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """First contact: one short welcome in the server's system channel, saying what the
        bot is, how to start a game and where an admin limits it. A bot added to a server
        said nothing at all; where it may not post there, it still says nothing."""
        channel = guild.system_channel
        if channel is None:
            return
        allowed = channel.permissions_for(guild.me)
        if not (allowed.view_channel and allowed.send_messages):
            return
        try:
            await channel.send(t("adp.welcome", str(guild.preferred_locale)),
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:  # a greeting is not worth an error
            log.info("could not post the welcome in server %s: %s", guild.id, error)

    async def on_ready(self) -> None:
        log.info("connected as %s on shards %s", self.user, self.shard_ids or "all")


async def log_store_opened(store: Any, target: str) -> None:
    """Where the games are and whether any are there: a host whose disk was wiped at a
    redeploy sees "created new and empty" at the next start, not silence."""
    from bot.store import shown

    counts = await store.game_counts()
    total = sum(counts.values())
    before = store.migrated_from
    if before == 0:
        log.info("database %s: created new and empty", shown(target))
        return
    upgraded = f", upgraded from schema {before}" if before is not None and \
        before < await store.schema_version() else ""
    live = sum(counts.get(status, 0) for status in ("lobby", "active"))
    log.info("database %s: holds %d game%s (%d open or under way)%s", shown(target), total,
             "" if total == 1 else "s", live, upgraded)


def _not_taken(data: Any) -> None:
    """An interaction arriving while the bot stops: left unanswered."""
    log.info("stopping: an interaction was not taken")


# --- entry points for bot/cli.py -----------------------------------------------------------

def make_client(env: Mapping[str, str] = os.environ) -> RheinbotClient:
    """The client ``rheinbot run`` starts: shards and database from the environment."""
    try:
        shards = shard_options(env)
    except ConfigError as error:
        raise SystemExit(f"Rheinbot cannot start: {error}") from None
    quiet_voice_warnings()  # discord.py says them as a client is made
    return RheinbotClient(db_path=env.get("RHEINBOT_DB") or None, **shards)


async def serve(client: discord.Client, secret: str) -> None:
    """Log in, connect the gateway and serve until the client is closed."""
    async with client:
        await client.start(secret)


async def _serving(client: RheinbotClient, secret: str,
                   unlocked: OSError | None = None) -> None:
    """The store opened, then :func:`serve`, SIGTERM and SIGINT stopping it gracefully
    (:meth:`RheinbotClient.stop_gracefully`). ``unlocked``: why the SQLite file could not
    be locked against a second process, said once the store is known to open (a missing
    directory is the store's one line, not a warning first)."""
    await client.open_store()  # before Discord: a database problem is said as one
    if unlocked is not None:
        log.warning("could not lock %s against a second process: %s",
                    client.store.path, unlocked)
    try:
        await _serving_open(client, secret)
    finally:
        if client.store is not None:  # a failed login never reached the client's close
            await client.close_services()


async def _serving_open(client: RheinbotClient, secret: str) -> None:
    stopping: list[asyncio.Task[None]] = []

    def stop() -> None:
        if not stopping:
            stopping.append(asyncio.create_task(client.stop_gracefully(),
                                                name="rheinbot-stop"))
        for signum in (signal.SIGTERM, signal.SIGINT):  # a second one stops at once
            loop.remove_signal_handler(signum)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers
            loop.add_signal_handler(signum, stop)
    await serve(client, secret)
    if stopping:
        await stopping[0]


def run(token: str | None = None) -> None:
    """Run the bot until stopped (``rheinbot run``)."""
    from bot.store import check_target, is_postgres, store_target
    from bot.store.process_lock import LockHeld, hold, release

    secret = token_from_env(token)
    configure_logging()
    client = make_client()
    target = store_target(path=client.db_path)
    check_target(target)  # a URL not PostgreSQL's is no file name to lock (nor to log)
    unlocked = None
    try:
        lock = None if is_postgres(target) or target == ":memory:" else hold(target)
    except LockHeld as held:
        raise SystemExit(
            f"Rheinbot cannot start: {held.path.removesuffix('.lock')} is in use by another "
            f"Rheinbot process ({held.holder or 'host and pid unknown'}). Two processes on "
            "one SQLite file answer players differently; stop the other one first (or "
            "share a PostgreSQL database between processes: DATABASE_URL).") from None
    except OSError as error:  # no lock file there (a read-only directory): the store says more
        unlocked, lock = error, None
    try:
        # Not client.run(): discord.py's own handler logs only its own lines, to stderr.
        asyncio.run(_serving(client, secret, unlocked))
    except KeyboardInterrupt:
        return
    finally:
        release(lock)


async def sync(guild_id: int | None = None) -> None:
    """Publish the slash commands (``rheinbot sync [--guild ID]``).

    With a guild (or RHEINBOT_DEV_GUILD) the commands are copied to that server, where they
    show at once: the way to try changes. Without, they go out globally.
    """
    secret = token_from_env()
    try:
        target = guild_id or dev_guild()
    except ConfigError as error:
        raise SystemExit(f"Cannot sync: {error}") from None
    # A plain client: syncing is one HTTP call, no gateway, no shards, no database.
    client = discord.Client(intents=intents())
    tree = command_tree(client, Adapter(Delivery(client)))
    async with client:
        await client.login(secret)
        await tree.set_translator(CatalogueTranslator())  # German names and descriptions
        if target is None:
            synced = await tree.sync()
            where = "globally (Discord may take a while to show them everywhere)"
        else:
            guild = discord.Object(id=target)
            tree.copy_global_to(guild=guild)
            synced = await tree.sync(guild=guild)
            where = f"to server {target}"
    print(f"Synced {len(synced)} commands {where}: " + ", ".join(c.name for c in synced))


LOG_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"


def log_level(env: Mapping[str, str] = os.environ) -> int:
    """LOG_LEVEL (or the older RHEINBOT_LOG_LEVEL); INFO when unset or not a level name."""
    name = env.get("LOG_LEVEL", "").strip() or env.get("RHEINBOT_LOG_LEVEL", "").strip()
    return logging.getLevelNamesMapping().get(name.upper(), logging.INFO)


OWN_LOGGERS = ("bot", "engine", "render", "bench")


def _not_about_voice(record: logging.LogRecord) -> bool:
    # "PyNaCl is not installed, voice will NOT be supported" (and davey's): the bot joins
    # no voice channel, and two WARNINGs at every start read as something to fix
    return "voice will NOT be supported" not in record.getMessage()


def quiet_voice_warnings() -> None:
    client_log = logging.getLogger("discord.client")
    if _not_about_voice not in client_log.filters:
        client_log.addFilter(_not_about_voice)


def configure_logging(env: Mapping[str, str] = os.environ,
                      stream: Any = None) -> logging.Handler:
    """Every log line (the bot's and discord.py's) with time, level and logger on standard
    output, which is what Procfile hosts collect. Returns the handler it installed."""
    level = log_level(env)
    handler = logging.StreamHandler(stream or sys.stdout)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "rheinbot", False)]:
        root.removeHandler(old)
    handler.rheinbot = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    # Only our own code speaks at DEBUG. Libraries' DEBUG lines carry what must not reach a
    # host's log: aiosqlite's and asyncpg's are each query with its values (every saved game
    # with its hands and deck, every reminder with its hand), discord.py's whole gateway payloads.
    root.setLevel(max(level, logging.INFO))
    for name in OWN_LOGGERS:
        logging.getLogger(name).setLevel(level)
    quiet_voice_warnings()
    return handler
