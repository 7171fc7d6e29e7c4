"""Fakes shared by the Discord adapter tests: mocked interactions, a channel that records its
posts and fails on demand, a tiny two-player game, and a scripted stand-in for the service.

Nothing here talks to the network. (The module name starts with ``test_discord_`` so that it
sits with the adapter's tests; it holds one self-check of the tiny game.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord

from bot.discord.commands import Adapter, build_commands
from bot.discord.delivery import Delivery, RetryPolicy
from bot.replies import Attachment, Audience, Button, Reply
from engine.core import Game, Option, RuleError, Standing, rank_standings

GUILD = 10
CHANNEL = 100


# --- Discord errors as discord.py raises them ----------------------------------------------

def http_error(cls: type[discord.HTTPException], status: int, code: int = 0,
               message: str = "failed") -> discord.HTTPException:
    response = MagicMock(status=status, reason=message)
    return cls(response, {"code": code, "message": message})


def server_error() -> discord.HTTPException:
    return http_error(discord.DiscordServerError, 500, 0, "Internal Server Error")


def forbidden(code: int = 50013) -> discord.HTTPException:
    return http_error(discord.Forbidden, 403, code, "Missing Permissions")


def not_found(code: int = 10062) -> discord.HTTPException:
    return http_error(discord.NotFound, 404, code, "Unknown interaction")


# --- a channel that records posts ----------------------------------------------------------

@dataclass
class Posted:
    content: str | None
    embed: discord.Embed | None
    files: list[tuple[str, bytes]]
    view: discord.ui.View | None
    nonce: int | None
    ephemeral: bool | None = None

    @property
    def text(self) -> str:
        parts = [self.content or ""]
        if self.embed is not None:
            parts += [self.embed.title or "", self.embed.description or ""]
        return "\n".join(p for p in parts if p)

    @property
    def custom_ids(self) -> list[str]:
        if self.view is None:
            return []
        return [getattr(item, "custom_id", "") for item in self.view.children]


def record(kwargs: dict[str, Any]) -> Posted:
    files = [(f.filename, f.fp.read()) for f in kwargs.get("files", [])]
    return Posted(kwargs.get("content"), kwargs.get("embed"), files, kwargs.get("view"),
                  kwargs.get("nonce"), kwargs.get("ephemeral"))


class FakeChannel:
    """``send`` records what arrived; ``failures`` are raised first, one per call."""

    def __init__(self, channel_id: int = CHANNEL) -> None:
        self.id = channel_id
        self.posts: list[Posted] = []
        self.failures: list[BaseException] = []
        self.attempts = 0
        self.nonces: set[int] = set()

    async def send(self, **kwargs: Any) -> MagicMock:
        self.attempts += 1
        if self.failures:
            raise self.failures.pop(0)
        nonce = kwargs.get("nonce")
        if nonce is not None and nonce in self.nonces:  # Discord's enforce_nonce
            return MagicMock()
        if nonce is not None:
            self.nonces.add(nonce)
        self.posts.append(record(kwargs))
        return MagicMock()


class FakeFollowup:
    def __init__(self) -> None:
        self.posts: list[Posted] = []
        self.failures: list[BaseException] = []

    async def send(self, **kwargs: Any) -> MagicMock:
        if self.failures:
            raise self.failures.pop(0)
        self.posts.append(record(kwargs))
        return MagicMock()


def make_interaction(user_id: int = 1, name: str = "Anna", channel: FakeChannel | None = None,
                     guild_id: int | None = GUILD, manage: bool = False,
                     namespace: dict[str, Any] | None = None,
                     client: Any = None) -> MagicMock:
    """A mocked ``discord.Interaction`` with recording followups, channel and DM."""
    interaction = MagicMock()
    channel = channel or FakeChannel()
    interaction.channel = channel
    interaction.channel_id = channel.id
    interaction.guild_id = guild_id
    interaction.user = MagicMock(id=user_id, display_name=name)
    interaction.user.send = AsyncMock()
    interaction.permissions = discord.Permissions(manage_channels=manage)
    interaction.locale = discord.Locale.british_english
    interaction.response.defer = AsyncMock()
    interaction.response.send_message = AsyncMock()
    interaction.response.is_done = MagicMock(return_value=False)
    interaction.followup = FakeFollowup()
    interaction.delete_original_response = AsyncMock()
    interaction.edit_original_response = AsyncMock()
    interaction.namespace = SimpleNamespace(**(namespace or {}))
    interaction.client = client or MagicMock()
    return interaction


def no_sleep_policy() -> tuple[RetryPolicy, AsyncMock]:
    sleep = AsyncMock()
    return RetryPolicy(attempts=4, base_delay=0.5, sleep=sleep), sleep


# --- a tiny game: add 1 or 2 to a shared count; whoever reaches 7 wins ----------------------

class Tally(Game):
    key = "tally"
    title = "Tally"
    min_players = 2
    max_players = 3
    options = (
        Option("target", "int", 7, "The count that wins"),
        Option("big", "bool", False, "Steps of 3 are allowed too"),
        Option("pace", "choice", "calm", "How fast the count grows", ("calm", "wild")),
    )
    topics = {"moves": "Add 1 or 2 to the count.", "components": "No components: house game."}

    def setup(self, num_players: int, options: dict | None, seed: int) -> dict:
        self.check_players(num_players)
        chosen = self.normalise_options(options)
        return {"players": num_players, "count": 0, "turn": 0, "options": chosen,
                "winner": None, "rng": {"s": seed, "draws": 0}}

    def active(self, state: dict) -> list[int]:
        return [] if state["winner"] is not None else [state["turn"]]

    def legal(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.active(state):
            return []
        steps = (1, 2, 3) if state["options"]["big"] else (1, 2)
        return [{"type": "add", "n": n} for n in steps]

    def _apply(self, state: dict, seat: int, action: dict) -> list[str]:
        if seat not in self.active(state):
            raise RuleError("It is not your turn: Tally is played in seat order.")
        if action not in self.legal(state, seat):
            raise RuleError("You may add only 1 or 2 to the count.")
        state["count"] += action["n"]
        if state["count"] >= state["options"]["target"]:
            state["winner"] = seat
        state["turn"] = (seat + 1) % state["players"]
        return [f"Seat {seat} adds {action['n']}: the count is {state['count']}."]

    def view(self, state: dict, seat: int | None) -> dict:
        return {"count": state["count"], "turn": state["turn"], "winner": state["winner"]}

    def phase(self, state: dict) -> str:
        return "over" if state["winner"] is not None else f"count {state['count'] // 3}"

    def result(self, state: dict) -> list[Standing] | None:
        if state["winner"] is None:
            return None
        return rank_standings({s: (int(s == state["winner"]),) for s in range(state["players"])})

    def format(self, state: dict, action: dict) -> str:
        return f"add {action['n']}"

    def parse(self, state: dict, seat: int, text: str) -> dict:
        words = text.lower().split()
        if len(words) != 2 or words[0] != "add" or not words[1].isdigit():
            raise RuleError(f"{text!r} is not a Tally move: write add 1 or add 2.")
        return {"type": "add", "n": int(words[1])}

    def label(self, state: dict, action: dict) -> str:
        return f"Add {action['n']} (count becomes {state['count'] + action['n']})"


TALLY = Tally()


def test_tally_plays_to_a_winner() -> None:
    from engine.playthrough import random_playthrough

    run = random_playthrough(TALLY, 2, {}, seed=3)
    assert run.finished
    winner = TALLY.result(run.state)[0]
    assert winner.rank == 1 and winner.seat == run.state["winner"]


# --- a scripted stand-in for TablesService -------------------------------------------------

@dataclass(frozen=True)
class FakeCtx:
    guild_id: int | None
    channel_id: int
    user_id: int
    user_name: str
    can_manage: bool = False
    locale: str = "en"


@dataclass
class FakeService:
    """Answers like the service does and records every call (operation, ctx, arguments)."""

    calls: list[tuple[str, Any, tuple]] = field(default_factory=list)
    version: int = 3
    choices: list[tuple[str, str]] = field(default_factory=list)

    def _note(self, name: str, ctx: Any, *args: Any) -> None:
        self.calls.append((name, ctx, args))

    def called(self, name: str) -> list[tuple]:
        return [args for op, _, args in self.calls if op == name]

    async def new(self, ctx, game_key, options=None, min_players=None, max_players=None):
        self._note("new", ctx, game_key, options, min_players, max_players)
        return [Reply(f"{ctx.user_name} opened a table of {game_key}.")]

    async def board(self, ctx):
        self._note("board", ctx)
        return [Reply("The board", files=[Attachment("board.png", b"\x89PNG fake")],
                      title="Tally")]

    async def hand(self, ctx):
        self._note("hand", ctx)
        return [Reply("Your hand: 3 secret cards", Audience.EPHEMERAL, user_id=ctx.user_id)]

    async def export(self, ctx):
        self._note("export", ctx)
        return [Reply("Your export", Audience.EPHEMERAL,
                      files=[Attachment("game-7.json", b'{"moves": []}')])]

    async def play(self, ctx, move, version=None):
        self._note("play", ctx, move, version)
        if move == "junk":
            return [Reply("'junk' is not a move here.", Audience.EPHEMERAL)]
        self.version += 1
        prompt = [Button("Add 1", f"rb:7:{self.version}:0"),
                  Button("Add 2", f"rb:7:{self.version}:1")]
        return [Reply(f"{ctx.user_name}: {move}"),
                Reply("Bert, your turn.", buttons=prompt)]

    async def press(self, ctx, custom_id):
        self._note("press", ctx, custom_id)
        version = int(custom_id.split(":")[2])
        if version != self.version:
            return [Reply("The game moved on, look again.", Audience.EPHEMERAL)]
        return await self.play(ctx, "add 1", version)

    async def undo_vote_open(self, custom_id):
        return None  # no undo requests here

    async def move_choices(self, ctx, typed):
        self._note("move_choices", ctx, typed)
        return [(label, value) for label, value in self.choices if typed.lower() in label.lower()]

    async def status(self, ctx):
        self._note("status", ctx)
        return [Reply("Status: Anna to move.")]

    async def rules(self, ctx, game_key, topic):
        self._note("rules", ctx, game_key, topic)
        return [Reply("Rules text", Audience.EPHEMERAL)]

    async def remind(self, ctx, **kwargs):
        self._note("remind", ctx, tuple(sorted(kwargs.items())))
        return [Reply("Reminders updated.", Audience.EPHEMERAL)]

    async def kick(self, ctx, target_user_id, replacement_user_id=None, replacement_name=None,
                   seat=None):
        self._note("kick", ctx, target_user_id, replacement_user_id, replacement_name,
                   *([seat] if seat is not None else []))
        return [Reply("Kicked.")]

    async def dm_other(self, ctx):
        self._note("dm_other", ctx)
        return [Reply("Psst, your secret", Audience.DM, user_id=2)]


def make_adapter(service: Any = None, games: dict | None = None, client: Any = None,
                 ctx_type: Any = FakeCtx) -> tuple[Adapter, dict[str, Any], AsyncMock]:
    """An adapter over ``service`` plus its commands by path ("game board", "play")."""
    policy, sleep = no_sleep_policy()
    adapter = Adapter(Delivery(client, policy), service=service or FakeService(),
                      ctx_type=ctx_type, games=games if games is not None else {"tally": TALLY})
    commands: dict[str, Any] = {}
    for command in build_commands(adapter):
        if isinstance(command, discord.app_commands.Group):
            for sub in command.commands:
                commands[f"{command.name} {sub.name}"] = sub
        else:
            commands[command.name] = command
    return adapter, commands, sleep
