"""The slash commands: each one defers, calls the tables service, and hands its Replies on.

No rule and no table logic lives here. ``Adapter`` turns an interaction into the service's
``Ctx`` and back; ``build_commands`` declares the command tree Discord shows.
"""

import asyncio
import contextlib
import dataclasses
import logging
import zoneinfo
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

import aiohttp
import discord
from discord import app_commands

import engine
from bot.discord.delivery import Delivery, with_retry
from bot.discord.keyed_locks import KeyedLocks
from bot.discord.log_context import game_of, where
from bot.discord.names import member_name, plain_name
from bot.i18n import fitted_label, t
from bot.replies import (
    STEP_CHOICE,
    Audience,
    Button,
    Reply,
    answers_question,
    asks_first,
    fitted,
    keeps_buttons,
    undo_request,
)
from engine.core import clip_word
from engine.text import msg, say, text_of

log = logging.getLogger(__name__)
STEP_ORIGINS = 500  # channel prompts remembered while their step menus are walked

AUTOCOMPLETE_LIMIT = 25
CHOICE_TEXT_LIMIT = 100
AUTOCOMPLETE_TIMEOUT = 2.0  # Discord waits 3 s for autocomplete answers
# A button or menu is deferred without a placeholder; a move that keeps the player waiting
# longer than this (AI seats thinking after it) shows "Rheinbot is typing…" in the channel,
# which Discord keeps up for 10 s or until the bot's next message there.
TYPING_AFTER = 0.8
TYPING_AGAIN = 8.0
ALREADY_ACKNOWLEDGED = 40060

Operation = Callable[[Any], Awaitable[list[Reply]]]

TROUBLE = t("adp.trouble")


# --- variants ------------------------------------------------------------------------------

class VariantError(ValueError):
    """A ``variants:`` text that does not fit the game's options; the message says why."""


TRUE_WORDS = {"true", "yes", "on", "1", "y"}
FALSE_WORDS = {"false", "no", "off", "0", "n"}


def describe_options(game: engine.Game) -> str:
    if not game.options:
        return msg("var.none", title=game.title)
    shown = [msg("var.item", name=o.name, hint=_value_hint(o), description=o.description)
             for o in game.options]
    return msg("var.list", title=game.title, options=shown)


def _value_hint(option: engine.Option) -> str:
    if option.type == "bool":
        return "true|false"
    if option.type == "choice":
        return "|".join(option.choices)
    return msg("var.number_hint")


def parse_variants(game: engine.Game, text: str | None) -> dict[str, Any]:
    """``"relax=true, rounds=3"`` -> ``{"relax": True, "rounds": 3}`` checked against options.

    A bare name switches an on/off variant on. Separators: commas, semicolons or spaces.
    """
    known = {option.name.lower(): option for option in game.options}
    result: dict[str, Any] = {}
    for token in _variant_tokens(text):
        name, sep, raw = token.replace(":", "=", 1).partition("=")
        option = known.get(name.strip().lower())
        if option is None:
            raise VariantError(msg("var.unknown", title=game.title, name=clip_word(name.strip()),
                                   options=describe_options(game)))
        if option.name in result:
            raise VariantError(msg("var.twice", name=option.name))
        result[option.name] = _variant_value(option, raw.strip() if sep else None)
    return result


def _variant_tokens(text: str | None) -> list[str]:
    cleaned = (text or "").replace(";", ",").replace(" = ", "=")
    return [t for chunk in cleaned.split(",") for t in chunk.split() if t]


def _variant_value(option: engine.Option, raw: str | None) -> Any:
    if option.type == "bool":
        word = "true" if raw is None else raw.lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise VariantError(msg("var.bool", name=option.name))
    if raw is None or raw == "":
        raise VariantError(msg("var.value", name=option.name, hint=_value_hint(option)))
    if option.type == "int":
        try:
            return int(raw)
        except ValueError:
            raise VariantError(msg("var.int", name=option.name, default=option.default)) from None
    for choice in option.choices:
        if choice.lower() == raw.lower():
            return choice
    raise VariantError(msg("var.choice", name=option.name, choices=list(option.choices)))


def variant_suggestions(game: engine.Game, typed: str, locale: object = "en"
                        ) -> list[tuple[str, str]]:
    """(label, completed text) pairs for the ``variants:`` autocomplete."""
    done, comma, last = typed.rpartition(",")
    prefix = f"{done}{comma} " if comma else ""
    used = {token.partition("=")[0].strip().lower() for token in _variant_tokens(done)}
    needle = last.strip().lower()
    out: list[tuple[str, str]] = []
    for option in game.options:
        if option.name.lower() in used:
            continue
        for value in _suggested_values(option):
            text = f"{option.name}={value}"
            if needle in text.lower():
                out.append((f"{text}: {say(option.description, locale)}",
                            (prefix + text).strip()))
    return out


def _suggested_values(option: engine.Option) -> Iterable[str]:
    if option.type == "bool":
        return ("true", "false")
    if option.type == "choice":
        return option.choices
    return (str(option.default),)


