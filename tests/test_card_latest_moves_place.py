"""An entry of the turn card's "Latest moves" whose first sentence alone is too long for its
lines drops words before the sentence's colon, not its end: a review of a five-seat
Rheinländer table read "Bot 1 plays card 14 as reinforcement: knight on …", where the knight
went (what the move did) cut off; now "Bot 1 plays card 14 … knight on 14 left."."""

from __future__ import annotations

import pytest

import engine
from engine import text as texts
from render import turn_card
from render.move_pieces import GAP, cut_entry, shortened
from render.text_draw import recording
from tests.test_turn_card import card_view
from tests.test_turn_card_decisive import WIDTH, said
from tests.test_turn_card_fill import entry, log

GAME = "rheinlaender"
SIDE = {"en": "left", "de": "links"}


def reinforcements(lang: str) -> list[tuple[str, str]]:
    """Four seats' turns since a player's last, each a reinforcement, and the place each
    knight went, as the table's language says it."""
    turns = []
    for number, (name, card, space) in enumerate([("Bot 1", 14, 22), ("Bot 2", 18, 44),
                                                   ("Bot 3", 35, 6), ("Anna", 41, 51)]):
        place = f"{space} {SIDE[lang]}"
        moves = [[log("reinforce", name=name, card=card, place=place)]]
        moves += [[log("bastion", name=name, place=f"{number + 8} {SIDE[lang]}")]] \
            if number % 2 else [[log("done", name=name)]]
        turns.append((entry(lang, name, moves), place))
    return turns


@pytest.mark.parametrize("lang", texts.LANGUAGES)
def test_a_five_seat_card_says_where_each_reinforcement_went(lang):
    game = engine.GAMES[GAME]
    state = game.setup(5, {}, seed=2)
    turns = reinforcements(lang)
    moves = [{"seat": seat + 1, "text": text} for seat, (text, _) in enumerate(turns)]
    view = card_view(game, GAME, state, 5, lang, game.view(state, None), moves)
    with recording() as drawn:
        turn_card.draw_card(GAME, view)
    column = " ".join(t.text for t in drawn if t.box[0] >= turn_card.COLUMN[0] + 30)
    names = [" ".join(text.split(" ")[:2]) for text, _ in turns]
    shown = [(name, place) for name, (_, place) in zip(names, turns, strict=True)
             if f"{name} " in column]
    assert len(shown) >= 2, column
    for name, place in shown:
        assert place in column.split(f"{name} ", 1)[1].split(" · ")[0], (place, column)


@pytest.mark.parametrize("lang", texts.LANGUAGES)
def test_a_first_sentence_too_long_keeps_what_follows_its_colon(lang):
    sentence = said(lang, "rheinlaender.log.reinforce", name="Bot 1", card=14,
                    place=f"14 {SIDE[lang]}")
    head, tail = sentence.split(": ")
    lines = cut_entry(sentence, turn_card.SMALL, WIDTH, 2, GAME)
    cut = " ".join(lines)
    assert cut.endswith(tail) and GAP in cut and cut.startswith("Bot 1 "), lines
    assert f"14 {GAP}" in cut and head.startswith(cut.split(f" {GAP}")[0]), lines
    # a message cut to its characters keeps it too
    short = shortened(sentence, lambda text: len(text) <= len(sentence) - 5, GAME)
    assert short.endswith(tail), short
