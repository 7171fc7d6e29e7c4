"""18Rhl's dividend choice says what it does, through the real discord.py client: a veteran's
review found "Run for 50M and pay out" / "Pay the revenue out to the shareholders" every
operating round, leaving each player to work out a share's part and the share price's move
from the market's rules. The buttons now say both ("Pay out 50M (5M a share; price 80 → 90)",
"price stays 80" where it stays), in English and German. The expected figures here come from
making the moves on a copy of the position with the engine, not from the labels' own code."""

from __future__ import annotations

import copy
import math

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users, turn_prompt

import engine
from engine import ai
from engine.rhl18 import rules as R
from engine.text import say


async def _run_prompt(bot, members, game):
    """Normal-AI moves until a prompt offers a run with revenue."""
    last = None
    for step in range(400):
        row = await row_of(bot, bot.stand_in.channel)
        state = game.load(row.state)
        seat = game.active(state)[0]
        users = await seat_users(bot, row.id)
        member = next(m for m in members if m.id == users[seat])
        prompt = turn_prompt(bot, bot.stand_in.channel, member, row.version, last)
        if prompt is not None and any(c.endswith("+payout") for c in prompt.custom_ids):
            return prompt, member, row, state, seat
        move = ai.choose(game, state, seat, "normal", step)
        last = await member.command("play", bot.stand_in.channel,
                                    move=game.format(state, move))
    raise AssertionError("no run with revenue in 400 moves")


def _after(game, state, seat, moves):
    """The share price once ``moves`` are made on a copy of ``state``."""
    trial = copy.deepcopy(state)
    for move in moves:
        game.apply(trial, game.active(trial)[0], move)
    return trial


def _price(state, sym) -> int:
    return R.price_of(state["corps"][sym]["price"])


def _move(old: int, new: int, german: bool) -> str:
    if old == new:
        return f"Kurs bleibt {old}" if german else f"price stays {old}"
    return f"Kurs {old} → {new}" if german else f"price {old} → {new}"


async def test_dividend_buttons_say_a_share_and_the_price(tmp_path, monkeypatch) -> None:
    game = engine.get_game("18rhl")
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        members = [Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Cora", locale="de")]
        await open_table(bot, "18rhl", members)
        prompt, member, row, state, seat = await _run_prompt(bot, members, game)
        german = member.name == "Cora"
        legal = game.legal(state, seat)
        run = next(i for i, m in enumerate(legal) if m["type"] == "run_routes")
        corp = legal[run]["entity"]
        total = sum(r["revenue"] for r in legal[run]["routes"])
        share = math.ceil(total / 10)
        old = _price(state, corp)
        ran = _after(game, state, seat, [legal[run]])
        paid = _after(game, ran, seat, [{"type": "dividend", "entity": corp, "kind": "payout"}])
        kept = _after(game, ran, seat, [{"type": "dividend", "entity": corp,
                                          "kind": "withhold"}])
        up, down = _move(old, _price(paid, corp), german), _move(old, _price(kept, corp), german)
        prefix = f"rb:{row.id}:{row.version}:{run}"
        if german:
            assert prompt.labels[f"{prefix}+payout"] == \
                f"Strecken fahren ({total}M), {share}M je Aktie ausschütten ({up})"
            assert prompt.labels[f"{prefix}+withhold"] == \
                f"Strecken fahren ({total}M) und einbehalten ({down})"
        else:
            assert prompt.labels[f"{prefix}+payout"] == \
                f"Run for {total}M, pay out {share}M a share ({up})"
            assert prompt.labels[f"{prefix}+withhold"] == f"Run for {total}M and withhold ({down})"
        assert all(len(label) <= 80 for label in prompt.labels.values())
        # the run typed alone: its dividend step's own buttons say the same
        record = await member.command("play", bot.stand_in.channel,
                                      move=game.format(state, legal[run]))
        assert record.errors == []
        labels = [label for m in record.private for label in m.labels.values()]
        if german:
            assert f"{total}M ausschütten ({share}M je Aktie; {up})" in labels, labels
            assert f"{total}M einbehalten ({down})" in labels, labels
        else:
            assert f"Pay out {total}M ({share}M a share; {up})" in labels, labels
            assert f"Withhold {total}M ({down})" in labels, labels

        # a pay-out at or above the price moves it right: the label says where to
        from engine.rhl18.labels import dividend_effect

        big = old * 2
        ran["round"]["t"]["revenue"] = big
        moved = _after(game, ran, seat, [{"type": "dividend", "entity": corp, "kind": "payout"}])
        assert _price(moved, corp) > old
        assert say(dividend_effect(state, corp, "payout", big), "en") == \
            f"Pay out {big}M ({math.ceil(big / 10)}M a share; price {old} → {_price(moved, corp)})"
