"""Three wordings a veteran's review of a whole 18Rhl game found wrong, through the real
discord.py client where a player sees them: an outright purchase of the cheapest private
was said "Anna bids 20M on PWB; Anna gets private PWB" (now "Anna buys PWB for 20M"); a
typed "buy cme ipo 3" for a corporation not yet started got "I could not read that move"
(now: CME has not been started, and how to start it); and the step menu offered "Start ADR:
60-60M a share" where one par price was left (now "60M a share")."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users

import engine
from bot.service.rhl18_steps import step_menu
from engine import ai
from engine.rhl18 import rules as R


async def _mover(bot, members, game):
    row = await row_of(bot, bot.stand_in.channel)
    state = game.load(row.state)
    seat = game.active(state)[0]
    users = await seat_users(bot, row.id)
    return next(m for m in members if m.id == users[seat]), state, seat


async def test_buying_a_private_outright_and_buying_shares_of_an_unstarted_corporation(
        tmp_path, monkeypatch) -> None:
    game = engine.get_game("18rhl")
    async with running_bot(tmp_path, monkeypatch, seed=7) as bot:
        members = [Member(bot, n, locale="de" if n == "Cora" else "en-US")
                   for n in ["Anna", "Bert", "Cora", "Dirk"]]
        await open_table(bot, "18rhl", members)
        member, state, seat = await _mover(bot, members, game)
        first = state["round"]["companies"][0]
        price = next(m["price"] for m in game.legal(state, seat)
                     if m["type"] == "bid" and m["company"] == first)
        record = await member.command("play", bot.stand_in.channel,
                                      move=f"bid {first.lower()} {price}")
        said = " ".join(m.text for m in record.visible_posts)
        assert f"buys {first} for {price}M" in said or f"kauft {first} für {price}M" in said, \
            said
        assert "gets private" not in said and "erhält die Privatbahn" not in said, said
        # on to the first stock round, where CME has not been started
        for step in range(300):
            member, state, seat = await _mover(bot, members, game)
            if state["round"]["type"] == "Stock" and not state["corps"]["CME"]["ipoed"]:
                break
            move = ai.choose(game, state, seat, "normal", step)
            await member.command("play", bot.stand_in.channel, move=game.format(state, move))
        assert state["round"]["type"] == "Stock"
        version = (await row_of(bot, bot.stand_in.channel)).version
        record = await member.command("play", bot.stand_in.channel, move="buy cme ipo 3")
        told = " ".join(m.text for m in record.private)
        if member.name == "Cora":
            assert "CME ist noch nicht gegründet" in told and "gründen cme" in told, told
        else:
            assert "CME has not been started" in told and "par cme" in told, told
        assert "could not read" not in told and "nicht lesen" not in told, told
        assert (await row_of(bot, bot.stand_in.channel)).version == version


def test_one_par_price_left_is_said_as_one() -> None:
    game = engine.get_game("18rhl")
    state = game.setup(4, None, 7)
    for step in range(300):
        if state["round"]["type"] == "Stock":
            break
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal", step))
    seat = game.active(state)[0]
    pars = [m for m in game.legal(state, seat) if m["type"] == "par"]
    corp = pars[0]["corporation"]
    price = min(R.price_of(m["share_price"]) for m in pars if m["corporation"] == corp)
    # a player with money for the lowest par price only: one price left for each
    only = [m for m in pars if R.price_of(m["share_price"]) == price]
    for lang, said in (("en", f"Start {corp}: {price}M a share"),
                       ("de", f"{corp} gründen: {price}M je Aktie")):
        pick = step_menu(game, state, only, lang)
        labels = [label for label, _value in pick.options]
        assert said in labels, labels
        assert f"{price}-{price}M" not in " ".join(labels)
