"""A run of moves too long for its line loses its middle, not its end: the end is how the
run ended, and a Rhein AI line that ran into the end of a round was cut at "Blue cannot pay
and goe…", so the channel never read that Blue went bankrupt."""

from __future__ import annotations

from bot.service.ai_seats import AI_LINE_LIMIT, AiSeats
from render.move_pieces import shortened
from tests.test_move_suggestions import seated


def test_a_long_run_keeps_both_ends_and_cuts_between_moves():
    run = " · ".join(f"moves to village {n}" for n in range(40)) + " · takes the cup"
    cut = shortened(run, lambda text: len(text) <= 120)
    assert len(cut) <= 120 and cut.startswith("moves to village 0 ")
    assert cut.endswith("moves to village 39 · takes the cup") and " … " in cut
    assert shortened("short", lambda text: len(text) <= 120) == "short"


async def test_an_ai_seats_long_line_still_ends_with_how_the_run_ended(tmp_path):
    store, _, _, _, _, seat, _ = await seated(tmp_path, "rhein", 3)
    service_table = await _table_of(tmp_path, store)
    ending = "Blue's order 11 expires. Blue cannot pay and goes bankrupt."
    saids = [f"Bot 1 loads 1 onto the white Plane (-{n})." for n in range(30)] + [ending]
    [line] = AiSeats._seat_lines(service_table, [(seat, said) for said in saids])
    assert len(line) <= AI_LINE_LIMIT and line.endswith(ending), line
    await store.close()


async def _table_of(tmp_path, store):
    from bot.service import TablesService
    from tests.service_pebbles import FakeRenderer

    service = TablesService(store, render=FakeRenderer())
    table, _ = await service._load(await store.latest_game(500))
    return table
