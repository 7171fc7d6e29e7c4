"""Turning Replies into Discord messages, with retries that never post twice.

The service has already committed a move when its Replies reach this module, so nothing here
may call the service again: a failed post is retried (the same message nonce each time, so
Discord itself drops a duplicate if an earlier attempt did arrive), and what still cannot be
posted is reported to the player instead of being lost silently.
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import io
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

import aiohttp
import discord

from bot.discord.channel_gone import unknown_channel
from bot.discord.keyed_locks import KeyedLocks
from bot.discord.log_context import where
from bot.discord.names import plain_name
from bot.i18n import t
from bot.replies import (
    BUTTON_LABEL_LIMIT,
    HAND_BUTTON,
    MENU_CHOICES,
    UNDO_AGREE,
    UNDO_REFUSE,
    Attachment,
    Audience,
    Button,
    DeliveryFailed,
    Picker,
    Reply,
    fitting_picker,
    text_limit,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

# Discord's limits (https://discord.com/developers/docs/resources/message).
CONTENT_LIMIT = 2000
EMBED_DESCRIPTION_LIMIT = 4096
EMBED_TITLE_LIMIT = 256
BUTTONS_PER_MESSAGE = 25
LIVE_GAMES = 1000  # games whose posts with buttons a process remembers (about 1 KB each)
CLOSED_DMS = 50007  # "Cannot send messages to this user"
# The interaction's webhook is gone: its 15-minute token ran out (401 50027), or Discord no
# longer knows the webhook (404 10015) or the interaction (404 10062).
EXPIRED_CODES = {50027, 10015, 10062}
TOO_LARGE = 413  # "Request entity too large": a file over Discord's upload limit
TOO_LARGE_NOTE = "(The picture was too large for Discord; /game board tries again.)"

BUTTON_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}

# Mentions in game posts ping the named players, never @everyone or a role.
# Who a message may notify when it does not say: no one. A post's pings are the mentions the
# bot wrote in it (:func:`allowed_mentions`); with users=True, any "<@id>" in its text
# notified, a display name written as a mention of someone outside the game included.
ALLOWED_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=False)

MISSING_PERMISSION_NOTICE = "dlv.missing_permission"
# What a game post needs in its channel, as discord.Permissions attributes, each with the
# catalogue key of its name in Discord's settings (a thread wants its own Send permission).
POST_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "attach_files")
THREAD_SEND = "send_messages_in_threads"
# Commands (English qualified names) that only show something: a refused post of theirs
# changed nothing, so the notice does not say "Your action was saved".
SHOWING_COMMANDS = frozenset({"game status", "game board", "game preview", "game hand",
                              "game log", "game export", "mygames", "rules", "stats"})

MENUS = "(?:" + "|".join(MENU_CHOICES) + ")"  # the ids' last parts of our select menus


POST_FAILED_NOTICE = "dlv.post_failed"
REPLY_LOST_NOTICE = "dlv.reply_lost"

# The channel outbox (see :class:`Outbox`): how long one process may hold a channel's kept
# posts while it posts them, how often they are tried again without a newer post, and how
# old a kept post may grow before it is given up (the game has moved on by then).
OUTBOX_LEASE = 120.0
# The longest one message of a kept post may take, its retries included: renewed before
# each message, the lease then still holds when a send that hung is given up, so no other
# process posts the same rows meanwhile.
OUTBOX_SEND_CAP = 90.0
OUTBOX_SECONDS = 60.0
OUTBOX_DAYS = 7.0
ALL_PARTS = 1 << 30  # a kept post's "messages sent" once it is done with (sent or given up)

# What a send can raise once its retries are spent.
SENDING_ERRORS = (discord.HTTPException, discord.RateLimited, aiohttp.ClientError,
                  asyncio.TimeoutError, ConnectionError)


# --- the turn-prompt buttons ---------------------------------------------------------------

class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"rb:(?P<game>[^:]+):(?P<version>\d+):(?P<choice>(?!{MENUS}$).+)",
):
    """A button whose custom id carries the game, the state version and the choice.

    It works after a restart (registered with ``Client.add_dynamic_items``) and holds no state
    of its own: the whole custom id goes to ``TablesService.press``, which refuses a click
    made on an old board.
    """

    def __init__(self, custom_id: str, label: str = "\u2026", style: str = "secondary") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:BUTTON_LABEL_LIMIT],
                custom_id=custom_id,
                style=BUTTON_STYLES.get(style, discord.ButtonStyle.secondary),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> MoveButton:
        return cls(item.custom_id or match.group(0), label=item.label or "\u2026")

    async def callback(self, interaction: discord.Interaction) -> None:
        adapter = getattr(interaction.client, "adapter", None)
        if adapter is None:  # a click that reached a client without the Rheinbot adapter
            return
        await adapter.press(interaction, self.custom_id)


class MovePicker(
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"rb:(?P<game>[^:]+):(?P<version>\d+):{MENUS}",
):
    """A select menu whose picked values make one move; like :class:`MoveButton` it holds
    no state and works after a restart: ``TablesService.pick`` reads the id and values."""

    def __init__(self, custom_id: str, picker: Picker | None = None) -> None:
        # labels are plain text: a name's escapes (bot.discord.names) would show as written
        options = [discord.SelectOption(label=plain_name(label), value=value)
                   for label, value in (picker.options if picker else ())]
        count = picker.count if picker else 1
        super().__init__(discord.ui.Select(
            custom_id=custom_id,
            placeholder=plain_name(picker.placeholder) if picker else None,
            min_values=count, max_values=count,
            options=options or [discord.SelectOption(label="\u2026")]))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> MovePicker:
        return cls(item.custom_id or match.group(0))

    async def callback(self, interaction: discord.Interaction) -> None:
        adapter = getattr(interaction.client, "adapter", None)
        if adapter is None:
            return
        await adapter.pick(interaction, self.custom_id, list(self.item.values))


def build_view(buttons: list[Button], picker: Picker | None = None) -> discord.ui.View | None:
    """A persistent view (no timeout) with at most 25 buttons, five to a row; a select menu
    takes a row of its own, the last."""
    picker = fitting_picker(picker)  # a background post (a reminder, a DM) skips fitted()
    if not buttons and picker is None:
        return None
    room = BUTTONS_PER_MESSAGE - (5 if picker is not None else 0)
    view = discord.ui.View(timeout=None)
    for position, button in enumerate(buttons[:room]):
        item: discord.ui.Item = _button_item(button)
        item.row = position // 5
        view.add_item(item)
    if len(buttons) > room:
        log.warning("dropped %d buttons over Discord's limit", len(buttons) - room)
    if picker is not None:
        select = MovePicker(picker.custom_id, picker)
        select.row = (min(len(buttons), room) + 4) // 5
        view.add_item(select)
    return view


def _button_item(button: Button) -> discord.ui.Item:
    # a label is plain text: "Offer Mr\_Bean …" showed its backslash (bot.discord.names)
    button = replace(button, label=plain_name(button.label))
    if MoveButton.__discord_ui_compiled_template__.fullmatch(button.custom_id):
        return MoveButton(button.custom_id, button.label, button.style)
    # Not routable after a restart; still shown, and answered while this process lives.
    log.warning("button custom id %r does not match the rb: template", button.custom_id)
    return discord.ui.Button(
        label=button.label[:BUTTON_LABEL_LIMIT],
        custom_id=button.custom_id[:100],
        style=BUTTON_STYLES.get(button.style, discord.ButtonStyle.secondary),
    )


# --- one Reply as one or more Discord messages ---------------------------------------------

@dataclass
class Part:
    """One Discord message of a Reply. Files and buttons ride on the last part."""

    content: str | None = None
    title: str | None = None
    description: str | None = None
    attachments: list[Attachment] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    picker: Picker | None = None
    # Same nonce on every attempt: Discord then refuses to create the message twice.
    nonce: int = field(default_factory=lambda: secrets.randbits(63))
    pings: tuple[int, ...] | None = None  # see Reply.pings

    def kwargs(self, *, channel: bool) -> dict[str, Any]:
        """Fresh keyword arguments for ``send`` (a discord.File can be sent only once)."""
        out: dict[str, Any] = {"allowed_mentions": allowed_mentions(
            self.pings if self.pings is not None else written_mentions(self.content or ""))}
        if self.content:
            out["content"] = self.content
        if self.title is not None:
            out["embed"] = self._embed()
        if self.attachments:
            out["files"] = [
                discord.File(io.BytesIO(a.data), filename=a.filename,
                             description=a.description or None) for a in self.attachments
            ]
        view = build_view(self.buttons, self.picker)
        if view is not None:
            out["view"] = view
        if channel:
            out["nonce"] = self.nonce
        return out

    def without_files(self, note: str) -> Part:
        """The same message without its attachments (a fresh nonce: it is a new message)."""
        if self.title is not None:
            return Part(title=self.title, buttons=self.buttons, picker=self.picker,
                        pings=self.pings,
                        description=_append(self.description, note, EMBED_DESCRIPTION_LIMIT))
        return Part(content=_append(self.content, note, CONTENT_LIMIT), buttons=self.buttons,
                    picker=self.picker, pings=self.pings)

    def _embed(self) -> discord.Embed:
        embed = discord.Embed(title=(self.title or "")[:EMBED_TITLE_LIMIT],
                              description=self.description or None)
        pictures = [a for a in self.attachments if a.filename.lower().endswith(".png")]
        if len(pictures) == 1:  # the board inside the embed reads better on a phone
            embed.set_image(url=f"attachment://{pictures[0].filename}")
        return embed


def allowed_mentions(pings: tuple[int, ...] | None) -> discord.AllowedMentions:
    """Mentions notify only the users in ``pings`` (None: no one; :meth:`Part.kwargs`
    passes the mentions the bot wrote when a Reply names no pings)."""
    if pings is None:
        return ALLOWED_MENTIONS
    return discord.AllowedMentions(everyone=False, roles=False,
                                   users=[discord.Object(id=user) for user in pings])


def _append(text: str | None, note: str, limit: int) -> str:
    if not text:
        return note
    return f"{text[: limit - len(note) - 1]}\n{note}"


def split_text(text: str, limit: int) -> list[str]:
    """Split at line breaks into pieces of at most ``limit`` characters."""
    pieces: list[str] = []
    current = ""
    for line in text.splitlines(keepends=True):
        while len(line) > limit:  # one very long line: cut it hard
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) > limit:
            pieces.append(current)
            current = ""
        current += line
    if current:
        pieces.append(current)
    return [piece.rstrip("\n") for piece in pieces if piece.strip()]


def reply_parts(reply: Reply) -> list[Part]:
    """The messages one Reply needs: long texts become several, files come last."""
    limit = EMBED_DESCRIPTION_LIMIT if reply.title else CONTENT_LIMIT
    chunks = split_text(reply.text or "", limit) or [""]
    parts: list[Part] = []
    for index, chunk in enumerate(chunks):
        if reply.title:
            title = reply.title if index == 0 else f"{reply.title} (continued)"
            # a DM has one reader: a mention copied to its content notifies nobody else
            # and made "<@Bert>" the preview of Anna's "Your turn"; its plain preview line
            # is what the lock screen shows (an embed alone read as an empty push)
            content = (reply.preview if index == 0 else None) \
                if reply.audience is Audience.DM else _notifying(chunk, reply.pings)
            parts.append(Part(content=content, title=title, description=chunk))
        else:
            parts.append(Part(content=chunk))
    parts[-1].attachments = list(reply.files)
    parts[-1].buttons = list(reply.buttons)
    parts[-1].picker = reply.picker
    for part in parts:
        part.pings = reply.pings
    return [p for p in parts if p.content or p.title or p.attachments or p.buttons]


# a mention the bot wrote: not one escaped ("\\<@1>", a player's name that reads as one)
MENTION = re.compile(r"(?<!\\)<@!?(\d+)>")


def written_mentions(text: str) -> tuple[int, ...]:
    """The users ``text`` mentions, each once: whom a post without its own pings notifies."""
    return tuple(dict.fromkeys(int(user) for user in MENTION.findall(text)))


def _notifying(description: str, pings: tuple[int, ...] | None) -> str | None:
    """The mentions in an embed's text, for the message's content: Discord notifies no one
    mentioned in an embed, so a player knocked out in a line that rode on the board post
    was never told (a review found one)."""
    users = [int(user) for user in dict.fromkeys(MENTION.findall(description))
             if pings is None or int(user) in pings]
    return " ".join(f"<@{user}>" for user in users) or None


def coalesce(replies: list[Reply]) -> list[Reply]:
    """Join neighbouring plain texts for the same audience into one message.

    A move line followed by the next turn prompt becomes one post: half the messages, so
    busy channels stay further from Discord's rate limits. Titled Replies (embeds) and
    Replies that already carry files or buttons keep their own message. A channel post
    that notifies someone starts with the line that does (:func:`ping_first`).
    """
    joined: list[Reply] = []
    for reply in replies:
        previous = joined[-1] if joined else None
        if previous is not None and _joinable(previous, reply):
            joined[-1] = Reply(f"{previous.text}\n{reply.text}", reply.audience, reply.user_id,
                               files=list(reply.files), buttons=list(reply.buttons),
                               picker=reply.picker,
                               pings=previous.pings if _mentions(previous) else reply.pings)
        else:
            joined.append(reply)
    return [ping_first(reply) for reply in joined]


def ping_first(reply: Reply) -> Reply:
    """A channel post with a call to act (a turn prompt, "<@1> <@2>: your turn in …"), with
    that line first, whoever it pings: a push shows a message's first hundred characters or
    so, and a player pinged for their turn read a run of another player's moves there
    ("**Bert** (yellow) mortgages truck A (+6) · repays …"), their turn cut off behind it.
    Every other line keeps its place: a pinged alert moved up put Phase 6's bankruptcy
    above Phase 2's moves, and the order changed from post to post with who was pinged."""
    if reply.audience is not Audience.CHANNEL or reply.title is not None or \
            reply.edits is not None:
        return reply
    lines = reply.text.split("\n")
    calls = [index for index, line in enumerate(lines) if CALL.match(line)]
    if not calls or calls[0] == 0:
        return reply
    first = lines.pop(calls[0])
    return dataclasses.replace(reply, text="\n".join([first, *lines]))


