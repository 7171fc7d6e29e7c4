"""Through the Discord stand-in: where a hurried player on a phone finds the move they want.

A review that counted taps over 360 decisions found the usual move far down or missing:

* Rhein: "Done", wanted 13 times in 16 when a turn went on, was the last button, 15th of 15
  after a load; it now comes first on a prompt only its player sees.
* ``/play``'s list, cut at 25: Rhein's "Done" stood 23rd of 25 while loading, and 18Rhl's
  stock-round pass was cut off at 35 to 39 legal moves (it had to be typed); the moves that
  end a step or turn now come first, in every game.
* Trödler: taking or putting down a dealer pile needed "Show my hand" first, then a reply of
  500-700 characters, though a pile's label names only what everyone sees; its buttons now
  stand on the channel prompt.
"""

from __future__ import annotations

from typing import Any

import pytest
from discord_standin import running_bot
from discord_standin.table import BUTTON, pair_at_table, row_of, seat_users

import engine
from engine import ai
from engine.text import say
from engine.troedler.data import card_text


def move_ids(message: Any) -> list[str]:
    return [c for c in message.custom_ids if c.startswith(BUTTON) and c.split(":")[3].isdigit()]


async def _state(bot: Any, game: Any) -> tuple[Any, Any, int, int]:
    row = await row_of(bot, bot.stand_in.channel)
    users = await seat_users(bot, row.id)
    seat = sorted(row.active_seats)[0]
    return row, game.load(row.state), seat, users[seat]


async def _play_until(bot: Any, game: Any, people: dict[int, Any], wanted, limit: int = 400
                      ) -> tuple[Any, Any, int, Any]:
    """Moves the normal AI picks, typed with /play, until ``wanted(state, seat, played)`` holds
    for the seat to move (``played``: their own last move, whose private prompt shows)."""
    last: Any = None
    for step in range(limit):
        row, state, seat, user = await _state(bot, game)
        assert row.status == "active", "the game ended first"
        member = people[user]
        mine = last if last is not None and last.user_id == member.id else None
        if wanted(state, seat, mine):
            return state, seat, member, mine
        move = ai.choose(game, state, seat, "normal", step)
        last = await member.command("play", move=game.format(state, move))
        sure = [(m, c) for m in last.private for c in m.custom_ids if ":sure-" in c]
        if sure:
            last = await member.press(*sure[0])
    raise AssertionError("never reached")


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_rhein_done_comes_first_when_the_turn_goes_on(tmp_path, monkeypatch,
                                                            lang: str) -> None:
    game = engine.get_game("rhein")
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        anna, bert, _ = await pair_at_table(bot, "rhein", lang)
        people = {anna.id: anna, bert.id: bert}

        def goes_on_after_a_load(state, seat, mine) -> bool:
            legal = game.legal(state, seat)
            return mine is not None and state["step"] == "load" and len(legal) > 15 and \
                any(m["type"] == "done" for m in legal)

        state, seat, member, mine = await _play_until(bot, game, people, goes_on_after_a_load)
        [prompt] = [m for m in mine.private if move_ids(m)]
        legal = game.legal(state, seat)
        kinds = [legal[int(c.split(":")[3])]["type"] for c in move_ids(prompt)]
        assert len(kinds) == 15 and kinds[0] == "done", kinds
        # /play's list: "Done" first, not 23rd of the 25 shown
        choices = await member.autocomplete("play", "move", "")
        assert len(choices) == 25 and choices[0]["value"] == "done", choices[:3]


async def test_18rhl_stock_round_pass_is_in_play_list(tmp_path, monkeypatch) -> None:
    game = engine.get_game("18rhl")
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        anna, bert, _ = await pair_at_table(bot, "18rhl", "en", bots=1)
        people = {anna.id: anna, bert.id: bert}

        def crowded_pass(state, seat, mine) -> bool:
            legal = game.legal(state, seat)
            return len(legal) > 25 and any(m["type"] == "pass" for m in legal)

        state, seat, member, _ = await _play_until(bot, game, people, crowded_pass)
        passing = next(game.format(state, m) for m in game.legal(state, seat)
                       if m["type"] == "pass")
        choices = await member.autocomplete("play", "move", "")
        assert len(choices) == 25 and choices[0]["value"] == passing, \
            (len(game.legal(state, seat)), choices[:3])


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_troedler_pile_buttons_stand_on_the_channel_prompt(tmp_path, monkeypatch,
                                                                 lang: str) -> None:
    game = engine.get_game("troedler")
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        # two players: the dealer first puts a pile down, then each takes one
        anna, bert, _ = await pair_at_table(bot, "troedler", lang)
        by_id = {anna.id: anna, bert.id: bert}
        seen = set()
        for _ in range(3):  # the dealer's put-down, then each player takes a pile
            row, state, seat, user = await _state(bot, game)
            legal = game.legal(state, seat)
            kinds = {m["type"] for m in legal}
            if not kinds <= {"take-pile", "discard-pile"}:
                break
            member = by_id[user]
            prompt = next(m for m in reversed(bot.stand_in.posts(bot.stand_in.channel))
                          if f"<@{member.id}>" in m.text and m.custom_ids)
            ids = move_ids(prompt)
            assert not [c for c in prompt.custom_ids if c.endswith(":hand")], prompt.labels
            assert [int(c.split(":")[3]) for c in ids] == list(range(len(legal)))
            # the labels name only what lies open: no card of any hand
            hands = [say(card_text(card), lang) for hand in state["hands"] for card in hand]
            for label in prompt.labels.values():
                assert not any(f"{card}" in label for card in hands
                               if not _on_top(state, card, lang)), (label, hands)
            seen |= kinds
            pressed = await member.press(prompt, ids[-1])
            assert pressed.visible_posts, "the pile move went nowhere"
        assert seen == {"take-pile", "discard-pile"}, seen


def _on_top(state: Any, text: str, lang: str) -> bool:
    """Whether a card named ``text`` is also a pile's top card (open to all)."""
    return any(pile and say(card_text(pile[-1]), lang) == text for pile in state["piles"])
