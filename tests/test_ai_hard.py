"""The ``hard`` level: it sees only its own view, is deterministic for a seed, always plays a
legal move, and beats ``normal`` in a few fixed-seed games (the 200-game figure is a bench
run, bench/AI_STRENGTH.md)."""

from __future__ import annotations

import json
import os

import pytest

from bench.ai_strength import play
from engine import ai, get_game
from engine.ai.hard import pick_better
from engine.ai.hard_games import SEARCHERS
from engine.ai.hard_rhein import RHEIN
from engine.core import State, new_rng, rng_below, rng_shuffle


def normal_position(key: str, players: int, seed: int, moves: int) -> State:
    """A position after ``moves`` moves of all-normal play."""
    game = get_game(key)
    state = game.setup(players, {}, seed)
    for version in range(moves):
        seat = game.active(state)[0]
        action = ai.choose(game, state, seat, "normal", ai.move_seed(seed, version, seat))
        game.apply(state, seat, action)
    return state


def play_normal_until(game, state: State, found, limit: int) -> None:
    """All-normal play from ``state`` (in place) until ``found(seat)`` holds for the seat to
    move, or ``limit`` moves."""
    for version in range(limit):
        seat = game.active(state)[0]
        if found(seat):
            return
        game.apply(state, seat, ai.choose(game, state, seat, "normal", version))


def other_seat_secrets_changed(key: str, state: State, seat: int) -> State:
    """The same position as ``seat`` sees it, with another seat's hidden cards, the deck's
    order and the random generator changed."""
    changed = get_game(key).load(get_game(key).dump(state))
    rng = new_rng(4242)
    changed["rng"] = new_rng(99)
    if key == "rhein":
        # Nobody sees the deck or the box; the other seats' face-down fulfilled orders were
        # taken and fulfilled in the open (R58), so they are no secret to change.
        hidden = changed["deck"] + changed["box"]
        rng_shuffle(rng, hidden)
        changed["deck"], changed["box"] = hidden[:len(changed["deck"])], \
            hidden[len(changed["deck"]):]
    elif key == "rheinlaender":
        other = (seat + 1) % changed["players"]
        hand, deck = changed["hands"][other], changed["deck"]
        hand[0], deck[-1] = deck[-1], hand[0]  # the deck holds no shuffle card at the top
        hand.sort()
        # Coins lie face down but each payment is a public duchy value: the count a player
        # keeps (engine.rheinlaender.memory), no secret to change.
    else:
        other = (seat + 1) % changed["n"]
        hand, pile = changed["hands"][other], changed["round_pile"]
        hand[0], pile[0] = pile[0], hand[0]
        rng_shuffle(rng, pile)
    return changed


@pytest.mark.parametrize(("key", "players", "moves"), [
    ("rhein", 3, 70), ("rhein", 5, 90), ("rheinlaender", 3, 24), ("troedler", 3, 40),
    ("rheinlaender", 3, 117),  # a seat with 3 knights left: the endgame search
    ("rheinlaender", 4, 30),  # before the endgame at 4 players: the one-round search
    ("troedler", 3, 126),  # a turn two requests before the end: the late search
])
def test_hard_choice_depends_only_on_its_own_view(key: str, players: int, moves: int) -> None:
    game = get_game(key)
    state = normal_position(key, players, 11, moves)
    seat = game.active(state)[0]
    changed = other_seat_secrets_changed(key, state, seat)
    assert game.dump(changed) != game.dump(state)
    assert game.view(changed, seat) == game.view(state, seat)
    checked = 0
    for seed in range(3):
        first = ai.choose(game, state, seat, "hard", seed, strict=True)
        assert first == ai.choose(game, changed, seat, "hard", seed, strict=True)
        checked += len(game.legal(state, seat)) > 1
    assert checked  # a position with a real choice


@pytest.mark.parametrize(("key", "players"), [("rhein", 2), ("rheinlaender", 4),
                                              ("troedler", 2)])
