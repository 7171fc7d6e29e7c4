"""18Rhl game shape: how tables of AI seats play out, next to the reference games.

A game's shape is what a player would tell of it afterwards: the last phase reached, how
many stock and operating rounds it took, which trains were bought (from the depot, and from
other corporations), how many players went bankrupt and why it ended. The reference shapes
come from the repository's fixtures (tests/fixtures/18rhl: the recorded 18xx.games game and
the reference engine's generated games, all played to the end).

    python -m bench.rhl18_shape                         # 50 all-normal games per player count
    python -m bench.rhl18_shape --players 4 --games 10
    python -m bench.rhl18_shape --reference             # only the reference games' table

Targets (issue 16): every game reaches phase 5; at least 90 % end by the bank breaking
within 20 operating rounds; none stalls (ends by the move cap or turn 100).
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from engine import ai, get_game

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "18rhl"
MAX_MOVES = 20_000
RECORDED = "18Rhl_game_end_bank"
MAX_ORS = 20  # a game that ends by the bank "within 20 operating rounds"
PHASE_ORDER = ("2", "3", "4", "5", "6", "8")


@dataclass
class Shape:
    players: int
    seed: int
    phase: str = "2"
    stock_rounds: int = 0
    ors: int = 0
    depot_trains: Counter = field(default_factory=Counter)  # kind -> trains bought
    traded: int = 0  # trains bought from another corporation
    bankrupt: int = 0
    end: str = "unfinished"  # bank | bankrupt | dnf | unfinished | error
    moves: int = 0
    phase_or: dict = field(default_factory=dict)  # phase -> the operating round it began in
    normal_times: list = field(default_factory=list)
    # [stock round, OR, buyer, train, seller, price, answer] of every offer for another
    # president's train, in order
    offers: list | None = field(default_factory=list)
    error: str = ""
    name: str = ""  # a reference game's fixture name
    slowest: tuple = (0.0, "", "")  # seconds, move type, the moving corporation's trains

    @property
    def good_end(self) -> bool:
        return self.end == "bank" and self.ors <= MAX_ORS


def _or_key(state: dict) -> tuple | None:
    rnd = state["round"]
    return (state["turn"], rnd["num"]) if rnd["type"] == "Operating" else None


def play(players: int, seed: int, levels: list[str] | None = None,
         max_moves: int = MAX_MOVES) -> Shape:
    """One seeded game of AI seats (all ``normal`` unless ``levels`` says per seat)."""
    game = get_game("18rhl")
    levels = levels or ["normal"] * players
    state = game.setup(players, {}, seed)
    shape = Shape(players, seed)
    seen_or: set = set()
    depot = list(state["depot"])
    owners: dict[str, str] = {}
    for version in range(max_moves):
        if game.result(state) is not None:
            break
        seat = game.active(state)[0]
        start = time.perf_counter()
        action = ai.choose(game, state, seat, levels[seat], ai.move_seed(seed, version, seat),
                           strict=True)
        if levels[seat] == "normal":
            took = time.perf_counter() - start
            shape.normal_times.append(took)
            if took > shape.slowest[0]:
                corp = state["corps"].get(str(action.get("entity")), {})
                shape.slowest = (took, action["type"], " ".join(corp.get("trains", [])))
        try:
            game.apply(state, seat, action)
        except Exception as error:  # an engine fault: report it, keep the bench going
            shape.error = f"move {version}: {game.format(state, action)}: {error}"
            shape.end = "error"
            break
        shape.moves = version + 1
        _note_offer(state, action, shape.offers)
        shape.traded += _changed_hands(owners, {
            train: sym for sym, corp in state["corps"].items() for train in corp["trains"]})
        key = _or_key(state)
        if key is not None and key not in seen_or:
            seen_or.add(key)
            shape.ors += 1
        if state["phase"] not in shape.phase_or:
            shape.phase_or[state["phase"]] = shape.ors
        bought = [t for t in depot if t not in state["depot"]]
        for train in bought:
            shape.depot_trains[train.split("-")[0]] += 1
        depot = list(state["depot"])
    shape.phase = state["phase"]
    shape.stock_rounds = state["turn"]
    shape.bankrupt = sum(state["bankrupt"])
    if state["finished"]:
        shape.end = state["end_reason"] or "finished"
    return shape


def _changed_hands(owners: dict[str, str], now: dict[str, str]) -> int:
    """Trains (``now``: train -> corporation) held by another corporation than after the
    last move; ``owners`` becomes ``now`` (a train discarded to the depot and bought again
    later is no trade)."""
    moved = sum(1 for train, sym in now.items() if owners.get(train, sym) != sym)
    owners.clear()
    owners.update(now)
    return moved


def _note_offer(state: dict, action: dict, offers: list) -> None:
    offer = state["round"].get("offer")
    if action["type"] == "buy_train" and offer:
        offers.append([state["turn"], state["round"]["num"], offer["buyer"], offer["train"],
                       offer["seller"], offer["price"], None])
    elif action["type"] in ("accept", "decline") and offers:
        offers[-1][-1] = action["type"]


def repeated_offers(offers: list) -> int:
    """Offers of a train its buyer already offered in the same operating turn."""
    keys = [tuple(o[:4]) for o in offers]
    return len(keys) - len(set(keys))


def offers_after_decline(offers: list) -> int:
    """Offers of a train its seller had already declined at that price or higher."""
    declined: dict[tuple, int] = {}
    count = 0
    for _turn, _num, _buyer, train, seller, price, answer in offers:
        if declined.get((train, seller), 0) >= price:
            count += 1
        if answer == "decline":
            declined[(train, seller)] = max(price, declined.get((train, seller), 0))
    return count


def reference_shapes() -> list[Shape]:
    """The shapes of the fixtures' finished games, read from their recorded states."""
    out = []
    for path in sorted(FIXTURES.glob("*.states.jsonl.gz")):
        with gzip.open(path, "rt") as stream:
            states = [json.loads(line)["state"] for line in stream]
        players = len(states[0]["players"])
        shape = Shape(players, 0)
        shape.name = path.name.split(".")[0]
        shape.offers = None  # 18xx.games trades trains without offers
        seen_or: set = set()
        owned: dict[str, str] = {}
        seen_trains: set[str] = set()
        for st in states:
            if st["round"] == "Operating":
                key = (st["turn"], st["round_num"])
                if key not in seen_or:
                    seen_or.add(key)
                    shape.ors += 1
            if st["phase"] not in shape.phase_or:
                shape.phase_or[st["phase"]] = shape.ors
            now = {train: corp["id"] for corp in st["corporations"] for train in corp["trains"]}
            for train in now.keys() - seen_trains:
                shape.depot_trains[train.split("-")[0]] += 1
            seen_trains |= now.keys()
            shape.traded += _changed_hands(owned, now)
        last = states[-1]
        shape.phase = last["phase"]
        shape.stock_rounds = last["turn"]
        shape.bankrupt = sum(p["bankrupt"] for p in last["players"])
        with gzip.open(str(path).replace(".states.jsonl.gz", ".json.gz"), "rt") as stream:
            game = json.load(stream)
        shape.end = game.get("game_end_reason") or "unfinished"
        out.append(shape)
    return out