# --- choices -------------------------------------------------------------------------------

def _fit(text: str) -> str:
    # a choice's name is plain text: a player's name in it shows without its escapes
    return fitted_label(plain_name(text), CHOICE_TEXT_LIMIT) or "?"


def to_choices(pairs: Iterable[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """Autocomplete choices within Discord's limits: 25 at most, names and values <= 100.

    A value longer than 100 characters cannot be sent back by Discord at all, so it is left
    out (the player can still type the move).
    """
    choices: list[app_commands.Choice[str]] = []
    seen: set[str] = set()
    for label, value in pairs:
        if not value or len(value) > CHOICE_TEXT_LIMIT or value in seen:
            continue
        seen.add(value)
        choices.append(app_commands.Choice(name=_fit(label), value=value))
        if len(choices) == AUTOCOMPLETE_LIMIT:
            break
    return choices


def game_title(games: Mapping[str, engine.Game], key: str) -> str:
    try:
        return games[key].title or key
    except Exception:  # a game whose engine has not landed yet still gets its key listed
        return key


def game_choices(games: Mapping[str, engine.Game]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=_fit(game_title(games, key)), value=key) for key in games]


def ai_levels() -> tuple[str, ...]:
    try:
        from bot.service.ai import LEVELS
    except ImportError:
        return ("easy",)
    return tuple(LEVELS)


def find_game(games: Mapping[str, engine.Game], key: str | None) -> engine.Game | None:
    if not key:
        return None
    try:
        return games[key]
    except Exception:
        return None


PACE_CHOICES = [app_commands.Choice(name=name, value=name)
                for name in ("none", "24h", "48h", "72h")]
# /game log since: the values the service reads ("mine", "start")
LOG_SINCE_CHOICES = [app_commands.Choice(name="my last move", value="mine"),
                     app_commands.Choice(name="the start", value="start")]
LANGUAGE_CHOICES = [app_commands.Choice(name="English", value="en"),
                    app_commands.Choice(name="Deutsch", value="de")]


# --- the adapter ---------------------------------------------------------------------------

def service_ctx_type() -> type:
    from bot.service import Ctx  # imported late: the service module loads the engines
    return Ctx


THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                discord.ChannelType.news_thread)


def may_manage(permissions: discord.Permissions | None, channel: Any) -> bool:
    """A channel's moderators may end, kick and replace at any table: Manage Channels
    anywhere, and Manage Threads in a thread, which Discord lets its holder lock and delete
    (a thread moderator was refused /game abandon of a dead game in a thread)."""
    if permissions is None:
        return False
    in_thread = getattr(channel, "type", None) in THREAD_TYPES
    return bool(permissions.manage_channels or (in_thread and permissions.manage_threads))


async def _show_typing(channel: Any) -> None:
    """"Rheinbot is typing…" in ``channel`` after ``TYPING_AFTER`` and again every
    ``TYPING_AGAIN`` until cancelled. Cosmetic: any failure to show it is only logged."""
    if not isinstance(channel, discord.abc.Messageable):
        return
    await asyncio.sleep(TYPING_AFTER)
    while True:
        try:
            await channel.typing()
        except Exception as error:  # a dropped connection, a rate limit: not the move's
            log.debug("could not show typing: %s", error)
        await asyncio.sleep(TYPING_AGAIN)


# The version an over game's buttons are retired at: above any a game reaches.
OVER_VERSION = 2**62


class NoThreads(Exception):
    """The channel is of a kind that has no threads (a voice channel's chat)."""


class ChannelLocks(KeyedLocks):
    """One lock per channel, which holds one live game: held by a change from its service
    call through the delivery of its replies, so that the channel's posts follow the order
    of the changes. Without it a move whose AI seats were still thinking lost its commit to
    an undo made meanwhile and then posted the undone move and a board of a position that
    never stood, after the undo's post. Different channels never wait on each other; a
    stop waits while one is :meth:`busy`."""


