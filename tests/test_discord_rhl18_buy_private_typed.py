"""Through the Discord stand-in: in 18Rhl's opening auction the button reads "Buy PWB
Prinz Wilhelm-Bahn for 20M"; a review's newcomer typed "buy private 1" and was told only
"I could not read that move. Moves now start with: bid, pass." A typed purchase that names
the private on sale at its price is that move; one naming another private says that one
goes to the highest bidder, with what to type."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table, to_move

ONLY = {"en": "Only PWB can be bought outright now, for 20M: type `bid pwb 20`. KEO goes to "
              "the highest bidder: bid with `bid keo ",
        "de": "Direkt kaufen kannst du jetzt nur PWB, für 20M: tippe `bieten pwb 20`. KEO geht "
              "an das höchste Gebot: biete mit `bieten keo "}


@pytest.mark.parametrize(("lang", "typed"), [("en", "buy private 1"), ("en", "buy pwb"),
                                             ("de", "kaufe privat 1")])
async def test_a_typed_purchase_of_the_private_on_sale_is_the_move(
        tmp_path, monkeypatch, lang: str, typed: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        locale = "de" if lang == "de" else "en-US"
        people = [Member(bot, name, locale) for name in ("Anna", "Bert", "Cora")]
        await open_table(bot, "18rhl", people, language=lang)
        mover = await to_move(bot, people)
        refused = await mover.command("play", move="buy private 2")
        assert [m.text for m in refused.private][0].startswith(ONLY[lang]), refused.private
        played = await mover.command("play", move=typed)
        posts = [m.text for m in played.visible_posts]
        assert any("PWB" in text for text in posts), (posts, [m.text for m in played.private])
        assert not played.private or "could not read" not in played.private[0].text
