"""A new 18Rhl table passes for a player whose only legal move is a pass ("DEE has nowhere
to lay track and passes"): in play-by-post they came back a day later to press it.

Only a table whose options say so (``auto_pass``, on for a table the lobby opens now) does:
a game stored before has none in its options and is rebuilt by replaying its moves, forced
passes typed among them, so it must go on waiting for them; imports replay recorded games,
explicit passes too, without ``setup``."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, row_of, seat_users, turn_prompt

import engine
from engine.core import new_rng, rng_below
from engine.fuzz import Case, run_case
from engine.rhl18.snapshot import active_step
from engine.text import say

GAME = engine.get_game("18rhl")
NEW = GAME.normalise_options({})  # the options a table opened in the lobby now stores
# A table stored before the option existed: the same options without it.
OLD = {name: value for name, value in NEW.items() if name != "auto_pass"}


def keys(lines: list) -> list[str]:
    return [getattr(line, "key", "") for line in lines]


def outbid_table(options: dict) -> tuple[dict, list]:
    """Three players; the first bids all their 600M on RhE and the others pass: on its turn
    again it can afford no bid. The last move's lines are returned too."""
    state = GAME.setup(3, options, 5)
    lines: list = []
    for seat, typed in ((0, "bid rhe 600"), (1, "pass"), (2, "pass")):
        lines = GAME.apply(state, seat, GAME.parse(state, seat, typed))
    return state, lines


def test_a_new_table_passes_for_a_player_who_can_afford_no_bid():
    assert NEW["auto_pass"] is True
    state, lines = outbid_table(NEW)
    assert keys(lines) == ["rhl18.log.pass", "rhl18.log.forced_bid"]
    assert say(lines[-1], "en") == "Player 1 can afford no bid and passes"
    assert say(lines[-1], "de") == "Spieler 1 kann sich kein Gebot leisten und passt"
    # everyone passed: the first private's price drops, and the next player is asked
    assert GAME.active(state) == [1]
    assert state["round"]["discount"] == 5


def test_a_bidder_who_cannot_raise_drops_out_of_the_auction_by_itself():
    # Player 1's 600M are all bid (KEO 35, RhE 565): when KEO is auctioned between them
    # and Player 2, its next bid (45) is beyond it
    state = GAME.setup(3, NEW, 5)
    for seat, typed in ((0, "bid keo 35"), (1, "bid keo 40"), (2, "pass"), (0, "bid rhe 565"),
                        (1, "bid pwb 20")):
        lines = GAME.apply(state, seat, GAME.parse(state, seat, typed))
    said = [say(line, "en") for line in lines]
    assert said[-2:] == ["Player 1 cannot afford to raise the bid on KEO and passes",
                         "Player 2 gets private KEO"], said
    assert say(lines[-2], "de") == \
        "Spieler 1 kann sich kein höheres Gebot für KEO leisten und passt"
    assert GAME.active(state) == [2]


def test_a_game_stored_before_waits_for_the_pass():
    state, lines = outbid_table(OLD)
    assert "auto_pass" not in state
    assert keys(lines) == ["rhl18.log.pass"]
    assert GAME.active(state) == [0]
    assert GAME.legal(state, 0) == [{"type": "pass", "entity": 0}]


def lone_pass(state: dict) -> dict | None:
    """The pass, when it is every active seat's only legal move."""
    offered = [GAME.legal(state, seat) for seat in GAME.active(state)]
    if offered and all([m["type"] for m in moves] == ["pass"] for moves in offered):
        return offered[0][0]
    return None


