"""A question asked before a move that cannot be taken back (Rhein's risky payment, 18Rhl's
bankruptcy: ``Moves._asked_first``), once its Yes button made the move, says what was
played in place of the question and its button, in the presser's language, through the
Discord stand-in. One mechanism for every game: the question's button, not the game."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import row_of, seat_users

from tests.test_rhein_phase6_warning import GAME, LOAD3, ShortRhein, current


async def short_table(bot, locale: str):
    """Anna and Bert at a Rhein table that opens with the mover short of Phase 6 after a
    load of 3 (tests/test_rhein_phase6_warning.py); returns the mover."""
    service = bot.client.adapter.service
    service.games = {**service.games, "rhein": ShortRhein()}
    people = [Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)]
    channel = bot.stand_in.channel
    await people[0].command("game new", channel, game="rhein")
    await people[1].command("game join", channel)
    await people[0].command("game start", channel, order="joined")
    row = await row_of(bot, channel)
    mover = (await seat_users(bot, row.id))[current(GAME.load(row.state))]
    return next(m for m in people if m.id == mover)


async def ask_and_answer(bot, mover, move: str):
    channel = bot.stand_in.channel
    asked = await mover.command("play", channel, move=move)
    [question] = [m for m in asked.private if any(":sure-" in c for c in m.custom_ids)]
    before = (await row_of(bot, channel)).version
    answered = await mover.press(question, question.custom_ids[0])
    assert (await row_of(bot, channel)).version > before  # the move was made
    assert not answered.errors
    return question


async def test_the_answered_question_says_what_was_played(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        mover = await short_table(bot, "en-US")
        question = await ask_and_answer(bot, mover, LOAD3)
        assert question.ephemeral
        assert question.text == "Played: Load 3 onto the white Plane (cost 3)."
        assert question.custom_ids == []


async def test_it_is_said_in_the_pressers_language(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        mover = await short_table(bot, "de")
        question = await ask_and_answer(bot, mover, LOAD3)
        assert question.text == "Gespielt: Lade 3 auf das weiße Flugzeug (Kosten 3)."
        assert question.custom_ids == []


async def test_a_yes_pressed_after_the_game_moved_on_leaves_no_button(tmp_path, monkeypatch):
    # the player made another move instead: the late Yes plays nothing and ends the question
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        mover = await short_table(bot, "en-US")
        channel = bot.stand_in.channel
        asked = await mover.command("play", channel, move=LOAD3)
        [question] = [m for m in asked.private if any(":sure-" in c for c in m.custom_ids)]
        await mover.command("play", channel, move="load white-plane 2")
        before = (await row_of(bot, channel)).version
        late = await mover.press(question, question.custom_ids[0])
        assert (await row_of(bot, channel)).version == before  # nothing was played
        assert any("nothing was played" in m.text for m in late.private)
        assert question.custom_ids == []