def test_hard_is_legal_deterministic_and_leaves_the_state_alone(key: str, players: int) -> None:
    game = get_game(key)
    state = game.setup(players, {}, 3)
    rng = new_rng(3)
    for count in range(40):
        if game.result(state) is not None:
            break
        seat = game.active(state)[0]
        moves = game.legal(state, seat)
        if count % 8 == 0:
            before = game.dump(state)
            move = ai.choose(game, state, seat, "hard", count, strict=True)
            assert game.dump(state) == before
            assert move in moves
            assert ai.choose(game, game.load(before), seat, "hard", count) == move
        game.apply(state, seat, moves[rng_below(rng, len(moves))])


def test_a_world_keeps_what_the_seat_sees_and_redeals_the_rest() -> None:
    state = normal_position("rheinlaender", 4, 5, 12)
    seat = get_game("rheinlaender").active(state)[0]
    world = SEARCHERS["rheinlaender"].determinize(state, seat, new_rng(1))
    assert world["hands"][seat] == state["hands"][seat]
    assert world["knights"] == state["knights"]
    hidden = sorted(state["deck"] + [c for s in range(4) if s != seat
                                     for c in state["hands"][s]])
    assert sorted(world["deck"] + [c for s in range(4) if s != seat
                                   for c in world["hands"][s]]) == hidden
    assert [len(h) for h in world["hands"]] == [len(h) for h in state["hands"]]
    others = [world["hands"][s] for s in range(4) if s != seat]
    assert others != [state["hands"][s] for s in range(4) if s != seat]


def test_a_rhein_world_redeals_only_the_deck_and_the_box() -> None:
    state = normal_position("rhein", 4, 7, 120)
    seat = get_game("rhein").active(state)[0]
    assert any(state["fulfilled"][s] for s in range(4) if s != seat)
    world = SEARCHERS["rhein"].determinize(state, seat, new_rng(1))
    assert world["fulfilled"] == state["fulfilled"]  # played in the open: the record
    assert world["list"] == state["list"] and world["orders"] == state["orders"]
    assert sorted(world["deck"] + world["box"]) == sorted(state["deck"] + state["box"])
    assert (len(world["deck"]), len(world["box"])) == (len(state["deck"]), len(state["box"]))
    assert world["deck"] != state["deck"]


def test_rhein_phase_1_candidates_are_normals_move_then_orders_by_value() -> None:
    """At 3-5 seats the searcher compares its policy's take (normal's, with hard's own
    caution at 5 seats) with not taking and with the other orders, best first by that
    policy's order value; a random sample wasted candidates."""
    from engine.ai import rhein
    from engine.ai.hard_rhein import CAUTION_AT, RHEIN_LARGE, RHEIN_ORDER_CANDIDATES
    from engine.ai.rhein import order_value

    game = get_game("rhein")
    state = normal_position("rhein", 5, 3, 0)
    caution = CAUTION_AT[5]

    def differs(seat: int) -> bool:  # a take where hard's caution and normal's choose apart
        moves = game.legal(state, seat)
        return (state["step"] == "take" and state["round"] > 1
                and rhein.choose(game, state, seat, moves, new_rng(1))
                != rhein.choose(game, state, seat, moves, new_rng(1), caution))

    play_normal_until(game, state, differs, 400)
    assert state["step"] == "take"
    seat = game.active(state)[0]
    moves = game.legal(state, seat)
    assert RHEIN.at(state) is RHEIN_LARGE
    cands = RHEIN_LARGE.candidates(game, state, seat, moves, RHEIN_LARGE.heuristic(),
                                   new_rng(1))
    ordered = sorted(moves, key=lambda m: json.dumps(m, sort_keys=True))
    assert cands[0] == rhein.choose(game, state, seat, ordered, new_rng(1), caution)
    assert cands[0] != rhein.choose(game, state, seat, ordered, new_rng(1))
    assert {"type": "done"} in cands and all(c in moves for c in cands)
    assert len(cands) == min(RHEIN_ORDER_CANDIDATES, len(moves)) == len(set(map(str, cands)))
    takes = [c["card"] for c in cands[1:] if c["type"] == "take"]
    values = [order_value(state, seat, c, caution=caution) for c in takes]
    assert values == sorted(values, reverse=True)