# a line that calls players to act: their mentions, then a colon
CALL = re.compile(r"^(?:<@!?\d+>\s*)+:\s")


CHANNEL = re.compile(r"<#(\d+)>")


def plain_channels(text: str, name_of: Callable[[int], str | None]) -> str:
    """``text`` with each ``<#id>`` as ``#name`` (a lock screen shows the raw id); one
    whose name is not known is left as it is (the app still shows it as a link)."""
    def named(match: re.Match[str]) -> str:
        name = name_of(int(match.group(1)))
        return f"#{name}" if name else match.group(0)
    return CHANNEL.sub(named, text)


def one_dm_each(replies: list[Reply]) -> list[Reply]:
    """A later DM to a user joined onto their first one where Discord's limits allow: the
    first player of a Trödler table got "your turn" and their hand as two DMs, two
    notifications, at the same moment. Files and buttons keep a DM apart."""
    out: list[Reply] = []
    first: dict[int | None, int] = {}  # user -> index in ``out`` of their first plain DM
    for reply in replies:
        at = first.get(reply.user_id) if reply.audience is Audience.DM else None
        earlier = out[at] if at is not None else None
        if earlier is not None and not reply.files and not reply.buttons and \
                reply.picker is None and reply.title is None and \
                len(earlier.text) + 2 + len(reply.text) <= text_limit(earlier):
            out[at] = dataclasses.replace(earlier, text=f"{earlier.text}\n\n{reply.text}")
            continue
        if reply.audience is Audience.DM and not reply.files and reply.user_id not in first:
            first[reply.user_id] = len(out)
        out.append(reply)
    return out