class Adapter:
    """Binds interactions to the tables service and Replies to Discord messages."""

    def __init__(self, delivery: Delivery, service: Any = None,
                 ctx_type: Callable[..., Any] | None = None,
                 games: Mapping[str, engine.Game] = engine.GAMES) -> None:
        self.delivery = delivery
        self.service = service  # set by the client's setup_hook once the store is open
        # a step menu's channel prompt by the menu's id, while its player walks the steps
        # privately: it loses its menu once the move is made
        self._step_origins: dict[str, discord.Message] = {}
        self.games = games
        self._ctx_type = ctx_type
        self.locks = ChannelLocks()

    def ctx(self, interaction: discord.Interaction) -> Any:
        ctx_type = self._ctx_type or service_ctx_type()
        permissions = interaction.permissions
        locale = getattr(interaction.locale, "value", None) or "en"
        extra: dict[str, Any] = {}
        fields = getattr(ctx_type, "__dataclass_fields__", {})
        if "guild_locale" in fields:
            guild_locale = getattr(interaction.guild_locale, "value", None)
            extra["guild_locale"] = guild_locale if isinstance(guild_locale, str) else None
        if "message_id" in fields:  # a button's or menu's message (the service may edit it)
            message = getattr(interaction, "message", None)
            extra["message_id"] = message.id if message is not None else None
        return ctx_type(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            user_name=member_name(interaction.user),
            can_manage=may_manage(permissions, interaction.channel),
            locale=str(locale),
            **extra,
        )

    async def rematch(self, interaction: discord.Interaction) -> None:
        """``/game rematch``: the service checks and plans, we open a public thread off the
        channel (its parent when asked inside a thread) and the service seats the table there."""
        if not await self.defer(interaction, True):
            return
        if self.service is None:
            await self.delivery.deliver(interaction, [Reply(
                t("adp.no_service", interaction.locale), Audience.EPHEMERAL)])
            return
        ctx = self.ctx(interaction)
        seated = await self.service.seat_in_rematch(ctx)
        if seated is not None:  # the rematch there is, with a seat for this player of the game
            thread_id, replies = seated
            await self._post_in(thread_id, replies)
            await self.delivery.deliver(interaction, [r for r in replies if not r.is_public])
            return
        plan, refusal = await self.service.prepare_rematch(ctx)
        if plan is None:
            await self.delivery.deliver(interaction, refusal)
            return
        try:
            thread = await self.open_thread(interaction, plan.thread_name)
        except (discord.HTTPException, NoThreads) as error:
            log.warning("could not open a rematch thread: %s", error)
            key = "rematch.no_thread_kind" if isinstance(error, NoThreads) else \
                "rematch.no_thread"
            await self.delivery.deliver(interaction, [Reply(t(key, ctx.locale),
                                                            Audience.EPHEMERAL)])
            return
        replies = await self.service.rematch(dataclasses.replace(ctx, channel_id=thread.id),
                                             plan)
        if not any(reply.is_public for reply in replies):  # refused: no empty thread stays
            try:
                await thread.delete()
            except discord.HTTPException as error:
                log.warning("could not delete an unused rematch thread: %s", error)
        await self._post_in(thread.id, replies)
        private = [r for r in replies if not r.is_public]
        if not any(r.audience is Audience.EPHEMERAL for r in private):
            private.append(await self.service.rematch_link(plan, thread.id))
        await self.delivery.deliver(interaction, private)

    async def _post_in(self, channel_id: int, replies: list[Reply]) -> None:
        """The public ones of ``replies`` posted in ``channel_id``, a channel other than the
        interaction's (a rematch's thread)."""
        for reply in replies:
            if reply.is_public:
                await self.delivery.post_channel(channel_id, reply)

    async def open_thread(self, interaction: discord.Interaction, name: str) -> Any:
        channel = interaction.channel
        if isinstance(channel, discord.Thread) and channel.parent is not None:
            channel = channel.parent
        if isinstance(channel, discord.ForumChannel):
            # a forum's threads are its posts, which open with a message (and take no type):
            # a table in a forum post was told to get Create Public Threads, which it had
            made = await channel.create_thread(name=name, content=name,
                                               auto_archive_duration=10080)
            return made.thread
        create = getattr(channel, "create_thread", None)
        if create is None:  # a voice channel's chat
            raise NoThreads(type(channel).__name__)
        return await create(name=name, type=discord.ChannelType.public_thread,
                            auto_archive_duration=10080)

    async def run(self, interaction: discord.Interaction, operation: Operation,
                  ephemeral: bool = True, thinking: bool = True,
                  changes: bool = True) -> list[Reply] | None:
        """Defer, run one service operation, deliver its Replies; return them.

        The defer is ephemeral so that the caller's own notes (errors, hidden information)
        replace the "thinking..." placeholder; public posts go to the channel as messages.
        If Discord refuses even the defer, the operation is not run: the player sees the
        command fail and nothing has changed, so trying again is safe. An operation that
        may change the game (``changes``) runs and is delivered under its channel's lock
        (:class:`ChannelLocks`); a look (status, hand, log) does not wait on a slow AI run.
        """
        log.debug("interaction %s", where(interaction))  # ids only: never a move's words
        if not await self.defer(interaction, ephemeral, thinking):
            return None
        channel_id = interaction.channel_id
        held = self.locks.held(channel_id) if changes and channel_id is not None \
            else contextlib.nullcontext()
        async with held:
            return await self._run_held(interaction, operation, thinking,
                                        channel_id if changes else None)

    async def _run_held(self, interaction: discord.Interaction, operation: Operation,
                        thinking: bool, changing: int | None = None) -> list[Reply]:
        """``changing``: the channel whose lock is held, whose games this operation's
        posts announce when it moves them (a look marks nothing)."""
        before = await self._unannounced(changing)
        if self.service is None:
            replies = [Reply(t("adp.no_service", interaction.locale), Audience.EPHEMERAL)]
        else:
            try:
                work = operation(self.ctx(interaction))
                replies = await (work if thinking else self._typing_while(interaction, work))
            except Exception:
                log.exception("service operation failed (%s)",
                              where(interaction, await self._game_here(interaction)))
                replies = [Reply(t("adp.trouble", interaction.locale), Audience.EPHEMERAL)]
        # read before its posts go out: a change with no buttons (a kick) is marked too
        after = await self._unannounced(changing)
        announces = {game: version for game, version in after.items()
                     if before.get(game) != version}
        posted = await self.delivery.deliver(interaction, replies, placeholder=thinking,
                                             announces=announces)
        await self._note_requests(interaction, posted)
        if any(reply.is_public for reply in replies):
            await self._retire_if_over(interaction)
        return replies

    async def _game_here(self, interaction: discord.Interaction) -> int | None:
        """For an error's log line: the game of the button pressed, else the channel's."""
        store = getattr(self.service, "store", None)
        if game_of(interaction) is not None or store is None or interaction.channel_id is None:
            return game_of(interaction)
        try:
            row = await store.latest_game(interaction.channel_id)
        except Exception:  # the store failing is likely why the operation did: say the rest
            return None
        return row.id if row is not None else None

    async def _unannounced(self, channel_id: int | None) -> dict[int, int]:
        """The channel's games ahead of what it was told (game id -> version)."""
        store = getattr(self.service, "store", None)
        if channel_id is None or store is None:
            return {}
        try:
            return await store.unannounced_in(channel_id)
        except Exception:  # unmarked, the catch-up says it again: doubled, not lost
            log.exception("could not read what channel %s was told", channel_id)
            return {}

    async def _retire_if_over(self, interaction: discord.Interaction) -> None:
        """A game that just ended or was abandoned takes the buttons off its last prompts,
        as a newer prompt does: pressed, they could only say the game is over, yet they
        looked live."""
        over_here = getattr(self.service, "over_game_here", None)
        if over_here is None or interaction.channel_id is None:
            return
        try:
            game_id = await over_here(interaction.channel_id)
            if game_id is not None:  # any version of its buttons is older than this one
                await self.delivery._retire_older(Reply("", buttons=[
                    Button("-", f"rb:{game_id}:{OVER_VERSION}:over")]))
        except Exception:  # cosmetic: a press on them says the game is over
            log.exception("could not take the buttons off an ended game's prompts")

    async def _note_requests(self, interaction: discord.Interaction,
                             posted: list[tuple[Reply, Any]]) -> None:
        """Tell the service which message an undo request became: whoever ends its vote
        (a button, a typed vote, a move; in any process) shows the outcome there. A vote
        already over by then is shown over at once."""
        for reply, message in posted:
            agree = undo_request(reply)
            if agree is None or message is None:
                continue
            try:
                edits = await self.service.undo_posted(agree, message.id)
            except Exception:  # the request stands without it; only its post stays as it is
                log.exception("could not keep an undo request's message")
                continue
            await self.delivery.deliver(interaction, edits, placeholder=False)

    @staticmethod
    async def _typing_while(interaction: discord.Interaction,
                            work: Awaitable[list[Reply]]) -> list[Reply]:
        """``work``'s replies; while it takes longer than ``TYPING_AFTER``, the channel shows
        that the bot is at it (a press has no "thinking…" placeholder to show it). The
        indicator runs beside the work and never holds back or loses its answer."""
        shown = asyncio.create_task(_show_typing(interaction.channel))
        try:
            return await work
        finally:
            shown.cancel()

    async def defer(self, interaction: discord.Interaction, ephemeral: bool,
                    thinking: bool = True) -> bool:
        try:
            await with_retry(
                lambda: interaction.response.defer(ephemeral=ephemeral, thinking=thinking),
                self.delivery.policy,
            )
        except discord.InteractionResponded:
            return True
        except discord.HTTPException as error:
            if error.code == ALREADY_ACKNOWLEDGED:  # an earlier attempt did arrive
                return True
            log.warning("could not defer interaction: %s", error)
            return False
        return True

    def service_call(self, name: str) -> Operation:
        """An operation that calls ``service.<name>(ctx)`` (looked up when it runs)."""
        return lambda ctx: getattr(self.service, name)(ctx)

    async def refuse(self, interaction: discord.Interaction, text: str) -> None:
        """An immediate ephemeral answer for input we can reject without the service."""
        text = fitted(Reply(text, Audience.EPHEMERAL)).text  # one message: within 2,000
        await interaction.response.send_message(text, ephemeral=True)

    async def press(self, interaction: discord.Interaction, custom_id: str) -> None:
        """A turn-prompt button. Deferred without a placeholder; once the game has moved on
        (something public was posted, or the presser got the next step's buttons: a turn
        that goes on is told to its player alone) the pressed message loses its buttons.
        An undo request keeps them while its vote is open (the others still vote there) and
        loses them once it is over, also when the press came too late to count; so does a
        question's Yes, made or too late."""
        replies = await self.run(interaction, lambda ctx: self.service.press(ctx, custom_id),
                                 thinking=False)
        if replies is None or self.service is None:  # nothing ran: nothing to clear
            return
        vote_open = await self.service.undo_vote_open(custom_id)  # None: not an undo button
        if not keeps_buttons(custom_id, bool(vote_open)):
            over = vote_open is not None or answers_question(custom_id)
            await self._clear_used(interaction, replies, over=over)

    async def pick(self, interaction: discord.Interaction, custom_id: str,
                   values: list[str]) -> None:
        """A select menu's values, as one move; its message loses the menu as a pressed
        button's does. A step towards a move is answered privately with the next menu: the
        channel prompt it was picked on keeps its menu (the player may not finish the move
        there) until the move is made."""
        replies = await self.run(interaction,
                                 lambda ctx: self.service.pick(ctx, custom_id, values),
                                 thinking=False)
        if replies is None:  # Discord refused the defer: nothing ran, nothing to clear
            return
        if not custom_id.endswith(f":{STEP_CHOICE}"):
            await self._clear_used(interaction, replies)
            return
        # a step answers with the next menu under the same id; a move brings news or the
        # next prompt (a turn that goes on is told to its player alone); a refusal neither
        moved = any(reply.is_public or reply.buttons and not asks_first(reply) or
                    reply.picker is not None and reply.picker.custom_id != custom_id
                    for reply in replies)
        message = interaction.message
        private = message is not None and message.flags.ephemeral
        if not moved and not private and message is not None:
            if len(self._step_origins) >= STEP_ORIGINS:
                self._step_origins.pop(next(iter(self._step_origins)))
            self._step_origins[custom_id] = message
            # the same menu drawn again shows nothing picked, so the player can pick the
            # same first step again after leaving its private answer
            try:
                await interaction.edit_original_response(
                    view=discord.ui.View.from_message(message, timeout=None))
            except discord.HTTPException as error:
                log.debug("could not reset a step menu: %s", error)
        if moved or private:  # a private step's menu gives way to the next step's
            await self._clear_used(interaction, replies)
        origin = self._step_origins.pop(custom_id, None) if moved else None
        if origin is not None and origin != message:
            try:
                await origin.edit(view=None)
            except discord.HTTPException as error:  # cosmetic: stale picks are refused anyway
                log.debug("could not clear a step menu's prompt: %s", error)

    @staticmethod
    async def _clear_used(interaction: discord.Interaction, replies: list[Reply],
                          over: bool = False) -> None:
        """The used message loses its buttons and menu once something came of it, or when
        it is ``over`` whatever the press answered (an undo request whose vote ended)."""
        # (a question before a move that cannot be taken back leaves the prompt as it is:
        # the player may say no)
        pressed = interaction.message
        if pressed is not None and any(reply.edits == pressed.id for reply in replies):
            return  # it got its new text already, without buttons
        if over or any(reply.is_public or (reply.buttons or reply.picker) and not asks_first(reply)
               for reply in replies):
            try:
                await interaction.edit_original_response(view=None)
            except discord.HTTPException as error:  # cosmetic: stale clicks are refused anyway
                log.debug("could not clear the used buttons: %s", error)

    async def move_choices(self, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[str]]:
        return await self.choices(interaction, "move_choices", current)

    async def choices(self, interaction: discord.Interaction, asked: str,
                      current: str, *more: Any) -> list[app_commands.Choice[str]]:
        """An autocomplete's choices from the service's ``asked`` method (move_choices,
        colour_choices, seat_choices, topic_choices) for what the member has typed, and
        ``more`` the command's other options it needs."""
        if self.service is None:
            return []
        try:
            pairs = await asyncio.wait_for(
                getattr(self.service, asked)(self.ctx(interaction), current or "", *more),
                AUTOCOMPLETE_TIMEOUT,
            )
        except Exception:  # autocomplete must answer something, even on trouble
            log.exception("%s autocomplete failed", asked)
            return []
        return to_choices(pairs)


