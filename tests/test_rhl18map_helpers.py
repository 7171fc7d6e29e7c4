"""Rebuild 18Rhl boards from the recorded game's state trace (shared by the map tests)."""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path

from engine.rhl18 import hexmap, tiles

FIXTURE = Path(__file__).parent / "fixtures" / "18rhl"
# Facts of the recorded game, from the reference engine's log (setup lines of action 0).
COAL_HEXES = frozenset({"C12"})
STEEL_HEXES = frozenset({"E6"})


MAIN = "18Rhl_game_end_bank"
# Generated games (reference engine, random legal play, engine's own router) copied into
# tests/fixtures, with their variable coal and steel hexes from the reference logs.
GENERATED = {
    "rhl_gen_3p_31001": (frozenset({"J3"}), frozenset({"D13"})),
    "rhl_gen_4p_41010_rv": (frozenset({"D11"}), frozenset({"E6"})),
    "rhl_gen_5p_51006_all": (frozenset({"D9"}), frozenset({"E6"})),
}


@cache
def game(name: str = MAIN) -> dict:
    with gzip.open(FIXTURE / f"{name}.json.gz", "rt", encoding="utf-8") as fh:
        return json.load(fh)


@cache
def states(name: str = MAIN) -> dict[int, dict]:
    result = {}
    with gzip.open(FIXTURE / f"{name}.states.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            record = json.loads(line)
            result[record["after_action_id"]] = record["state"]
    return result


def options(name: str = MAIN) -> frozenset[str]:
    return frozenset(game(name)["settings"]["optional_rules"])


def board_of(state: dict, opts: frozenset[str] = frozenset()) -> dict:
    """Our board shape built from a reference state: laid tiles, then every placed token."""
    board = hexmap.initial_board(opts)
    for hex_id, tile_id, rotation in state["laid_tiles"]:
        name = tile_id.rsplit("-", 1)[0]
        board[hex_id] = {"tile": name, "rotation": rotation,
                         "tokens": [[None] * c.slots for c in tiles.tile(name).cities]}
    for corp in state["corporations"]:
        for token in corp["tokens"]:
            if token.startswith("unused"):
                continue
            city, hex_id = token.split("@")
            cell = board[hex_id]
            index = tiles.city_index(cell["tile"], int(city.rsplit("-", 1)[1]))
            slots = cell["tokens"][index]
            slots[slots.index(None)] = corp["id"]
    return board


def run_routes_points(name: str = MAIN) -> list[tuple[dict, dict]]:
    """(run_routes action, reference state after it) for every effective run_routes action."""
    by_id = states(name)
    return [(a, by_id[a["id"]]) for a in game(name)["actions"]
            if a["type"] == "run_routes" and a["id"] in by_id]


def lay_points(name: str = MAIN) -> list[tuple[dict, dict]]:
    """(lay_tile action, reference state before it) for every effective lay."""
    by_id = states(name)
    ids = sorted(by_id)
    return [(a, by_id[ids[ids.index(a["id"]) - 1]]) for a in game(name)["actions"]
            if a["type"] == "lay_tile" and a["id"] in by_id]
