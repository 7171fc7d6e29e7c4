"""A Rhein payment that leaves a player unable to pay this round's Phase 6 (penalties of the
orders on their last time token, storage of the containers lying in cities, R42 R49-R51) is
asked about first: nothing said so, and a load of three left a player bankrupt and out of
the game two phases later. Only a move that makes the player short is asked about: one
already short, a safe one and a game without deadlines (relax) are not."""

from __future__ import annotations

import copy
from dataclasses import replace

from bot.replies import Audience
from bot.service.rhein_extras import RheinExtras
from engine.rhein import Rhein
from engine.text import say
from tests.rhein_helpers import GAME, at_load, current, fresh, give, lay, restart_round1
from tests.service_pebbles import FakeRenderer, ctx

EXTRAS = RheinExtras()
LOAD3 = "load white-plane 3"


def short_of_phase6(capital: int = 4, options: dict | None = None,
                    tokens: int | None = 1) -> tuple[dict, int]:
    """Phase 2, the seat to load owes order 15 (penalty 5) this round and storage for 3
    containers lying in Mainz: 8 in Phase 6, with truck A mortgaged (room 6 from B)."""
    state = fresh(2, options, seed=3)
    at_load(state)
    seat = current(state)
    give(state, seat, 15, tokens=tokens)
    lay(state, seat, 4, 3)
    state["trucks"][seat]["a"]["where"] = "mortgaged"
    state["capital"][seat] = capital
    return state, seat


def asked(state: dict, seat: int, typed: str):
    return EXTRAS.confirm(GAME, state, seat, GAME.parse(state, seat, typed))


def test_a_load_that_leaves_the_player_short_is_asked_about_with_the_figures():
    state, seat = short_of_phase6()
    kept = copy.deepcopy(state)
    warning = asked(state, seat, LOAD3)
    assert state == kept  # played on a copy only
    english = say(warning, "en")
    assert english.startswith("Unless order 15 Frankfurt is fulfilled this round, you would "
                              "owe 8 in Phase 6 (penalty 5 and storage 3)"), english
    assert "you would have only 7 (1 Capital and 6 from mortgaging your truck)" in english
    assert "go bankrupt and leave the game" in english
    german = say(warning, "de")
    assert german.startswith("Wird der Auftrag 15 Frankfurt in dieser Runde nicht erfüllt, "
                             "schuldest du 8 (Strafe 5 und Lagerung 3), fällig in Phase 6"), german
    assert "hättest du nur 7 (1 Kapital und 6 aus dem Verpfänden deines Lkw)" in german
    assert "bankrottgehen" in german


def test_several_due_orders_are_named_and_a_truck_on_the_board_is_no_mortgage():
    state, seat = short_of_phase6(capital=9)
    give(state, seat, 19, tokens=1)  # penalty 4: 12 in all
    text = say(asked(state, seat, "truck b basel 1"), "en")
    assert text.startswith("Unless orders 15 Frankfurt and 19 Frankfurt are fulfilled this "
                           "round, you would owe 12 in Phase 6 (penalties 9 and storage 3)"), text
    assert "you would have only 8 Capital and no truck left to mortgage" in text


def test_storage_alone_is_said_as_storage():
    state, seat = short_of_phase6(capital=1)
    state["orders"][seat] = []
    lay(state, seat, 4, 8)  # 8 storage, 1 + 6 to pay it with
    state["capital"][seat] = 3
    text = say(asked(state, seat, "load white-plane 2"), "en")
    assert text.startswith("You would owe 8 in Phase 6 for storing the containers"), text
    # the amount apart from the phase's number: "Du schuldest in Phase 6 8 für die Lagerung"
    german = say(asked(state, seat, "load white-plane 2"), "de")
    assert german.startswith("Die Lagerung der in Städten abgeladenen Container kostet dich 8, "
                             "fällig in Phase 6, und"), german


def test_the_same_load_is_safe_when_the_capital_covers_phase6():
    state, seat = short_of_phase6(capital=5)  # 5 - 3 + 6 = 8: exactly enough
    assert asked(state, seat, LOAD3) is None
    state, seat = short_of_phase6()
    assert asked(state, seat, "load white-plane 2") is None  # 4 - 2 + 6 = 8


