"""18Rhl's run and its dividend in one tap, through the real discord.py client: where a
corporation's run earns revenue, its prompt offers "Run for XM, pay out …" and "... and
withhold …" in place of the run's own button. The run was a tap of its own before the
dividend's (in 13 of 21 runs of a review's games it was the only move). The bot makes the
run, then the dividend, each as legal() has it; if the dividend is not legal after the run it
stops there and shows the prompt. Undo counts stored moves: one undo takes back the
dividend (the choice a player most likely regrets), a second the run."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users, turn_prompt

import engine
from bot.service.rhl18_steps import EXTRAS
from engine import ai


async def _run_prompt(bot, members, game):
    """Normal-AI moves, typed, until a prompt offers a run with revenue; the prompt, its
    mover, the row and state."""
    fake = bot.stand_in
    last = None
    for step in range(400):
        row = await row_of(bot, fake.channel)
        state = game.load(row.state)
        seat = game.active(state)[0]
        users = await seat_users(bot, row.id)
        member = next(m for m in members if m.id == users[seat])
        prompt = turn_prompt(bot, fake.channel, member, row.version, last)
        if prompt is not None and any(c.endswith("+payout") for c in prompt.custom_ids):
            return prompt, member, row, state, seat
        move = ai.choose(game, state, seat, "normal", step)
        last = await member.command("play", fake.channel, move=game.format(state, move))
    raise AssertionError("no run with revenue in 400 moves")


async def _table(bot, game):
    members = [Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Cora", locale="de")]
    await open_table(bot, "18rhl", members)
    return await _run_prompt(bot, members, game)


async def test_run_and_pay_out_is_one_tap(tmp_path, monkeypatch) -> None:
    game = engine.get_game("18rhl")
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        prompt, member, row, state, seat = await _table(bot, game)
        legal = game.legal(state, seat)
        run = next(i for i, m in enumerate(legal) if m["type"] == "run_routes")
        total = sum(r["revenue"] for r in legal[run]["routes"])
        prefix = f"rb:{row.id}:{row.version}:{run}"
        labels = prompt.labels
        german = seat == 2  # Cora reads German
        # (what each does to the share price: test_discord_rhl18_veteran_dividend)
        assert labels[f"{prefix}+payout"].startswith(
            f"Strecken fahren ({total}M), " if german else f"Run for {total}M, pay out ")
        assert labels[f"{prefix}+withhold"].startswith(
            f"Strecken fahren ({total}M) und einbehalten" if german
            else f"Run for {total}M and withhold")
        assert prefix not in prompt.custom_ids  # the plain run: a tap that only led on
        corp = legal[run]["entity"]
        record = await member.press(prompt, f"{prefix}+payout")
        assert record.errors == []
        after = await row_of(bot, bot.stand_in.channel)
        assert after.version == row.version + 2
        actions = await bot.client.store.actions(row.id)
        assert actions[-2].notation == game.format(state, legal[run])
        assert actions[-1].notation == "payout" and actions[-1].seat == seat
        assert actions[-1].lines[0].params["who"] == corp
        # one prompt to the mover, of what is left (the run's had no use)
        mine = [m for m in record.private if m.custom_ids]
        assert len(mine) <= 1
        # one undo takes back the dividend: the run stays, its dividend is asked again
        undone = await member.command("game undo", bot.stand_in.channel)
        assert undone.errors == []
        # and says which: "your last step" alone left open whether the run went too
        told = " ".join(m.text for m in undone.private)
        assert f"your last step (only you had been told of it): {corp} pays out" in told \
            or f"dein letzter Schritt (nur du hattest ihn gesehen): {corp} schüttet" in told, told
        back = game.load((await row_of(bot, bot.stand_in.channel)).state)
        assert {m.get("kind") for m in game.legal(back, seat)} == {"payout", "withhold"}


async def test_a_dividend_not_legal_after_the_run_stops_there(tmp_path, monkeypatch) -> None:
    game = engine.get_game("18rhl")
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        prompt, member, row, state, seat = await _table(bot, game)
        run = next(i for i, m in enumerate(game.legal(state, seat)) if m["type"] == "run_routes")
        monkeypatch.setattr(type(EXTRAS), "then_move",
                            lambda self, game, state, seat, then: {"type": "dividend",
                                                                   "kind": "half"})
        record = await member.press(prompt, f"rb:{row.id}:{row.version}:{run}+payout")
        assert record.errors == []
        after = await row_of(bot, bot.stand_in.channel)
        assert after.version == row.version + 1  # the run alone
        # the prompt of what is left: its dividend buttons
        shown = [label for m in record.private for label in m.labels.values()]
        assert any(label.startswith("Pay out ") or "ausschütten" in label
                   for label in shown), shown


@pytest.mark.parametrize("routes", [[], [{"revenue": 0}]])
def test_no_revenue_keeps_the_plain_run_button(routes) -> None:
    game = engine.get_game("18rhl")
    state = game.setup(3, {}, 1)
    moves = [{"type": "run_routes", "entity": "RhE", "routes": routes}]
    assert EXTRAS.then_buttons(game, state, 0, moves, lang="en") == []
