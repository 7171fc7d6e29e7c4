"""The adapter over the real tables service and a real SQLite file, with the tiny Tally game:
lobby to result through slash commands, autocomplete, buttons and a failing transport."""

from __future__ import annotations

import asyncio
import json

import pytest
from test_discord_fakes import (
    CHANNEL,
    TALLY,
    FakeChannel,
    forbidden,
    make_adapter,
    make_interaction,
    server_error,
)

from bot.discord.delivery import MISSING_PERMISSION_NOTICE, MoveButton
from bot.i18n import t
from bot.service import Ctx, TablesService
from bot.store import Store

ANNA, BERT = (1, "Anna"), (2, "Bert")

STALE = ("The game moved on: nothing was played. The newest prompt, or /game hand, has "
         "your moves now.")


class Table:
    """Two players at one channel, talking to the bot only through its commands."""

    def __init__(self, service: TablesService) -> None:
        self.service = service
        self.channel = FakeChannel()
        self.adapter, self.commands, self.sleep = make_adapter(service, ctx_type=Ctx)
        self.last: dict[int, object] = {}

    def interaction(self, who: tuple[int, str], **namespace):
        interaction = make_interaction(user_id=who[0], name=who[1], channel=self.channel,
                                       namespace=namespace)
        interaction.client.adapter = self.adapter
        self.last[who[0]] = interaction
        return interaction

    async def do(self, who: tuple[int, str], path: str, **options):
        interaction = self.interaction(who)
        await self.commands[path].callback(interaction, **options)
        return interaction

    async def complete(self, who: tuple[int, str], typed: str):
        return await self.commands["play"]._params["move"].autocomplete(
            self.interaction(who), typed)

    async def press(self, who: tuple[int, str], custom_id: str):
        interaction = self.interaction(who)
        await MoveButton(custom_id).callback(interaction)
        return interaction

    async def moves(self) -> list[str]:
        row = await self.service.store.latest_game(CHANNEL)
        return [action.notation for action in await self.service.store.actions(row.id)]

    def texts(self) -> list[str]:
        return [post.text for post in self.channel.posts]


@pytest.fixture
async def table(tmp_path):
    store = await Store.open(str(tmp_path / "adapter.sqlite3"))
    service = TablesService(store, games={"tally": TALLY}, render=lambda key, view: b"PNG",
                            seed_source=lambda: 11)
    yield Table(service)
    await store.close()


async def seat_two(table: Table, target: int = 5) -> None:
    await table.do(ANNA, "game new", game="tally", variants=f"target={target}")
    await table.do(BERT, "game join", colour="green")
    await table.do(ANNA, "game start", order="joined")


async def test_a_whole_game_through_commands_buttons_and_autocomplete(table: Table) -> None:
    await seat_two(table)
    assert "opened a table for **Tally**" in table.texts()[0]
    assert "**Bert** joins as green" in table.texts()[1]
    prompt = table.channel.posts[-1]
    assert prompt.text.startswith("<@1>: your turn") and len(prompt.custom_ids) == 2

    # Autocomplete shows only the caller's legal moves, filtered by what they typed.
    assert [c.value for c in await table.complete(ANNA, "")] == ["add 1", "add 2"]
    assert [c.value for c in await table.complete(ANNA, "becomes 2")] == ["add 2"]
    assert [c.name for c in await table.complete(BERT, "")] == \
        ["It is not your turn: waiting for Anna."]

    # Out of turn: refused privately, nothing stored, nothing posted.
    posts_before = len(table.channel.posts)
    refused = await table.do(BERT, "play", move="add 1")
    assert refused.followup.posts[0].ephemeral and "turn" in refused.followup.posts[0].text
    assert len(table.channel.posts) == posts_before and await table.moves() == []

    # Anna presses "add 2" on the prompt; pressing the old prompt again is refused.
    await table.press(ANNA, prompt.custom_ids[1])
    stale = await table.press(ANNA, prompt.custom_ids[0])
    assert [p.text for p in stale.followup.posts] == [STALE]
    assert await table.moves() == ["add 2"]

    await table.do(BERT, "play", move="ADD 2")
    await table.do(ANNA, "play", move="add 1")
    assert await table.moves() == ["add 2", "add 2", "add 1"]  # count 5: Anna wins
    result = table.channel.posts[-1]
    assert result.embed.title == "Tally: final result" and "**Anna** wins!" in result.text
    assert result.files and result.files[0][1] == b"PNG"

    export = await table.do(BERT, "game export")
    [(name, body)] = export.followup.posts[0].files
    record = json.loads(body)
    assert [a["move"] for a in record["actions"]] == ["add 2", "add 2", "add 1"]
    assert export.followup.posts[0].ephemeral


