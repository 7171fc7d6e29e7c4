"""Rheinländer's ``hard`` parts (``engine.ai.hard``): worlds, candidates, values.

Until a seat has ``ENDGAME_KNIGHTS`` knights left (5 at 5 players, ``ENDGAME_KNIGHTS_AT``),
hard plays its own tuned policy's move (engine.ai.rheinlaender_tuned) at 3 and 5 players.
At 4 players it searches one round (``NEXT``): every other seat's answer to the policy's
best moves, scored by our best move at our next turn. From there on it searches whole
games: who ends the game and when decides it. A world keeps what the seat sees and the
coins every seat was paid in the open (``engine.rheinlaender.memory``), and redeals the
other hands and the deck. ``MIDGAME``,
the same one-round search scored as if the game ended at the horizon, is no longer played
(measured below; bench/rheinlaender_search.py can still run it).

History, measured 2026-12-03 (one hard seat against normal, seeds 1000+i, under load 2-3):
hard plays its own policy's move (engine.ai.rheinlaender_tuned): in a 4-player game (seed
1003, seat 0) the search kept the policy's first candidate in 32 of 32 decisions. Its other
candidates scored 0.3-0.8 (3-8 points) lower after a round of answers, and the whole-game
endgame playouts differ by 0.00-0.02 between candidates in 2-6 worlds, so
``pick_better`` never overrules. So hard's share is its policy's share: the policy alone
scores 43.2 / 32.2 / 16.5 % at 3 / 4 / 5 players over games 0-199 (bench/rheinlaender_tune.py),
hard 47.5 / 31.7 / 22.5 % over games 0-19. The endgame search alone (the policy until a
seat has 3 knights left, then this search; bench/rheinlaender_search.py) gave 49.5 % over
games 0-99 at 3 players against 48.0 % for the policy alone; its searched moves' p99 was
2.7 s under load 3 (the slowest of hard's moves). Weight changes tried for the policy are
listed in its docstring; none beat it beyond the noise (about +-7 points over 200 games).
This version (the exact final lead for a move that ends the game), python -m
bench.ai_strength, 20 games each, under load 2: 3 players 47.5 % [28, 68] (p99 1446 ms),
4 players 31.7 % [16, 54] (981 ms), 5 players 22.5 % [10, 44] (1083 ms), the same shares
as before on games 0-19; 5 players games 20-39: 17.5 % [7, 39] (1273 ms).

With the policy's ``follow`` look (engine.ai.rheinlaender_tuned: the best knight moves
scored with our best next knight from the cards kept; the policy alone 52.9 / 43.2 / 31.5 %
at 3 / 4 / 5 players over games 0-199), candidates and hard's real move use it, the
playouts play the policy without it: with it in the whole-game endgame playouts too, games
0-9 at 3 players gave the same 6.5 first places at p99 3285 ms (max 5169 ms, load 3.5);
as committed: 6.5 of 10 (65.0 % [35, 86]), p50 459 / p99 1695 / max 2120 ms
at load 3. On fresh seeds (games 200+, not used for tuning; bench.ai_strength's play, nice
10, load 3-4): 3 players 19 of 30, 63.3 % [46, 78] (p50 567 / p99 1846 / max 2552 ms);
4 players 13 of 25, 52.0 % [33, 70] (630 / 1318 / 2663 ms); 5 players 7 of 25, 28.0 %
[14, 48] (611 / 1334 / 1812 ms). The search still keeps the policy's move, so hard's gain
is its policy's. With ``follow_top`` 16 (the policy +10 points at 3 players): 20 of games
200-229 (19 before), 5.5 of games 0-9 (6.5 before); p99 2.4 s, max 4.7 s wall at load 3-4.
Over games 200-329 hard took 75.5 of 130 (58.1 %) where the policy alone takes 63.2 % of
games 0-199.

So since 2026-12-03 hard searches only the endgame (``OPENING`` plays the policy's move
until a seat has ``ENDGAME_KNIGHTS`` knights left). On the same games 200-329 at 3 players
(one seat, the others normal): the policy alone 87.5 of 130 (67.3 %), hard searching every
move 75.5 (58.1 %), the policy with this endgame search 90.5 (69.6 %); paired by game, the
endgame-only version +11.5 points over searching every move (standard error 4.5) and +2.3
over the policy alone (1.3). The midgame search scores the position at our next turn by
``value``, as if the game ended there, so it cannot see what our hand completes next: it
overruled the policy's ``follow`` choices (a knight opening a duchy we close next turn)
for moves that score more now. Games 0-9: 8 first places (5.5 before). Over games
200-399: 67.3 % at 3 players, 52.4 % at 4, 39.1 % at 5 (bench/AI_STRENGTH.md); hard moves'
CPU time p99 1756 / 1372 / 971 ms, the endgame's moves being the slow ones.

Tried 2026-12-03 and not adopted: the horizon scored by our best next move (the policy's
top move value at the start of our next turn, so the search sees what our hand still makes
after the others' answers). Without ``follow`` in that look, games 200-223 at 3 players gave
15 first places against 16 for this version on the same games, at 1.5x the CPU; with
``follow`` a game took 3x the CPU (69 s against 23 s) and one 3-player move 3.7 s.

2026-12-04: at 4 and 5 players the policy counts a knight spent as a gain (``knights`` -1.5,
engine.ai.rheinlaender_tuned), as the seat that ends the game wins far more often than its
share. Hard over games 200-399: 56.7 % at 4 players (52.4 % before), 43.6 % at 5 (39.1 %);
on fresh games 400-599, paired with the version before: 41.9 % against 35.0 % at 5 players
(+6.9 points, standard error 2.6), 48.8 % against 48.2 % at 4 (+0.5, 3.1). Searching whole
games from 5 knights left at 4 players instead of 3: +1.1 points (standard error 1.8), not
adopted. Four times the endgame's simulated moves (``move_budget`` 640, up to 16 worlds), 5
players, fresh games 400-599: +2.9 points (1.7), but its searched moves' p99 3.7 s; twice
them +2.0 (1.6); not adopted (bench/AI_STRENGTH.md, thirteenth round).

2026-12-04, later: the settlement and the policy's score got about 1.7x faster with the
same moves (engine.rheinlaender.settlement, engine.ai.rheinlaender). That made room for a
bigger endgame budget, ``ENDGAME_BUDGETS``. Measured on fresh games 400-599, paired with
the 160-move search:
- 5 players: 640 moves and 16 worlds gave +2.9 points (standard error 1.7), 960 and 20 gave
  +1.9 (2.1), and 1280 and 24 gave +5.7 (2.2). With 1280, searched moves take p50 1.1 s,
  p99 1.7 s and max 1.75 s of CPU (158 decisions, load 2).
- 4 players: 640 and 16 gave +2.0 (1.5), 960 and 20 gave +3.5 (1.2), and 1280 and 24 gave
  +3.2 (1.4). 1280's p99 is 2.1 s of CPU, over the target. With 960, searched moves take
  p50 0.95 s, p99 1.8 s and max 2.0 s of CPU (131 decisions, load 4).
The budgets were chosen on these games, so they flatter the choice a little.

2026-12-04, night: the one-round search again, its horizon scored by our best next move
(``next_turn_value``): every other seat answers with ``normal`` in up to 12 sampled worlds
(400 simulated moves), then our best move from the hand we hold then, with the card we
drew in that world. The policy's ``follow`` look guessed that next knight from the cards
kept; here the others' answers have taken their squares and duchies first. Measured with
bench/rheinlaender_search.py (``--searcher next``), paired with hard as committed before
on fresh games 600-799:
- 4 players: 62.8 % against 51.2 % (+11.5 points, standard error 3.9; 78 games differ).
  Decisions take p50 0.5 s, p99 1.6-1.9 s and max 2.0 s of CPU (games 600-623, 726
  moves, load 3-5). Adopted: ``BEFORE_ENDGAME``. Confirmed on games 800-899: 61.3 %
  against 47.0 % (+14.3, 5.6).
- 5 players: 46.0 % against 47.9 % on games 600-708 (-1.8, 6.5; 54 of 109 games differ);
  with 24 worlds -16.7 over 18 games, and overruling only on a gain of 1.5 points -25.0
  over 16 games. Not adopted: 5 players keep the policy's move before the endgame.
3 players keep the policy's move too; their row passes and was not screened with it.

2026-12-05, tried at 4 players and not kept. Every search (``NEXT`` and the endgame's)
overruling the policy on 1.5 standard errors instead of 2 (``Searcher.confidence``;
bench/rheinlaender_search.py ``--confidence``): 68.5 % against 64.5 % on games 950-1049
(+4.0 points, standard error 3.0; 12 games differ), but on the fresh games 1050-1249 65.3 %
against 67.0 % (-1.7, 3.0; 47 differ), so +0.2 over the 300 games. Also on games 950-1049
(that code went with them): ``NEXT`` dropping, from the sixth world on, the
candidates no better than the policy's move so far and spending their moves on more worlds
(up to 32 and 800 moves: -1.5, 4.1; 18 games differ); the endgame searches pruned so (1
game of 100 differs, and at 5 players, games 800-899, -2.0, 1.6, 4 differ); ``NEXT``'s
horizon two rounds on (800 moves: -3.5, 5.9; 40 games differ). Hard as committed took
67.0 % of the fresh games 1050-1249 (134 of 200) and 64.0 % of all 650 fresh games
600-1249 it has played since ``NEXT``.

2026-12-05, later (bench/AI_STRENGTH.md, seventeenth round; nothing adopted). 4 players,
games 1050-1149: ``NEXT`` with twice its budget -4.5 points (standard error 4.2), on 3
standard errors -11.8 (6.4, 38 games): its overrules on 2 are worth having, more of them
add nothing. 5 players, games 800-899: whole games searched from 5 knights left +3.5
(1.8; 4 games differ). ``NEXT`` at 5 players, games 800-849: +20.3 (8.8) where games
600-708 gave -1.8, and the same with every true hand in its worlds (+1.0 over redealt
ones): the hidden hands are not why it lost there. On fresh games 900-949 -7.0 (8.2): over
all 259 games +4.5 (4.0), not adopted.

2026-12-05, eighteenth round: at 5 players the policy's weights were tuned all at once
(engine.ai.rheinlaender_tuned ``FIVE``); hard with them took 43.9 % of fresh games
1000-1199 against 40.0 % (+3.9 points, standard error 2.8), 42.9 % of games 1000-1299
(+2.2, 2.3). The search is unchanged.

2026-12-05, nineteenth round: at 5 players the whole-game search starts at 5 knights left
(``ENDGAME_KNIGHTS_AT``) and overrules the policy on 1.5 standard errors instead of 2
(``ENDGAME_CONFIDENCE``). Each alone had stayed inside the noise (from 5 knights +0.2
points, standard error 1.4, on games 2000-2199; on 1.5 standard errors +2.8, 2.1, on games
800-899). Together, paired with hard before on fresh games: 46.0 % against 41.6 % on games
2000-2199 (+4.4, 2.4; 31 games differ), then 50.7 % against 45.3 % on games 2200-2299
(+5.3, 3.6; 17 differ): +4.7 (2.0) over the 300. Its searched decisions cost what the
5-knight search does (the budget is the same): p50 1.2 s, p99 1.7 s and max 1.8 s of CPU.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.ai.hard import (
    Heuristic,
    Searcher,
    deal_hidden,
    first_place_share,
    fresh_rng,
    margin,
)
from engine.core import Action, Game, State

if TYPE_CHECKING:
    from engine.ai.rheinlaender_tuned import Weights

MARGIN = 0.25  # weight of the score margin next to the share of first place (0..1)


def rheinlaender_world(state: State, seat: int, rng: dict[str, int]) -> State:
    """Hidden from ``seat``: the other hands and the deck (drawn at random). The other seats'
    coins lie face down but were paid in the open (``engine.rheinlaender.memory``): a world
    keeps the count a player keeps, where it first gave each other seat our coins (a guess
    about who leads, which the normal seats did not have to make)."""
    from engine.rheinlaender.cards import SHUFFLE

    world = dict(state)
    deck = [c for c in state["deck"] if c != SHUFFLE]
    places = {"deck": len(deck)}
    pool = list(deck)
    for other in range(state["players"]):
        if other != seat:
            places[other] = len(state["hands"][other])
            pool += state["hands"][other]
    dealt = deal_hidden(places, pool, rng)
    world["deck"] = sorted(dealt["deck"] + [SHUFFLE] * (len(state["deck"]) - len(deck)))
    world["hands"] = [list(state["hands"][s]) if s == seat else sorted(dealt[s])
                      for s in range(state["players"])]
    return counted(world, state, seat, rng)


def counted(world: State, state: State, seat: int, rng: dict[str, int]) -> State:
    """``world`` with the coins counted as a player keeps them, its own draws to come and
    our seat marked for hard's own policy in playouts."""
    from engine.rheinlaender.memory import coins, payments

    world["coins"] = coins(state)
    world["payments"] = [payments(state, s) for s in range(state["players"])]
    world["rng"] = fresh_rng(rng)
    world["searching"] = seat
    return world


