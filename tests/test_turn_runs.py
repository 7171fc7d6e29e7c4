"""The steps of a turn that goes on are told to the mover alone; the channel gets the whole
turn in one line when it passes. A Trödler turn was up to nine channel posts, a Rhein seat
loading seven containers seven, and the table's news drowned in them."""

from __future__ import annotations

from bot.replies import Audience
from tests.issue10_helpers import seated_game
from tests.service_pebbles import ctx, open_service, started_table


def channel(replies):
    return [r.text for r in replies if r.audience is Audience.CHANNEL]


async def test_a_turns_steps_reach_the_channel_once_as_one_line_even_after_a_restart(
        tmp_path):
    service, _ = await open_service(tmp_path / "runs.sqlite3")
    await seated_game(service, 2)
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    step = await service.play(ctx(1), "take 3")
    assert not channel(step)
    assert step[0].audience is Audience.EPHEMERAL and step[0].user_id == 1
    assert step[0].text.startswith("**U1** (orange): Seat 0 takes 3.\nYour turn goes on")
    await service.store.close()

    again, _ = await open_service(tmp_path / "runs.sqlite3")  # a restart in mid-turn
    ended = await again.play(ctx(1), "end")
    line = channel(ended)[0]
    assert line.startswith("**U1** (orange): Seat 0 takes 3 · Seat 0 ends the turn."), line
    nxt = await again.play(ctx(2), "take 1")
    assert not channel(nxt)
    done = channel(await again.play(ctx(2), "end"))[0]
    assert "takes 1 · " in done and "takes 3" not in done  # nothing told twice
    await again.store.close()


async def test_a_whole_troedler_turn_is_one_channel_post(tmp_path):
    from engine import ai

    service, store, game, _ = await started_table(
        tmp_path / "t.sqlite3", "troedler", 4)  # seat n is user n + 1
    turns: list[tuple[int, list[int]]] = []  # (seat, channel posts of each step)
    for _ in range(150):
        row = await store.latest_game(500)
        state = game.load(row.state)
        if row.status != "active":
            break
        seat = game.active(state)[0]
        move = ai.choose(game, state, seat, "normal", 3)
        replies = await service.play(ctx(seat + 1), game.format(state, move))
        if not turns or turns[-1][0] != seat:
            turns.append((seat, []))
        turns[-1][1].append(len(channel(replies)))
    # a step followed by another of the same seat posts nothing, unless it ended a phase
    # (a pile taken, then the turn) or left a discard to make; all of it went out before
    inner = [posts for _, steps in turns for posts in steps[:-1]]
    assert len(inner) > 50 and sum(1 for posts in inner if posts) < 0.2 * len(inner)
    assert all(steps[-1] for _, steps in turns[:-1])  # every turn's end is posted
    await store.close()


async def test_steps_held_when_an_ai_takes_the_seat_over_reach_the_channel(tmp_path):
    service, _ = await open_service(tmp_path / "over.sqlite3")
    await seated_game(service, 2)
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    assert not channel(await service.play(ctx(1), "take 3"))
    replies = await service.leave(ctx(1))  # an AI seat plays the rest of the turn
    said = "\n".join(channel(replies))
    # credited to the player who made them, not to the AI seat that took over after
    assert "**U1** (orange): Seat 0 takes 3.\n**U1** leaves" in said, said
    assert "takes 3" not in said.split("**U1** leaves", 1)[1], said
    await service.store.close()


async def test_steps_held_when_a_move_clocks_ai_finishes_the_turn_are_the_players(tmp_path):
    service, _ = await open_service(tmp_path / "clock.sqlite3")
    await seated_game(service, 2)
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    assert not channel(await service.play(ctx(1), "take 3"))
    row = await service.store.latest_game(500)
    table, _ = await service._load(row)
    service._clock_ran_out = lambda *_: _true()  # (the clock's own expiry is tested apart)
    replies = await service._clock_decision(ctx(2), table, "ai", 0)
    said = channel(replies)
    assert said[0].startswith("**U1** (orange): Seat 0 takes 3.\n"), said
    assert sum("takes 3" in line for line in said) == 1, said
    await service.store.close()


async def _true() -> bool:
    return True


def test_a_move_riding_on_a_board_of_another_phase_is_headed_by_its_own():
    """The board post's title names the newest phase; "Phase 2 · OR 1.1" stood above
    "Anna buys 10% of CME", a stock-round move. An AI block after it that opens with the
    same heading drops it."""
    from bot.replies import Attachment, Reply
    from bot.service.moves import _headed

    line = Reply("**Anna** (orange) buys 10% of CCE")
    board = Reply("__SR 2__\n**Bot 1** (green) pars GVE", title="OR 2.1",
                  files=[Attachment("b.png", b"png")])
    [headed], [after] = _headed(line, [board], "SR 2")
    assert headed.text == "__SR 2__\n**Anna** (orange) buys 10% of CCE"
    assert after.text == "**Bot 1** (green) pars GVE" and after.title == "OR 2.1"
    same = Reply("", title="SR 2", files=[Attachment("b.png", b"png")])
    assert _headed(line, [same], "SR 2") == ([line], [same])  # its own phase: no heading
    assert _headed(line, [], "SR 2") == ([line], [])


async def test_the_first_turn_of_a_game_reaches_the_channel_whole(tmp_path):
    """Before a game's first held step the store had no mark of what the channel has, and
    the turn's line lost that step: "**Anna** (orange) ends the turn without a bastion"
    without the knight she placed."""
    from engine import ai

    service, store, game, _ = await started_table(
        tmp_path / "first.sqlite3", "rheinlaender", 2)  # seat n is user n + 1
    said: list[str] = []
    first = game.active(game.load((await store.latest_game(500)).state))[0]
    for number in range(2):
        state = game.load((await store.latest_game(500)).state)
        seat = game.active(state)[0]
        move = ai.choose(game, state, seat, "normal", number)
        said += channel(await service.play(ctx(seat + 1), game.format(state, move)))
    line = next(text for text in said if f"**U{first + 1}**" in text)
    assert "knight" in line and "bastion" in line, line
    await store.close()


async def test_the_channel_names_other_players_by_name_not_colour(tmp_path):
    """"… ends the turn. Sky's turn." and "Blue wins order 34 for 6" left the table to
    remember who plays which colour; the rules' colour names are the players' names now."""
    from engine import ai

    service, store, game, _ = await started_table(
        tmp_path / "names.sqlite3", "troedler", 4)  # seat n is user n + 1
    said: list[str] = []
    for number in range(30):
        state = game.load((await store.latest_game(500)).state)
        seat = game.active(state)[0]
        move = ai.choose(game, state, seat, "normal", number)
        said += channel(await service.play(ctx(seat + 1), game.format(state, move)))
    text = "\n".join(said)
    # the log's own lines name players ("whose turn" lines are left to the prompt, which
    # pings the player)
    assert "Round 2: U1 deals" in text or "Round 2: U2 deals" in text \
        or "Round 2: U3 deals" in text or "Round 2: U4 deals" in text, text
    for colour in ("Orange", "Sky", "Green"):
        assert f"{colour}'s turn" not in text and f"{colour} takes" not in text, text
    await store.close()