def _edit_kwargs(reply: Reply) -> dict[str, Any]:
    """An earlier message's new text: no buttons left, and no one pinged by it."""
    return {"content": reply.text[:CONTENT_LIMIT], "view": None,
            "allowed_mentions": discord.AllowedMentions.none()}


def _joinable(first: Reply, second: Reply) -> bool:
    return (first.audience is second.audience and first.user_id == second.user_id
            and first.edits is None and second.edits is None
            and not first.files and not first.buttons and first.picker is None
            and first.title is None and second.title is None
            # joined, one ping rule would cover both texts' mentions
            and (first.pings == second.pings or not (_mentions(first) and _mentions(second)))
            and len(first.text) + 1 + len(second.text) <= CONTENT_LIMIT)


def _mentions(reply: Reply) -> bool:
    return "<@" in reply.text


# --- retrying ------------------------------------------------------------------------------

@dataclass
class RetryPolicy:
    """Retry a send on a server error, a rate limit or a dropped connection."""

    attempts: int = 5
    base_delay: float = 0.5
    max_delay: float = 16.0
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep

    def delay(self, attempt: int, error: BaseException) -> float:
        hinted = getattr(error, "retry_after", None)  # discord.RateLimited says how long
        if isinstance(hinted, int | float) and hinted > 0:
            return min(float(hinted), self.max_delay)
        return min(self.base_delay * 2 ** (attempt - 1), self.max_delay)


def token_expired(error: BaseException) -> bool:
    """The interaction's token no longer works (see EXPIRED_CODES)."""
    return isinstance(error, discord.HTTPException) and error.code in EXPIRED_CODES


def refused_access(error: BaseException) -> bool:
    """A 403 (Missing Permissions 50013, Missing Access 50001, ...): a moderator can undo it."""
    return isinstance(error, discord.Forbidden)


def is_transient(error: BaseException) -> bool:
    """Worth another try: 5xx, 429, rate limited, network trouble. Never 4xx refusals."""
    if isinstance(error, discord.RateLimited):
        return True
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return isinstance(error, aiohttp.ClientError | asyncio.TimeoutError | ConnectionError)


async def with_retry(send: Callable[[], Awaitable[T]], policy: RetryPolicy) -> T:
    """Await ``send()`` until it succeeds, retrying transient failures with backoff."""
    attempt = 1
    while True:
        try:
            return await send()
        except Exception as error:
            if not is_transient(error) or attempt >= policy.attempts:
                raise
            wait = policy.delay(attempt, error)
            log.warning("send failed (%s); retry %d in %.1fs", error, attempt, wait)
            await policy.sleep(wait)
            attempt += 1


def _game_version(reply: Reply) -> tuple[str, int] | None:
    """The game and version a post's buttons (or menu) were made for: ``rb:<game>:<version>:``
    ids; None for a post without them, or for an undo request, whose post the service
    edits to its outcome itself (and which a newer prompt must not retire: it lapses)."""
    ids = [button.custom_id for button in reply.buttons]
    if any(custom_id.endswith((UNDO_AGREE, UNDO_REFUSE)) for custom_id in ids):
        return None
    if reply.picker is not None:
        ids.append(reply.picker.custom_id)
    for custom_id in ids:
        parts = custom_id.split(":")
        if len(parts) >= 3 and parts[0] == "rb" and parts[2].isdigit():
            return parts[1], int(parts[2])
    return None


# --- the channel outbox --------------------------------------------------------------------

class Outbox(Protocol):
    """Where channel posts Discord would not take wait (the store, migration 016)."""

    async def keep_post(self, channel_id: int, reply: str, now: float,
                        sent_parts: int = 0) -> int: ...

    async def renew_kept_posts(self, channel_id: int, owner: str, now: float, lease_s: float
                               ) -> list[int]: ...

    async def release_stale_kept_posts(self, prefix: str, owner: str) -> int: ...

    async def has_kept_posts(self, channel_id: int) -> bool: ...

    async def kept_channels(self) -> list[int]: ...

    async def claim_kept_posts(self, channel_id: int, owner: str, now: float, lease_s: float
                               ) -> list[tuple[int, str, float, int]]: ...

    async def note_kept_progress(self, post_id: int, sent_parts: int) -> None: ...

    async def drop_kept_post(self, post_id: int) -> None: ...

    async def drop_channel_posts(self, channel_id: int) -> None: ...

    async def release_kept_posts(self, channel_id: int, owner: str) -> None: ...


