"""A German player's typed move, its answer lost at a crash, typed again after the restart:
the question quotes the move in the words a German player types ("laden weißes-flugzeug 1"),
not the stored English notation ("Dein Zug `load white-plane 1` …", phone player's review);
the English notation in an English client as before. Through the stand-in."""

from __future__ import annotations

from discord_standin.table import row_of
from test_discord_restart_retyped_move import restarted_after_a_lost_answer

from bot.i18n import typed_move


async def test_the_question_quotes_the_move_in_the_reader_s_words(
        tmp_path, monkeypatch, store_target) -> None:
    async with restarted_after_a_lost_answer(
            tmp_path, monkeypatch, store_target, locale="de",
            language="de") as (bot, mover, move, stored):
        fake = bot.stand_in
        again = await mover.command("play", fake.channel, move=move)
        assert (await row_of(bot, fake.channel)).version == stored.version, "played twice"
        said = "\n".join(m.text for m in again.private)
        typed = typed_move("rhein", move, "de")
        assert typed != move, move  # the move has German words
        assert f"Dein Zug `{typed}` wurde schon gespielt" in said, said
        assert f"`{move}`" not in said, said
