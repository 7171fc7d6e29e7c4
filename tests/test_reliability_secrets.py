"""Only the owner ever receives their hidden information: whole games of every game through
the service, all seats human, every Reply of every call checked for its audience.

Hidden things come from the engines' own ``hidden_items`` hook (a hand, face-down orders,
coins, a value pile) and from the private lines the service itself writes for ``/game hand``
and the phase DMs. For every reply:

- a CHANNEL reply's text and buttons carry no seat's private line (nor a Trödler card text of
  a face-down value pile), and every board drawn shows none of any seat's hidden items;
- an EPHEMERAL reply goes to the caller only, and carries no other seat's private line;
- a DM goes to a seated player and carries no other seat's private line;
- ``/game hand`` shows the caller their own private lines.

18Rhl has no hidden information; it is played for its first moves to check the audiences.
"""

from __future__ import annotations

import pytest

from bot.replies import Audience
from bot.service import TablesService, _private_part, _secret_lines
from bot.store import Store
from engine import get_game
from engine.core import new_rng, rng_below
from engine.fuzz import hidden_in
from tests.service_pebbles import FakeRenderer, ctx, made, sure_button

OUTSIDER = 99
CH = 500


class Boards(FakeRenderer):
    def __call__(self, game_key, view):
        self.calls.append((game_key, view))
        return b"\x89PNG board"


def secret_lines(game, state, players):
    public = game.view(state, None)
    return {seat: set(_secret_lines(_private_part(game.view(state, seat), public)))
            for seat in range(players)}


def card_texts(key, state, players):
    """Trödler's card texts are unique sentences; a value pile is face down, so none of its
    cards' may reach the channel once there. (A hand's may: the top card of a pile taken
    was dealt face up, R12.)"""
    if key != "troedler" or state["stage"] == "over":
        return set()
    from engine.troedler.data import card_text

    return {card_text(c) for seat in range(players) for c in state["values"][seat]}


def check(replies, caller, game, key, state, players, boards, before=None, told=""):
    """The audience rules above, for the replies of one call (``state``: after it). A card
    that reached a value pile in the call (``before`` it) or earlier in the mover's turn
    (``told``: the steps told to the mover alone) was played face up there (R41): the
    channel tells a turn's plays when the turn ends."""
    lines = secret_lines(game, state, players)
    hidden = game.hidden_items(state)
    for _, view in boards.calls:
        assert not hidden_in(view, hidden), f"a board shows hidden {hidden_in(view, hidden)}"
    boards.calls.clear()
    texts = {text for text in card_texts(key, state if before is None else before, players)
             if text not in told}
    for reply in replies:
        shown = reply.text + " ".join(b.label for b in reply.buttons)
        if reply.audience is Audience.CHANNEL:
            reader = None
            assert not any(text in shown for text in texts), shown
        elif reply.audience is Audience.EPHEMERAL:
            assert reply.user_id == caller, (reply.user_id, caller, reply.text)
            reader = caller - 1 if 1 <= caller <= players else None
        else:
            assert reply.audience is Audience.DM and 1 <= reply.user_id <= players, reply
            reader = reply.user_id - 1
        own = lines.get(reader, set())
        for seat, theirs in lines.items():
            if seat != reader:
                leaked = [line for line in theirs - own if line in shown]
                assert not leaked, f"seat {seat}'s {leaked} reached {reply.audience} {reader}"


async def play_game(tmp_path, key, players, seed, limit):
    game = get_game(key)
    store = await Store.open(str(tmp_path / f"{key}.sqlite3"))
    boards = Boards()
    service = TablesService(store, games={key: game}, render=boards, seed_source=lambda: seed)
    replies = await service.new(ctx(1), key, min_players=players, max_players=players)
    for user in range(2, players + 1):
        replies += await service.join(ctx(user))
    replies += await service.start(ctx(1), order="joined")  # seat n is user n + 1
    row = await store.live_game(CH)
    check(replies, 1, game, key, game.load(row.state), players, boards)
    rng = new_rng(seed)
    moves = 0
    told = ""  # the steps of the turn under way that the mover alone was told
    try:
        while moves < limit and (row := await store.live_game(CH)) is not None:
            state = game.load(row.state)
            seat = game.active(state)[rng_below(rng, len(game.active(state)))]
            legal = game.legal(state, seat)
            move = game.format(state, legal[rng_below(rng, len(legal))])
            replies = await service.play(ctx(seat + 1), move)
            if (sure := sure_button(replies)) is not None:  # asked first (Rhein's Phase 6)
                check(replies, seat + 1, game, key, state, players, boards)
                replies = await service.press(ctx(seat + 1), sure)
            assert replies and made(replies), replies[0].text
            moves += 1
            after = game.load((await store.game(row.id)).state)
            check(replies, seat + 1, game, key, after, players, boards, state, told)
            held = replies[0].audience is Audience.EPHEMERAL
            told = told + replies[0].text if held else ""
            if moves % 7 == 0:  # now and then: everyone's hand, an outsider, the board
                for user in [*range(1, players + 1), OUTSIDER]:
                    hand = await service.hand(ctx(user))
                    check(hand, user, game, key, after, players, boards)
                    if user != OUTSIDER and row.status == "active":
                        mine = secret_lines(game, after, players)[user - 1]
                        assert all(line in hand[-1].text for line in mine if len(line) < 200)
                check(await service.board(ctx(OUTSIDER)), OUTSIDER, game, key, after,
                      players, boards)
        return moves, await store.latest_game(CH)
    finally:
        await store.close()


@pytest.mark.parametrize(("key", "players", "seed"), [
    ("rhein", 3, 4), ("rhein", 5, 8), ("rheinlaender", 3, 2), ("rheinlaender", 5, 6),
    ("troedler", 2, 3), ("troedler", 4, 5),
])
async def test_whole_games_tell_each_secret_to_its_owner_only(tmp_path, key, players, seed):
    moves, row = await play_game(tmp_path, key, players, seed, limit=5000)
    assert row.status == "finished" and moves > 20


async def test_18rhl_replies_go_to_the_right_audience(tmp_path):
    moves, row = await play_game(tmp_path, "18rhl", 4, 3, limit=120)
    assert moves == 120 and row.status == "active"


@pytest.mark.parametrize("audience", [Audience.CHANNEL, Audience.DM])
def test_the_check_catches_a_hand_sent_to_the_wrong_reader(audience):
    from bot.replies import Reply

    game = get_game("rheinlaender")
    state = game.setup(3, {}, 1)
    hand = sorted(_secret_lines(_private_part(game.view(state, 0), game.view(state, None))))
    leak = Reply("\n".join(hand), audience, user_id=None if audience is Audience.CHANNEL else 2)
    with pytest.raises(AssertionError, match="seat 0"):
        check([leak], 1, game, "rheinlaender", state, 3, Boards())
    boards = Boards()
    boards.calls.append(("rheinlaender", game.view(state, 1)))  # a board from a seat's view
    with pytest.raises(AssertionError, match="a board shows hidden"):
        check([], 1, game, "rheinlaender", state, 3, boards)