def test_rhein_hard_policy_lets_others_raise_but_the_search_still_weighs_raises() -> None:
    """At 4-5 seats hard's own caution never raises an auction (others pay for the orders
    they fight over); normal raises up to half the order's net gain. The search keeps the
    raises among its candidates, after the pass."""
    from engine.ai import rhein
    from engine.ai.hard_rhein import CAUTION_AT, RHEIN_LARGE

    game = get_game("rhein")
    state = normal_position("rhein", 5, 3, 0)
    caution = CAUTION_AT[5]
    assert CAUTION_AT[4] == caution and caution.bid_percent == 0

    def normal_raises(seat: int) -> bool:
        auction = state["auction"]
        if state["step"] != "auction" or auction["lone"] or auction["card"] is None:
            return False
        moves = game.legal(state, seat)
        return rhein.choose(game, state, seat, moves, new_rng(1))["type"] == "bid"

    play_normal_until(game, state, normal_raises, 2000)
    assert state["step"] == "auction"
    seat = game.active(state)[0]
    ordered = sorted(game.legal(state, seat), key=lambda m: json.dumps(m, sort_keys=True))
    assert rhein.choose(game, state, seat, ordered, new_rng(1), caution) == {"type": "pass"}
    cands = RHEIN_LARGE.candidates(game, state, seat, ordered, RHEIN_LARGE.heuristic(),
                                   new_rng(1))
    assert cands[0] == {"type": "pass"}
    assert any(c["type"] == "bid" and c["amount"] > state["auction"]["bid"] for c in cands)


def test_normal_is_overruled_only_on_clear_evidence() -> None:
    assert pick_better([[0.2, 0.2], [0.3, 0.3]], 0.05) == 1
    assert pick_better([[0.2, 0.2], [0.22, 0.22]], 0.05) == 0  # too small a gain
    assert pick_better([[0.0, 0.0, 0.0], [1.0, -0.8, 1.0]], 0.05) == 0  # too noisy
    assert pick_better([[0.0] * 4, [0.2] * 4, [0.4] * 4], 0.05) == 2
    # a gain of 1.7 standard errors: enough at 1.5, not at 2 (the default)
    assert pick_better([[0.0] * 4, [0.3, 0.0, 0.3, 0.0]], 0.05) == 0
    assert pick_better([[0.0] * 4, [0.3, 0.0, 0.3, 0.0]], 0.05, 1.5) == 1


# Fixed seeds (games first.., the bench's seeds 1000+i): deterministic, so these are
# regression checks of the level's strength, kept to one to three games per game in CI (a
# hard game takes 5-25 s here). A shared first place counts 1/k, as in the bench. Rhein 2
# players: games 0-2 gave 2 first places with the normal that keeps its loading money
# (2026-12-06; game 0, lost now, was won against the normal that bid it away). Rheinländer's
# 3-player game 0 is won by this version (the policy's move until the endgame search),
# CI plays it; the slow run (RHEINBOT_SLOW=1) plays more games per count with
# thresholds measured on this version (Rheinländer games 0-9: 8 first places, 2026-12-03;
# Trödler 3 players 5, 4 players at least 5, 2026-12-04; Rhein with the new normal,
# 2026-12-06: 3 players games 0-5 gave 5, 4 players 0-9 gave 7, 5 players 0-8 gave 7).
GAMES = [("rhein", 2, 0, 3, 2), ("rheinlaender", 3, 0, 1, 1), ("troedler", 2, 0, 1, 1)]


@pytest.mark.parametrize(("key", "players", "first", "games", "need"), GAMES)
def test_hard_beats_normal_in_fixed_seed_games(key: str, players: int, first: int,
                                               games: int, need: float) -> None:
    outcomes = [play(key, players, index, "hard", "normal")
                for index in range(first, first + games)]
    assert all(o.finished and not o.error for o in outcomes)
    share = sum(o.share for o in outcomes)
    assert share >= need, f"{key} {players}p: hard won {share} of {games}"


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("RHEINBOT_SLOW") != "1", reason="set RHEINBOT_SLOW=1")
@pytest.mark.parametrize(("key", "players", "games", "need"), [
    ("rhein", 3, 6, 4), ("rhein", 4, 10, 5), ("rhein", 5, 10, 4), ("rheinlaender", 3, 10, 8),
    ("troedler", 2, 4, 2), ("troedler", 3, 10, 5), ("troedler", 4, 10, 5),
])
def test_hard_beats_normal_slow(key: str, players: int, games: int, need: float) -> None:
    test_hard_beats_normal_in_fixed_seed_games(key, players, 0, games, need)


