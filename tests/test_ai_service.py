"""``normal`` AI seats through the service: chosen at /game add-bot, they play a whole game
like players, every move logged so the export replays to the stored snapshot."""

from __future__ import annotations

import pytest

import engine
from engine.playthrough import replay
from tests.service_pebbles import FakeRenderer, ctx


async def _service(tmp_path, key: str, seed: int):
    from bot.service import TablesService
    from bot.store import Store

    store = await Store.open(str(tmp_path / f"{key}.sqlite3"))
    service = TablesService(store, games={key: engine.get_game(key)}, render=FakeRenderer(),
                            seed_source=lambda: seed)
    return store, service


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 8)])
async def test_a_whole_rhein_game_of_normal_ai_seats(tmp_path, players, seed):
    store, service = await _service(tmp_path, "rhein", seed)
    game = engine.get_game("rhein")
    await service.new(ctx(1), "rhein", min_players=players, max_players=players)
    await service.leave(ctx(1))
    for number in range(players):
        await service.add_bot(ctx(1), "normal" if number % 2 == 0 else "easy")
    await service.start(ctx(1), order="joined")
    row = await store.latest_game(500)
    assert row.status == "finished"
    seats = sorted(await store.seats(row.id), key=lambda s: s.joined)
    assert [s.ai_level for s in seats][:2] == ["normal", "easy"]
    data = await service.export_data(row)
    state = replay(game, players, data["options"], seed,
                   [(a["seat"], a["move"]) for a in data["actions"]])
    assert game.dump(state) == row.state
    await store.close()


async def test_every_troedler_deal_reaches_the_channel_whole(tmp_path):
    """R12.2: each deal is posted in full, since the covered cards are seen only then. A
    deal that an AI seat's last move sets off used to ride in that seat's summary line and
    was cut with it ("Pile 3 (bottom to top): #19 request 2 anvils + 2 cu…")."""
    from bot.service import TablesService
    from bot.service.ai_seats import AI_LINE_LIMIT
    from bot.store import Store

    key = "troedler"
    store = await Store.open(str(tmp_path / "deals.sqlite3"))
    service = TablesService(store, games={key: engine.get_game(key)},
                            render=lambda game_key, view: b"\x89PNG", seed_source=lambda: 12)
    service.card_render = lambda game_key, view: b"\x89PNG card"
    await service.new(ctx(1), key, min_players=3, max_players=3)
    await service.leave(ctx(1))
    for _ in range(3):
        await service.add_bot(ctx(1), "normal")
    posted = "\n".join(r.text for r in await service.start(ctx(1), order="joined"))
    row = await store.latest_game(500)
    assert row.status == "finished"
    game = engine.get_game(key)
    deals = [line for action in await store.actions(row.id) for line in action.lines
             if getattr(line, "key", None) in game.record_keys]
    assert len(deals) > 10  # several rounds' deals, set off by AI seats' moves
    from engine.text import naming

    # the table names each seat by its player's name where the rules name its colour
    keyed = {game.seat_name_key.format(colour=s.colour.lower()): s.name
             for s in await store.seats(row.id)}
    for line in deals:
        assert str(naming(line, {}, keyed)) in posted, str(line)
    assert max(len(str(line)) for line in deals) < AI_LINE_LIMIT  # each fits a line of its own
    await store.close()


async def test_an_ai_seats_run_of_moves_names_it_once(tmp_path):
    """A Trödler turn is a dozen moves; its summary read "**Bot 2** (sky): Sky plays ... ·
    Sky takes ... · Sky plays ...", the seat named on every move of a 600-character line;
    and a move said as a sentence kept its full stop before the dot ("Kilbride. · ends")."""
    store, service = await _service(tmp_path, "troedler", 4)
    await service.new(ctx(1), "troedler", min_players=3, max_players=3)
    await service.leave(ctx(1))
    for _ in range(3):
        await service.add_bot(ctx(1), "normal")
    posted = [line for r in await service.start(ctx(1), order="joined")
              for line in r.text.splitlines()]
    runs = [line for line in posted if line.startswith("**Bot") and " · " in line]
    assert len(runs) > 10
    for line in runs:
        colour = line.split("(", 1)[1].split(")", 1)[0]
        assert not line.startswith(f"**{line[2:].split('**')[0]}** ({colour}):"), line
        assert f" · {colour.capitalize()} " not in line, line
        assert ". · " not in line, line
    await store.close()


async def test_a_turn_ended_before_ai_seats_gets_one_board_of_both(tmp_path):
    """A human move that ended a turn posted its board, and the AI seats' answer a second
    one right below it: two full boards for one move. Now one board follows the AI seats'
    moves, and it marks the human's knight as well as theirs."""
    from render.changes import places

    key = "rheinlaender"
    store, service = await _service(tmp_path, key, 6)
    drawn: list[dict] = []
    service.render = lambda game_key, view: drawn.append(view) or b"\x89PNG board"
    game = engine.get_game(key)
    await service.new(ctx(1), key, min_players=3, max_players=3)
    for _ in range(2):
        await service.add_bot(ctx(1), "normal")
    await service.start(ctx(1), order="joined")
    ended = 0
    for _ in range(12):
        row = await store.latest_game(500)
        state = game.load(row.state)
        seat = row.active_seats[0]
        moves = game.legal(state, seat)
        move = next((m for m in moves if m["type"] == "play"), moves[-1])
        drawn.clear()
        replies = await service.play(ctx(1), game.format(state, move))
        boards = [r for r in replies if r.title is not None and r.files]
        if move["type"] != "done" and "bastion" not in move["type"]:
            assert not boards  # the turn goes on
            knight = move["space"]
            continue
        ended += 1
        assert len(boards) == 1 and len(drawn) == 1, [r.text for r in replies]
        assert "**Bot" in boards[0].text  # the AI seats' moves ride on the one board
        assert knight in places(drawn[0]["changed"])  # our knight is marked with theirs
    assert ended >= 4
    await store.close()
