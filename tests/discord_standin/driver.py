"""Running the real bot against the stand-in, and members who use it.

``running_bot`` publishes the commands with ``bot.discord.app.sync`` and starts the client the
way ``rheinbot run`` does (``make_client`` + ``serve``: the same environment, the same client,
login, gateway and database), with a test token and a temporary SQLite file. ``Member`` sends
what a Discord client sends for a person: slash commands (built from the synced command
definitions, so an option the bot did not publish cannot be sent), autocomplete requests and
button clicks on a message, each as a real INTERACTION_CREATE over the gateway.

After each interaction, ``settle`` waits until discord.py has read the event and every task it
started for it has finished; the stand-in has then recorded everything the interaction caused.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord import app as discord_app

from .server import GUILD_ID, TOKEN, Interaction, Message, StandIn

COMMAND, COMPONENT, AUTOCOMPLETE = 2, 3, 4
# Option types of the application command API.
SUB_COMMAND, SUB_GROUP, STRING, INTEGER, BOOLEAN, USER, NUMBER, ATTACHMENT = (
    1, 2, 3, 4, 5, 6, 10, 11)
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-", "discord.py: on_interaction")
EVENT_TASKS = ("discord.py: on_",)  # the client's handlers of gateway events


@dataclass
class Bot:
    stand_in: StandIn
    client: Any
    task: asyncio.Task
    seen: list[int]  # interaction ids discord.py has dispatched

    async def settle(self, record: Interaction, timeout: float = 60.0) -> Interaction:
        """Wait until the bot has handled ``record`` completely."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while record.id not in self.seen:
            if self.task.done():
                self.task.result()
            assert loop.time() < deadline, "the bot never received the interaction"
            await asyncio.sleep(0.002)
        while _busy():
            assert loop.time() < deadline, "the bot's handler did not finish"
            await asyncio.sleep(0.002)
        if self.stand_in.current is record:
            self.stand_in.current = None
        return record

    async def handled(self, sequence: int, timeout: float = 60.0) -> None:
        """Wait until the bot has read the gateway event numbered ``sequence`` (from
        ``StandIn.dispatch``) and every handler it started for it has finished."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        ws = self.client._get_websocket(shard_id=0)
        while (ws.sequence or 0) < sequence:
            assert loop.time() < deadline, "the bot never read the event"
            await asyncio.sleep(0.002)
        while _busy(EVENT_TASKS):
            assert loop.time() < deadline, "the bot's event handler did not finish"
            await asyncio.sleep(0.002)


def _busy(names: tuple[str, ...] = HANDLER_TASKS) -> bool:
    me = asyncio.current_task()
    return any(task is not me and not task.done() and task.get_name().startswith(names)
               for task in asyncio.all_tasks())


@contextlib.asynccontextmanager
async def running_bot(tmp_path: Any, monkeypatch: Any, stand_in: StandIn | None = None,
                      seed: int | None = None) -> AsyncIterator[Bot]:
    """The stand-in serving, the commands synced, the bot connected; closed afterwards.
    ``seed``: every table opened gets this seed (a game of known length)."""
    fake = stand_in or StandIn()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    env = {"DISCORD_TOKEN": TOKEN, "RHEINBOT_DB": str(tmp_path / "standin.sqlite3"),
           "RHEINBOT_DEV_GUILD": str(GUILD_ID)}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    for key in ("SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(key, raising=False)
    await discord_app.sync(None)  # RHEINBOT_DEV_GUILD: copied to our server
    client = discord_app.make_client()
    # The stand-in sends its one server's GUILD_CREATE right after READY; discord.py would
    # wait its default 2 s for more before it is ready (a test of a server joining later
    # waits for that). A GUILD_CREATE later than this is still its server coming available.
    client._connection.guild_ready_timeout = 0.1
    seen: list[int] = []

    async def on_interaction(interaction: discord.Interaction) -> None:
        seen.append(interaction.id)

    client.on_interaction = on_interaction  # Client.dispatch looks handlers up by name
    task = asyncio.create_task(discord_app.serve(client, TOKEN))
    bot = Bot(fake, client, task, seen)
    try:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while client.get_guild(GUILD_ID) is None or client.adapter.service is None:
            if task.done():
                task.result()
            assert loop.time() < deadline, "the bot did not connect to the stand-in"
            await asyncio.sleep(0.01)
        if seed is not None:
            client.adapter.service.seed_source = lambda: seed
        yield bot
    finally:
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 10)
        await fake.stop()


class Member:
    """A person in the stand-in's server, using the bot through their Discord client."""

    def __init__(self, bot: Bot, name: str, locale: str = "en-US",
                 manage: bool = False) -> None:
        self.bot = bot
        self.fake = bot.stand_in
        self.name = name
        self.id = self.fake.add_user(name, locale)
        self.manage = manage
        self.last_autocomplete: Interaction | None = None

    # slash commands

    async def command(self, path: str, channel: int | None = None,
                      **values: Any) -> Interaction:
        """``/game new game:rhein`` is ``command("game new", game="rhein")``."""
        data = self._command_data(path, values)
        return await self._send(COMMAND, data, channel)

    async def autocomplete(self, path: str, focused: str, typed: str,
                           channel: int | None = None, **values: Any) -> list[dict[str, Any]]:
        """What the list under an option shows while the member types ``typed``."""
        data = self._command_data(path, {**values, focused: typed}, focused=focused)
        record = await self._send(AUTOCOMPLETE, data, channel)
        self.last_autocomplete = record
        assert record.choices is not None, f"no autocomplete answer: {record.errors}"
        return record.choices

    async def press(self, message: Message, custom_id: str) -> Interaction:
        assert custom_id in message.custom_ids, f"{custom_id} is not on the message"
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._send(COMPONENT, data, message.channel_id, message=message)

    async def select(self, message: Message, custom_id: str, values: list[str]) -> Interaction:
        """Picks ``values`` in the message's select menu ``custom_id`` and closes it, as a
        Discord client does only with a count the menu allows."""
        menu = message.select(custom_id)
        offered = [option["value"] for option in menu["options"]]
        assert set(values) <= set(offered), f"{values} are not all options of {custom_id}"
        assert menu.get("min_values", 1) <= len(values) <= menu.get("max_values", 1), \
            f"{len(values)} picks where the menu takes {menu.get('min_values', 1)}"
        data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        return await self._send(COMPONENT, data, message.channel_id, message=message)

    async def _send(self, kind: int, data: dict[str, Any], channel: int | None,
                    message: Message | None = None) -> Interaction:
        record = await self.fake.interact(kind, self.id, channel or self.fake.channel, data,
                                          message=message, manage=self.manage)
        return await self.bot.settle(record)

    def _command_data(self, path: str, values: dict[str, Any],
                      focused: str | None = None) -> dict[str, Any]:
        words = path.split()
        command = self.fake.commands.get(words[0])
        assert command is not None, f"/{words[0]} was not synced"
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1,
                                "guild_id": str(GUILD_ID)}
        node: dict[str, Any] = command
        holder = data
        for word in words[1:]:
            sub = next((o for o in node.get("options", []) if o["name"] == word), None)
            assert sub is not None and sub["type"] in (SUB_COMMAND, SUB_GROUP), \
                f"/{path}: no sub-command {word}"
            entry: dict[str, Any] = {"type": sub["type"], "name": word}
            holder.setdefault("options", []).append(entry)
            holder, node = entry, sub
        options = {o["name"]: o for o in node.get("options", [])}
        resolved: dict[str, Any] = {}
        for name, value in values.items():
            option = options.get(name)
            assert option is not None, f"/{path} has no option {name}"
            entry = {"type": option["type"], "name": name, "value": value}
            if option["type"] == ATTACHMENT:
                resolved.setdefault("attachments", {})[value["id"]] = value
                entry["value"] = value["id"]
            elif option["type"] == USER:
                user = self.fake.users[int(value)]
                resolved.setdefault("users", {})[str(value)] = user
                entry["value"] = str(value)
            if name == focused:
                entry["focused"] = True
                entry["type"] = option["type"]
                assert option.get("autocomplete"), f"/{path} {name} has no autocomplete"
            elif option.get("choices"):
                assert value in [c["value"] for c in option["choices"]], \
                    f"/{path} {name}: {value!r} is not one of its choices"
            holder.setdefault("options", []).append(entry)
        missing = [n for n, o in options.items() if o.get("required") and n not in values]
        assert not missing or focused, f"/{path} needs {missing}"
        if resolved:
            data["resolved"] = resolved
        return data
