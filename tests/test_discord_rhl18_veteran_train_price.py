"""Buying another corporation's train at a price of one's own, through the real discord.py
client. legal() lists one price for such a train (its list price, or all of the treasury)
and the notation names the train by its id ("buy-train 3-3 from gve 150"): a veteran's
review typed "buy-train 3 from gve 150" and the list under /play went empty. It now offers
the seller's trains of that kind at the price typed, which the rules take (any price from 1M
to the treasury)."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import normal_moves_until, open_table, row_of

import engine


def _other_train(game, state, seat):
    """(seller, train) of a train another corporation holds that ``seat`` may buy now."""
    for move in game.legal(state, seat):
        if move["type"] != "buy_train":
            continue
        owner = next((s for s, c in state["corps"].items() if move["train"] in c["trains"]),
                     None)
        if owner is not None and state["corps"][move["entity"]]["cash"] >= 7:
            return owner, move
    return None


async def test_a_typed_price_for_another_corporations_train_is_offered(tmp_path,
                                                                       monkeypatch) -> None:
    game = engine.get_game("18rhl")
    async with running_bot(tmp_path, monkeypatch, seed=7) as bot:
        members = [Member(bot, n) for n in ["Anna", "Bert", "Cora", "Dirk"]]
        await open_table(bot, "18rhl", members)
        # (a train of another corporation to buy, within 400 moves)
        row, state, seat, member = await normal_moves_until(
            bot, members, game,
            lambda row, state, seat, member: _other_train(game, state, seat) is not None, 400)
        found = _other_train(game, state, seat)
        assert found, "no train of another corporation to buy in 400 moves"
        seller, move = found
        kind = move["train"].split("-")[0]
        typed = f"buy-train {kind} from {seller.lower()} 7"
        choices = await member.autocomplete("play", "move", typed, bot.stand_in.channel)
        values = [c["value"] for c in choices]
        names = [c["name"] for c in choices]
        assert values and all(v.startswith(f"buy-train {kind}-") and
                              v.endswith(f" from {seller.lower()} 7") for v in values), names
        assert any(f"{seller} 7M for its {kind}-train" in n or f"{seller}'s {kind}-train for 7M"
                   in n for n in names), names
        # a price beyond the treasury is no move: nothing at that price is offered
        cash = state["corps"][move["entity"]]["cash"]
        beyond = await member.autocomplete("play", "move",
                                           f"buy-train {kind} from {seller.lower()} {cash + 1}",
                                           bot.stand_in.channel)
        assert not any(c["value"].endswith(f" {cash + 1}") for c in beyond), beyond
        # the value offered is a move the rules take
        record = await member.command("play", bot.stand_in.channel, move=values[0])
        assert record.errors == []
        after = game.load((await row_of(bot, bot.stand_in.channel)).state)
        offer = after["round"].get("offer")
        bought = move["entity"] != seller and any(
            t.startswith(f"{kind}-") for t in after["corps"][move["entity"]]["trains"])
        assert (offer and offer["price"] == 7) or bought, (offer, after["corps"][move["entity"]])
