"""Trödler's refusals of a delivery with special-feed replacements (R34, R35), of a move
legal() does not list, and of any move once the game is over: apply() raises the rule's own
text, a whole sentence in English and German, and changes nothing. Positions come from a
seeded game played by random legal moves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import row_of, seat_users
from refusal_checks import assert_refused

from engine import get_game
from engine.core import new_rng, rng_below
from engine.troedler import phase3
from engine.troedler.data import CARDS, GOODS
from engine.troedler.game import Troedler

GAME = get_game("troedler")


def first_position(found: Callable[[dict, int], bool], seed: int = 1,
                   players: int = 3) -> tuple[dict, int]:
    """The first position of a seeded random game where ``found(state, seat)`` holds."""
    state = GAME.setup(players, {}, seed)
    rng = new_rng(seed)
    while GAME.active(state):
        seat = GAME.active(state)[0]
        if state["stage"] == "play" and found(state, seat):
            return state, seat
        legal = GAME.legal(state, seat)
        GAME.apply(state, seat, legal[rng_below(rng, len(legal))])
    raise AssertionError("no such position in the game")


def requests(state: dict, seat: int) -> list[int]:
    return sorted(c for c in state["hands"][seat] if CARDS[c]["type"] == "request")


def feed(state: dict, seat: int) -> int:
    return sum(CARDS[c]["type"] == "feed" for c in state["hands"][seat])


def open_for_compound(state: dict, seat: int) -> bool:
    return (not state["pending"] and feed(state, seat) > 0
            and phase3.delivery_place_open(state, seat))


def can_deliver_plainly(feeds: int = 1, players: int = 3) -> tuple[dict, int, int]:
    """``feeds`` special feed in hand, at an open village, with every good for a request."""
    state, seat = first_position(lambda s, seat: open_for_compound(s, seat) and any(
        phase3.can_deliver(s, seat, c, []) for c in requests(s, seat))
        and feed(s, seat) >= feeds, players=players)
    card = next(c for c in requests(state, seat) if phase3.can_deliver(state, seat, c, []))
    return state, seat, card


def lacking_a_good() -> tuple[dict, int, int]:
    """As above, with a request the collection lacks exactly one good for."""
    def lacks_one(s: dict, seat: int, card: int) -> bool:
        missing = Counter(CARDS[card]["goods"]) - Counter(s["collections"][seat])
        return sum(missing.values()) == 1
    state, seat = first_position(lambda s, seat: open_for_compound(s, seat) and any(
        lacks_one(s, seat, c) for c in requests(s, seat)))
    return state, seat, next(c for c in requests(state, seat) if lacks_one(state, seat, c))


def test_a_good_the_request_does_not_show_is_not_said_to_be_missing():
    """``deliver 4 replace anvil cup`` on a request for 2 cups, holding both: it said "You do
    not have the goods for #4", which was false; the card shows no anvil to replace."""
    state, seat, card = can_deliver_plainly()
    shown = CARDS[card]["goods"]
    other = next(g for g in GOODS if g not in shown)
    said = assert_refused(GAME, state, seat,
                          {"type": "deliver", "card": card, "replace": [[other, shown[0]]]},
                          "troedler.error.replace_not_shown")
    assert f"#{card} " in said["en"] and " to replace: a special feed replaces a good " \
        "shown on the request." in said["en"], said
    assert said["en"].split(" shows ")[1].startswith(f"no {GAME_WORD['en'][other]} "), said


def test_one_good_shown_once_is_not_replaced_twice():
    state, seat, card = can_deliver_plainly(feeds=3)
    shown = Counter(CARDS[card]["goods"])
    good, count = min(shown.items(), key=lambda item: item[1])
    others = [g for g in GOODS if g != good][:count + 1]
    replace = phase3.canonical_pairs([good] * (count + 1), others)
    said = assert_refused(GAME, state, seat, {"type": "deliver", "card": card,
                                              "replace": replace},
                          "troedler.error.replace_too_often")
    assert " shows only " in said["en"] and " zeigt nur " in said["de"], said


def test_the_compound_form_says_how_to_replace_a_good_you_already_have():
    """R34 allows replacing a good the player holds; the compound form offers only the goods
    missing, and its refusal was "'deliver 4 replace cup anvil' is not a legal move now"."""
    state, seat, card = can_deliver_plainly()
    old = CARDS[card]["goods"][0]
    new = next(g for g in state["collections"][seat] if g != old)
    said = assert_refused(GAME, state, seat,
                          {"type": "deliver", "card": card, "replace": [[old, new]]},
                          "troedler.error.compound_only_missing")
    assert said["en"].startswith(f"You already have {GAME_WORD['en_a'][old]} for #{card} "), said
    assert "feed replace OLD NEW" in said["en"] and "füttere ersatz ALT NEU" in said["de"]
    # and the way it names is open: the split form's replacement, then the delivery
    split = {"type": "feed-replace", "give": old, "use": new}
    assert split in GAME.legal(state, seat)
    GAME.apply(state, seat, split)
    assert {"type": "deliver", "card": card} in GAME.legal(state, seat)


