"""An AI that plays for a player plays as a person would ("normal"), not "easy"'s random
legal move: a seat handed on when its player leaves or is replaced, and a turn a run-out
move clock gave to an AI. The easy AI mortgaged a stalled Rhein player's trucks and
ruined an 18Rhl player's corporations, where the table only wanted the game to go on."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of

import engine
from bot.service import ai
from engine import ai as engine_ai
from tests.service_pebbles import ctx
from tests.test_pace_service import HOUR, reminded


async def test_a_seat_its_player_leaves_is_played_by_a_normal_ai(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        members = [Member(bot, name) for name in ("Anna", "Bert", "Carl")]
        await open_table(bot, "rhein", members)
        left = await members[2].command("game leave")
        assert left.errors == []
        row = await row_of(bot, bot.stand_in.channel)
        seats = await bot.client.store.seats(row.id)
        [taken] = [seat for seat in seats if seat.is_ai]
        assert taken.ai_level == "normal", taken


async def test_a_run_out_clocks_ai_plays_the_turn_as_a_normal_ai(tmp_path, monkeypatch):
    key = "rhein"
    game = engine.get_game(key)
    levels: list[str] = []
    chosen = ai.choose

    def recorded(game_, state, seat, level, seed, version):
        levels.append(level)
        return chosen(game_, state, seat, level, seed, version)

    monkeypatch.setattr(ai, "choose", recorded)
    async with reminded(tmp_path / "clock.sqlite3", {key: game}) as made:
        service, reminders, clock, box = made
        service.render = lambda game_key, view: b"\x89PNG"  # (the pebbles renderer's)
        await service.new(ctx(1), key, pace="24h")
        await service.join(ctx(2))
        await service.start(ctx(1), order="joined")
        row = await service.store.latest_game(500)
        state = game.load(row.state)
        [seat] = game.active(state)
        stalled = next(s.user_id for s in await service.store.seats(row.id) if s.seat == seat)
        other = 2 if stalled == 1 else 1
        normal = game.format(state, engine_ai.choose(
            game, state, seat, "normal", engine_ai.move_seed(row.seed, row.version, seat)))
        before = len(await service.store.actions(row.id))
        clock.now += 24.1 * HOUR
        await reminders.run_due()
        [(_, post)] = box.posts
        [button] = [b for b in post.buttons if ":clock-ai-" in b.custom_id]
        replies = await service.press(ctx(other), button.custom_id)
        assert "lets an AI play" in replies[0].text
        made_now = (await service.store.actions(row.id))[before:]
        assert made_now and made_now[0].seat == seat and made_now[0].notation == normal, \
            [a.notation for a in made_now]
        assert set(levels) == {"normal"}, levels