def outbox_owner(shard_ids: list[int] | None) -> tuple[str, str]:
    """A process's name on the outbox leases it takes, and the part of it that its next run
    (same shards) shares: that run frees what a crash left held (see
    :meth:`Delivery.reclaim_outbox`) instead of holding the channel's posts back."""
    shards = ",".join(map(str, shard_ids)) if shard_ids else "all"
    prefix = f"delivery:shards {shards}:"
    return prefix + secrets.token_hex(6), prefix


class PostKept(Exception):
    """The channel post was kept in the outbox, to go out after the ones before it;
    ``why`` the refusal (403) that holds those, if one does."""

    def __init__(self, why: BaseException | None = None) -> None:
        super().__init__(why)
        self.why = why


class _ChannelDeleted(Exception):
    """Discord no longer knows the channel a kept post is for (404 Unknown Channel)."""


def reply_to_json(reply: Reply, nonces: list[int] | None = None) -> str:
    """A channel post as text for the outbox (pictures base64), with the nonces of its
    messages (see :func:`kept_parts`)."""
    picker = reply.picker
    return json.dumps({
        "nonces": nonces,
        "text": reply.text, "title": reply.title,
        "pings": list(reply.pings) if reply.pings is not None else None,
        "files": [[a.filename, base64.b64encode(a.data).decode("ascii"), a.description]
                  for a in reply.files],
        "buttons": [[b.label, b.custom_id, b.style] for b in reply.buttons],
        "picker": None if picker is None else {
            "placeholder": picker.placeholder, "custom_id": picker.custom_id,
            "count": picker.count, "options": [list(o) for o in picker.options],
            "example": picker.example},
    })


def reply_from_json(text: str) -> Reply:
    return _reply_from(json.loads(text))


def kept_parts(text: str) -> tuple[Reply, list[Part]]:
    """A kept post and its messages, each with the nonce it had when it was first tried:
    Discord (``enforce_nonce``, which discord.py sends with every nonce) answers a retry of
    a message that did arrive, though its answer was lost, with that message, for a few
    minutes. A post kept without them gets fresh ones."""
    data = json.loads(text)
    reply = _reply_from(data)
    parts = reply_parts(reply)
    nonces = data.get("nonces")
    if isinstance(nonces, list) and len(nonces) == len(parts):
        for part, nonce in zip(parts, nonces, strict=True):
            part.nonce = int(nonce)
    return reply, parts


def _reply_from(data: dict[str, Any]) -> Reply:
    picker = data.get("picker")
    return Reply(
        data["text"], Audience.CHANNEL, title=data.get("title"),
        pings=tuple(data["pings"]) if data.get("pings") is not None else None,
        # (a post kept before alt texts has none)
        files=[Attachment(name, base64.b64decode(blob), *alt) for name, blob, *alt in data["files"]],
        buttons=[Button(label, custom_id, style) for label, custom_id, style in data["buttons"]],
        picker=None if picker is None else Picker(
            picker["placeholder"], picker["custom_id"], picker["count"],
            tuple((label, value) for label, value in picker["options"]),
            picker.get("example", "")))


# --- delivery ------------------------------------------------------------------------------

