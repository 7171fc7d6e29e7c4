"""The turn card's "Latest moves" keeps what decided a turn when an entry is too long: a
phone-player review found the middle cut out of the text, and with it a bankruptcy between a
delivery and the next round's orders, and every card a Trödler turn played."""

from __future__ import annotations

import re

import pytest

from engine import text as texts
from render import move_pieces
from render.card_text import LINE, wrap
from render.turn_card import COLUMN, SMALL, shown_moves

WIDTH = COLUMN[2] - COLUMN[0] - 30  # the moves' text width, beside the seat's swatch
LINES = 8  # the moves' lines on a card with four standings rows


def said(lang: str, key: str, **values: object) -> str:
    return texts.render(key, dict(values), lang)


def run(lang: str, name: str, moves: list[list[tuple[str, dict]]]) -> str:
    """One seat's moves as the service hands them to the card (``Table.run_said``): each
    move's log lines in sentences, the moves joined by " · ", a later move without its
    subject and every move but the last without its full stop."""
    texts_said = []
    for number, lines in enumerate(moves):
        text = " ".join(said(lang, key, **values) for key, values in lines)
        if number:
            text = text.removeprefix(f"{name} ")
        texts_said.append(text)
    return " · ".join([t.removesuffix(".") for t in texts_said[:-1]] + texts_said[-1:])


def shown(text: str, lines: int = LINES) -> list[str]:
    earlier, entries = shown_moves([{"seat": 0, "text": text}], 0, lines, WIDTH)
    assert earlier == 0 and len(entries) == 1
    return entries[0][1]


def words_whole(original: str, lines: list[str]) -> bool:
    """Every word on the card is a word of the entry (or the gap's "…")."""
    known = set(original.split())
    return all(word in known or word == "…" for line in lines for word in line.split())


def upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def rhein_bankruptcy(lang: str) -> str:
    white, red, black = ("the white Train", "the red Ship", "the black Plane") \
        if lang == "en" else ("der weiße Zug", "das rote Schiff", "das schwarze Flugzeug")
    return run(lang, "Bot 1", [[
        ("rhein.log.unload", {"player": "Bot 1", "count": 7, "city": "Karlsruhe"}),
        ("rhein.log.done", {"player": "Bot 1"}),
        ("rhein.log.ends_move", {"transport": upper(white), "pos": 2, "place": "Karlsruhe"}),
        ("rhein.log.ends_move", {"transport": upper(red), "pos": 5, "place": "Mainz"}),
        ("rhein.log.expires", {"player": "Anna", "card": 12}),
        ("rhein.log.pays", {"player": "Anna", "amount": 4, "what": "12"}),
        ("rhein.log.bankrupt", {"player": "Anna", "amount": 4, "what": "12", "have": 2}),
        ("rhein.log.still_in_basel.one", {"transports": upper(black)}),
        ("rhein.log.empty_back", {"transports": f"{white}, {red}"}),
        ("rhein.log.revealed", {"round": 3, "cards": "47, 16, 40, 18, 13, 20"}),
    ]])


@pytest.mark.parametrize(("lang", "bankrupt"), [("en", "goes bankrupt"),
                                                 ("de", "geht bankrott")])
def test_a_bankruptcy_in_the_middle_of_a_long_rhein_entry_stays_on_the_card(lang, bankrupt):
    text = rhein_bankruptcy(lang)
    lines = shown(text)
    card = " ".join(lines)
    assert len(lines) <= LINES and bankrupt in card, lines
    assert card.startswith(said(lang, "rhein.log.unload", player="Bot 1", count=7,
                                city="Karlsruhe"))  # who did what
    assert card.endswith(said(lang, "rhein.log.revealed", round=3,
                              cards="47, 16, 40, 18, 13, 20"))  # and how it ended
    assert "…" in card and words_whole(text, lines)