def test_a_player_already_short_is_not_asked_again():
    state, seat = short_of_phase6(capital=1)  # 1 + 6 < 8 before any load
    assert asked(state, seat, LOAD3) is None


def test_no_order_expires_under_relax():
    state, seat = short_of_phase6(options={"relax": True}, tokens=None)
    assert asked(state, seat, LOAD3) is None


def test_moves_that_pay_nothing_are_not_asked_about():
    state, seat = short_of_phase6()
    assert asked(state, seat, "done") is None


def test_a_bid_is_asked_about_as_if_it_won():
    """Round 1: order 19 (1 time token, penalty 4) is due in the round it is won."""
    state = fresh(2, seed=3)
    restart_round1(state, [19, 20, 21, 22, 23])
    seat = current(state)
    for item in state["trucks"][seat].values():
        item["where"] = "mortgaged"
    kept = copy.deepcopy(state)
    text = say(asked(state, seat, "bid 19 17"), "en")
    assert state == kept
    assert text.startswith("Unless order 19 Frankfurt is fulfilled this round, you would owe "
                           "4 in Phase 6"), text
    assert "you would have only 3 Capital and no truck left to mortgage" in text
    assert asked(state, seat, "bid 19 16") is None  # 4 left: the penalty is paid
    assert asked(state, seat, "bid 20 19") is None  # order 20 has time to run


# --- through the service ---------------------------------------------------------------


class ShortRhein(Rhein):
    """Rhein that opens on the scenario above."""

    def setup(self, num_players, options, seed):
        return short_of_phase6()[0]


async def opened_short(tmp_path):
    from bot.service import TablesService
    from bot.store import Store

    store = await Store.open(str(tmp_path / "rhein.sqlite3"))
    service = TablesService(store, games={"rhein": ShortRhein()}, render=FakeRenderer())
    await service.new(ctx(1), "rhein", min_players=2, max_players=2)
    await service.join(ctx(2))
    await service.start(ctx(1), order="joined")
    row = await store.latest_game(500)
    state = GAME.load(row.state)
    seat = current(state)
    user = {s.seat: s.user_id for s in await store.seats(row.id)}[seat]
    return store, service, row, user, seat


async def test_the_load_is_asked_about_first_and_made_from_the_button(tmp_path):
    store, service, row, user, seat = await opened_short(tmp_path)
    replies = await service.play(ctx(user), LOAD3)
    assert len(replies) == 1 and replies[0].audience is Audience.EPHEMERAL
    question = replies[0]
    assert "Unless order 15 Frankfurt is fulfilled this round" in question.text, question.text
    assert question.text.endswith("Press the button to make the move anyway; anything else "
                                  "changes nothing.")
    [button] = question.buttons
    # the move as its prompt button says it, in the presser's language (not the notation)
    assert button.style == "danger" and button.label == "Yes: Load 3 onto the white Plane (cost 3)"
    assert (await store.latest_game(500)).version == row.version  # nothing happened yet

    german = (await service.play(replace(ctx(user), locale="de"), LOAD3))[0]
    assert "Wird der Auftrag 15 Frankfurt" in german.text and "Drücke den Knopf" in german.text
    assert german.buttons[0].label == "Ja: Lade 3 auf das weiße Flugzeug (Kosten 3)"

    await service.press(ctx(user), button.custom_id)
    after = await store.latest_game(500)
    assert after.version > row.version
    assert GAME.load(after.state)["capital"][seat] == 1
    await store.close()


async def test_a_safe_load_is_made_at_once(tmp_path):
    store, service, row, user, seat = await opened_short(tmp_path)
    replies = await service.play(ctx(user), "load white-plane 1")
    assert not any(b.custom_id.split(":")[-1].startswith("sure-")
                   for r in replies for b in r.buttons)
    assert GAME.load((await store.latest_game(500)).state)["capital"][seat] == 3
    await store.close()
