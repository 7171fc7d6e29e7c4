"""A German player's typed move, its answer lost at a crash, typed again after the restart:
the question quotes the move in the words a German player types ("laden weißes-flugzeug 1"),
not the stored English notation ("Dein Zug `load white-plane 1` …", phone player's review);
the English notation in an English client as before. Through the stand-in."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of
from test_discord_restart_retyped_move import typed_then_died, until_repeatable, use_backend

from bot.i18n import typed_move


async def test_the_question_quotes_the_move_in_the_reader_s_words(
        tmp_path, monkeypatch, store_target) -> None:
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = [Member(bot, "Anna", "de"), Member(bot, "Bert", "de")]
        await open_table(bot, "rhein", people, language="de")
        mover, move = await until_repeatable(bot, people)
        await typed_then_died(bot, monkeypatch, mover, move)
        stored = await row_of(bot, bot.stand_in.channel)
    monkeypatch.undo()
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        mover = {m.name: m for m in [Member(bot, "Anna", "de"),
                                     Member(bot, "Bert", "de")]}[mover.name]
        await bot.client.catch_up_task
        again = await mover.command("play", fake.channel, move=move)
        assert (await row_of(bot, fake.channel)).version == stored.version, "played twice"
        said = "\n".join(m.text for m in again.private)
        typed = typed_move("rhein", move, "de")
        assert typed != move, move  # the move has German words
        assert f"Dein Zug `{typed}` wurde schon gespielt" in said, said
        assert f"`{move}`" not in said, said