def troedler_turn() -> str:
    """A Trödler turn (German): a pile taken, four cards played, goods taken, the end."""
    def plays(card: str, origin: str, to: str) -> tuple[str, dict]:
        return ("troedler.log.move", {"name": "Bot 1", "card": card, "origin": origin, "to": to})

    def takes(good: str, village: str) -> tuple[str, dict]:
        return ("troedler.log.take", {"name": "Bot 1", "good": good, "village": village})

    return run("de", "Bot 1", [
        [("troedler.log.takes_pile", {"name": "Bot 1", "pile": "Stapel 5 (oben #36 Kraftfutter)"}),
         ("troedler.log.leftover_pile", {"pile": "Stapel 2 (oben #53 Bergpfad)"}),
         ("troedler.log.turn", {"name": "Bot 1"})],
        [plays("#79 Fähre", "Fionnport", "Strathburn")], [takes("eine Flasche", "Strathburn")],
        [plays("#58 Bergpfad", "Strathburn", "Tobermuir")], [takes("einen Amboss", "Tobermuir")],
        [plays("#93 Moorweg", "Tobermuir", "Eilandubh")], [takes("eine Flasche", "Eilandubh")],
        [plays("#70 Brücke", "Eilandubh", "Lochaven")], [takes("eine Vase", "Lochaven")],
        [("troedler.log.ends_turn", {"name": "Bot 1"})],
    ])


def test_a_long_troedler_turn_keeps_the_cards_it_played():
    """"Bot 1 nimmt Stapel 5 (oben #36 … beendet den Zug." left out every card played."""
    text = troedler_turn()
    lines = shown(text)
    card = " ".join(lines)
    # the first and last card played say where the cart went; the ones between repeat
    # "spielt …: von … nach …" and give way first
    assert "spielt #79 Fähre: von Fionnport nach Strathburn" in card, lines
    assert "spielt #70 Brücke: von Eilandubh nach Lochaven" in card, lines
    assert card.startswith("Bot 1 nimmt Stapel 5 (oben #36 Kraftfutter).")
    assert card.endswith("beendet den Zug.") and words_whole(text, lines)


def test_a_run_of_repeated_loads_is_shortened_keeping_its_first_and_last_pieces():
    """Loads said one by one (stored before a run of loads was said as one) give way before
    the truck placed between them, and the run's first and last pieces stay."""
    def load() -> list[tuple[str, dict]]:
        return [("rhein.log.load", {"player": "Bert", "count": 1,
                                    "transport": "the white Train"})]

    text = run("en", "Bert", [
        [("rhein.log.reserve", {"player": "Bert", "transport": "the white Train",
                                "city": "Köln", "cost": 3})],
        *[load()] * 7,
        [("rhein.log.truck", {"player": "Bert", "letter": "A", "city": "Mainz", "count": 2})],
        *[load()] * 7,
        [("rhein.log.done.load", {"player": "Bert"})]])
    lines = shown(text, 6)
    card = " ".join(lines)
    assert len(lines) <= 6 and "…" in card, lines
    assert card.startswith("Bert reserves the white Train in Köln (-3)")
    assert card.endswith("is done loading.")
    assert "places truck A in Mainz with 2 (-2)" in card, lines
    assert "loads 1 onto the white Train (-1)" in card  # what the run was
    assert card.count("loads 1") < 14 and words_whole(text, lines)


@pytest.mark.parametrize("lines", [2, 3, 4, 8])
def test_no_word_is_cut_however_few_lines_an_entry_gets(lines):
    for text in (rhein_bankruptcy("de"), troedler_turn()):
        wrapped = shown(text, lines)
        assert 0 < len(wrapped) <= lines and words_whole(text, wrapped), wrapped


