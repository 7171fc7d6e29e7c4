"""18Rhl speaks only in catalogue texts: every log line, label, phase and refusal met in random
play and in the recorded reference game is a Msg with its keys in English and German, and the
German reads German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import RuleError
from engine.core import new_rng, rng_below
from engine.rhl18 import game as G
from engine.rhl18 import importer, tiles
from engine.rhl18 import move_line as ML
from engine.rhl18 import rules as R
from engine.rhl18.game import GAME
from engine.text import LANGUAGES, Msg, catalogue, keys_used, naming, say, text_of
from tests.text_checks import (
    Seen,
    assert_all_catalogue_texts,
    assert_topics_are_catalogue_texts,
    play_and_collect,
)

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "18rhl"
ALL_OPTIONS = {"optional_2_train": True, "lower_starting_capital": True,
               "promotion_tiles": True, "ratingen_variant": True}


@pytest.mark.parametrize(("players", "seed", "options"), [
    (3, 11, {}), (4, 12, ALL_OPTIONS), (5, 13, {"ratingen_variant": True}), (6, 14, {}),
    (3, 15, ALL_OPTIONS), (4, 16, {"promotion_tiles": True}),
])
def test_random_play_speaks_in_catalogue_texts(players, seed, options):
    seen = play_and_collect("18rhl", players, seed, options, max_moves=250)
    assert seen.moves > 100 and seen.lines and seen.labels and seen.refusals
    assert_all_catalogue_texts(seen)


def test_topics_and_options_are_catalogue_texts():
    assert_topics_are_catalogue_texts("18rhl")
    de = catalogue("de")
    for name in GAME.topics:
        assert f"rhl18.topic_name.{name}" in de
    for option in GAME.options:
        assert isinstance(option.description, Msg) and option.description.key in de


def _wrong(move: dict) -> list[dict]:
    """Near misses of a legal move: the rules must refuse each with their own sentence."""
    changes = {
        "bid": [{"price": move.get("price", 0) - 1}, {"price": 10**6}, {"company": "XYZ"}],
        "lay_tile": [{"rotation": (move.get("rotation", 0) + 1) % 6}, {"hex": "A2"},
                     {"hex": "K6"}, {"tile": "X921-0"}, {"tile": "9-99"}],
        "place_token": [{"city": "9-0-0"}],
        "buy_train": [{"price": move.get("price", 0) + 1}, {"price": 0}, {"train": "8-0"}],
        "buy_shares": [{"shares": ["KEG_1"]}, {"shares": ["RhE_0"]}, {"shares": []}],
        "sell_shares": [{"percent": move.get("percent", 0) + 10}, {"shares": ["GVE_1"]}],
        "par": [{"share_price": "0,0,0"}, {"share_price": "65,2,0"}, {"corporation": "RhE"}],
        "dividend": [{"kind": "bogus"}],
        "run_routes": [{"routes": [{"train": "2-0", "stops": ["I10-0", "K6-0"]}]}],
        "discard_train": [{"train": "2-9"}],
    }.get(move["type"], [])
    return [{**move, **change} for change in changes]


def test_refusals_of_near_miss_moves_are_catalogue_texts():
    """Wrong prices, rotations, hexes, certificates and routes reach the rules (and the tile
    and route checks) and come back as catalogue texts in both languages."""
    state = GAME.setup(4, {}, 3)
    chooser = new_rng(3)
    seen = Seen()
    for count in range(150):
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        if count % 3 == 0:
            for move in moves[:12]:
                for wrong in _wrong(move):  # (a few, e.g. another rotation, are legal too)
                    try:
                        GAME.apply(GAME.load(GAME.dump(state)), seat, wrong)
                    except RuleError as refused:
                        seen.refusals.append(text_of(refused))
        GAME.apply(state, seat, moves[rng_below(chooser, len(moves))])
    assert_all_catalogue_texts(seen)
    keys = keys_used(seen.refusals)
    assert len(keys) > 25 and {"rhl18.err.min_bid", "rhl18.err.train_price"} <= keys
    assert any(key.startswith("rhl18.tile.") for key in keys)


def _fixture_lines(path: Path) -> tuple[list, dict, dict]:
    """Every log line of a recorded game, replayed action by action as the importer does
    (records and their automatic actions), each through the engine's logging path."""
    data = importer.load_json(path)
    ids, options, seed = importer.setup_from(data)
    seats = {pid: i for i, pid in enumerate(ids)}
    state = R.new_game(ids, options, seed)
    state["auto_kda"] = False
    G.F.settle(state)
    lines: list = []
    for raw in importer.filter_actions(data["actions"]):
        for part in importer.play(state, importer.convert(raw, seats), G.play_logged):
            lines += part  # a trade between two presidents: the offer, then its accept
        for auto in raw.get("auto_actions") or []:
            lines += G.play_logged(state, importer.convert(auto, seats))
    return lines, state, data