async def import_upload(adapter: Adapter, ctx: Any, file: discord.Attachment) -> list[Reply]:
    """``/game import`` once deferred: download, decode within bounds, open the table."""
    from bot.imports import BadExport, decode_export

    try:
        raw = await with_retry(file.read, adapter.delivery.policy)
        data = await asyncio.to_thread(decode_export, raw)
    except BadExport as error:
        return [Reply(say(text_of(error), ctx.locale), Audience.EPHEMERAL)]
    except (TimeoutError, discord.HTTPException, aiohttp.ClientError) as error:
        log.warning("could not download an import: %s", error)
        return [Reply(t("rhl18.import.download_failed", ctx.locale), Audience.EPHEMERAL)]
    return await adapter.service.import_18xx(ctx, data)


# --- the command tree ----------------------------------------------------------------------

def build_commands(adapter: Adapter) -> list[app_commands.Command | app_commands.Group]:
    """Every slash command, bound to ``adapter``."""
    return [
        _game_group(adapter),
        _play_command(adapter),
        _remind_group(adapter),
        _mygames_command(adapter),
        _rules_command(adapter),
        _stats_command(adapter),
    ]


def _game_group(adapter: Adapter) -> app_commands.Group:
    group = app_commands.Group(name="game", description="Create, join and run a game table",
                               guild_only=True)
    _add_table_commands(group, adapter)
    _add_view_commands(group, adapter)
    _add_control_commands(group, adapter)
    _add_social_commands(group, adapter)
    _add_server_commands(group, adapter)
    return group