def _phase_rank(phase: str) -> int:
    return PHASE_ORDER.index(phase)


def summary(shapes: list[Shape]) -> dict:
    """The figures of one group of games (one player count)."""
    n = len(shapes)
    ors = [s.ors for s in shapes]
    srs = [s.stock_rounds for s in shapes]
    kinds = Counter()
    for s in shapes:
        kinds.update(s.depot_trains)
    phase5 = [s.phase_or.get("5") for s in shapes if "5" in s.phase_or]
    return {
        "games": n,
        "phase5": sum(_phase_rank(s.phase) >= _phase_rank("5") for s in shapes),
        "phase8": sum(s.phase == "8" for s in shapes),
        "last_phase": Counter(s.phase for s in shapes),
        "bank_in_20": sum(s.good_end for s in shapes),
        "ends": Counter(s.end for s in shapes),
        "stall": sum(s.end in ("dnf", "unfinished") for s in shapes),
        "ors": (min(ors), statistics.median(ors), max(ors)) if ors else (0, 0, 0),
        "srs": (min(srs), statistics.median(srs), max(srs)) if srs else (0, 0, 0),
        "or_phase5": statistics.median(phase5) if phase5 else None,
        "trains": {k: kinds[k] / n for k in sorted(kinds, key=lambda k: int(k))},
        "traded": statistics.mean(s.traded for s in shapes) if shapes else 0,
        "offers": None if any(s.offers is None for s in shapes) else (
            statistics.mean(len(s.offers) for s in shapes),
            sum(o[-1] == "decline" for s in shapes for o in s.offers),
            sum(repeated_offers(s.offers) + offers_after_decline(s.offers) for s in shapes)),
        "bankrupt": statistics.mean(s.bankrupt for s in shapes) if shapes else 0,
        "bankrupt_games": sum(s.bankrupt > 0 for s in shapes),
        "errors": [f"seed {s.seed}: {s.error}" for s in shapes if s.error],
    }


