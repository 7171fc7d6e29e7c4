"""A whole seeded game of Rhein: River Trade played only through the Discord adapter: two
members and one AI seat; every human move is picked from /play's autocomplete and sent with
the /play callback, or (one time in three, when the prompt has them) is a turn-prompt button
press, until the result is posted."""

from __future__ import annotations

import re

import pytest
from test_discord_fakes import CHANNEL, FakeChannel, make_adapter, make_interaction

import engine
from bot.discord.delivery import MoveButton
from bot.service import Ctx, TablesService
from bot.store import Store
from engine.core import new_rng, rng_below

PLAYERS = {1: "Anna", 2: "Bert"}
MENTION = re.compile(r"<@(\d+)>")
MOVE_BOUND = 3000  # far above a real game; a bound, never a rule


@pytest.fixture
async def store(tmp_path):
    opened = await Store.open(str(tmp_path / "rhein.sqlite3"))
    yield opened
    await opened.close()


@pytest.mark.parametrize("seed", [5, 2024])
async def test_a_seeded_rhein_game_to_the_end_through_slash_commands(store, seed) -> None:
    game = engine.get_game("rhein")
    service = TablesService(store, games={"rhein": game}, render=lambda key, view: b"PNG",
                            seed_source=lambda: seed)
    adapter, commands, _ = make_adapter(service, games={"rhein": game}, ctx_type=Ctx)
    channel = FakeChannel()

    def member(user_id: int, **namespace):
        interaction = make_interaction(user_id=user_id, name=PLAYERS[user_id],
                                       channel=channel, namespace=namespace)
        interaction.client.adapter = adapter
        return interaction

    await commands["game new"].callback(member(1), game="rhein", variants="relax=false")
    await commands["game join"].callback(member(2))
    await commands["game add-bot"].callback(member(1), level="easy")
    await commands["game start"].callback(member(1), order="joined")
    assert any(files for files in (p.files for p in channel.posts)), "no board at the start"

    chooser = new_rng(seed)
    complete = commands["play"]._params["move"].autocomplete
    played = pressed = questions = 0
    own = None  # (user, prompt) of a player whose turn went on: their prompt is their own
    while played + questions < MOVE_BOUND:
        row = await store.latest_game(CHANNEL)
        if row.status != "active":
            break
        if own is not None:
            user_id, prompt = own
        else:
            prompt = channel.posts[-1]
            user_id = int(MENTION.findall(prompt.content or "")[0])
        before = len(await store.actions(row.id))
        interaction = member(user_id)
        by_button = bool(prompt.custom_ids) and rng_below(chooser, 3) == 0
        if by_button:  # a button on the turn prompt
            # the buttons; a load turn's step menu (a select) is tested on its own
            buttons = [c for c in prompt.view.children if isinstance(c, MoveButton)]
            button = buttons[rng_below(chooser, len(buttons))]
            await button.callback(interaction)
            pressed += 1
        else:  # /play with a move picked from the autocomplete list
            choices = await complete(member(user_id), "")
            assert 1 <= len(choices) <= 25
            pick = choices[rng_below(chooser, len(choices))]
            await commands["play"].callback(interaction, move=pick.value)
            if any(p.content.startswith("Not done yet") for p in interaction.followup.posts):
                # a done right after a turn that ended by itself is refused once; the
                # player, now shown the new turn, sends it again
                interaction = member(user_id)
                await commands["play"].callback(interaction, move=pick.value)
        # no refusal; Rhein may say privately that the move ended the turn by itself, a
        # player whose turn goes on gets their step and the prompt, with its buttons, to
        # themselves, and a mover whose own pile changed (an order fulfilled face down)
        # reads it in the reply
        told = [p for p in interaction.followup.posts
                if p.ephemeral and "Your turn goes on" in p.content]
        # (a payment that could bankrupt the mover is asked about first: a question, not a
        # refusal, and nothing moved; the prompt keeps its buttons, as the player may say
        # no, and the next pick is made afresh)
        asked = [p for p in interaction.followup.posts
                 if p.ephemeral and any(":sure-" in c for c in p.custom_ids)]
        if by_button and asked:
            interaction.edit_original_response.assert_not_awaited()
        elif by_button:
            interaction.edit_original_response.assert_awaited_once_with(view=None)
        refused = [p for p in interaction.followup.posts if p not in told + asked and
                   not (p.ephemeral and p.content.startswith(
                       ("That move ended your turn", "**Only you see** (after your move):")))]
        assert refused == [], refused[0].content
        if asked:
            assert len(await store.actions(row.id)) == before
            questions += 1
            continue
        own = (user_id, told[-1]) if told else None
        if own is None and (await store.latest_game(CHANNEL)).status == "active":
            # the turn passed: the channel's last post names who is to move
            assert MENTION.findall(channel.posts[-1].content or "")
        assert len(await store.actions(row.id)) > before  # the move (and AI replies) stored
        played += 1

    row = await store.latest_game(CHANNEL)
    assert row.status == "finished", f"not over after {played} moves through /play"
    result = channel.posts[-1]
    assert result.embed is not None and result.embed.title.endswith("final result")
    assert "win" in result.text and result.files

    # The stored log replays to the same final state (nothing lost, nothing doubled).
    actions = await store.actions(row.id)
    state = game.setup(3, row.options, row.seed)
    for action in actions:
        game.apply(state, action.seat, game.parse(state, action.seat, action.notation))
    assert game.result(state) is not None
    assert played == sum(1 for a in actions if a.user_id is not None)
    print(f"rhein seed {seed}: {played} moves ({pressed} by button, {questions} asked about "
          f"first), {len(actions)} stored, {len(channel.posts)} channel posts")