class Delivery:
    """Posts Replies: to a channel, ephemerally to the caller of an interaction, or by DM."""

    def __init__(self, client: discord.Client | None = None,
                 policy: RetryPolicy | None = None) -> None:
        self.client = client
        self.policy = policy or RetryPolicy()
        # An interaction's webhook (followups, its own message's edits): discord.py already
        # tries a 5xx, a 429 or a dropped connection there five times (about 25 s); five of
        # ours around that kept a private reply's "thinking..." up for two minutes, then
        # dropped it.
        self.webhook_policy = RetryPolicy(attempts=1)
        # Users whose DMs refused us (50007) since they last changed /remind: no request to
        # them is made again. The store holds the same fact for every process (the client
        # sets these two hooks to it): another process may have seen them change /remind,
        # so a user found here is asked about there before a DM is refused.
        self.closed_dms: set[int] = set()
        self.closed_in_store: Callable[[int], Awaitable[bool]] | None = None
        self.record_closed: Callable[[int], Awaitable[None]] | None = None
        # One DM at a time per user: a reminder and an interaction's hand news racing to a
        # closed DM would otherwise both make the failing request before either learns.
        self._dm_locks = KeyedLocks()
        # game id -> the channel posts with its buttons, each with the version they were
        # made for (see :meth:`_retire_older`)
        self._live_buttons: dict[str, list[tuple[int, Any]]] = {}
        # Channel posts Discord would not take wait here (the client sets the store) and go
        # out, in order, before the channel's next post or at the next outbox tick. Without
        # one (tests, ``rheinbot sync``) such a post is only reported.
        self.outbox: Outbox | None = None
        self.outbox_owner, self.outbox_prefix = outbox_owner(
            getattr(client, "shard_ids", None))
        self.kept_send_cap = OUTBOX_SEND_CAP
        self.clock: Callable[[], float] = time.time
        self._channel_locks = KeyedLocks()  # kept posts go out in order, one flush at a time
        # kept post id -> its messages this process sent though the store may not say so
        # (it failed to record them): never sent twice by this process
        self._done_parts: dict[int, int] = {}
        # channel id -> the 403 that stopped its last flush (a permission taken away)
        self._refusals: dict[int, BaseException] = {}
        # Ends the game of a channel Discord no longer knows (the client sets it to
        # ChannelGone.deleted): a kept post's 404 Unknown Channel says so, for a channel
        # deleted while its posts waited.
        self.channel_gone: Callable[[int], Awaitable[None]] | None = None
        # Told of each turn prompt posted, (channel id, message id): the client sets it to
        # the reminders', whose turn DMs then link to the prompt, not the channel's end.
        self.prompt_posted: Callable[[int, int], Awaitable[None]] | None = None
        # Records that a game's channel post made at a version went out or into the outbox
        # (the client sets it to the store's mark_announced): a restart catches up a game
        # whose newest change was never announced (bot.service.catch_up).
        self.announced: Callable[[int, int], Awaitable[None]] | None = None
        # Told of each game whose change's posts went out or were kept (the client sets it
        # to the reminders'): a game's end DM waits for the post that says the end.
        self.posts_out: Callable[[int], Awaitable[None]] | None = None

    # Outside any interaction (reminders, idle notices): the signatures Reminders expects.
    async def post_channel(self, channel_id: int, reply: Reply) -> int | None:
        """Post ``reply``; the id of its last message (the one with its buttons), so that a
        later post can link to it (a move clock's daily repeat to the run-out notice)."""
        channel = self._channel(channel_id)
        if reply.edits is not None:
            await self._edit_in(channel, reply)
            return None
        try:
            sent = await self._post(channel_id, channel, reply)
        except PostKept:  # it goes out with the channel's next post or outbox tick
            return None
        except SENDING_ERRORS as error:
            raise DeliveryFailed(f"channel {channel_id}: {error}",
                                 retryable=is_transient(error)) from error
        # marks nothing: a clock's run-out notice announces no change (its buttons are for
        # the version the last change's posts announced), the catch-up marks for itself
        message_id = getattr(sent, "id", None)
        return message_id if isinstance(message_id, int) else None

    async def send_dm(self, user_id: int, reply: Reply,
                      target: discord.abc.Messageable | None = None, skip: int = 0,
                      progress: _Progress | None = None) -> None:
        """DM a user (but the first ``skip`` messages of ``reply``, which reached them
        another way); closed DMs raise ``DeliveryFailed(closed_dms=True)``. ``progress``
        counts the messages that went out, for a caller that sends the rest another way."""
        async with self._dm_locks.held(user_id):
            await self._send_dm(user_id, reply, target, skip, progress or _Progress(skip))

    async def _send_dm(self, user_id: int, reply: Reply,
                       target: discord.abc.Messageable | None, skip: int,
                       progress: _Progress) -> None:
        if user_id in self.closed_dms and not await self._reopened(user_id):
            raise DeliveryFailed(f"DM to {user_id}: closed (50007 earlier)", closed_dms=True)
        if reply.preview:
            reply = dataclasses.replace(
                reply, preview=plain_channels(reply.preview, self._channel_name))
        try:
            target = target or await self._dm_channel(user_id)
            await self._send_parts(progress.counting(target.send), reply, channel=True,
                                   skip=skip)
        except discord.Forbidden as error:
            closed = error.code == CLOSED_DMS
            if closed:
                self.closed_dms.add(user_id)
                await self._record_closed(user_id)
            raise DeliveryFailed(f"DM to {user_id}: {error}", closed_dms=closed) from error
        except SENDING_ERRORS as error:
            raise DeliveryFailed(f"DM to {user_id}: {error}",
                                 retryable=is_transient(error)) from error

    async def _reopened(self, user_id: int) -> bool:
        """Whether the store says this user's DMs are no longer known closed (they changed
        /remind, maybe in another process); if so they are forgotten here too."""
        if self.closed_in_store is None:
            return False
        try:
            if await self.closed_in_store(user_id):
                return False
        except Exception:  # the database is away: keep refusing, as before it was asked
            log.exception("could not check whether DMs to %s are still closed", user_id)
            return False
        self.closed_dms.discard(user_id)
        return True

    async def _record_closed(self, user_id: int) -> None:
        if self.record_closed is None:
            return
        try:
            await self.record_closed(user_id)
        except Exception:  # the refusal itself is still reported to the caller
            log.exception("could not record that DMs to %s are closed", user_id)

    # Inside an interaction (already deferred).
    async def deliver(self, interaction: discord.Interaction, replies: list[Reply],
                      placeholder: bool = True, announces: dict[int, int] | None = None
                      ) -> list[tuple[Reply, Any]]:
        """Send every Reply where it belongs; report what could not be posted. Returns the
        channel posts made, each with the Reply it carries (the adapter keeps some ids).

        ``placeholder``: the interaction was deferred with a "thinking..." message, which is
        removed when nothing private needed saying. ``announces``: game id -> the version
        whose change these replies are the posts of (the adapter read it under the
        channel's lock), marked announced once they are out.
        """
        state = _InteractionState(interaction)
        for reply in coalesce(one_dm_each(replies)):
            try:
                await self._deliver_one(state, reply)
            except Exception:  # one failed Reply must not swallow the rest
                log.exception("could not deliver a %s reply", reply.audience)
        # Marked once the whole answer was handed to Discord or the outbox, not before: a
        # restart in between announces it again (at most twice) rather than never. A prompt
        # to the mover alone counts: the steps of a turn that goes on are told to the channel
        # as one run when it passes (a catch-up at every restart said them early). Only the
        # change's own answer marks: a look (a hand shown) between a change's commit and its
        # posts marked that change announced, and a crash then lost them.
        await self._mark_announced(announces or {})
        await self._tell_posts_out(announces or {})
        if placeholder:
            await self._finish(state)
        return state.posted

    async def _mark_announced(self, newest: dict[int, int]) -> None:
        """Record, per game, the version whose change's posts went out or were kept: the
        start-up catch-up leaves those games alone."""
        if self.announced is None:
            return
        for game, version in newest.items():
            try:
                await self.announced(game, version)
            except Exception:  # the catch-up then says it again: doubled, not lost
                log.exception("could not mark game %s announced at version %s", game, version)

    async def _tell_posts_out(self, games: dict[int, int]) -> None:
        if self.posts_out is None:
            return
        for game in games:
            try:
                await self.posts_out(game)
            except Exception:  # its end's DM then goes when its wait runs out
                log.exception("could not tell the reminders game %s's posts went out", game)

    async def _deliver_one(self, state: _InteractionState, reply: Reply) -> None:
        caller = state.interaction.user.id
        if reply.edits is not None:
            await self._edit(state, reply)
        elif reply.audience is Audience.CHANNEL:
            await self._to_channel(state, reply)
        elif reply.audience is Audience.EPHEMERAL and reply.user_id in (None, caller):
            await self._to_caller(state, reply)
            await self._retire_older(reply)  # the mover's turn goes on: theirs alone
        else:  # a DM, or a private note meant for someone other than the caller
            await self._to_dm(state, reply)

    async def _to_channel(self, state: _InteractionState, reply: Reply) -> None:
        channel = state.interaction.channel or self._channel(state.interaction.channel_id)
        pressed = getattr(state.interaction, "message", None)
        try:
            sent = await self._post(state.interaction.channel_id or channel.id, channel, reply,
                                    pressed=pressed.id if pressed is not None else None,
                                    keep_only=state.kept)
            state.posted.append((reply, sent))
        except PostKept as kept:
            # The move stands and its post (with the rest of this answer's) waits to go out
            # in order; the mover is told, everyone else sees it when it does.
            state.kept = True
            if isinstance(kept.why, discord.Forbidden):  # a moderator can make it go out
                await self._warn_once(state, MISSING_PERMISSION_NOTICE,
                                      permission_notice(state.interaction))
                return
            showing = changes_nothing(state.interaction)  # then there is no action to save
            await self._warn_once(state, POST_FAILED_NOTICE,
                                  t(POST_FAILED_NOTICE + (".read" if showing else ""),
                                    getattr(state.interaction, "locale", None)))
        except discord.Forbidden:
            # The move stands; say so, then post through the interaction instead, which needs
            # no channel permission (only while its 15-minute token lives).
            await self._warn_once(state, MISSING_PERMISSION_NOTICE,
                                  permission_notice(state.interaction))
            if state.expired:
                log.error("channel post forbidden and the interaction expired: not posted "
                          "(%s)", where(state.interaction))
                return
            try:
                state.posted.append((reply, await self._followup(state, reply,
                                                                 ephemeral=False)))
            except discord.HTTPException as error:
                if not token_expired(error):
                    raise
                state.expired = True
                log.error("channel post forbidden and the interaction expired: not posted "
                          "(%s)", where(state.interaction))
        except (*SENDING_ERRORS, DeliveryFailed) as error:
            log.error("channel post failed for good (%s): %s", where(state.interaction),
                      error)
            await self._warn_once(state, POST_FAILED_NOTICE)

    async def _post(self, channel_id: int, channel: Any, reply: Reply,
                    pressed: int | None = None, keep_only: bool = False) -> Any:
        """Post ``reply`` after the channel's kept posts; the message sent. Raises
        :class:`PostKept` when it was kept instead: Discord would not take it (or a kept
        post before it) after every retry, or ``keep_only`` (an earlier post of the same
        answer was kept: this one must not overtake it)."""
        async with self._channel_locks.held(channel_id):
            if keep_only or not await self._flushed(channel_id, channel):
                await self._keep(channel_id, reply, None, why=self._refusals.get(channel_id))
            parts = reply_parts(reply)
            sent, done = None, 0
            try:
                for part in parts:
                    sent = await self._send_part(channel.send, part, channel=True)
                    done += 1
            except SENDING_ERRORS as error:
                if not is_transient(error):
                    raise
                # only the messages that did not go out wait: the channel has the others
                await self._keep(channel_id, reply, error, parts, done)
            await self._retire_older(reply, sent, pressed)
            await self._tell_prompt(channel_id, reply, sent)
            return sent

    async def _tell_prompt(self, channel_id: int, reply: Reply, sent: Any) -> None:
        """Report a turn prompt that went out (the one post whose mentions are chosen: it
        names every waiting player and pings some) with its last message, the buttons'."""
        message_id = getattr(sent, "id", None)
        if self.prompt_posted is None or reply.pings is None or not isinstance(message_id, int):
            return
        try:
            await self.prompt_posted(channel_id, message_id)
        except Exception:  # the turn DM links to the channel instead
            log.exception("could not note the turn prompt posted in %s", channel_id)

    async def _flushed(self, channel_id: int, channel: Any) -> bool:
        """:meth:`_flush`, its unforeseen failure meaning posts may still wait."""
        try:
            return await self._flush(channel_id, channel)
        except Exception:
            log.exception("could not send the kept posts of channel %s", channel_id)
            return False

    async def _keep(self, channel_id: int, reply: Reply, error: BaseException | None,
                    parts: list[Part] | None = None, sent_parts: int = 0,
                    why: BaseException | None = None) -> None:
        """Put ``reply`` in the outbox (its first ``sent_parts`` messages of ``parts`` went
        out) and raise PostKept (``why``: the refusal that holds the posts before it);
        without an outbox (or when the store is away too) the send's error stands."""
        if self.outbox is None and error is not None:
            raise error
        nonces = [part.nonce for part in (parts or reply_parts(reply))]
        try:
            assert self.outbox is not None
            await self.outbox.keep_post(channel_id, reply_to_json(reply, nonces), self.clock(),
                                        sent_parts)
        except Exception as failure:
            log.exception("could not keep a channel post for later")
            raise error or DeliveryFailed(f"channel {channel_id}: not kept",
                                          retryable=True) from failure
        log.warning("channel %s: post kept to send later (%s)", channel_id,
                    error or why or "earlier posts wait")
        raise PostKept(why)

    async def flush_kept(self) -> int:
        """Send every channel's kept posts that Discord now takes; how many channels still
        have some waiting. (The outbox tick, and the test's way to run one.)"""
        if self.outbox is None:
            return 0
        waiting = 0
        for channel_id in await self.outbox.kept_channels():
            async with self._channel_locks.held(channel_id):
                if not await self._flush(channel_id, self._channel(channel_id)):
                    waiting += 1
        return waiting

    async def reclaim_outbox(self) -> None:
        """At start: free the outbox leases an earlier run of these shards left when it died
        mid-flush; their channels' posts went on waiting up to OUTBOX_LEASE, and each new post
        there was kept behind them. (A run that is still alive, as in a rolling restart,
        learns at its next lease renewal and stops.)"""
        if self.outbox is None:
            return
        try:
            freed = await self.outbox.release_stale_kept_posts(self.outbox_prefix,
                                                               self.outbox_owner)
        except Exception:  # they run out by themselves
            log.exception("could not free the outbox leases of an earlier run")
            return
        if freed:
            log.info("freed %d kept posts an earlier run held", freed)

    async def run_outbox(self, interval: float = OUTBOX_SECONDS) -> None:
        """The outbox tick, until cancelled: a channel nobody posts in again (the next
        player's ping was the post Discord refused) still gets its posts."""
        while True:
            try:
                await self.flush_kept()
            except Exception:
                log.exception("outbox tick failed")
            await asyncio.sleep(interval)

    async def _flush(self, channel_id: int, channel: Any) -> bool:
        """Send the channel's kept posts, oldest first (the caller holds its lock); whether
        none is left waiting. One Discord still refuses stops the rest behind it."""
        if self.outbox is None:
            return True
        self._refusals.pop(channel_id, None)
        try:
            if not await self.outbox.has_kept_posts(channel_id):
                return True
            now = self.clock()
            rows = await self.outbox.claim_kept_posts(channel_id, self.outbox_owner, now,
                                                      OUTBOX_LEASE)
        except Exception:  # the store is away: post as before the outbox
            log.exception("could not read the channel outbox")
            return True
        if not rows:
            return False  # another process is posting them
        try:
            for post_id, text, kept_at, sent_parts in rows:
                if not await self._send_kept(channel_id, channel, post_id, text, sent_parts,
                                             now - kept_at):
                    return False
            return True
        except _ChannelDeleted:
            return await self._gone(channel_id)
        finally:
            try:
                await self.outbox.release_kept_posts(channel_id, self.outbox_owner)
            except Exception:  # the lease runs out by itself
                log.exception("could not release the outbox lease of channel %s", channel_id)

    async def _gone(self, channel_id: int) -> bool:
        """The channel of kept posts was deleted: its game ends as on CHANNEL_DELETE, and
        its posts, which can never go out, are dropped; whether they are."""
        assert self.outbox is not None
        log.warning("channel %s is gone: its kept posts are dropped", channel_id)
        try:
            await self.outbox.drop_channel_posts(channel_id)
        except Exception:  # the next tick meets the 404 again
            log.exception("could not drop the kept posts of deleted channel %s", channel_id)
            return False
        if self.channel_gone is not None:
            await self.channel_gone(channel_id)
        return True

    async def _send_kept(self, channel_id: int, channel: Any, post_id: int, text: str,
                         sent_parts: int, age: float) -> bool:
        """Send the messages of one kept post not sent yet, noting each as it goes out (a
        restart sends only the rest); False when Discord still would not take one (the
        post stays) or the lease on it was lost. Raises _ChannelDeleted on 404 Unknown
        Channel."""
        assert self.outbox is not None
        if age <= OUTBOX_DAYS * 86400:
            reply, parts = kept_parts(text)
            sent = None
            # what this process sent of it though the store did not record it
            sent_parts = max(sent_parts, self._done_parts.get(post_id, 0))
            try:
                for index in range(sent_parts, len(parts)):
                    if not await self._still_held(channel_id, post_id):
                        return False
                    sent = await asyncio.wait_for(
                        self._send_part(channel.send, parts[index], channel=True),
                        self.kept_send_cap)
                    self._done_parts[post_id] = index + 1
                    if index + 1 < len(parts) and not await self._recorded(
                            self.outbox.note_kept_progress(post_id, index + 1), post_id):
                        return False
            except SENDING_ERRORS as error:
                if unknown_channel(error):
                    raise _ChannelDeleted from error
                if is_transient(error) or refused_access(error):
                    # a permission a moderator took away can come back: the posts wait,
                    # in order, until it does or OUTBOX_DAYS pass
                    log.warning("kept post %s still not taken: %s", post_id, error)
                    if refused_access(error):
                        self._refusals[channel.id] = error
                    return False
                # a message Discord can never take (400 Invalid Form Body, ...)
                log.error("kept post %s refused, given up: %s", post_id, error)
            else:
                if sent is not None:
                    await self._retire_older(reply, sent)
        else:
            log.error("kept post %s given up after %.0f days", post_id, age / 86400)
        self._done_parts[post_id] = ALL_PARTS
        if not await self._recorded(self.outbox.drop_kept_post(post_id), post_id):
            return False
        self._done_parts.pop(post_id, None)
        return True

    async def _still_held(self, channel_id: int, post_id: int) -> bool:
        """Renew this process's lease on the channel's kept posts; whether it still holds
        ``post_id`` (another process that took the rows over posts them, in order)."""
        assert self.outbox is not None
        try:
            held = await self.outbox.renew_kept_posts(channel_id, self.outbox_owner,
                                                      self.clock(), OUTBOX_LEASE)
        except Exception:
            log.exception("could not renew the outbox lease of channel %s", channel_id)
            return False
        if post_id not in held:
            log.warning("channel %s: another process took its kept posts over", channel_id)
            return False
        return True

    async def _recorded(self, step: Awaitable[None], post_id: int) -> bool:
        """Whether the store recorded a kept post's progress. When it could not (busy, its
        connection lost), this process remembers it (``_done_parts``) and the flush stops:
        the post is not sent again by this process, and nothing overtakes it."""
        try:
            await step
        except Exception:
            log.exception("could not record the progress of kept post %s", post_id)
            return False
        return True

    async def _retire_older(self, reply: Reply, sent: Any = None,
                            pressed: int | None = None) -> None:
        """A reply with a game's buttons (``sent``: the channel post that carries them, kept;
        None: a private one) takes the buttons off that game's earlier channel posts made
        for an older version: those are refused once pressed ("the game moved on"), yet
        scrolled back to on a phone they look as live as the new ones. A pressed
        button's post loses its own as the adapter answers the press. Remembered by this
        process only: after a restart older posts keep theirs, refused as before."""
        made = _game_version(reply)
        if made is None:
            return
        game, version = made
        posts = self._live_buttons.pop(game, [])  # put back last: the latest game last
        for old_version, message in [entry for entry in posts if entry[0] < version]:
            posts.remove((old_version, message))
            if getattr(message, "id", None) == pressed:
                continue
            try:
                await message.edit(view=None)
            except discord.HTTPException as error:  # cosmetic: stale presses are refused
                log.debug("could not take the buttons off an older prompt: %s", error)
        if sent is not None:  # a private prompt retires the channel's, and is not kept
            posts.append((version, sent))
        self._live_buttons[game] = posts
        if len(self._live_buttons) > LIVE_GAMES:  # the game longest without a post goes
            self._live_buttons.pop(next(iter(self._live_buttons)))

    async def _warn_once(self, state: _InteractionState, key: str,
                         text: str | None = None) -> None:
        if key not in state.warned:
            state.warned.add(key)
            text = text or t(key, getattr(state.interaction, "locale", None))
            await self._to_caller(state, Reply(text, Audience.EPHEMERAL))

    async def _to_caller(self, state: _InteractionState, reply: Reply, skip: int = 0) -> None:
        """The caller's private reply as followups, but its first ``skip`` messages (which
        reached them by DM before DMs failed)."""
        state.parts_sent = skip
        if not (state.expired or state.webhook_down):
            try:
                await self._followup(state, reply, ephemeral=True, skip=skip)
                return
            except discord.HTTPException as error:
                if state.parts_sent > skip:  # (the first may stand in "thinking..."'s place:
                    state.followups += 1     # keep it)
                if token_expired(error):
                    log.info("interaction token expired (%s); private replies go by DM", error)
                    state.expired = True
                elif is_transient(error):
                    log.warning("Discord would not take a private reply (%s); it goes by DM",
                                error)
                    state.webhook_down = True
                else:
                    raise
        # A DM is the only private way left; the rest of this interaction goes there too,
        # and of this reply the messages that did not arrive as followups.
        await self._to_dm(state, reply, fallback=False, skip=state.parts_sent)

    async def _to_dm(self, state: _InteractionState, reply: Reply, fallback: bool = True,
                     skip: int = 0) -> None:
        caller = state.interaction.user
        user_id = reply.user_id or caller.id
        progress = _Progress(skip)
        try:
            await self.send_dm(user_id, reply, target=caller if user_id == caller.id else None,
                               skip=skip, progress=progress)
        except DeliveryFailed as failure:
            if fallback and user_id == caller.id:  # the caller's own private news: the
                # messages the DM did not carry (the whole reply again repeated its first)
                await self._to_caller(state, reply, skip=progress.parts)
                return
            log.warning("could not DM user %s: %s", user_id, failure)
            if user_id == caller.id:  # neither way reached them: never lose it silently
                await self._reply_lost(state)

    async def _reply_lost(self, state: _InteractionState) -> None:
        """The caller's "thinking..." becomes a short word that their answer was lost (it
        is their own message: an edit of it may pass where a new followup did not)."""
        if state.expired or REPLY_LOST_NOTICE in state.warned:
            return
        state.warned.add(REPLY_LOST_NOTICE)
        text = t(REPLY_LOST_NOTICE, getattr(state.interaction, "locale", None))
        try:
            await with_retry(lambda: state.interaction.edit_original_response(content=text),
                             self.webhook_policy)
            state.followups += 1  # keep the placeholder: it now says this
        except SENDING_ERRORS as error:
            log.error("a private reply was lost (%s): not by followup, DM or edit (%s)",
                      where(state.interaction), error)

    async def _followup(self, state: _InteractionState, reply: Reply, ephemeral: bool,
                        skip: int = 0) -> Any:
        followup = state.interaction.followup

        async def send(**kwargs: Any) -> Any:
            sent = await followup.send(ephemeral=ephemeral, **kwargs)
            state.parts_sent += 1
            return sent

        state.parts_sent = skip
        sent = await self._send_parts(send, reply, channel=False, policy=self.webhook_policy,
                                      skip=skip)
        state.followups += 1
        return sent

    async def _edit(self, state: _InteractionState, reply: Reply) -> None:
        """The message ``reply.edits`` now reads ``reply.text``, without buttons: through
        the interaction when it is the pressed message (an ephemeral question can be edited
        no other way, and the interaction needs no channel permission), else in the
        channel."""
        interaction = state.interaction
        pressed = getattr(interaction, "message", None)
        if pressed is not None and pressed.id == reply.edits and not state.expired:
            await self._edited(lambda: interaction.edit_original_response(**_edit_kwargs(reply)),
                               reply, self.webhook_policy)
            return
        channel = interaction.channel
        if not hasattr(channel, "get_partial_message"):
            channel = self._channel(interaction.channel_id)
        await self._edit_in(channel, reply)

    async def _edit_in(self, channel: Any, reply: Reply) -> None:
        message = channel.get_partial_message(reply.edits)
        await self._edited(lambda: message.edit(**_edit_kwargs(reply)), reply)

    async def _edited(self, edit: Callable[[], Awaitable[Any]], reply: Reply,
                      policy: RetryPolicy | None = None) -> None:
        """Make the edit, retried as a post is; one that fails for good (the message was
        deleted, a permission is missing) is only logged: it reports what was already done,
        which stands and was said anew in its own posts."""
        try:
            await with_retry(edit, policy or self.policy)
        except SENDING_ERRORS as error:
            log.warning("could not edit message %s: %s", reply.edits, error)

    async def _finish(self, state: _InteractionState) -> None:
        # Everything went to the channel: remove the caller's "thinking..." placeholder.
        if state.followups or state.expired:
            return
        try:
            await state.interaction.delete_original_response()
        except discord.HTTPException as error:
            log.debug("could not remove the deferred response: %s", error)

    async def _send_parts(self, send: Callable[..., Awaitable[Any]], reply: Reply,
                          channel: bool, policy: RetryPolicy | None = None,
                          skip: int = 0) -> Any:
        """Send the Reply's messages but its first ``skip``; returns the last one sent (its
        buttons ride there)."""
        sent = None
        for part in reply_parts(reply)[skip:]:
            sent = await self._send_part(send, part, channel, policy)
        return sent

    async def _send_part(self, send: Callable[..., Awaitable[Any]], part: Part, channel: bool,
                         policy: RetryPolicy | None = None) -> Any:
        """Send one message of a Reply, retried with the same nonce; the message sent."""
        policy = policy or self.policy
        try:
            return await with_retry(lambda: send(**part.kwargs(channel=channel)), policy)
        except discord.HTTPException as error:
            if error.status != TOO_LARGE or not part.attachments:
                raise
            # The text of a move must not be lost to an oversized picture.
            log.error("attachment too large for Discord: %s", error)
            bare = part.without_files(TOO_LARGE_NOTE)
            return await with_retry(lambda: send(**bare.kwargs(channel=channel)), policy)

    def _channel_name(self, channel_id: int) -> str | None:
        found = self.client.get_channel(channel_id) if self.client is not None else None
        name = getattr(found, "name", None)
        return name if isinstance(name, str) and name else None

    def _channel(self, channel_id: int) -> discord.abc.Messageable:
        assert self.client is not None, "Delivery needs a client outside interactions"
        found = self.client.get_channel(channel_id)
        if found is not None and hasattr(found, "send"):  # a cached text channel or thread
            return found
        return self.client.get_partial_messageable(channel_id)

    async def _dm_channel(self, user_id: int) -> discord.abc.Messageable:
        assert self.client is not None, "Delivery needs a client to send DMs"
        return await with_retry(
            lambda: self.client.create_dm(discord.Object(id=user_id)), self.policy
        )


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The post permissions the bot lacks where ``interaction`` came from, as Discord tells
    (``app_permissions``); empty when it does not say."""
    granted = getattr(interaction, "app_permissions", None)
    if not isinstance(granted, discord.Permissions):
        return []
    needed = list(POST_PERMISSIONS)
    if isinstance(getattr(interaction, "channel", None), discord.Thread):
        needed[1] = THREAD_SEND
    return [name for name in needed if not getattr(granted, name)]


def changes_nothing(interaction: discord.Interaction) -> bool:
    """Whether the command only shows something (its refused post lost no action)."""
    command = getattr(interaction, "command", None)
    name = getattr(command, "qualified_name", None)
    data = getattr(interaction, "data", None)
    custom_id = data.get("custom_id") if isinstance(data, dict) else None
    return name in SHOWING_COMMANDS or \
        isinstance(custom_id, str) and custom_id.rsplit(":", 1)[-1] == HAND_BUTTON


def permission_notice(interaction: discord.Interaction) -> str:
    """The missing-permission notice: naming what is missing when Discord says, and that
    the action was saved only where the command made one."""
    locale = getattr(interaction, "locale", None)
    missing = [f"**{t('dlv.perm.' + name, locale)}**" for name in missing_permissions(interaction)]
    showing = changes_nothing(interaction)
    if not missing:
        return t(MISSING_PERMISSION_NOTICE + (".unknown_read" if showing else ""), locale)
    names = missing[0] if len(missing) == 1 else \
        t("dlv.perm.and", locale, rest=", ".join(missing[:-1]), last=missing[-1])
    saved = "" if showing else " " + t("dlv.action_saved", locale)
    key = ".one" if len(missing) == 1 else ".many"
    return t(MISSING_PERMISSION_NOTICE + key, locale, permissions=names, saved=saved)


@dataclass
class _Progress:
    """How many messages of a Reply reached their reader, counted as each goes out."""

    parts: int = 0

    def counting(self, send: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def counted(**kwargs: Any) -> Any:
            sent = await send(**kwargs)
            self.parts += 1
            return sent
        return counted


@dataclass
class _InteractionState:
    interaction: discord.Interaction
    followups: int = 0
    warned: set[str] = field(default_factory=set)
    expired: bool = False  # the token ran out: private replies go by DM
    webhook_down: bool = False  # Discord refused a followup after its retries: DMs too
    posted: list[tuple[Reply, Any]] = field(default_factory=list)  # channel posts made
    kept: bool = False  # a channel post went to the outbox: the later ones follow it there
    parts_sent: int = 0  # messages of the reply being sent privately that went out
