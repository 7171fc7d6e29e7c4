"""Through the Discord stand-in: a sale that hands a corporation to another player says so,
in /play's list and in the refusal that lists the sales, and a refused sale of one
corporation is answered with its own sales, not another's.

A review's learner, GVE's president, typed `sell gve`, read "GVE can be sold now as:
`sell gve 1 half-pres`, `sell gve 1 pres`. Moves now start with: pass, sell.", played the
first and read "… becomes president of GVE" only afterwards; the labels ("Sell 10% of GVE for
80M · sell gve 1 half-pres") did not warn either. `sell bme` (BME has not operated) and
`sell adr` (none held) were followed by "Did you mean `sell gve 1 half-pres`, …"."""

from __future__ import annotations

import pytest
from discord_standin import running_bot
from discord_standin.table import row_of

from tests.test_rhl18_card_lays import seated
from tests.test_rhl18_learner_sell import SELL_CUT
from tests.test_rhl18_refusals import refusals


@pytest.mark.parametrize(("lang", "typed", "heir"),
                         [("en", "sell gve", "becomes GVE's president)"),
                          ("de", "verkaufen gve", "wird Direktor der GVE)")])
async def test_the_refusal_and_the_labels_say_who_takes_the_presidency(tmp_path, monkeypatch,
                                                                       lang, typed, heir):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, records = await seated(bot, SELL_CUT)
        records.append(await anna.command("game start", order="joined"))
        fake.locales[anna.id] = lang
        before = (await row_of(bot, fake.channel)).version
        refused = await anna.command("play", move=typed)
        [reply] = refused.private
        said = reply.text
        # both sales hand GVE over, each says so, with the new president's name
        assert said.count(heir) == 2, said
        assert "Moves now start with" not in said and "beginnen jetzt mit" not in said, said
        assert "Did you mean" not in said and "Meintest du" not in said, said
        choices = await anna.autocomplete("play", "move", "", fake.channel)
        gve = [c["name"] for c in choices if c["value"].startswith("sell gve")]
        assert gve and all(heir in name for name in gve), gve
        assert all(len(c["name"]) <= 100 for c in choices)
        rhe = [c["name"] for c in choices if c["value"].startswith("sell rhe")]
        assert rhe and not any(heir.split(")")[0][-8:] in n for n in rhe), rhe
        played = await anna.command("play", move="sell gve 1 half-pres")
        line = "\n".join(m.text for m in [*played.visible_posts, *played.private])
        # the name the refusal gave is the one the log then names as president
        who = said.split("(", 1)[1].split(" becomes" if lang == "en" else " wird", 1)[0]
        assert who in line, (who, line)
        assert (await row_of(bot, fake.channel)).version == before + 1
        assert all(record.errors == [] for record in [*records, refused, played])


async def test_a_sale_refused_for_one_corporation_offers_no_other(tmp_path, monkeypatch):
    bme, adr, gve2 = await refusals(tmp_path, monkeypatch, SELL_CUT,
                                    ["sell bme", "sell adr", "sell gve 2"])
    assert bme.startswith("BME has not operated yet"), bme
    assert adr == "You hold no ADR shares.", adr
    for said in (bme, adr):
        assert "gve" not in said and "rhe" not in said, said
        assert "Moves now start with" not in said, said
    # a count GVE has no sale of: GVE's sales, and no other corporation's
    assert gve2.startswith("GVE can be sold now as: `sell gve 1 half-pres`"), gve2
    assert "rhe" not in gve2 and "Did you mean" not in gve2, gve2
