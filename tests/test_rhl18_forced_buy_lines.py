"""A forced train buy's lines say where the money came from. A reviewer's channel read
"ADR's share price: 75M → 70M · sells 20% of CME for 160M · ADR buys a 5-train from the bank
for 500M": the president's sale lost its subject after ADR's lines (the channel drops a
line's leading mover name there) and read as ADR's, and the president's own money paid into
the price was never said. A bankruptcy read "ADR: bankrupt" (as if the corporation went
bankrupt) and "the market (receivership) becomes president of ADR"."""

from __future__ import annotations

from functools import cache

from bot.service.base import predicate
from engine.rhl18 import flow as F
from engine.rhl18 import game as G
from engine.rhl18 import importer as I
from engine.rhl18 import rules as R
from engine.text import say

BANK_END = "tests/fixtures/18rhl/18Rhl_game_end_bank.json.gz"  # 195: sale, 196: the buy
BANKRUPTCY = "tests/fixtures/18rhl/rhl_gen_3p_31002_all.json.gz"  # 397: GVE's president


@cache
def _lines(path: str, upto: int, count: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The log lines of recorded actions ``upto`` .. ``upto + count - 1``, in English and
    German."""
    export = I.load_json(path)
    ids, options, seed = I.setup_from(export)
    seats = {pid: i for i, pid in enumerate(ids)}
    state = R.new_game(ids, options, seed)
    state["auto_kda"], state["trust"] = False, True
    F.settle(state)
    said = []
    for n, raw in enumerate(I.filter_actions(export["actions"])[:upto + count]):
        out = I.play(state, I.convert(raw, seats), G.play_logged if n >= upto else F.process)
        if n >= upto:
            said += [line for group in out for line in group]
        for auto in raw.get("auto_actions") or []:
            F.process(state, I.convert(auto, seats))
    return tuple(say(x, "en") for x in said), tuple(say(x, "de") for x in said)


def test_the_presidents_sale_for_a_forced_train_names_the_corporation_first():
    english, german = _lines(BANK_END, 195, 1)
    assert english[0] == "For ADR's train, Player 2 sells 10% of ADR for 65M", english
    assert german[0] == "Für den Zug der ADR verkauft Spieler 2 10 % ADR für 65M", german
    # after ADR's lines in one post the seller stays named
    assert predicate(english[0], ["Player 2", "orange"], []) is None


def test_a_forced_train_buy_says_what_the_president_adds():
    english, german = _lines(BANK_END, 196, 1)
    assert english[0] == ("ADR buys a 5-train from the bank for 500M: 230M from its "
                          "treasury, 270M from Player 2"), english
    assert german[0] == ("ADR kauft einen 5-Zug von der Bank für 500M: 230M aus der eigenen "
                         "Kasse, 270M von Spieler 2"), german


def test_a_bankruptcy_says_the_president_goes_bankrupt_and_who_enters_receivership():
    english, german = _lines(BANKRUPTCY, 397, 1)
    assert english[0] == ("GVE cannot raise the money for a train: its president goes "
                          "bankrupt; Player 3 sells 30% of GVE for 150M"), english[0]
    assert "GVE goes into receivership" in english and "CME goes into receivership" in english
    assert not any("becomes president" in line or ": bankrupt" in line for line in english)
    assert german[0] == ("GVE kann das Geld für einen Zug nicht aufbringen: ihr Direktor "
                         "geht bankrott; Spieler 3 verkauft 30 % GVE für 150M"), german
    assert "GVE kommt unter Zwangsverwaltung" in german