def rheinlaender_candidates(game: Game, world: State, seat: int, moves: list[Action],
                            pick: Heuristic, rng: dict[str, int]) -> list[Action]:
    """Hard's own policy's best few moves, one per outcome (a knight on one square from
    whichever card, spending the card worth least): the search then plays every other
    seat's answer to each."""
    from engine.ai.rheinlaender_tuned import ranked

    return [move for _, move in ranked(game, world, seat, moves)[:CANDIDATES]]


def policy_only(game: Game, world: State, seat: int, moves: list[Action], pick: Heuristic,
                rng: dict[str, int]) -> list[Action]:
    """Before the endgame, the policy's own move unsearched: a search to our next turn scored
    by ``value`` (the position as if the game ended there) overruled the policy's ``follow``
    look at what our hand completes next turn, and lost 9 points at 3 players (docstring)."""
    return rheinlaender_candidates(game, world, seat, moves, pick, rng)[:1]


def plain_weights(players: int) -> Weights:
    """Hard's own policy's weights without its ``follow`` look (four times the cost): what
    our seat plays in playouts and how the one-round search scores our next move."""
    from engine.ai.rheinlaender_tuned import weights_for

    return weights_for(players).but(follow=0.0)


def rheinlaender_playout_move(game: Game, state: State, seat: int, moves: list[Action],
                              rng: dict[str, int]) -> Action:
    """``normal`` for the other seats (they play it), hard's own policy for ours, without its
    ``follow`` look (four times the cost, and a whole-game playout plays dozens of them)."""
    from engine.ai import rheinlaender, rheinlaender_tuned

    if state.get("searching") == seat:
        return rheinlaender_tuned.choose(game, state, seat, moves, rng,
                                         plain_weights(state["players"]))
    return rheinlaender.choose(game, state, seat, moves, rng)