@pytest.mark.parametrize(("players", "seed", "options", "word", "step", "english", "german"), [
    (4, 0, {}, "track", "Track", "has nowhere to lay track and passes",
     "kann nirgends Strecke legen und passt"),
    # The engine, as 18xx.games does, skips a stock turn with nothing to buy, sell or par by
    # itself; it waited where the only share its check finds is KEG's 10% before KEG
    # floats, which only 20% at once may buy.
    (3, 12, {"lower_starting_capital": True}, "shares", "BuySellParShares",
     "can buy, sell or par nothing and passes",
     "kann nichts kaufen, verkaufen oder gründen und passt"),
])
def test_a_step_with_only_a_pass_is_passed_as_a_player_would_pass_it(
        players, seed, options, word, step, english, german):
    """Random moves (seeded) on a new table until ``word``'s pass is made for a player; a
    game stored before, given the same moves, waits at each such pass, and with it typed
    is where the new table is, after every move."""
    key = f"rhl18.log.forced_{word}"
    state = GAME.setup(players, {**NEW, **options}, seed)
    old = GAME.setup(players, {**OLD, **options}, seed)
    chooser = new_rng(seed)
    moves: list[tuple[int, str]] = []
    while GAME.result(state) is None:
        # the new table's player is never asked for a lone pass: a real choice is theirs
        seat = GAME.active(state)[0]
        assert lone_pass(state) is None
        offered = GAME.legal(state, seat)
        action = offered[rng_below(chooser, len(offered))]
        moves.append((seat, GAME.format(state, action)))
        lines = GAME.apply(state, seat, action)
        GAME.apply(old, seat, action)
        waited = []
        while (typed := lone_pass(old)) is not None:
            waited.append(active_step(old))
            GAME.apply(old, GAME.active(old)[0], typed)
        assert GAME.dump({**old, "auto_pass": True}) == GAME.dump(state)
        if key in keys(lines):
            break
    else:
        raise AssertionError(f"no {key} in seed {seed}")
    assert step in waited
    forced = next(line for line in lines if line.key == key)
    assert say(forced, "en") == f"{say(forced.params['who'], 'en')} {english}"
    assert say(forced, "de") == f"{say(forced.params['who'], 'de')} {german}"

    # Rebuilt as the service rebuilds a game (undo, a snapshot's repair): set up from the
    # table's options and seed, each stored move parsed and applied: the same passes.
    again = GAME.setup(players, {**NEW, **options}, seed)
    for seat, typed in moves:
        GAME.apply(again, seat, GAME.parse(again, seat, typed))
    assert GAME.dump(again) == GAME.dump(state)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 2)])
def test_the_fuzzers_checks_hold_with_forced_passes(players, seed):
    # random play to the end: no dead end, notation round trips, invariants, and a replay
    # of the moves byte-identical to the game played
    outcome = run_case(GAME, Case("18rhl", players, {"auto_pass": True}, seed), stride=25)
    assert outcome.ok, outcome.fault
    assert outcome.finished


async def test_the_channel_says_the_pass_and_the_next_player_is_asked(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        channel = bot.stand_in.channel
        anna, bert, carl = (Member(bot, name) for name in ("Anna", "Bert", "Carl"))
        await open_table(bot, "18rhl", [anna, bert, carl], bots=0, played=Played())
        row = await row_of(bot, channel)
        assert row.options["auto_pass"] is True
        users = await seat_users(bot, row.id)
        assert [users[s] for s in range(3)] == [anna.id, bert.id, carl.id]
        await anna.command("play", channel, move="bid rhe 600")
        await bert.command("play", channel, move="pass")
        record = await carl.command("play", channel, move="pass")

        said = "\n".join(m.text for m in record.visible_posts)
        assert "Anna can afford no bid and passes" in said.replace("*", ""), said
        row = await row_of(bot, channel)
        assert row.active_seats == [1]
        assert turn_prompt(bot, channel, bert, row.version) is not None
        actions = await bot.client.store.actions(row.id)
        assert [(a.seat, a.notation) for a in actions] == \
            [(0, "bid rhe 600"), (1, "pass"), (2, "pass")]
        # rebuilt from the table's options and its stored moves, as undo does
        state = GAME.setup(3, row.options, row.seed)
        for action in actions:
            GAME.apply(state, action.seat, GAME.parse(state, action.seat, action.notation))
        assert GAME.dump(state) == row.state
