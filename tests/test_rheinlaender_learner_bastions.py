"""Through the Discord stand-in, Rheinländer's bastions as a newcomer meets them in /play's
list. A review's learner found, after the card moves, 14 entries "Bastion auf 1 links" to
"Bastion auf 6 rechts", spaces far from any knight, and nothing saying what a bastion does
(that was said only once the knight stood). Each bastion's label says it now, with how many
are left, and the spaces by knights come first; the moves offered stay the same."""

from __future__ import annotations

import pytest
from discord_standin import running_bot
from discord_standin.table import pair_at_table, row_of

from engine.rheinlaender import GAME
from engine.rheinlaender.board import get_board
from engine.rheinlaender.scenario import scenario
from engine.text import say

DOES = {"en": "(blocks a space, 3 bastions left)", "de": "(blockiert ein Feld, noch 3)"}


def _by_a_knight(state: dict, value: str) -> bool:
    board = get_board(state["board"])
    space = GAME.parse(state, state["current"], value)["space"]
    return any(n in state["knights"] for n in board.neighbours[space])


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_first_list_says_what_a_bastion_does_and_offers_those_by_knights_first(
        tmp_path, monkeypatch, lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert, mover = await pair_at_table(bot, "rheinlaender", lang, bots=1)
        choices = await mover.autocomplete("play", "move", "")
        knight = next(c["value"] for c in choices if c["value"].startswith("play "))
        await mover.command("play", move=knight)
        await mover.command("play", move="done")
        other = bert if mover is anna else anna
        # the next human's first list of the turn, knights on the board
        row = await row_of(bot, bot.stand_in.channel)
        state = GAME.load(row.state)
        choices = await other.autocomplete("play", "move", "")
        bastions = [c for c in choices if c["value"].startswith("bastion ")]
        assert bastions, choices
        assert all(c["name"].endswith(DOES[lang]) for c in bastions), bastions
        near = [_by_a_knight(state, c["value"]) for c in bastions]
        assert near[0] and near == sorted(near, reverse=True), bastions


@pytest.mark.parametrize(("lang", "left", "said"), [
    ("en", 3, "Bastion on 30 right bank (blocks a space, 3 bastions left)"),
    ("en", 1, "Bastion on 30 right bank (blocks a space, your last bastion)"),
    ("de", 2, "Bastion auf 30 rechts (blockiert ein Feld, noch 2)"),
    ("de", 1, "Bastion auf 30 rechts (blockiert ein Feld, deine letzte)")])
def test_a_bastions_label_counts_the_movers_bastions(lang: str, left: int, said: str) -> None:
    state = scenario("A:L12", hands={"A": [13, 20]})
    state["bastions_left"][0] = left
    state["bastions_left"][1] = 3 - left or 2  # another seat's count is not the mover's
    action = GAME.parse(state, 0, "bastion 30 right")
    assert say(GAME.label(state, action), lang) == said


def test_ordering_keeps_every_legal_move() -> None:
    from bot.service.rheinlaender_extras import EXTRAS

    state = scenario("A:L12 B:T30", hands={"A": [13, 20]})
    legal = GAME.legal(state, 0)
    ordered = EXTRAS.ordered(GAME, state, legal)
    assert sorted(map(repr, ordered)) == sorted(map(repr, legal))
    first = next(m for m in ordered if m["type"] == "bastion")
    assert GAME.format(state, first) == "bastion 11 left"  # the door of A's knight