def test_the_card_draws_the_kept_bankruptcy():
    """The whole card, as a phone shows it: the bankruptcy is among the drawn texts."""
    from render import turn_card
    from render.text_draw import recording

    view = {"lang": "en", "card": {"acting": [1], "moves": [
        {"seat": 0, "text": rhein_bankruptcy("en")}]}}
    with recording() as drawn:
        turn_card.draw_card("rhein", view)
    moves = [d.text for d in drawn if d.size == SMALL and d.box[0] >= COLUMN[0] + 30 and
             d.box[1] >= COLUMN[1] + LINE]  # beside the swatch, under the heading
    assert "goes bankrupt" in " ".join(moves) and len(moves) <= (COLUMN[3] - COLUMN[1]) // LINE


@pytest.mark.parametrize("lang", texts.LANGUAGES)
@pytest.mark.parametrize(("key", "values", "decisive"), [
    ("rhein.log.bankrupt", {"player": "Anna", "amount": 4, "what": "x", "have": 2}, True),
    ("rhein.log.fulfil", {"player": "Anna", "card": 5, "count": 7, "income": 16}, True),
    ("rhein.log.finished.fulfil", {"player": "Anna", "city": "Köln"}, False),
    ("rhein.log.load", {"player": "Anna", "count": 1, "transport": "x"}, False),
    ("troedler.log.discards", {"name": "Anna", "cards": "#99 x"}, True),
    ("troedler.log.deliver", {"name": "Anna", "card": "#12", "village": "Ardvane",
                              "goods": "2 x"}, True),
    ("troedler.log.move", {"name": "Anna", "card": "#79", "origin": "A", "to": "B"}, False),
    ("rheinlaender.log.duchy_taken", {"name": "Anna", "place": "3 left", "count": 2, "end": 6},
     True),
    ("rhl18.log.rust", {"corp": "CME", "trains": "2-train"}, True),
    ("rhl18.log.phase", {"phase": 4, "limit": 3}, True),
    ("rhl18.log.buys", {"who": "Anna", "percent": 10, "corp": "RhE", "source": "IPO",
                        "price": 75}, False),
])
def test_a_piece_is_told_decisive_by_the_key_it_was_said_from(lang, key, values, decisive):
    piece = said(lang, key, **values)
    game = key.split(".")[0].replace("rhl18", "18rhl")
    assert move_pieces.decisive(piece, game) is decisive
    # a later move of a run is said without its subject
    subject = str(values.get("player") or values.get("name") or values.get("who") or "")
    if subject and piece.startswith(f"{subject} "):
        assert move_pieces.decisive(piece.removeprefix(f"{subject} "), game) is decisive


def rheinlaender_duke_entry(lang: str) -> str:
    return run(lang, "Bert", [[
        ("rheinlaender.log.play", {"name": "Bert", "card": 9, "place": "9 right"}),
        ("rheinlaender.log.duke_leaves", {"name": "Anna", "place": "5 right"})]])


@pytest.mark.parametrize("lang", texts.LANGUAGES)
@pytest.mark.parametrize("lines", [1, 2, 3])
def test_an_entry_keeps_its_opening_move_before_what_followed_from_it(lang, lines):
    """A review found "… Anna is paid face down." beside Bert's colour: the card had dropped
    Bert's own move and kept the payment it caused, which read as Bert's move."""
    text = rheinlaender_duke_entry(lang)
    opening = said(lang, "rheinlaender.log.play", name="Bert", card=9, place="9 right")
    wrapped = shown(text, lines)
    card = " ".join(wrapped)
    assert card.startswith(" ".join(opening.split()[:3])), wrapped
    if len(" ".join(wrap(text, SMALL, WIDTH, 9))) > len(card):  # something was dropped
        # the payment is said in the same line as the duke leaving, and follows from it
        assert not card.endswith(said(lang, "rheinlaender.log.duke_leaves", name="Anna",
                                      place="5 right").split("; ")[-1]), wrapped


