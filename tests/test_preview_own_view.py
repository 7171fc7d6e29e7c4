"""``/game preview`` says only what its caller may know: its text for a move is the same in
two positions that differ only in what the caller cannot see (the deck's order, another
seat's hand, the random generator). A preview that showed the card a move draws, the next
orders a round's end reveals, or a standing that depends on them would differ."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from test_ai_hard import normal_position, other_seat_secrets_changed

from bot.i18n import t
from bot.service.base import Table
from bot.service.looking import _effect
from engine import ai, get_game
from engine.core import State

COLOURS = ["orange", "green", "blue", "yellow", "red"]


def table_at(key: str, state: State, players: int) -> Table:
    game = get_game(key)
    seats = [SimpleNamespace(seat=n, name=f"P{n}", colour=COLOURS[n], is_ai=False,
                             ai_level=None, user_id=n + 1) for n in range(players)]
    return Table(row=SimpleNamespace(language="en", game_key=key),  # type: ignore[arg-type]
                 game=game, seats=seats, state=state)  # type: ignore[arg-type]


def previews(key: str, state: State, seat: int, players: int) -> list[list[str]]:
    table = table_at(key, state, players)
    out = []
    for action in table.game.legal(state, seat)[:12]:
        after = table.game.load(table.game.dump(state))
        lines = table.game.apply(after, seat, action)
        out.append(_effect(table, seat, action, after, lines, "en"))
    return out


def every_seventh_position(key: str, players: int, seed: int, limit: int):
    """(moves, a copy of the position) after 0, 7, 14 … moves of one all-normal game: the
    positions ``normal_position`` gives, walked once instead of replayed from the start."""
    game = get_game(key)
    state = normal_position(key, players, seed, 0)
    for moves in range(limit):
        if moves % 7 == 0:
            yield moves, game.load(game.dump(state))
        if game.result(state) is not None:
            return
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal",
                                          ai.move_seed(seed, moves, seat)))


@pytest.mark.parametrize(("key", "players"), [("rhein", 3), ("rheinlaender", 3),
                                              ("troedler", 2), ("troedler", 3)])
def test_a_preview_says_the_same_whatever_the_caller_cannot_see(key: str, players: int):
    shown = 0
    for seed in range(3):
        for moves, state in every_seventh_position(key, players, seed, 120):
            if get_game(key).result(state) is not None:
                break
            seat = get_game(key).active(state)[0]
            try:
                changed = other_seat_secrets_changed(key, state, seat)
            except IndexError:  # nothing hidden left to swap (a Trödler pile dealt out)
                continue
            ours = previews(key, state, seat, players)
            assert ours == previews(key, changed, seat, players), (seed, moves)
            shown += sum(1 for p in ours if p)
            # "the channel reads:" heads a quote; over a standing alone it said nothing
            heading = t("svc.preview.would", "en")
            assert all(p[1].startswith("> ") for p in ours if p and p[0] == heading), ours
    assert shown > 20  # the previews said something to compare


def test_a_discard_preview_quotes_the_discard() -> None:
    """A Trödler discard at the hand limit: its preview held the player's own discard line
    back, a count in a card ("2 cups") taken for a hidden card's number, and read "If you
    play it, the channel reads:" over the standing alone."""
    game = get_game("troedler")
    state = game.setup(2, {}, 0)
    for version in range(25):  # to seed 0's first discard at the hand limit
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal", version))
    seat = game.active(state)[0]
    discard = game.legal(state, seat)[0]
    assert discard["type"] == "discard"
    after = game.load(game.dump(state))
    said = _effect(table_at("troedler", state, 2), seat, discard, after,
                   game.apply(after, seat, discard), "en")
    assert said[:2] == [t("svc.preview.would", "en"),
                        "> **P0** (orange) discards #11 request 2 cups + vase (4 pts), "
                        "#68 bridge."], said
