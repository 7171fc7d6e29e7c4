"""What a Rhein channel reads (a phone-player review through the Discord stand-in): a player
going bankrupt is a bold line of its own, naming them; a seat skipped for want of a choice
is told apart from one that acted and can do no more; a run of loads onto one transport is
one load."""

from __future__ import annotations

from rhein_helpers import (
    BLUE,
    GAME,
    GREEN,
    YELLOW,
    act,
    at_load,
    board,
    clear_round,
    fresh,
    give,
    lay,
    place_truck,
    set_capital,
    start_phase4,
    start_phase5,
)

from engine.rhein import flow
from engine.text import msg, say
from tests.test_move_suggestions import seated


def _end_of_round_with(state: dict, mover: int, broke: int) -> None:
    """Phase 5 in the last city with ``mover`` to act; ``broke`` has containers lying in
    Mannheim, no Capital and both trucks mortgaged: Phase 6's storage bankrupts them."""
    clear_round(state)
    state["phase"], state["city"] = 5, 1
    flow.begin_sequence(state, "fulfil", [mover])
    state["capital"][broke] = 0
    state["lying"][broke][3] = 2
    state["warehouse"][broke] -= 2
    for item in state["trucks"][broke].values():
        item["where"] = "mortgaged"


async def test_r51_a_player_going_bankrupt_is_a_bold_line_of_its_own_naming_them(tmp_path):
    store, service, game, row, state, seat, user = await seated(tmp_path, "rhein", 3)
    broke = (seat + 1) % 3
    _end_of_round_with(state, seat, broke)
    table, _ = await service._load(row)
    await store.save_snapshot(row.id, row.version, service._snapshot(table, state),
                              service.clock())
    name, struck = next((s.name, s.user_id) for s in await store.seats(row.id)
                        if s.seat == broke)
    from tests.service_pebbles import ctx

    replies = await service.play(ctx(user), "done")
    after = game.load((await store.latest_game(500)).state)
    assert after["out"][broke] == 1
    channel = [line for reply in replies if reply.is_public for line in reply.text.split("\n")]
    # and the player struck is pinged: knocked out, no turn of theirs will tell them
    # with what went unpaid: "cannot pay" alone, with no payment line before it, left the
    # table guessing what for
    assert f"**{name} cannot pay 2 for storing 2 containers (has 0), goes bankrupt and is " \
        f"out of the game.** <@{struck}>" in channel, channel
    # said once: not again inside the move's own line
    assert sum("bankrupt" in line for line in channel) == 1, channel
    await store.close()


def test_r51_the_bankruptcy_line_in_german():
    state = GAME.setup(3, {}, 1)
    _end_of_round_with(state, GREEN, BLUE)
    lines = GAME.apply(state, GREEN, {"type": "done"})
    [line] = [line for line in lines if line.key in GAME.alert_keys]
    assert say(line, "de") == "Blau kann 2 für die Lagerung (2 Container) nicht zahlen " \
        "(hat 0), geht bankrott und scheidet aus dem Spiel aus."
    assert YELLOW not in [s for s in range(3) if state["out"][s]]


def test_a_seat_that_unloaded_everything_at_a_stop_has_nothing_left_aboard():
    state = fresh(3)
    set_capital(state, yellow=10, green=20, blue=30)  # Yellow acts first
    board(state, "red-train", None, {YELLOW: 2, GREEN: 2}, [2])
    place_truck(state, BLUE, "b", 0, 1)  # Phase 4 then waits at the trucks
    start_phase4(state)
    lines = act(state, YELLOW, "unload red-train 2")
    # Yellow acted: "nothing to do" right after it read as a contradiction, and the stop
    # named after it ("…, the red Train stops in Karlsruhe") as Yellow's claim
    assert lines == ["Yellow unloads 2 in Karlsruhe.",
                     "Yellow has nothing left aboard the red Train."]
    assert say(lines[1], "de") == "Gelb hat nichts mehr auf dem roten Zug."


def test_a_seat_that_fulfilled_and_can_fulfil_no_more_is_told_so():
    state = fresh(3)
    give(state, GREEN, 8)  # Mannheim: 2 or 4
    lay(state, GREEN, 3, 2)
    start_phase5(state)
    lines = act(state, GREEN, "fulfil 8 2")
    assert lines[:2] == ["Green fulfils order 8 with 2 (+6).",
                         "Green can fulfil no more orders in Mannheim."]
    assert say(lines[1], "de") == "Grün kann in Mannheim keinen Auftrag mehr erfüllen."
    assert not any("nothing to do" in line for line in lines), lines


def test_a_seat_whose_trucks_can_do_nothing_is_not_said_to_move_them():
    state = fresh(3)
    place_truck(state, GREEN, "a", 3, 1)
    state["trucks"][GREEN]["b"]["where"] = "mortgaged"
    state["capital"][GREEN] = 0  # moving costs 1, and no truck is left to mortgage
    lines = start_phase4(state)
    assert "Green can do nothing with their trucks in Phase 4 (Move and Unload)." in lines, \
        lines
    [line] = [line for line in lines if line.key == "rhein.log.idle.trucks"]
    assert say(line, "de") == "Grün kann in Phase 4 (Fahren und entladen) mit den Lkw nichts tun."
    assert not any("trucks move" in line for line in lines), lines


async def _loading_table(tmp_path):
    """A started three-seat table in Phase 2 with its first seat to load."""
    store, service, game, row, state, _, _ = await seated(tmp_path, "rhein", 3)
    at_load(state)
    table, _ = await service._load(row)
    await store.save_snapshot(row.id, row.version, service._snapshot(table, state),
                              service.clock())
    seat = game.active(state)[0]
    seats = await store.seats(row.id)
    user = next(s.user_id for s in seats if s.seat == seat)
    name = next(s.name for s in seats if s.seat == seat)
    return store, service, user, name


async def test_a_run_of_loads_onto_one_transport_is_said_as_one_load(tmp_path):
    from tests.service_pebbles import ctx

    store, service, user, name = await _loading_table(tmp_path)
    for _ in range(8):  # a phone player tapping "Load 1"
        await service.play(ctx(user), "load white-train 1")
    replies = await service.play(ctx(user), "done")
    channel = "\n".join(reply.text for reply in replies if reply.is_public)
    assert "loads 8 onto the white Train (-8) · is done loading" in channel, channel
    assert "loads 1 " not in channel, channel
    await store.close()


async def test_an_ai_run_of_loads_is_one_load_and_loads_elsewhere_stay_apart(tmp_path):
    from bot.service.ai_seats import AiSeats

    store, service, _, row, _, _, _ = await seated(tmp_path, "rhein", 3)
    table, _ = await service._load(row)
    white, red = (msg("rhein.transport.acc." + key) for key in ("white-train", "red-train"))
    who = msg("rhein.player.green")

    def load(count, transport):
        return table.said([msg("rhein.log.load", player=who, count=count, transport=transport)])

    saids = [load(1, white)] * 12 + [load(2, white), load(1, red), load(1, red)]
    [line] = AiSeats._seat_lines(table, [(GREEN, said) for said in saids])
    assert "loads 14 onto the white Train (-14) · loads 2 onto the red Train (-2)" in line, line
    german = [table.said([msg("rhein.log.load", player=who, count=1, transport=white)], "de")] * 3
    assert table.run_said(GREEN, german, "de").endswith("lädt 3 auf den weißen Zug (-3).")
    await store.close()