def test_no_line_of_the_moves_column_stays_empty_while_an_entry_is_cut():
    """A short latest entry left its older neighbour cut at an equal share, with free lines
    under them both."""
    long = troedler_turn()
    earlier, entries = shown_moves([{"seat": 0, "text": long},
                                    {"seat": 1, "text": "Bert ends the turn."}], 0, 6, WIDTH)
    assert earlier == 0 and [seat for seat, _ in entries] == [0, 1]
    assert entries[1][1] == ["Bert ends the turn."]
    # more than an equal share (3), as many as whole pieces allow
    assert len(entries[0][1]) > 3 and "…" in " ".join(entries[0][1]), entries


def test_a_two_line_column_lists_both_latest_entries_not_a_count():
    """18Rhl's card, two lines for its moves, read "+ 1 earlier move" over one cut entry
    where it had read the offer and its answer."""
    moves = [{"seat": 0, "text": "BME offers DEE 130M for a 3-train."},
             {"seat": 1, "text": "DEE declines BME's offer of 130M for a 3-train."}]
    earlier, entries = shown_moves(moves, 0, 2, WIDTH, "18rhl")
    assert earlier == 0 and [seat for seat, _ in entries] == [0, 1]
    assert entries[0][1][0].startswith("BME offers") and entries[1][1][0].startswith("DEE")


def test_an_entry_cut_short_fills_its_lines_with_the_start_of_what_went():
    """A review's Trödler card read "Bot 2 beendet den Zug. …" in one of the entry's three
    lines: the discard that ended the turn went whole, where most of it fit."""
    entry = ("Bot 2 beendet den Zug. Bot 2 muss 4 Karten abwerfen und behält 4 · wirft "
             "ab: #86 Moorweg, #88 Moorweg, #97 Extratrödel, #109 Fähre.")
    lines = move_pieces.cut_entry(entry, SMALL, WIDTH, 3, "troedler")
    assert len(lines) == 3, lines
    said = " ".join(lines)
    assert said.startswith("Bot 2 beendet den Zug. … wirft ab: #86 Moorweg, #88") and \
        said.endswith(" …"), said
    # never a stub of a piece: fewer than three of its words, and the gap stands alone
    two = " ".join(move_pieces.cut_entry(
        "Bot 1 nimmt Stapel 5 (oben #69 Brücke). Der übrige Stapel 4 kommt auf den "
        "Ablagestapel · spielt #29 Kraftfutter, um bei der nächsten Lieferung einen Topf "
        "durch einen Amboss zu ersetzen", SMALL, WIDTH, 2, "troedler"))
    assert two == "Bot 1 nimmt Stapel 5 (oben #69 Brücke). …", two


def test_a_start_kept_of_a_piece_ends_at_a_comma_not_mid_sentence():
    """A German card read "Bot 1 hat nichts mehr auf dem … Der schwarze Zug …": a start cut
    anywhere loses a German sentence's verb, which comes last, and with it what Bot 1 did.
    The piece goes whole unless a comma ends a part that reads alone."""
    entries = ["Bot 1 entlädt 8 in Koblenz. Bot 1 hat nichts mehr auf dem schwarzen Zug. "
               "Der schwarze Zug beendet die Fahrt bei 4 (Mainz). Das weiße Schiff hält in "
               "Bonn.",
               "Bert reserviert einen Halt für das weiße Flugzeug in London (-12) · ist "
               "fertig mit dem Reservieren. Der weiße Zug hält in Koblenz. Der rote Zug "
               "beendet die Fahrt bei 3 (Mannheim)."]
    for entry in entries:
        for width in (WIDTH * 0.8, WIDTH, WIDTH * 1.2):
            for lines in (2, 3, 4, 5):
                said = " ".join(move_pieces.cut_entry(entry, SMALL, width, lines, "rhein"))
                first = move_pieces.pieces(entry)[0][1]
                if not said.startswith(first):
                    continue  # the first piece alone is too long: cut by its words
                assert not re.search(r"\w …", said), said  # no sentence cut off mid-way