def test_the_bot_offers_hard_and_its_seeded_choice_is_a_legal_move() -> None:
    from bot.discord.commands import ai_levels
    from bot.service import ai as bot_ai

    assert "hard" in ai_levels() and "hard" in bot_ai.LEVELS
    game = get_game("troedler")
    state = game.setup(3, {}, 8)
    seat = game.active(state)[0]
    move = bot_ai.choose(game, state, seat, "hard", 8, 0)
    assert move in game.legal(state, seat)
    assert move == bot_ai.choose(game, game.load(game.dump(state)), seat, "hard", 8, 0)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("RHEINBOT_SLOW") != "1", reason="set RHEINBOT_SLOW=1")
async def test_a_hard_seat_plays_a_whole_rhein_table_through_the_service(tmp_path) -> None:
    """/game add-bot level:hard seats a hard AI; its moves are logged and the export
    replays to the stored snapshot (the choice is seeded like the other levels)."""
    from bot.service import TablesService
    from bot.store import Store
    from engine.playthrough import replay
    from tests.service_pebbles import FakeRenderer, ctx

    game = get_game("rhein")
    store = await Store.open(str(tmp_path / "hard.sqlite3"))
    service = TablesService(store, games={"rhein": game}, render=FakeRenderer(),
                            seed_source=lambda: 21)
    await service.new(ctx(1), "rhein", min_players=2, max_players=2)
    await service.leave(ctx(1))
    await service.add_bot(ctx(1), "hard")
    await service.add_bot(ctx(1), "normal")
    await service.start(ctx(1), order="joined")
    row = await store.latest_game(500)
    assert row.status == "finished"
    seats = sorted(await store.seats(row.id), key=lambda s: s.joined)
    assert [s.ai_level for s in seats] == ["hard", "normal"]
    data = await service.export_data(row)
    state = replay(game, 2, data["options"], 21,
                   [(a["seat"], a["move"]) for a in data["actions"]])
    assert game.dump(state) == row.state
    await store.close()


def test_a_game_without_a_searcher_plays_normal_at_hard() -> None:
    game = get_game("18rhl")
    state = game.setup(3, {}, 2)
    seat = game.active(state)[0]
    for seed in range(3):
        assert ai.choose(game, state, seat, "hard", seed, strict=True) == \
            ai.choose(game, state, seat, "normal", seed, strict=True)


@pytest.mark.parametrize("lang, words", [
    ("en", ["(hard AI) joins as", "18Rhl: Rhineland has no hard level yet, so it plays normal."]),
    ("de", ["(KI, schwer) spielt als", "hat noch keine Stufe „schwer“", "spielt daher normal"]),
])
async def test_adding_a_hard_bot_says_what_the_game_plays_at_that_level(tmp_path, lang,
                                                                         words) -> None:
    """An admin who asks for a hard seat at an 18Rhl table learns there that it plays
    normal; at a table with a hard level the join line says nothing more."""
    from bot.service import TablesService
    from bot.store import Store
    from tests.service_pebbles import FakeRenderer, ctx

    store = await Store.open(str(tmp_path / "bots.sqlite3"))
    service = TablesService(store, render=FakeRenderer(), seed_source=lambda: 3)
    await service.new(ctx(1), "18rhl", min_players=3, max_players=3, lang=lang)
    said = (await service.add_bot(ctx(1), "hard"))[-1].text
    assert all(word in said for word in words), said
    await service.new(ctx(1, channel=2), "troedler", min_players=3, max_players=3, lang=lang)
    said = (await service.add_bot(ctx(1, channel=2), "hard"))[-1].text
    # Trödler's colour goes with the seat the start gives: the line names none
    assert said.endswith(".") and "normal" not in said, said
    assert words[0].removesuffix(" als").removesuffix(" as") in said, said
    await store.close()
