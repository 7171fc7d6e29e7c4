"""A German five-player 18Rhl review through the Discord stand-in: the run prompt taught the
English "`run auto`" where buttons say "fahren auto"; the last autocomplete step of a lay
showed the English notation ("lay 7 J9 2: Ausgänge …") and a private's lays its raw prefix
("keo Plättchen auf E8 legen"); a corporation entering receivership got a train on a bank
loan unsaid (its treasury showed -147M) and the president's forced sales were not listed; a
bankruptcy nothing forced read as forced; a president's sale for a train read "GVE hat keine
Einnahmen: keine Ausschüttung"; RhE's free founding label did not fit Discord's 100
characters with its typed form; another corporation's home station sat inside a dividend's
lines, and rusted trains read "2-Zug, 2-Zug"."""

from __future__ import annotations

import marshal
from functools import cache

from bot.i18n import english_move, typed_move
from bot.service import rhl18_steps as ST
from bot.service.extras import extras_for
from engine.rhl18 import importer as I
from engine.rhl18.game import GAME
from engine.text import msg, say
from tests.test_rhl18_forced_buy_lines import _lines

GAME_5P = "tests/fixtures/18rhl/rhl_gen_5p_51015.json.gz"
GAME_6P = "tests/fixtures/18rhl/rhl_gen_6p_61020_lsc.json.gz"


@cache
def _positions() -> tuple[bytes, ...]:
    return tuple(marshal.dumps(state) for state, _ in I.replay_iter(I.load_json(GAME_5P)))


def _position(index: int) -> dict:
    state = marshal.loads(_positions()[index])
    state["auto_kda"] = True
    state.pop("trust", None)
    return state


def _first(step: str) -> dict:
    for index in range(len(_positions())):
        state = _position(index)
        rnd = state["round"]
        if rnd["type"] == "Operating" and rnd.get("step") == step and not rnd["discard"] \
                and state["corps"][_operating(state)]["trains"]:
            return state
    raise AssertionError(step)


def _operating(state: dict) -> str:
    from engine.rhl18 import flow as F

    return F.current_corp(state)


def test_the_run_prompt_teaches_the_readers_typed_form():
    state = _first("Route")
    seat = GAME.active(state)[0]
    extras = extras_for("18rhl")
    [(german, _)] = extras.prompt_images(GAME, state, seat, lang="de")
    assert "(`fahren auto`; oder gib eigene Strecken an)" in german, german
    assert "run auto" not in german
    assert english_move("18rhl", "fahren auto") == "run auto"
    [(english, _)] = extras.prompt_images(GAME, state, seat, lang="en")
    assert "(`run auto`; or write your own routes)" in english, english


def test_a_lays_last_step_and_a_privates_lays_read_in_the_readers_words():
    name = str(say(msg("rhl18.discord.menu.by", company="Szl",
                       name=ST.private_name("Szl")), "de"))
    # a corporation's own lay, then Szl's lay for its corporation (position 74)
    for state, prefix in ((_first("Track"), "lay "), (_position(74), "szl ")):
        seat = GAME.active(state)[0]
        move = next(m for m in GAME.legal(state, seat) if m.get("type") == "lay_tile"
                    and GAME.format(state, m).startswith(prefix))
        text = GAME.format(state, move)
        steps = ST.step_choices(GAME, state, seat, text.rsplit(" ", 1)[0], "de")
        assert steps and all(not label.startswith(("lay ", "szl lay")) for label, _ in steps)
        label = next(label for label, value in steps if value == text)
        typed = typed_move("18rhl", text, "de")
        assert label.startswith(f"{typed}: "), label
        assert english_move("18rhl", typed) == text
    hexes = ST.step_choices(GAME, state, seat, "szl lay", "de")  # Szl's hexes
    assert hexes and all(label.startswith(name) for label, _ in hexes), hexes
    assert not any(label.startswith("szl ") for label, _ in hexes)


def test_a_receivership_train_on_a_bank_loan_and_the_presidents_sales_are_said():
    english, german = _lines(GAME_6P, 316, 1)
    assert "BME gets a 5-train from the bank on a loan: its treasury stands at -373M" \
        in english, english
    assert "BME bekommt einen 5-Zug von der Bank auf Kredit: ihre Kasse steht bei -373M" \
        in german, german
    english, german = _lines(GAME_5P, 231, 1)
    assert english[0] == ("ADR cannot raise the money for a train: its president goes "
                          "bankrupt; Player 2 sells 20% of ADR for 120M; Player 2 sells 10% "
                          "of CME for 60M; Player 2 sells 20% of RhE for 100M"), english[0]
    assert "Spieler 2 verkauft 20 % ADR für 120M" in german[0]


def test_a_bankruptcy_nothing_forced_is_said_as_declared():
    from engine.rhl18 import game as G

    forced = _position(215)  # DEE has no train and cannot raise a depot train's price
    line = G.play_logged(forced, {"type": "bankrupt", "entity": "DEE"})[0]
    assert say(line).startswith("DEE cannot raise the money for a train"), say(line)
    # CME owns two trains but could not pay a depot train: the reference offers bankruptcy
    state = _position(221)
    seat = GAME.active(state)[0]
    move = next(m for m in GAME.legal(state, seat) if m.get("type") == "bankrupt")
    confirm = ST.EXTRAS.confirm(GAME, state, seat, move)
    assert "Nichts zwingt dich jetzt dazu" in say(confirm, "de")
    assert "deine Privatbahnen schließen" in say(confirm, "de")
    lines = G.play_logged(state, move)
    english, german = say(lines[0], "en"), say(lines[0], "de")
    assert english.startswith("CME's president Player 3 goes bankrupt by choice: CME need "
                              "not buy a train"), english
    assert german.startswith("Spieler 3, Direktor der CME, geht freiwillig bankrott: "
                             "CME muss keinen Zug kaufen"), german
    assert not any("cannot raise" in say(x) for x in lines)


def test_a_presidents_sale_for_a_train_gives_no_dividend_reason():
    english, german = _lines(GAME_5P, 175, 1)
    assert english[0].startswith("For DEE's train, Player 5 sells 20% of DEE for 140M")
    assert not any("no revenue" in line for line in english), english
    assert not any("keine Einnahmen" in line for line in german), german
    assert "DEE's share price: 70M → 65M" in english


def test_the_free_founding_label_fits_with_its_typed_form():
    for price in range(50, 101, 5):  # RhE's par prices lie between
        for lang in ("en", "de"):
            label = say(msg("rhl18_labels.par_free", corp="RhE", price=price), lang)
            typed = typed_move("18rhl", f"par rhe {price}", lang)
            assert len(f"{label} · {typed}") <= 100, (lang, price, label)


def test_rusted_trains_are_counted_and_stations_follow_the_money():
    english, german = _lines(GAME_5P, 171, 1)
    assert "DEE's trains rust: two 2-trains" in english, english
    assert "KEG's trains rust: two 2-trains" in english and "CME's trains rust: 2-train" \
        in english
    assert "Züge der DEE rosten: zwei 2-Züge" in german, german
    english, _ = _lines(GAME_6P, 338, 1)
    assert english[-1] == "KEG has a token in D7", english
    assert english.index("CCE's share price: 100M → 110M") < english.index(
        "KEG has a token in D7")
