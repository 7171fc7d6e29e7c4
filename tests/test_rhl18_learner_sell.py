"""Through the Discord stand-in: ``sell <corporation>`` without a count sells one 10% share
where the rules allow that sale, and says which rule stands in the way where they do not.

A learner holding 30% of GVE typed `sell gve` and was told "I could not read that move.
Moves now start with: buy, par, pass." (`sell gve 10` got the real reason), and `sell rhe`
with no RhE share got the same. legal() decides: the words name its one-share sale, or the
refusal says why there is none (or which sales of that corporation there are)."""

from __future__ import annotations

from discord_standin import running_bot
from discord_standin.table import row_of

from engine import get_game
from tests.test_rhl18_card_lays import seated
from tests.test_rhl18_refusals import refusals

GAME = get_game("18rhl")
# the recorded game before its action 35: the third seat's stock-round turn; it holds the
# president's share of GVE (operated; only a president's sale is left), the president's
# share of BME (not operated yet) and two 10% shares of RhE (operated)
SELL_CUT = 35


async def test_sell_without_a_count_says_the_rule_that_stands_in_the_way(tmp_path,
                                                                         monkeypatch):
    gve, bme, adr, xyz = await refusals(tmp_path, monkeypatch, SELL_CUT,
                                        ["sell gve", "sell bme", "sell adr", "sell xyz"])
    for said in (gve, bme, adr, xyz):
        assert "could not read" not in said, said
    # a president's share only: say how much, as the sales there are
    assert gve.startswith("GVE can be sold now as: `sell gve 1 half-pres` (Player 2 becomes "
                          "GVE's president), `sell gve 1 pres` (Player 2 becomes GVE's "
                          "president)."), gve
    assert bme.startswith("BME has not operated yet: a corporation's shares can be sold "
                          "only after"), bme
    assert adr.startswith("You hold no ADR shares."), adr
    assert xyz.startswith("I do not know 'xyz'; try one of: ADR, BME,"), xyz


async def test_sell_without_a_count_sells_one_share(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, records = await seated(bot, SELL_CUT)
        records.append(await anna.command("game start", order="joined"))
        before = GAME.load((await row_of(bot, fake.channel)).state)
        assert (await row_of(bot, fake.channel)).active_seats == [2]
        played = await anna.command("play", move="sell rhe")
        assert all(record.errors == [] for record in [*records, played])
        said = "\n".join(m.text for m in [*played.visible_posts, *played.private])
        assert "sells 10% of RhE for" in said, said
        after = GAME.load((await row_of(bot, fake.channel)).state)
        held = [c for c, h in after["certs"].items() if h == 2 and c.startswith("RhE")]
        was = [c for c, h in before["certs"].items() if h == 2 and c.startswith("RhE")]
        assert len(held) == len(was) - 1, (was, held)


async def test_the_german_words_read_alike(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, records = await seated(bot, SELL_CUT)
        records.append(await anna.command("game start", order="joined"))
        fake.locales[anna.id] = "de"  # Anna's Discord client now speaks German
        refused = await anna.command("play", move="verkaufen adr")
        [reply] = refused.private
        assert reply.text.startswith("Du hast keine Aktien der ADR."), reply.text
        played = await anna.command("play", move="verkaufen rhe")
        assert all(record.errors == [] for record in [*records, refused, played])
        said = "\n".join(m.text for m in [*played.visible_posts, *played.private])
        assert "verkauft 10 % RhE für" in said, said