def rheinlaender_stop(start: State, now: State, played: int) -> bool:
    """At the start of our next turn: every other seat has answered the move (a duchy taken
    over, a majority outnumbered), and the position is scored where we move again."""
    return now["turn"] - start["turn"] >= now["players"]


def whole_game_stop(start: State, now: State, played: int) -> bool:
    return False


def rheinlaender_value(game: Game, state: State, seat: int) -> float:
    """A finished game: the share of first place plus the lead. At the horizon: hard's own
    score of the position, after every other seat's answer."""
    from engine.ai.rheinlaender_tuned import value, weights_for

    if state["step"] == "over":
        scores = {row["seat"]: float(row["total"]) for row in state["final"]}
        return first_place_share(game, state, seat) + MARGIN * margin(scores, seat, 8.0)
    return value(state, seat, weights_for(state["players"])) / 10.0


def next_turn_value(game: Game, state: State, seat: int) -> float:
    """A finished game as ``rheinlaender_value``. At our next turn (every other seat has
    answered, and we drew): the score after our best move (a knight from the hand we hold
    then, or a bastion), so the horizon sees what our cards complete as well as what the
    answers took."""
    from engine.ai.rheinlaender_tuned import move_values, value

    if state["step"] == "over":
        return rheinlaender_value(game, state, seat)
    plain = plain_weights(state["players"])
    moves = game.legal(state, seat) if game.active(state) == [seat] else []
    if not moves:
        return value(state, seat, plain) / 10.0
    return max(move_values(game, state, seat, moves, plain)) / 10.0


