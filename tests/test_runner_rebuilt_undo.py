"""An undo request open when the game is rebuilt from its move log (its saved position could
not be read) lapses with the rebuild, and its post says that is why, in the table's
language: it said "a move was made before the vote ended", which nobody had done. Through
the Discord stand-in, the rebuild forced by an engine whose snapshot format moved on (as a
new release's does)."""

from __future__ import annotations

import random

from discord_standin import running_bot
from discord_standin.table import Played, play_turn, row_of
from test_undo_vote_buttons import (
    YES,
    button,
    next_mover,
    outcome,
    request_of,
    three_players_and_a_vote,
)

REBUILT = "rebuilt it from the move log"


def snapshot_format_moves_on(bot, monkeypatch) -> None:
    """The saved position no longer loads: the next command rebuilds it from the log."""
    game = bot.client.adapter.service.games["rhein"]
    monkeypatch.setattr(game, "state_format", getattr(game, "state_format", 1) + 1,
                        raising=False)


async def test_a_vote_pressed_after_a_rebuild_says_the_request_lapsed_with_it(tmp_path,
                                                                            monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, second), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        snapshot_format_moves_on(bot, monkeypatch)
        pressed = await first.press(request, button(request, YES))
        assert pressed.errors == []
        assert any(REBUILT in m.text for m in pressed.visible_posts)
        assert outcome(request) == (
            f"**{asker.name}**'s undo request lapsed: the game was rebuilt from its move log "
            "before the vote ended (nothing else changed; /game undo asks again).")
        assert "No undo vote is open" in pressed.private[0].text

        # the next move leaves the post as it is: no "a move was made" over it
        channel = bot.stand_in.channel
        moved = await play_turn(bot, await next_mover(bot, (first, second)), channel,
                                random.Random(1), Played())
        assert moved.errors == [] and "rebuilt from its move log" in request.text
        # and the asker may ask again
        again = request_of(await asker.command("game undo", channel))
        assert "agree or refuse" in again.text


async def test_a_rebuild_lapses_the_request_in_the_tables_language(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, _), asked = await three_players_and_a_vote(bot, language="de")
        request = request_of(asked)
        version = (await row_of(bot, bot.stand_in.channel)).version
        snapshot_format_moves_on(bot, monkeypatch)
        looked = await first.command("game status")  # any command loads the game
        assert looked.errors == [] and looked.visible_posts
        assert (await row_of(bot, bot.stand_in.channel)).version > version
        assert outcome(request) == (
            f"Die Rücknahme-Anfrage von **{asker.name}** ist verfallen: Das Spiel wurde aus "
            "dem Spielprotokoll neu aufgebaut, bevor die Abstimmung endete (sonst hat sich "
            "nichts geändert; /spiel rücknahme fragt erneut).")


async def test_an_autocomplete_leaves_the_rebuild_to_the_next_command(tmp_path, monkeypatch):
    """Autocomplete cannot post: it had rebuilt the game and ended the vote unsaid, so the
    request's post kept calling for a vote over, and a press on it answered that the game
    had moved on. It now reads the replayed state alone; the next command rebuilds the game,
    says so and closes the request."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, second), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        mover = await next_mover(bot, (first, second))
        snapshot_format_moves_on(bot, monkeypatch)
        channel = bot.stand_in.channel
        version = (await row_of(bot, channel)).version
        for typed in ("", "l"):
            assert await mover.autocomplete("play", "move", typed)  # the mover's moves
        assert (await row_of(bot, channel)).version == version  # nothing stored
        assert "agree or refuse" in request.text
        other = second if mover is first else first
        pressed = await other.press(request, button(request, YES))
        assert any(REBUILT in m.text for m in pressed.visible_posts)
        assert outcome(request).endswith("the game was rebuilt from its move log before the "
                                         "vote ended (nothing else changed; /game undo asks "
                                         "again).")