@pytest.mark.parametrize("name", ["18Rhl_game_end_bank", "rhl_gen_4p_41017_all",
                                  "rhl_gen_6p_61008_pt_rv"])
def test_every_line_of_a_recorded_game_is_a_catalogue_text(name):
    lines, state, data = _fixture_lines(FIXTURES / f"{name}.json.gz")
    # The walk is the real game: it ends as the reference did.
    assert importer.result_of(state) == {k: int(v) for k, v in data["result"].items()}
    assert_all_catalogue_texts(Seen(lines=lines))
    keys = keys_used(lines)
    for wanted in ("rhl18.log.runs", "rhl18.log.lays", "rhl18.log.price_moves",
                   "rhl18.log.operating_round", "rhl18.log.rust", "rhl18.log.game_over"):
        assert wanted in keys, wanted
    if name == "18Rhl_game_end_bank":
        assert {"rhl18.bonus.montan", "rhl18.log.bank_broken"} <= keys
    assert "rhl18.kind.other" not in keys  # no move kind or route bonus left unnamed
    # Said in German, no line keeps an English word of the log.
    english = re.compile(r"\b(buys|sells|lays|runs|floats|share price|becomes|Round|"
                         r"Player|chooses|token|private|rust|bank)\b")
    for line in lines:
        assert not english.search(say(line, "de")), say(line, "de")


def test_a_german_log_line_reads_german():
    state = GAME.setup(3, {}, 5)
    seat = GAME.active(state)[0]
    bid = next(m for m in GAME.legal(state, seat) if m["type"] == "bid")
    line = GAME.apply(state, seat, bid)[0]
    # the first private outside an auction: bought outright at its price
    assert line == f"Player {seat + 1} buys {bid['company']} for {bid['price']}M"
    assert say(line, "de") == f"Spieler {seat + 1} kauft {bid['company']} für {bid['price']}M"
    assert say(GAME.phase(state), "de").startswith("Phase 2 · ")


def test_a_german_refusal_reads_german():
    state = GAME.setup(3, {}, 5)
    seat = GAME.active(state)[0]
    other = (seat + 1) % 3
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, other, {"type": "pass", "entity": other})
    assert say(text_of(refused.value), "de") == "Du bist nicht am Zug."
    with pytest.raises(RuleError) as refused:
        GAME.parse(state, seat, "lay 9 Z99 1")
    assert say(text_of(refused.value), "de") == "Auf dem Spielplan gibt es kein Feld Z99."
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, seat, {"type": "bid", "entity": seat, "company": "NLK", "price": 1})
    said = say(text_of(refused.value), "de")
    assert said.startswith("Das Mindestgebot für NLK ist ") and said.endswith("M.")


