"""Static 18Rhl data, loaded once from the JSON files beside this module.

The JSON files copy the game's facts as the reference implementation (18xx.games) has them:
market, trains, phases, privates, corporations, hexes, tiles, upgrade rules. No value in
them is house-made, but for what only the pictures and texts use: a corporation's ``color``
and ``mark`` (corporations.json's "display" note says why) and a phase's ``announce``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

DATA_DIR = Path(__file__).parent / "data"

RHINE_METROPOLES = ("D9", "F9", "I10")
EASTERN_RUHR = ("C14", "D15")
ER_LINK_CHECKS = (("C12", 4), ("D13", 3), ("D13", 4), ("E14", 3))
OPTIONAL_RULES = ("optional_2_train", "lower_starting_capital", "promotion_tiles",
                  "ratingen_variant")
COLOR_ORDER = ("white", "yellow", "green", "brown", "gray")


def _load(name: str) -> Any:
    with open(DATA_DIR / name, encoding="utf-8") as handle:
        return json.load(handle)


@lru_cache(maxsize=1)
def game() -> dict:
    return _load("game.json")


@lru_cache(maxsize=1)
def market() -> dict:
    """Cells by id plus the grid of ids (row-major)."""
    raw = _load("market.json")
    grid = [[cell["id"] for cell in row] for row in raw["cells"]]
    cells = {}
    for r, row in enumerate(raw["cells"]):
        for c, cell in enumerate(row):
            cells[cell["id"]] = {"price": cell["price"], "row": r, "col": c,
                                 "par": cell["par"]}
    pars = [cid for cid, cell in cells.items() if cell["par"]]
    return {"grid": grid, "cells": cells, "pars": pars,
            "rhe_pars": [p for p in pars if cells[p]["price"] in (70, 75, 80)]}


@lru_cache(maxsize=1)
def trains() -> list[dict]:
    return _load("trains.json")["trains"]


@lru_cache(maxsize=1)
def phases() -> list[dict]:
    return _load("phases.json")["phases"]


@lru_cache(maxsize=1)
def companies() -> dict[str, dict]:
    return {c["sym"]: c for c in _load("companies.json")["companies"]}


@cache
def private_certs() -> Mapping[str, tuple[str, ...]]:
    """The certificates each private brings its buyer (its ``shares`` abilities)."""
    return MappingProxyType({sym: tuple(cert for ability in company["abilities"]
                                        if ability["type"] == "shares"
                                        for cert in ability["shares"])
                             for sym, company in companies().items()})


@lru_cache(maxsize=1)
def corporations() -> dict[str, dict]:
    return {c["sym"]: c for c in _load("corporations.json")["corporations"]}


CORP_ORDER = ("ADR", "BME", "CME", "DEE", "KEG", "GVE", "CCE", "RhE")


@lru_cache(maxsize=1)
def hexes() -> dict[str, dict]:
    """Hex records by id; for G8 the later (effective) definition wins, as in the engine."""
    out: dict[str, dict] = {}
    for record in _load("hexes.json")["hexes"]:
        out[record["id"]] = record
    return out


@lru_cache(maxsize=1)
def hex_order() -> list[str]:
    """Hex ids in the engine's map order (used for the order of laid tiles)."""
    seen: list[str] = []
    for record in _load("hexes.json")["hexes"]:
        if record["id"] in seen:
            seen.remove(record["id"])
        seen.append(record["id"])
    return seen


@lru_cache(maxsize=1)
def tiles() -> dict[str, dict]:
    return {t["name"]: t for t in _load("tiles.json")["tiles"]}


def tile_counts(options: dict) -> Mapping[str, int]:
    """How many of each tile the supply holds with these optional rules (read-only: legal()
    asks once per tile name, so the answer is shared)."""
    return _tile_counts(bool(options.get("promotion_tiles")),
                        bool(options.get("ratingen_variant")))


@cache
def _tile_counts(promotion: bool, ratingen: bool) -> Mapping[str, int]:
    counts = {name: t["count"] for name, t in tiles().items()}
    promo = ("Essen", "949", "950", "932V")
    if promotion:
        counts["932"] = 0
    else:
        for name in promo:
            counts[name] = 0
    if not ratingen:
        counts["1910"] = 0
        counts["1911"] = 0
    return MappingProxyType({k: v for k, v in counts.items() if v > 0})


@cache
def tile_parts(name: str) -> list[dict]:
    """Parts of a supply tile by name, or of a preprinted tile by its preprinted id."""
    if name in tiles():
        return tiles()[name]["parts"]
    hex_id = name.rsplit("-", 1)[0]
    return hexes()[hex_id]["parts"]


@cache
def city_parts(name: str) -> list[int]:
    """Part indexes of the cities of a tile, in order."""
    return [p["index"] for p in tile_parts(name) if p["type"] == "city"]


def upgrade_cost(name: str) -> int:
    return sum(p.get("cost", 0) for p in tile_parts(name) if p["type"] == "upgrade")


def city_exits(name: str, rotation: int) -> list[set[int]]:
    """For each city of a tile, the set of (rotated) edges its paths reach directly."""
    parts = tile_parts(name)
    cities = city_parts(name)
    exits: list[set[int]] = [set() for _ in cities]
    for part in parts:
        if part["type"] != "path":
            continue
        a, b = part["a"], part["b"]
        for node, edge in ((a, b), (b, a)):
            if "node_part_index" in node and "edge" in edge:
                idx = node["node_part_index"]
                if idx in cities:
                    exits[cities.index(idx)].add((edge["edge"] + rotation) % 6)
    return exits
