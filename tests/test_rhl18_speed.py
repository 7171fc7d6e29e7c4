"""18Rhl's shortcuts for speed answer as the long way does: lay checks remembered across
positions (``tiles.fitting_rotations``) and the KDA link's reachability shortcut
(``board.may_reach`` before the reference's backtracking walk)."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

from engine.rhl18 import board as bd
from engine.rhl18 import data, hexmap, importer, tiles
from engine.rhl18.flow import current_corp, neutral_hexes
from tests.test_rhl18_parity import FIX, MAIN


def _or_positions(name: str = MAIN, step: str = "Track") -> list[dict]:
    game = importer.load_json(FIX / f"{name}.json.gz")
    found = []
    for state, _raw in importer.replay_iter(game):  # one state, changed move by move
        rnd = state["round"]
        if rnd["type"] == "Operating" and rnd.get("step") == step:
            found.append(copy.deepcopy(state))
    return found


def _supply(state: dict) -> list[str]:
    return sorted(n for n in data.tile_counts(state["options"]) if n != "935")


def test_remembered_lay_answers_follow_the_phase() -> None:
    board = hexmap.initial_board()
    # Osterath (a private's lay) in phase 4, then in phase 5, when it is too late.
    assert tiles.upgrade_error(board, "E8", "935", 1, "4", special=True) is None
    assert "Osterath" in str(tiles.upgrade_error(board, "E8", "935", 1, "5", special=True))
    rv = hexmap.initial_board(frozenset({"ratingen_variant"}))
    later = tiles.upgrade_error(rv, "E12", "9", 0, "3", ("ratingen_variant",))
    early = tiles.upgrade_error(rv, "E12", "9", 0, "2", ("ratingen_variant",))
    assert "phase 2" in str(early) and "phase 2" not in str(later)


def test_remembered_lay_answers_follow_the_optional_rules() -> None:
    board = hexmap.initial_board()
    board["I10"] = {"tile": "928", "rotation": 0, "tokens": [[None] * 3]}
    assert tiles.upgrade_error(board, "I10", "932V", 0, "8") is not None
    assert tiles.upgrade_error(board, "I10", "932V", 0, "8", ("promotion_tiles",)) is None
    assert tiles.upgrade_error(board, "I10", "932", 0, "8", ("promotion_tiles",)) is not None


def test_lays_after_many_positions_equal_lays_worked_out_afresh() -> None:
    positions = _or_positions()[::4]
    assert len(positions) > 20
    warm = []
    for state in positions:  # each position's questions left in the caches for the next
        sym = current_corp(state)
        warm.append(tiles.legal_lays(state["board"], sym, state["phase"], _supply(state),
                                     state["options"]))
    offered = 0
    for state, remembered in zip(positions, warm, strict=True):
        tiles.fitting_rotations.cache_clear()
        tiles._legal_lays_cached.cache_clear()
        sym = current_corp(state)
        fresh = tiles.legal_lays(state["board"], sym, state["phase"], _supply(state),
                                 state["options"])
        assert remembered == fresh
        offered += len(fresh)
    assert offered > 100


def test_reachability_shortcut_never_refuses_what_the_walk_reaches() -> None:
    answers = {(False, False): 0, (True, False): 0, (True, True): 0}
    for state in _or_positions("rhl_gen_3p_31001")[::3]:
        board = state["board"]
        duren = ("K6", bd.cities_of(board["K6"]["tile"])[0])
        neutral = neutral_hexes(state, current_corp(state))
        for sym in data.CORP_ORDER:
            for origin in ("K2", "I10"):
                start = (origin, list(bd.nodes_of(board[origin]["tile"]))[0])
                walked = bd.walk_reaches(board, sym, start, duren, neutral)
                maybe = bd.may_reach(board, sym, start, duren, neutral)
                assert (maybe, walked) in answers, (sym, origin)
                assert bd.reaches(board, sym, start, duren, neutral) == walked
                answers[maybe, walked] += 1
    # The shortcut both settles some questions and leaves others to the walk, whose answer
    # is yes in some: none of the comparisons above is vacuous.
    assert all(count > 0 for count in answers.values()), answers


def test_import_command_loads_only_what_it_needs() -> None:
    # A fresh interpreter, as `rheinbot import-18xx` starts: the command must not pay for
    # the Discord client, the store, the service, Pillow or asyncio (issue 18: start-up cost
    # more than our faster replay saved).
    code = ("import io, sys; from bot.cli import main; out = io.StringIO(); "
            f"code = main(['import-18xx', {str(FIX / (MAIN + '.json.gz'))!r}], out=out); "
            "print(code, 'finished' in out.getvalue()); "
            "print(' '.join(sorted({m.split('.')[0] for m in sys.modules}))); "
            "print(' '.join(m for m in sys.modules if m.startswith('bot.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).parent.parent)
    status, top_level, bot_modules = done.stdout.splitlines()
    assert status == "0 True"
    loaded = set(top_level.split())
    assert {"engine", "bot"} <= loaded
    assert not loaded & {"discord", "aiohttp", "aiosqlite", "PIL", "render", "asyncio",
                         "sqlite3", "zoneinfo"}, loaded
    assert set(bot_modules.split()) <= {"bot.cli", "bot.i18n", "bot.imports", "bot.replies",
                                        "bot.locales"}, bot_modules