def _add_server_commands(group: app_commands.Group, adapter: Adapter) -> None:
    # for every member: the games are public in their channels; a server had no way to see
    # them all, nor which table holds its players up
    @group.command(name="list", description="This server's running games and open lobbies "
                                            "(only you see it)")
    async def game_list(interaction: discord.Interaction) -> None:
        await adapter.run(interaction, adapter.service_call("server_games"), changes=False)


def _add_social_commands(group: app_commands.Group, adapter: Adapter) -> None:
    @group.command(name="rematch", description="Play the finished game again: same players "
                                               "and options, new thread")
    async def game_rematch(interaction: discord.Interaction) -> None:
        await adapter.rematch(interaction)

    @group.command(name="watch", description="Get the public board by DM after each phase")
    async def game_watch(interaction: discord.Interaction) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.watch(ctx, True))

    @group.command(name="unwatch", description="Stop the board DMs of this game")
    async def game_unwatch(interaction: discord.Interaction) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.watch(ctx, False))


def _stats_command(adapter: Adapter) -> app_commands.Command:
    @app_commands.command(name="stats", description="Games played and won in this server")
    @app_commands.describe(player="Show one player's record (default: the whole server)")
    @app_commands.guild_only()
    async def stats(interaction: discord.Interaction,
                    player: discord.User | None = None) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.stats(
            ctx, player.id if player else None, member_name(player) if player else None))

    return stats


