"""Every registered game through the adapter: three members open, join and start a table,
then play the opening moves with /play. Every legal move of the active player must be
reachable from the autocomplete by typing its notation (Discord only sends back what the
list offered or what was typed), and no move picked from the list may be refused."""

from __future__ import annotations

import re

import pytest
from test_discord_fakes import CHANNEL, FakeChannel, make_adapter, make_interaction

import engine
from bot.service import Ctx, TablesService
from bot.store import Store
from engine.core import new_rng, rng_below

MENTION = re.compile(r"<@(\d+)>")
OPENING_MOVES = 30


async def replayed_state(store: Store, game: engine.Game, players: int):
    row = await store.latest_game(CHANNEL)
    state = game.setup(players, row.options, row.seed)
    for action in await store.actions(row.id):
        game.apply(state, action.seat, game.parse(state, action.seat, action.notation))
    return row, state


@pytest.mark.parametrize("key", list(engine.GAMES))
async def test_opening_moves_of_every_game_through_slash_commands(tmp_path, key) -> None:
    game = engine.get_game(key)
    players = max(game.min_players, min(3, game.max_players))
    store = await Store.open(str(tmp_path / f"{key}.sqlite3"))
    service = TablesService(store, games={key: game}, render=lambda k, v: b"PNG",
                            seed_source=lambda: 17)
    _, commands, _ = make_adapter(service, games={key: game}, ctx_type=Ctx)
    channel = FakeChannel()
    seats: dict[int, int] = {}  # seat -> user id (joined order)

    def member(user_id: int):
        return make_interaction(user_id=user_id, name=f"P{user_id}", channel=channel)

    try:
        await commands["game new"].callback(member(1), game=key)
        for user_id in range(2, players + 1):
            await commands["game join"].callback(member(user_id))
        await commands["game start"].callback(member(1), order="joined")
        seats = {seat: seat + 1 for seat in range(players)}
        complete = commands["play"]._params["move"].autocomplete
        chooser = new_rng(17)
        told_privately = None  # the player whose turn went on, told so with their own prompt
        for _ in range(OPENING_MOVES):
            row, state = await replayed_state(store, game, players)
            if row.status != "active":
                break
            seat = game.active(state)[0]
            user_id = seats[seat]
            assert str(user_id) in MENTION.findall(channel.posts[-1].content or "") or \
                user_id == told_privately
            legal = game.legal(state, seat)
            wanted = game.format(state, legal[rng_below(chooser, len(legal))])
            found = [c.value for c in await complete(member(user_id), wanted)]
            assert wanted in found, f"{key}: typing {wanted!r} does not offer it"
            listed = await complete(member(user_id), "")
            assert 1 <= len(listed) <= 25
            pick = listed[rng_below(chooser, len(listed))].value
            interaction = member(user_id)
            await commands["play"].callback(interaction, move=pick)
            # no refusal; Rhein may say privately that the move ended the turn by itself, a
            # player whose turn goes on gets their step and prompt to themselves, and a mover
            # whose hand changed with the phase reads it in the reply
            told = [p for p in interaction.followup.posts
                    if p.ephemeral and "Your turn goes on" in p.content]
            # (a risky Rhein payment is asked about first: a question, not a refusal; the
            # next pick is made afresh)
            asked = [p for p in interaction.followup.posts
                     if any(":sure-" in c for c in p.custom_ids)]
            refused = [p for p in interaction.followup.posts if p not in told + asked and
                       not (p.ephemeral and p.content.startswith(("That move ended your turn",
                                                                  "**Only you see**")))]
            assert refused == [], refused[0].content
            told_privately = user_id if told else None
    finally:
        await store.close()
