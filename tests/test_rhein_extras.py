"""Rhein's /game hand says the seat's own business in words, and its turn prompt's buttons go
to the moves that serve the seat's open orders. A phone player found only the moves and the
face-down orders in their hand, reserve buttons for cities none of their orders go to, and
two of five buttons taken by 'Mortgage truck A/B (+6)' in every step."""

from __future__ import annotations

from rhein_helpers import (
    BLUE,
    GAME,
    GREEN,
    YELLOW,
    at_load,
    at_reserve,
    board,
    current,
    fresh,
    give,
    lay,
    place_truck,
    set_capital,
    start_phase4,
)

from bot.replies import Audience
from bot.service.extras import MAX_BUTTONS, PRIVATE_BUTTONS, STEP_ENDS, extras_for
from tests.service_pebbles import ctx, started_table

EXTRAS = extras_for("rhein")


def _business() -> dict:
    state = fresh(3)
    set_capital(state, green=11)
    give(state, GREEN, 17, tokens=1)  # Frankfurt
    give(state, GREEN, 24, tokens=3)  # Koblenz
    board(state, "red-train", 3, {GREEN: 4})
    lay(state, GREEN, 6, 2)
    place_truck(state, GREEN, "a", 4, 2)
    state["trucks"][GREEN]["b"]["where"] = "mortgaged"
    return state


def test_the_hand_lists_capital_orders_containers_and_trucks():
    state = _business()
    assert _owned(EXTRAS.holdings(GAME, state, GREEN, lang="en")) == [
        "Capital 11 · 7 in your warehouse",
        "Order 17 Frankfurt: 2 containers pay 7, 3 pay 10, 4 pay 12 · due this round (last "
        "time token) · penalty 2",
        "Order 24 Koblenz: 2 containers pay 7, 4 pay 12 · 3 time tokens left · penalty 2",
        "Unloaded: 2 in Koblenz",
        "Aboard: 4 on the red Train in Mannheim",
        "Trucks: A in Mainz with 2, B mortgaged (repay 9)",
    ]
    assert _owned(EXTRAS.holdings(GAME, state, GREEN, lang="de")) == [
        "Kapital 11 · 7 in deinem Lager",
        "Auftrag 17 Frankfurt: 2 Container bringen 7, 3 bringen 10, 4 bringen 12 · fällig in "
        "dieser Runde (letzte Zeitmarke) · Strafe 2",
        "Auftrag 24 Koblenz: 2 Container bringen 7, 4 bringen 12 · noch 3 Zeitmarken · Strafe 2",
        "Abgeladen: 2 in Koblenz",
        "An Bord: 4 auf dem roten Zug in Mannheim",
        "Lkw: A in Mainz mit 2, B verpfändet (auslösen für 9)",
    ]
    # another seat's hand shows its own business, not Green's
    assert _owned(EXTRAS.holdings(GAME, state, YELLOW, lang="en")) == [
        "Capital 20 · 15 in your warehouse", "Open orders: none", "Trucks: A ready, B ready"]
    # the orders on display, in words, for the take buttons' "2→7 3→10"
    shown = [line for line in EXTRAS.holdings(GAME, state, YELLOW, lang="en")
             if line.startswith("Orders on display: order ")]
    assert len(shown) == 1 and "containers pay" in shown[0] and "→" not in shown[0]


def test_relaxed_orders_name_their_penalty_at_the_end_instead_of_time():
    state = fresh(3, {"relax": True})
    give(state, BLUE, 47, tokens=None)
    lines = EXTRAS.holdings(GAME, state, BLUE, lang="en")
    assert "Order 47 London: 6 containers pay 37 · penalty 7 at the end" in lines


def _owned(lines: list[str]) -> list[str]:
    """A seat's own business: its hand without the orders on display."""
    return [line for line in lines if not line.startswith(("Orders on display",
                                                           "Ausliegende Aufträge"))]


def _labels(state, seat, room=MAX_BUTTONS) -> list[str]:
    moves = GAME.legal(state, seat)
    return [str(GAME.label(state, moves[i]))
            for i in EXTRAS.button_indexes(GAME, state, seat, moves, room)]


def test_reserve_buttons_start_with_the_city_of_the_seats_order():
    state = fresh(3)
    set_capital(state, green=10, yellow=15, blue=16)
    give(state, GREEN, 17)  # Frankfurt only
    board(state, "red-train", None, {GREEN: 4})
    at_reserve(state)
    assert current(state) == GREEN
    labels = _labels(state, GREEN)
    assert labels[0] == "Reserve the red Train in Frankfurt (cost 4)"
    assert labels[-1] == "Done reserving" and len(labels) == MAX_BUTTONS
    assert not any(label.startswith("Mortgage") for label in labels)


def test_a_stop_in_the_orders_city_offers_the_quantities_it_takes_first():
    state = fresh(3)
    set_capital(state, green=10, yellow=15, blue=16)
    give(state, GREEN, 9)  # Mannheim: 2, 3 or 4 containers
    board(state, "red-train", None, {GREEN: 9}, markers=[3])
    start_phase4(state)
    assert state["stop"] == {"transport": "red-train", "city": 3} and current(state) == GREEN
    labels = _labels(state, GREEN)
    # the quantities it takes get the buttons beside the whole load, and read in order
    assert labels == ["Unload 9 from the red Train", "Unload 4 from the red Train",
                      "Unload 3 from the red Train", "Unload 2 from the red Train",
                      "Done: keep the rest aboard"]


