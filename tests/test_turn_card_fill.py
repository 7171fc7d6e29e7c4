"""The turn card's "Latest moves" uses its lines: a review of a German Rheinländer table found
entries cut to their share of the column dropping what decided the turn ("Bert verliert den
Erzbischof", "Bot 1 übernimmt das Herzogtum bei 1 rechts") while two or three lines stayed
empty under them, and a line holding only "…". The lines an entry leaves go to one that was
cut, a dropped piece that fits again comes back, and the archbishop won or lost is decisive."""

from __future__ import annotations

import pytest

import engine
from engine import text as texts
from render import move_pieces, turn_card
from render.card_text import LINE
from render.text_draw import DrawnText, recording
from render.turn_card import shown_moves
from tests.test_turn_card import card_view
from tests.test_turn_card_decisive import WIDTH, run, said

GAME = "rheinlaender"


def log(key: str, **values: object) -> tuple[str, dict]:
    return (f"rheinlaender.log.{key}", dict(values))


# the review's entries (Zug 4, 13, 52 and 64 of its table), said from the log keys
ENTRIES = {
    "reshuffle": [
        ("Bert", [[log("play", name="Bert", card=43, place="43 right")],
                  [log("done", name="Bert"), log("shuffle")]]),
        ("Bot 1", [[log("play", name="Bot 1", card=46, place="46 right"),
                    log("castle", name="Bot 1", place="46 right"),
                    log("takes_duchy", name="Bot 1", place="46 right", worth=2)],
                   [log("done", name="Bot 1")]])],
    "archbishop": [
        ("Bert", [[log("reinforce", name="Bert", card=35, place="6 left"),
                   log("takes_duchy", name="Bert", place="6 left", worth=5)],
                  [log("bastion", name="Bert", place="8 left")]]),
        ("Bot 1", [[log("reinforce", name="Bot 1", card=37, place="53 left"),
                    log("archbishop_lost", name="Bert")],
                   [log("done", name="Bot 1")]])],
    "duke_leaves": [
        ("Bert", [[log("reinforce", name="Bert", card=25, place="51 right"),
                   log("duke_leaves", name="Bot 1", place="50 right"),
                   log("castle_replaced", name="Bert", old="Bot 1", place="49 right")],
                  [log("done", name="Bert")]]),
        ("Bot 1", [[log("play", name="Bot 1", card=37, place="37 right")],
                   [log("done", name="Bot 1"), log("shuffle")]])],
    "duchy": [
        ("Bert", [[log("convert", name="Bert", card=21, place="21 right"),
                   log("knight_returns", name="Bot 1")],
                  [log("done", name="Bert")]]),
        ("Bot 1", [[log("reinforce", name="Bot 1", card=32, place="1 right"),
                    log("takes_duchy", name="Bot 1", place="1 right", worth=1)]])],
}
PLACES = {"en": {}, "de": {"right": "rechts", "left": "links"}}


def entry(lang: str, name: str, moves: list[list[tuple[str, dict]]]) -> str:
    def local(values: dict) -> dict:  # "43 right" as the table's language says a space
        return {k: " ".join(PLACES[lang].get(w, w) for w in str(v).split()) if k == "place"
                else v for k, v in values.items()}

    return run(lang, name, [[(key, local(values)) for key, values in move] for move in moves])


def card_moves(case: str, lang: str) -> list[dict]:
    return [{"seat": seat + 1, "text": entry(lang, name, moves)}
            for seat, (name, moves) in enumerate(ENTRIES[case])]