def test_tile_reasons_are_catalogue_texts_in_both_languages():
    """Lay refusals come from cheap (key, params) reasons; each key the tiles module can
    give exists in every language, and a reason said in German is German."""
    source = (ROOT / "engine" / "rhl18" / "tiles.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'"(rhl18\.[a-z_]+\.[A-Za-z_0-9]+)"', source))
    assert len(keys) > 25
    for lang in LANGUAGES:
        assert not keys - set(catalogue(lang)), (lang, sorted(keys - set(catalogue(lang))))
    board = {h: dict(c) for h, c in G.R.new_game([1, 2, 3], {}, 1)["board"].items()}
    reason = tiles.upgrade_error(board, "K6", "15", 1, "2")
    assert isinstance(reason, Msg) and reason == "Green tiles are not available in phase 2."
    assert say(reason, "de") == "Grüne Plättchen gibt es in Phase 2 noch nicht."
    assert say(tiles.describe_rotation("F7", "26", 3), "de") == \
        "Ausgänge SW nach G6, NW nach E6, NO nach E8"


@pytest.mark.parametrize(("bonus", "german"), [
    ("Montan (=+20M)", "Montan-Bonus (=+20M)"),
    ("Montanx2 (=+80M)", "doppelter Montan-Bonus (=+80M)"),
    ("1 link (=+10M)", "1 Verbindung (=+10M)"),
    ("3 links (=+30M)", "3 Verbindungen (=+30M)"),
    ("Iron Rhine (=+20M)", "Eiserner Rhein (=+20M)"),
    ("Ratingen (=+30M)", "Ratingen-Bonus (=+30M)"),
    ("RGEx2 (=+120M)", "RGE x2 (=+120M)"),
])
def test_every_route_bonus_is_said_in_german(bonus, german):
    """The route finder's bonus texts (and 18xx.games records) become catalogue texts."""
    text = ML.route_text({"revenue_str": f"D9-D7-E6 + {bonus}"})
    assert text == f"D9-D7-E6 + {bonus}"
    assert say(text, "de") == f"D9-D7-E6 + {german}"


def test_a_recorded_games_lines_say_what_moved_and_for_how_much():
    """Players read the channel, not the notation: no certificate, tile copy or train id,
    a buy names its share, source and price, a run its train and revenue, a payout its
    share, a token no second time, and a skipped dividend its reason."""
    lines, _, _ = _fixture_lines(FIXTURES / "18Rhl_game_end_bank.json.gz")
    text = [str(line) for line in lines]
    ids = re.compile(r"\b[A-Za-z]{2,3}_\d+\b|\btile \d+-\d|\btrain \d+-\d|\b\d+-\d+ [A-L]\d")
    assert not [t for t in text if ids.search(t)], [t for t in text if ids.search(t)][:3]
    buys = [line for line in lines if line.key == "rhl18.log.buys"]
    assert buys and all(line.params["price"] > 0 and line.params["percent"] in (10, 20)
                        for line in buys)
    assert {str(line.params["source"]) for line in buys} == {"IPO", "bank pool"}
    payouts = [line for line in lines if line.key == "rhl18.log.payout"]
    assert payouts and all(line.params["share"] == -(-line.params["revenue"] // 10)
                           for line in payouts)
    runs = [line for line in lines if line.key in ("rhl18.log.runs_one", "rhl18.log.runs")]
    assert runs and all(line.params["revenue"] > 0 for line in runs)
    assert "1 link" in " ".join(text) or "Montan" in " ".join(text)
    for line, after in zip(lines, lines[1:], strict=False):
        if line.key in ("rhl18.log.token", "rhl18.log.token_cost") and \
                after.key == "rhl18.log.has_token":
            assert after.params["corp"] not in str(line), (line, after)
    assert "rhl18.log.no_revenue" in keys_used(lines)
    # A share price falls for a reason the channel gives right before it.
    why = ("rhl18.log.sells", "rhl18.log.withhold", "rhl18.log.no_revenue")
    for number, line in enumerate(lines):
        if line.key == "rhl18.log.price_moves" and line.params["new"] < line.params["old"]:
            assert any(x.key in why for x in lines[max(0, number - 3):number]), line


def test_a_log_line_names_its_player_by_the_tables_name():
    state = GAME.setup(3, {}, 5)
    seat = GAME.active(state)[0]
    bid = next(m for m in GAME.legal(state, seat) if m["type"] == "bid")
    line = GAME.apply(state, seat, bid)[0]
    assert str(line).startswith(f"Player {seat + 1} buys")
    named = naming(line, {seat: "Ada"})
    assert say(named, "en").startswith("Ada buys") and say(named, "de").startswith("Ada kauft")
    assert say(naming(line, {}), "de").startswith(f"Spieler {seat + 1} kauft")