def test_replacements_that_still_leave_a_good_missing():
    state, seat, card = lacking_a_good()
    missing = next(iter(Counter(CARDS[card]["goods"]) - Counter(state["collections"][seat])))
    absent = next(g for g in GOODS if g != missing and g not in state["collections"][seat])
    assert_refused(GAME, state, seat,
                   {"type": "deliver", "card": card, "replace": [[missing, absent]]},
                   "troedler.error.missing_goods_replaced")


def test_a_delivery_after_a_replacement_it_does_not_fit():
    """``feed replace`` first (the split form), then a request that replacement does not
    complete."""
    def after_replace(s: dict, seat: int) -> bool:
        for move in (m for m in GAME.legal(s, seat) if m["type"] == "feed-replace"):
            trial = GAME.load(GAME.dump(s))
            GAME.apply(trial, seat, move)
            if any(not phase3.can_deliver(trial, seat, c, trial["pending"])
                   for c in requests(trial, seat)):
                return True
        return False
    state, seat = first_position(after_replace)
    for move in (m for m in GAME.legal(state, seat) if m["type"] == "feed-replace"):
        trial = GAME.load(GAME.dump(state))
        GAME.apply(trial, seat, move)
        cards = [c for c in requests(trial, seat)
                 if not phase3.can_deliver(trial, seat, c, trial["pending"])]
        if cards:
            break
    said = assert_refused(GAME, trial, seat, {"type": "deliver", "card": cards[0]},
                          "troedler.error.missing_goods_replaced")
    assert f"#{cards[0]} " in said["en"], said


def test_a_move_the_checks_pass_but_legal_does_not_list_is_named():
    """Only a hand-made action reaches it (the parser writes replacements in one order)."""
    state, seat = first_position(lambda s, seat: any(
        len(m.get("replace", ())) >= 2 for m in GAME.legal(s, seat)))
    move = next(m for m in GAME.legal(state, seat) if len(m.get("replace", ())) >= 2)
    olds = [old for old, _new in move["replace"]]
    news = [new for _old, new in move["replace"]]
    crossed = [[old, new] for old, new in zip(olds, reversed(news), strict=True)]
    if crossed == move["replace"]:
        pytest.skip("both replacements give the same good")
    action = {"type": "deliver", "card": move["card"], "replace": crossed}
    said = assert_refused(GAME, state, seat, action, "troedler.error.not_legal")
    assert said["en"] == f"'{GAME.format(state, action)}' is not a legal move now.", said


def test_a_finished_game_refuses_every_move():
    state = GAME.setup(3, {}, 2)
    rng = new_rng(2)
    while GAME.active(state):
        seat = GAME.active(state)[0]
        legal = GAME.legal(state, seat)
        GAME.apply(state, seat, legal[rng_below(rng, len(legal))])
    assert state["stage"] == "over"
    for action in ({"type": "end"}, {"type": "take-pile", "pile": 1}):
        assert_refused(GAME, state, 0, action, "troedler.error.over")


class ReadyToDeliver(Troedler):
    """Trödler that opens where the player to move holds every good for a request and a
    special feed."""

    def setup(self, num_players, options, seed):
        return can_deliver_plainly(players=num_players)[0]


async def test_on_discord_the_player_reads_how_to_replace_a_good_they_have(tmp_path,
                                                                         monkeypatch):
    """Typed with /play at a two-player table: the reason alone, to the player only, and the
    table as it was."""
    async with running_bot(tmp_path, monkeypatch, seed=1) as bot:
        service = bot.client.adapter.service
        service.games = {**service.games, "troedler": ReadyToDeliver()}
        channel = bot.stand_in.channel
        people = [Member(bot, "Anna"), Member(bot, "Bert")]
        await people[0].command("game new", channel, game="troedler")
        await people[1].command("game join", channel)
        await people[0].command("game start", channel, order="joined")
        row = await row_of(bot, channel)
        state = GAME.load(row.state)
        seat = state["current"]
        users = await seat_users(bot, row.id)
        mover = next(m for m in people if m.id == users[seat])
        card = next(c for c in requests(state, seat) if phase3.can_deliver(state, seat, c, []))
        old = CARDS[card]["goods"][0]
        new = next(g for g in state["collections"][seat] if g != old)
        record = await mover.command("play", channel, move=f"deliver {card} replace {old} {new}")
        said = [m.text for m in record.private]
        assert len(said) == 1 and said[0].startswith(f"You already have {GAME_WORD['en_a'][old]} "
                                                     f"for #{card} "), said
        assert "feed replace OLD NEW, then deliver CARD." in said[0], said
        assert not record.visible_posts
        assert (await row_of(bot, channel)).version == row.version


GAME_WORD = {
    "en": {good: good for good in GOODS},
    "en_a": {good: ("an " if good[0] in "aeiou" else "a ") + good for good in GOODS},
}