def drawn_moves(lang: str, moves: list[dict]) -> tuple[list[DrawnText], int]:
    """The texts a 3-player Rheinländer card draws as its latest moves, and the lines the
    column has for them (it ends where the standings begin)."""
    game = engine.GAMES[GAME]
    state = game.setup(3, {}, seed=2)
    view = card_view(game, GAME, state, 3, lang, game.view(state, None), moves)
    with recording() as drawn:
        turn_card.draw_card(GAME, view)
    heading = texts.render("render.card.standings", {}, lang)
    standings = next(t.box[1] for t in drawn if t.text == heading and t.bold)
    top = turn_card.COLUMN[1] + LINE + 4  # under the column's heading
    column = [t for t in drawn if t.box[0] >= turn_card.COLUMN[0] + 30 and
              top - 4 <= t.box[1] < standings - LINE]
    return column, int((standings - 8 - top) // LINE)


@pytest.mark.parametrize("lang", texts.LANGUAGES)
@pytest.mark.parametrize("case", list(ENTRIES))
def test_no_line_of_the_latest_moves_stays_empty_while_an_entry_is_cut(case, lang):
    column, lines = drawn_moves(lang, card_moves(case, lang))
    shown = [t.text for t in column]
    if any("…" in line for line in shown):
        assert len(shown) == lines, shown
    assert "…" not in shown, shown  # a line holding only the gap says nothing


@pytest.mark.parametrize("lang", texts.LANGUAGES)
@pytest.mark.parametrize(("case", "news"), [
    ("archbishop", log("archbishop_lost", name="Bert")),
    ("duchy", log("takes_duchy", name="Bot 1", place="1 right", worth=1)),
])
def test_the_card_keeps_the_decisive_news_the_review_found_dropped(case, news, lang):
    column, _lines = drawn_moves(lang, card_moves(case, lang))
    card = " ".join(t.text for t in column)
    key, values = news
    told = said(lang, key, **{k: " ".join(PLACES[lang].get(w, w) for w in str(v).split())
                             for k, v in values.items()})
    # whole, or (the archbishop's reason is long) up to its colon
    assert told.removesuffix(".") in card or told.split(":")[0] in card, (told, card)


@pytest.mark.parametrize("lang", texts.LANGUAGES)
@pytest.mark.parametrize("key", ["archbishop", "archbishop_lost"])
def test_the_archbishop_won_or_lost_is_decisive(key, lang):
    piece = said(lang, f"rheinlaender.log.{key}", name="Bert")
    assert move_pieces.decisive(piece, GAME)


@pytest.mark.parametrize("lang", texts.LANGUAGES)
def test_a_dropped_piece_that_fits_again_comes_back(lang):
    """Dropping goes by rank: the turn's end ("· beendet den Zug ohne Bastion") went before
    the reshuffle, which did not fit either; the end then fit alone and stayed out."""
    text = entry(lang, "Bert", ENTRIES["reshuffle"][0][1])
    first, done, shuffle = (piece for _, piece in move_pieces.pieces(text))
    assert move_pieces.drop_order(move_pieces.pieces(text), GAME) == [1, 2]
    kept = f"{first} · {done} …"
    cut = move_pieces.shortened(text, lambda candidate: len(candidate) <= len(kept), GAME)
    assert cut == kept


def test_lines_left_over_go_to_the_entry_they_give_its_decisive_piece_back():
    """Three Trödler entries cut to their shares leave a line over: it goes to the discard
    (decisive: which cards went) before the latest entry's routine end of a sentence."""
    def troedler(key: str, **values: object) -> str:
        return said("en", f"troedler.log.{key}", **values)

    moves = [
        {"seat": 0, "text": " ".join([
            troedler("takes_pile", name="Orange", pile="pile 2 (top #77 ferry)"),
            troedler("leftover_pile", pile="pile 4 (top #40 special feed)"),
            troedler("turn", name="Orange")])},
        {"seat": 1, "text": " ".join([
            troedler("discards", name="Sky blue", cards="#18 request 3 vases (5), #22 "
                     "request 2 cups + 2 pots (6), #84 moor path"),
            troedler("turn", name="Green")])},
        {"seat": 2, "text": troedler("feed_extra", name="Sky blue", card="#48 special feed",
                                     good="a vase", village="Morvich")}]
    lines = 8  # the moves' lines on a card with four standings rows
    earlier, entries = shown_moves(moves, 0, lines, WIDTH, "troedler")
    assert earlier == 0 and sum(len(cut) for _, cut in entries) <= lines
    discard = " ".join(entries[1][1])
    assert moves[1]["text"].split(". ")[0] in discard, entries