def _add_table_commands(group: app_commands.Group, adapter: Adapter) -> None:
    levels = [app_commands.Choice(name=level, value=level) for level in ai_levels()]

    @group.command(name="new", description="Open a new game table in this channel or thread")
    @app_commands.describe(
        game="Which game to play",
        variants="Variant options, e.g. relax=true, rounds=3 (see /rules)",
        min_players="Fewest players needed to start",
        max_players="Most players who may join",
        pace="Move clock per turn (default: none)",
        language="Language of the table's posts (default: the server's)",
    )
    @app_commands.choices(game=game_choices(adapter.games), pace=PACE_CHOICES,
                          language=LANGUAGE_CHOICES)
    async def game_new(interaction: discord.Interaction, game: str,
                       variants: str | None = None,
                       min_players: app_commands.Range[int, 1, 10] | None = None,
                       max_players: app_commands.Range[int, 1, 10] | None = None,
                       pace: str | None = None, language: str | None = None) -> None:
        rules = find_game(adapter.games, game)
        if rules is None:
            await adapter.refuse(interaction, t("adp.not_installed", interaction.locale,
                                                game=repr(clip_word(game))))
            return
        try:
            options = parse_variants(rules, variants)
        except VariantError as error:
            await adapter.refuse(interaction, say(text_of(error), interaction.locale))
            return
        extra = {k: v for k, v in (("pace", pace), ("lang", language)) if v is not None}
        await adapter.run(interaction, lambda ctx: adapter.service.new(
            ctx, game, options, min_players=min_players, max_players=max_players, **extra))

    @game_new.autocomplete("variants")
    async def game_new_variants(interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        rules = find_game(adapter.games, getattr(interaction.namespace, "game", None))
        return [] if rules is None else to_choices(variant_suggestions(rules, current,
                                                                            interaction.locale))

    @group.command(name="join", description="Take a seat at this channel's table")
    @app_commands.describe(colour="The colour you would like (if it is still free)")
    async def game_join(interaction: discord.Interaction, colour: str | None = None) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.join(ctx, colour))

    @game_join.autocomplete("colour")
    async def game_join_colour(interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        # the table's own seat colours, named in its language (the service knows the game)
        return await adapter.choices(interaction, "colour_choices", current)

    @group.command(name="leave", description="Give up your seat before the game starts")
    async def game_leave(interaction: discord.Interaction) -> None:
        await adapter.run(interaction, adapter.service_call("leave"))

    @group.command(name="start", description="Start the game with the players seated")
    @app_commands.describe(order="Seat order: drawn at random, or as players joined")
    @app_commands.choices(order=[app_commands.Choice(name="random", value="random"),
                                 app_commands.Choice(name="as joined", value="joined")])
    async def game_start(interaction: discord.Interaction, order: str = "random") -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.start(ctx, order))

    @group.command(name="add-bot", description="Seat a computer player at this table")
    @app_commands.describe(level="How the computer player chooses its moves")
    @app_commands.choices(level=levels)
    async def game_add_bot(interaction: discord.Interaction, level: str = "normal") -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.add_bot(ctx, level))


