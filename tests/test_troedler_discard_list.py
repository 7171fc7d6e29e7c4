"""Trödler's hand-limit discard in a move list (the turn DM, the terminal's list): each
combination of cards was an entry, a wall of "Abwerfen: #16 …, #54 …, #88 Moorweg; Abwerfen:
#16 …, #54 …, #92 Moorweg; … (und 17 weitere …)". A discard of two or more cards is one menu
where buttons are; a list says it as one entry with the cards that may go and a typed
example."""

from __future__ import annotations

from bot.i18n import english_move
from bot.service.base import _expected
from bot.service.troedler_extras import EXTRAS
from tests.issue10_helpers import lctx
from tests.test_troedler_discard_picker import _at_the_discard


async def test_the_turn_dm_lists_the_discard_as_one_entry_with_an_example(tmp_path):
    service, store, game, state, seat, _ = await _at_the_discard(tmp_path)
    moves = game.legal(state, seat)
    droppable = sorted({c for m in moves for c in m["cards"]})
    for lang, head, typed in (
            ("en", "You can: Discard: pick 3 of #16 ", "· e.g. discard 16 54 88."),
            ("de", "Du kannst: Abwerfen: wähle 3 von #16 ", "· z. B. abwerfen 16 54 88.")):
        table, _ = await service._table(lctx(seat + 1, lang), ("active",))
        for said in (_expected(game, state, seat, lang), _expected(game, state, seat, lang, table)):
            assert said.startswith(head) and said.endswith(typed), said
            assert said.count("#16 ") == 1 and ";" not in said, said  # one entry, no "and 17 more"
            assert all(f"#{card} " in said for card in droppable), said
            feed = "feed stays in your hand" if lang == "en" else "Kraftfutter bleibt"
            assert feed in said, said
        # the example is a move the game takes, typed in the reader's words
        example = " ".join(said.rstrip(".").split()[-4:])
        assert game.parse(state, seat, english_move("troedler", example)) in moves
    await store.close()


async def test_one_card_to_drop_keeps_an_entry_per_card(tmp_path):
    service, store, game, state, seat, _ = await _at_the_discard(tmp_path)
    moves = game.legal(state, seat)
    droppable = sorted({c for m in moves for c in m["cards"]})
    hands = [list(hand) for hand in state["hands"]]
    hands[seat] = [c for c in hands[seat] if c not in droppable] + droppable[:3]
    fewer = {**state, "hands": hands, "limit_need": 1}
    choices = game.legal(fewer, seat)
    assert len(choices) == 3
    assert len(set(EXTRAS.list_labels(game, fewer, choices, lang="en"))) == 3
    assert len(set(EXTRAS.list_labels(game, fewer, choices, lang="de"))) == 3
    await store.close()
