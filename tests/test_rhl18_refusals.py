"""Through the Discord stand-in: an 18Rhl move that cannot be made as typed is refused with
what is wrong and what there is, and changes nothing.

Before, "par adr 55", "token Q1", "buy-train 8 depot" and "payout" (out of its step) all got
"I could not read that move", and "par adr 55" was offered `par adr 100`, `par adr 90`,
`par adr 80` (the first par moves sharing its words), not the nearest, `par adr 60`.
"""

from __future__ import annotations

from discord_standin import running_bot
from discord_standin.table import row_of

from tests.test_rhl18_card_lays import CUT as TRACK_CUT
from tests.test_rhl18_card_lays import seated

STOCK_CUT = 13  # the recorded game before its action 13: the third seat's stock round turn


async def refusals(tmp_path, monkeypatch, cut: int, typed: list[str]) -> list[str]:
    """What the third seat (Anna, after two AI seats) is told for each typed move."""
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, records = await seated(bot, cut)
        records.append(await anna.command("game start", order="joined"))
        before = await row_of(bot, fake.channel)
        assert before.active_seats == [2]
        said = []
        for text in typed:
            record = await anna.command("play", move=text)
            records.append(record)
            assert not record.visible_posts
            said.append("\n".join(m.text for m in record.private))
        assert (await row_of(bot, fake.channel)).version == before.version
        assert all(record.errors == [] for record in records)
        return said


async def test_a_par_price_that_is_none_names_the_prices_and_the_nearest(tmp_path,
                                                                        monkeypatch):
    [said] = await refusals(tmp_path, monkeypatch, STOCK_CUT, ["par adr 55"])
    assert "60, 65, 70, 75, 80, 90, 100M" in said, said
    assert "`par adr 60`" in said and "`par adr 100`" not in said, said
    assert "could not read" not in said


async def test_a_station_train_or_dividend_out_of_its_step_says_what_there_is(tmp_path,
                                                                             monkeypatch):
    token, train, payout = await refusals(tmp_path, monkeypatch, TRACK_CUT,
                                          ["token Q1", "buy-train 8 depot", "payout"])
    for said in (token, train, payout):
        assert "could not read" not in said
        # then where the moves are listed and how they are typed (svc.move_unread)
        assert said.split("\n")[0].endswith("now you can: lay tile, pass."), said
    assert token.startswith("There is no hex Q1 on the map. Stations are placed only in"), token
    assert train.startswith("No 8-train is for sale now. The depot sells: a "), train
    assert payout.startswith("A corporation pays out or withholds its revenue only in"), payout