def _add_view_commands(group: app_commands.Group, adapter: Adapter) -> None:
    @group.command(name="status", description="Whose turn it is and what they must do")
    async def game_status(interaction: discord.Interaction) -> None:
        await adapter.run(interaction, adapter.service_call("status"), changes=False)

    @group.command(name="board", description="Post the current board picture")
    @app_commands.describe(near="Zoom on the region around a hex, e.g. F9 (18Rhl)",
                           text="The whole board as text, for you alone (screen readers)")
    async def game_board(interaction: discord.Interaction, near: str | None = None,
                         text: bool = False) -> None:
        if text:
            await adapter.run(interaction, lambda ctx: adapter.service.board_text(ctx, near),
                              changes=False)
            return
        if near is None:
            await adapter.run(interaction, adapter.service_call("board"), changes=False)
            return
        await adapter.run(interaction, lambda ctx: adapter.service.board(ctx, near=near),
                          changes=False)

    @group.command(name="preview", description="See what a move would do, before you play it "
                                               "(only you)")
    @app_commands.describe(move="The move to preview; the list shows your legal moves")
    async def game_preview(interaction: discord.Interaction, move: str) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.preview(ctx, move),
                          changes=False)

    @game_preview.autocomplete("move")
    async def game_preview_move(interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        return await adapter.move_choices(interaction, current)

    @group.command(name="import", description="Open a table from an 18xx.games export (18Rhl)")
    @app_commands.describe(file="The game file downloaded from 18xx.games (.json)")
    async def game_import(interaction: discord.Interaction, file: discord.Attachment) -> None:
        from bot.imports import MAX_UPLOAD

        if file.size > MAX_UPLOAD:  # Discord says the size first: no download at all
            await adapter.refuse(interaction, say(msg("rhl18.import.too_big",
                                                      mib=MAX_UPLOAD // 2**20),
                                                  interaction.locale))
            return
        # Downloading and unpacking take longer than Discord's 3 seconds: after the defer.
        await adapter.run(interaction, lambda ctx: import_upload(adapter, ctx, file))

    @group.command(name="hand", description="Show your own hidden cards and pieces (only you)")
    async def game_hand(interaction: discord.Interaction) -> None:
        await adapter.run(interaction, adapter.service_call("hand"), changes=False)

    @group.command(name="log", description="The last moves of this game")
    @app_commands.describe(lines="How many lines (default 20, or all since your last move)",
                           since="Begin after your own last move, or at the first move",
                           start="Begin at this move number (the log numbers them)")
    @app_commands.rename(start="from")  # as /remind quiet: "from" is Python's
    @app_commands.choices(since=LOG_SINCE_CHOICES)
    async def game_log(interaction: discord.Interaction,
                       lines: app_commands.Range[int, 1, 100] | None = None,
                       since: str | None = None,
                       start: app_commands.Range[int, 1] | None = None) -> None:
        await adapter.run(interaction,
                          lambda ctx: adapter.service.log(ctx, lines, since, start),
                          changes=False)

    @group.command(name="export", description="Download this game as JSON (setup and moves)")
    async def game_export(interaction: discord.Interaction) -> None:
        await adapter.run(interaction, adapter.service_call("export"), changes=False)


def _add_control_commands(group: app_commands.Group, adapter: Adapter) -> None:
    @group.command(name="undo", description="Take back your last move, or ask the table to")
    async def game_undo(interaction: discord.Interaction) -> None:
        await adapter.run(interaction, adapter.service_call("undo"))

    @group.command(name="undo-vote", description="Agree or disagree to a pending undo")
    @app_commands.describe(agree="True to allow the undo, False to refuse it")
    async def game_undo_vote(interaction: discord.Interaction, agree: bool) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.vote_undo(ctx, agree))

    @group.command(name="abandon", description="End this game without a result")
    async def game_abandon(interaction: discord.Interaction) -> None:
        await adapter.run(interaction, adapter.service_call("abandon"))

    # a moderator's way out of a game an engine bug left stuck (bot.service.repair)
    @group.command(name="repair", description="Moderators: replay this game's moves with the "
                                              "current rules (frees a game a fixed bug left "
                                              "stuck)")
    @app_commands.describe(confirm="True switches the game to the replayed one (run it "
                                   "without first, to check)")
    async def game_repair(interaction: discord.Interaction, confirm: bool = False) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.repair(ctx, confirm))

    # an AI seat has no member to name as player: seat: names it (and any seat)
    @group.command(name="kick", description="Remove a player or an AI seat; a computer or "
                                            "another member takes the seat")
    @app_commands.describe(player="The player to remove",
                           seat="The seat to remove or hand on, AI seats too (its name or "
                                "colour)",
                           replacement="Who takes the seat (empty: a computer player)")
    async def game_kick(interaction: discord.Interaction, player: discord.User | None = None,
                        seat: str | None = None,
                        replacement: discord.User | None = None) -> None:
        if replacement is not None and replacement.bot:
            await adapter.refuse(interaction, t("adp.bot_account", interaction.locale))
            return
        await adapter.run(interaction, lambda ctx: adapter.service.kick(
            ctx, player.id if player else None,
            replacement.id if replacement else None,
            member_name(replacement) if replacement else None,
            seat=seat,
        ))

    @game_kick.autocomplete("seat")
    async def game_kick_seat(interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
        return await adapter.choices(interaction, "seat_choices", current)


def _play_command(adapter: Adapter) -> app_commands.Command:
    @app_commands.command(name="play", description="Make your move (pick from the list or "
                                                   "type the notation)")
    @app_commands.describe(move="Your move; the list shows your legal moves")
    @app_commands.guild_only()
    async def play(interaction: discord.Interaction, move: str) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.play(ctx, move))

    @play.autocomplete("move")
    async def play_move(interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
        return await adapter.move_choices(interaction, current)

    return play


def _remind_group(adapter: Adapter) -> app_commands.Group:
    group = app_commands.Group(name="remind", description="Your turn reminders by DM")

    @group.command(name="on", description="Get a DM when it is your turn")
    async def remind_on(interaction: discord.Interaction) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.remind(ctx, on=True))

    @group.command(name="off", description="Stop turn reminders")
    async def remind_off(interaction: discord.Interaction) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.remind(ctx, on=False))

    @group.command(name="every", description="How often to remind you while it is your turn")
    @app_commands.describe(hours="Hours between reminders (default 12)")
    async def remind_every(interaction: discord.Interaction,
                           hours: app_commands.Range[float, 1, 168]) -> None:
        await adapter.run(interaction,
                          lambda ctx: adapter.service.remind(ctx, every_hours=float(hours)))

    @group.command(name="after",
                   description="Get your turn DM some hours after the turn starts (0: at once)")
    @app_commands.describe(hours="Hours to wait before the first DM of a turn (0: at once)")
    async def remind_after(interaction: discord.Interaction,
                           hours: app_commands.Range[float, 0, 168]) -> None:
        await adapter.run(interaction,
                          lambda ctx: adapter.service.remind(ctx, delay_hours=float(hours)))

    @group.command(name="digest", description="One DM a day listing every game waiting for "
                                              "you, instead of one DM per game")
    @app_commands.describe(mode="on: a daily digest; off: one DM per game")
    @app_commands.choices(mode=[app_commands.Choice(name="on", value="on"),
                                app_commands.Choice(name="off", value="off")])
    async def remind_digest(interaction: discord.Interaction, mode: str) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.remind(
            ctx, digest=mode == "on"))

    @group.command(name="quiet", description="Hours of the day without reminders")
    @app_commands.describe(start="Quiet from this hour (0-23)", end="Until this hour (0-23)",
                           tz="Your time zone, e.g. Europe/Berlin")
    @app_commands.rename(start="from", end="to")
    async def remind_quiet(interaction: discord.Interaction,
                           start: app_commands.Range[int, 0, 23],
                           end: app_commands.Range[int, 0, 23],
                           tz: str | None = None) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.remind(
            ctx, quiet_from=start, quiet_to=end, tz=tz))

    @remind_quiet.autocomplete("tz")
    async def remind_quiet_tz(interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
        return to_choices((zone, zone) for zone in matching_zones(current))

    return group


def matching_zones(typed: str) -> list[str]:
    needle = typed.strip().lower().replace(" ", "_")
    zones = sorted(zoneinfo.available_timezones())
    starts = [z for z in zones if z.lower().startswith(needle)]
    inside = [z for z in zones if needle in z.lower() and z not in starts]
    return (starts + inside)[:AUTOCOMPLETE_LIMIT]


def _mygames_command(adapter: Adapter) -> app_commands.Command:
    @app_commands.command(name="mygames", description="Every game where it is your turn")
    async def mygames(interaction: discord.Interaction) -> None:
        await adapter.run(interaction, adapter.service_call("my_games"), changes=False)

    return mygames


def _rules_command(adapter: Adapter) -> app_commands.Command:
    @app_commands.command(name="rules", description="Rules help for a game")
    @app_commands.describe(game="Which game (default: this channel's game)",
                           topic="A topic, e.g. overview; empty shows the overview and lists the topics")
    @app_commands.choices(game=game_choices(adapter.games))
    async def rules(interaction: discord.Interaction, game: str | None = None,
                    topic: str | None = None) -> None:
        await adapter.run(interaction, lambda ctx: adapter.service.rules(ctx, game, topic),
                          changes=False)

    @rules.autocomplete("topic")
    async def rules_topic(interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[str]]:
        # the game picked, else the channel's (the service knows it), in the game's order
        return await adapter.choices(interaction, "topic_choices", current,
                                     getattr(interaction.namespace, "game", None))

    return rules
