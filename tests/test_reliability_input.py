"""Button ids that look almost like ours: refused with a sentence, nothing changed.

Regression: ``press`` took any ``str.isdigit()`` text as a number, so a superscript digit
("²": isdigit, but ``int()`` refuses it) raised ValueError, and a 30-digit game id raised
OverflowError from SQLite, instead of a private refusal. A Discord client can send any
custom id matching the adapter's template, so these are player input like any other.
"""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.replies import Audience
from tests.service_pebbles import ctx, open_service


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    loop = asyncio.new_event_loop()

    async def start():
        service, _ = await open_service(tmp_path_factory.mktemp("ids") / "ids.sqlite3")
        await service.new(ctx(1), "pebbles")
        await service.join(ctx(2))
        await service.start(ctx(1), order="joined")
        return service

    service = loop.run_until_complete(start())
    yield loop, service
    loop.run_until_complete(service.store.close())
    loop.close()


def press(table, custom_id):
    loop, service = table

    async def go():
        before = await service.store.live_game(500)
        replies = await service.press(ctx(1), custom_id)
        assert await service.store.live_game(500) == before
        return replies

    return loop.run_until_complete(go())


def odd_ids(game: int, version: int) -> list[str]:
    return [f"rb:{game}:{version}:\u00b2", f"rb:{game}:{version}:\u0661",
            f"rb:{game}:{version}:{'9' * 30}", f"rb:{'9' * 30}:{version}:0",
            f"rb:{game}:{'9' * 30}:0", f"rb:\u00b9:{version}:0", f"rb:{game}:\u00b3:0"]


def test_near_miss_button_ids_are_refused_privately(table):
    loop, service = table
    row = loop.run_until_complete(service.store.live_game(500))
    for custom_id in odd_ids(row.id, row.version):
        replies = press(table, custom_id)
        assert [r.audience for r in replies] == [Audience.EPHEMERAL], custom_id
        assert replies[0].user_id == 1 and replies[0].text


digits = st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=30)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.tuples(digits | st.integers(0, 10**30).map(str), digits, digits | st.just("undo-yes")))
def test_any_digit_like_button_id_is_answered_without_an_exception(table, parts):
    replies = press(table, "rb:" + ":".join(parts))
    assert replies and all(r.audience is Audience.EPHEMERAL for r in replies)


# Regression: each finished game's parse() raised ValueError on a superscript digit (found by
# the fuzzer's mistyped-notation check) instead of a RuleError with a sentence.
@pytest.mark.parametrize(("key", "players", "typed"), [
    ("rhein", 3, "take \u00b2"), ("rhein", 3, "bid 4\u00b2 0"),
    ("rheinlaender", 3, "play \u00b23 left"), ("rheinlaender", 3, "reinforce 9 onto \u00b2 left"),
    ("troedler", 2, "discard-pile \u00b2"), ("troedler", 2, "discard 5 \u0661\u00b2"),
])
def test_parse_refuses_non_ascii_digits_with_a_sentence(key, players, typed):
    from engine import get_game
    from engine.core import RuleError

    game = get_game(key)
    state = game.setup(players, {}, 1)
    seat = game.active(state)[0]
    before = game.dump(state)
    with pytest.raises(RuleError) as refused:
        game.parse(state, seat, typed)
    assert str(refused.value).endswith((".", "!", ")")) and game.dump(state) == before


# == every finished game's parse() and apply() under random text ==============================
def _midgame_states():
    from engine import get_game
    from engine.core import new_rng, rng_below

    states = []
    for key, players, steps in [("rhein", 3, (0, 9, 30)), ("rheinlaender", 4, (0, 12, 40)),
                                ("troedler", 3, (0, 5, 60))]:
        game = get_game(key)
        state, rng = game.setup(players, {}, 2), new_rng(2)
        for count in range(max(steps) + 1):
            if count in steps:
                states.append((game, game.load(game.dump(state))))
            seat = game.active(state)[0]
            legal = game.legal(state, seat)
            game.apply(state, seat, legal[rng_below(rng, len(legal))])
    return states


STATES = _midgame_states()
words = st.sampled_from(["take", "bid", "play", "reinforce", "onto", "left", "right", "load",
                         "discard", "discard-pile", "take-pile", "feed", "route", "move", "end",
                         "done", "pass", "bastion", "#", "-", "0", "1", "54", "9" * 25])
typed = st.one_of(
    st.text(max_size=40),
    st.lists(st.one_of(words, digits, st.text(max_size=6)), max_size=6).map(" ".join))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(range(len(STATES))), st.integers(0, 3), typed)
def test_random_text_is_a_legal_move_or_a_rule_error(which, seat, text):
    from engine.core import RuleError

    game, state = STATES[which]
    seat = seat % len(game.view(state, None).get("players", [0, 1]))
    before = game.dump(state)
    try:
        action = game.parse(state, seat, text)
    except RuleError as error:
        assert str(error)
        return
    work = game.load(before)
    try:
        game.apply(work, seat, action)
    except RuleError:
        assert game.dump(work) == before
    assert game.dump(state) == before