def row(label: str, players: int, figures: dict) -> str:
    lo, med, hi = figures["ors"]
    slo, smed, shi = figures["srs"]
    trains = " ".join(f"{k}:{v:.1f}" for k, v in figures["trains"].items())
    ends = ", ".join(f"{k} {v}" for k, v in sorted(figures["ends"].items()))
    last = ", ".join(f"{k}: {v}" for k, v in sorted(figures["last_phase"].items(),
                                                    key=lambda kv: _phase_rank(kv[0])))
    or5 = "-" if figures["or_phase5"] is None else f"{figures['or_phase5']:g}"
    offers = "-"
    if figures["offers"] is not None:
        mean, declined, repeated = figures["offers"]
        offers = f"{mean:.1f} ({declined} declined, {repeated} repeated)"
    return (f"| {label} | {players} | {figures['games']} | {last} | {figures['phase5']} | "
            f"{or5} | {lo}/{med:g}/{hi} | {slo}/{smed:g}/{shi} | {trains} | "
            f"{figures['traded']:.1f} | {offers} | {figures['bankrupt']:.2f} ({figures['bankrupt_games']}) "
            f"| {ends} | {figures['bank_in_20']} |")


HEADER = ("| games | players | n | last phase (games) | reached 5 | OR phase 5 began (median) "
          "| ORs min/med/max | SRs min/med/max | depot trains per game by kind "
          "| trains traded per game | offers per game (in all) | bankruptcies per game (games) "
          "| end | bank within 20 ORs |\n"
          "| --- | ---: | ---: | --- | ---: | ---: | --- | --- | --- | ---: | --- | --- | --- "
          "| ---: |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--first-seed", type=int, default=5000)
    parser.add_argument("--reference", action="store_true", help="only the reference table")
    args = parser.parse_args()
    refs = reference_shapes()
    lines = [HEADER]
    # The recorded game was played by people on 18xx.games; the generated ones by random
    # (plausibility-biased) legal moves inside the reference engine.
    recorded = [s for s in refs if s.name == RECORDED]
    lines.append(row("recorded (people, 18xx.games)", 3, summary(recorded)))
    for players in range(3, 7):
        group = [s for s in refs if s.players == players and s.name != RECORDED]
        if group:
            lines.append(row("generated (reference engine)", players, summary(group)))
    if not args.reference:
        times: list[float] = []
        shapes_all: list[Shape] = []
        for players in args.players or range(3, 7):
            start = time.time()
            shapes = [play(players, args.first_seed + i) for i in range(args.games)]
            figures = summary(shapes)
            lines.append(row("all normal", players, figures))
            for s in shapes:
                times += s.normal_times
            shapes_all += shapes
            print(lines[-1], f"({time.time() - start:.0f} s)", flush=True)
            for error in figures["errors"]:
                print(f"  engine error ({players}p): {error}", flush=True)
            for s in shapes:
                if not s.good_end or _phase_rank(s.phase) < _phase_rank("5"):
                    print(f"  seed {s.seed}: phase {s.phase}, {s.ors} ORs, end {s.end}",
                          flush=True)
        if times:
            slow = max((s for s in shapes_all), key=lambda s: s.slowest[0])
            print(f"slowest normal move: {1000 * slow.slowest[0]:.0f} ms, a {slow.slowest[1]} "
                  f"(trains: {slow.slowest[2] or '-'}), {slow.players} players, "
                  f"seed {slow.seed}")
            ordered = sorted(times)
            pick = [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (.5, .99)]
            print(f"\nnormal move time over {len(times)} moves: p50 {1000 * pick[0]:.1f} ms, "
                  f"p99 {1000 * pick[1]:.1f} ms, max {1000 * ordered[-1]:.0f} ms")
    print()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