def rheinlaender_at(state: State, before: Searcher | None = None) -> Searcher:
    """Near the end (a seat with few knights left), whole games: who ends the game and when
    decides it, and the end is a few rounds away. Before that, the one-round search where it
    was measured to gain (``BEFORE_ENDGAME``), else the policy's move; ``before`` overrides
    both (the bench screens a searcher at every table size so)."""
    if min(state["supply"]) > ENDGAME_KNIGHTS_AT.get(state["players"], ENDGAME_KNIGHTS):
        return before or BEFORE_ENDGAME.get(state["players"], OPENING)
    return ENDGAMES.get(state["players"], ENDGAME)


CANDIDATES = 4
ENDGAME_KNIGHTS = 3
# 5 players search whole games from 5 knights left and overrule the policy on 1.5 standard
# errors (``ENDGAME_CONFIDENCE``): measured together in the module docstring
ENDGAME_KNIGHTS_AT = {5: 5}
POLICY = "engine.ai.hard_rheinlaender:rheinlaender_playout_move"

MIDGAME = Searcher(policy=POLICY, determinize=rheinlaender_world,
                   candidates=rheinlaender_candidates, stop=rheinlaender_stop,
                   value=rheinlaender_value, playouts=16, max_worlds=6, move_budget=160)
ENDGAME = replace(MIDGAME, stop=whole_game_stop)
# Simulated moves per endgame decision and the most worlds, by table size: at 4 and 5 players
# more worlds let the search overrule its policy more often where it sees a gain (measured
# in the module docstring). 3 players keep the budget their row was measured with.
ENDGAME_BUDGETS = {4: (960, 20), 5: (1280, 24)}
ENDGAME_CONFIDENCE = {5: 1.5}
ENDGAMES = {players: replace(ENDGAME, move_budget=moves, max_worlds=worlds,
                             confidence=ENDGAME_CONFIDENCE.get(players, ENDGAME.confidence))
            for players, (moves, worlds) in ENDGAME_BUDGETS.items()}
OPENING = replace(MIDGAME, candidates=policy_only)
# Before the endgame, every other seat's answer played out and scored by our best next move
# (measured in the module docstring): at 4 players only.
NEXT = replace(MIDGAME, value=next_turn_value, move_budget=400, max_worlds=12)
BEFORE_ENDGAME = {4: NEXT}
RHEINLAENDER = replace(MIDGAME, at=rheinlaender_at)