def _loading_for_mannheim() -> tuple[dict, int]:
    """The load step, the seat to load holding order 9 (Mannheim: 2, 3 or 4 containers) and
    1 container aboard the red Train."""
    state = fresh(3)
    set_capital(state, green=20, yellow=15, blue=16)
    at_load(state)
    seat = current(state)
    give(state, seat, 9)
    board(state, "red-train", None, {seat: 1})
    return state, seat


def test_loading_offers_the_quantity_an_order_takes_in_one_tap():
    state, seat = _loading_for_mannheim()
    moves = GAME.legal(state, seat)
    picked = [moves[i] for i in EXTRAS.button_indexes(GAME, state, seat, moves, MAX_BUTTONS)]
    assert picked[-1]["type"] == "done"
    # each load button fills a Train (Mannheim's transport) to 2, 3 or 4 of this seat's
    for move in picked[:-1]:
        aboard = 1 if move["transport"] == "red-train" else 0
        assert move["type"] == "load" and move["transport"].endswith("-train"), move
        assert aboard + move["n"] in (2, 3, 4), move


def test_mortgage_buttons_only_when_the_capital_pays_for_nothing_else():
    state = fresh(3)
    set_capital(state, green=10, yellow=15, blue=16)
    board(state, "red-ship", None, {GREEN: 4})
    at_reserve(state)
    # everything fits on a private prompt, but a tap would mortgage a truck for nothing
    labels = _labels(state, GREEN, PRIVATE_BUTTONS)
    assert "Done reserving" in labels
    assert not any(label.startswith(("Mortgage", "Repay")) for label in labels)

    broke = fresh(3)
    set_capital(broke, green=0, yellow=15, blue=16)
    at_load(broke)
    assert current(broke) == GREEN  # its turn stays: a mortgage would pay for a load
    assert _labels(broke, GREEN) == [
        "Mortgage truck A: +6 now, 9 to repay (else −9 at game end)",
        "Mortgage truck B: +6 now, 9 to repay (else −9 at game end)", "Done loading"]


async def test_a_seeded_game_through_the_service(tmp_path):
    """Every prompt keeps the step's end move, shows a mortgage only when nothing else is
    affordable, and /game hand names the seat's Capital and orders in the caller's
    language."""
    from bot.service import Ctx
    from engine import ai

    service, store, game, replies = await started_table(
        tmp_path / "r.sqlite3", "rhein", 1)  # seat n is user n + 1
    hands = checked = 0
    for number in range(150):
        row = await store.latest_game(500)
        if row.status != "active":
            break
        state = game.load(row.state)
        seat = game.active(state)[0]
        moves = game.legal(state, seat)
        labels = {str(game.label(state, m)): m for m in moves}
        prompts = [r for r in replies if r.buttons and r.audience in
                   (Audience.CHANNEL, Audience.EPHEMERAL)]
        paying = any(m["type"] not in ("mortgage", "repay", *STEP_ENDS) for m in moves)
        for prompt in prompts:
            shown = [labels[b.label] for b in prompt.buttons if b.label in labels]
            if len(shown) != len(prompt.buttons):
                continue  # the show-my-hand button, or a prompt for another seat
            assert any(m["type"] in STEP_ENDS for m in moves) <= \
                any(m["type"] in STEP_ENDS for m in shown), number
            if paying:
                assert not any(m["type"] in ("mortgage", "repay") for m in shown), number
            checked += 1
        if state["orders"][seat] and number % 5 == 0:
            card = state["orders"][seat][0]["card"]
            english = (await service.hand(ctx(seat + 1)))[-1].text
            german = (await service.hand(Ctx(guild_id=1, channel_id=500, user_id=seat + 1,
                                             user_name=f"U{seat + 1}", locale="de")))[-1].text
            assert f"Capital {state['capital'][seat]} · " in english
            assert f"\nOrder {card} " in english
            assert f"Kapital {state['capital'][seat]} · " in german
            assert f"\nAuftrag {card} " in german and "\nLkw: " in german
            hands += 1
        move = ai.choose(game, state, seat, "normal", number)
        replies = await service.play(ctx(seat + 1), game.format(state, move))
    assert hands >= 3 and checked > 50
    await store.close()


def test_a_load_button_names_the_order_it_fills():
    state, seat = _loading_for_mannheim()
    moves = GAME.legal(state, seat)
    fills = next(m for m in moves if m["type"] == "load" and m["transport"] == "red-train"
                 and m["n"] == 2)
    other = next(m for m in moves if m["type"] == "load" and m["transport"] == "red-train"
                 and m["n"] == 4)  # 5 aboard: no option of order 9 takes 5
    assert EXTRAS.button_label(GAME, state, seat, fills, "Load 2", lang="en") == \
        "Load 2 · order 9 Mannheim"
    assert EXTRAS.button_label(GAME, state, seat, fills, "2 laden", lang="de") == \
        "2 laden · Auftrag 9 Mannheim"
    assert EXTRAS.button_label(GAME, state, seat, other, "Load 4", lang="en") == "Load 4"