async def test_hidden_and_refused_answers_never_reach_the_channel(table: Table) -> None:
    await seat_two(table)
    posts = len(table.channel.posts)
    for path, options in [("game hand", {}), ("game status", {}), ("game log", {"lines": 5}),
                          ("play", {"move": "jump 3"}), ("game join", {}),
                          ("rules", {"game": "tally", "topic": "moves"})]:
        interaction = await table.do(BERT, path, **options)
        assert interaction.followup.posts, path
        assert all(p.ephemeral for p in interaction.followup.posts), path
    assert len(table.channel.posts) == posts
    assert await table.moves() == []


async def test_a_server_error_on_posting_keeps_one_move_and_one_post(table: Table) -> None:
    await seat_two(table)
    posts = len(table.channel.posts)
    table.channel.failures = [server_error(), server_error()]
    await table.do(ANNA, "play", move="add 1")
    assert await table.moves() == ["add 1"]
    new = "\n".join(table.texts()[posts:])
    assert new.count("adds 1") == 1 and new.count("<@2>: your turn") == 1
    assert table.sleep.await_count == 2


async def test_a_forbidden_channel_still_records_and_tells_the_player(table: Table) -> None:
    await seat_two(table)
    posts = len(table.channel.posts)
    table.channel.failures = [forbidden()]
    interaction = await table.do(ANNA, "play", move="add 2")
    assert await table.moves() == ["add 2"]
    followups = interaction.followup.posts
    assert followups[0].ephemeral and followups[0].text == t(MISSING_PERMISSION_NOTICE)
    assert any("adds 2" in p.text and p.ephemeral is False for p in followups)
    assert len(table.channel.posts) == posts


async def test_two_presses_of_one_button_apply_once(table: Table) -> None:
    await seat_two(table)
    button = table.channel.posts[-1].custom_ids[0]
    first, second = await asyncio.gather(table.press(ANNA, button), table.press(ANNA, button))
    assert await table.moves() == ["add 1"]
    refusals = [p.text for i in (first, second) for p in i.followup.posts]
    assert refusals == [STALE]


async def test_game_commands_in_a_dm_are_refused(table: Table) -> None:
    interaction = make_interaction(guild_id=None)
    await table.commands["game new"].callback(interaction, game="tally")
    [post] = interaction.followup.posts
    assert post.ephemeral and "server channels and threads" in post.text


async def test_only_the_creator_or_a_manager_may_abandon(table: Table) -> None:
    await seat_two(table)
    refused = await table.do(BERT, "game abandon")
    assert refused.followup.posts[0].ephemeral
    assert (await table.service.store.latest_game(CHANNEL)).status == "active"
    manager = table.interaction((3, "Mod"))
    manager.permissions.update(manage_channels=True)
    await table.commands["game abandon"].callback(manager)
    assert (await table.service.store.latest_game(CHANNEL)).status == "abandoned"


def test_ctx_type_is_the_services() -> None:
    adapter, _, _ = make_adapter(ctx_type=None)
    ctx = adapter.ctx(make_interaction())
    assert isinstance(ctx, Ctx)
