"""18xx.games JSON export -> our setup + action log (undo/redo filtered), and replay.

Players become seats in the export's order; a player entity (an 18xx.games user id) becomes
its seat number; corporation and company entities stay as their symbols. Automatic follow-up
actions stored under ``auto_actions`` are replayed in order after their action, as the
reference engine does when loading a game.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from engine.rhl18 import flow as F
from engine.rhl18 import rules as R

DROP = ("id", "created_at", "user", "auto_actions", "entity_type")


def load_json(path: str | Path) -> dict:
    path = Path(path)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return json.load(handle)


def filter_actions(actions: list[dict]) -> list[dict]:
    """Undo/redo filtering exactly as the reference engine does it."""
    filtered: list[dict | None] = []
    stack: list[list[tuple[int, dict]]] = []
    for action in actions:
        kind = action["type"]
        if kind == "undo":
            target = action.get("action_id")
            if target is None:
                idx = next((i for i in range(len(filtered) - 1, -1, -1)
                            if filtered[i] is not None
                            and filtered[i]["type"] != "message"), 0)
            elif target == 0:
                idx = 0
            else:
                idx = next(i for i, a in enumerate(filtered)
                           if a is not None and a["id"] == target) + 1
            group = []
            for i in range(idx, len(filtered)):
                if filtered[i] is not None and filtered[i]["type"] != "message":
                    group.append((i, filtered[i]))
                    filtered[i] = None
            stack.append(group)
            filtered.append(None)
        elif kind == "redo":
            if stack:
                for i, a in stack.pop():
                    filtered[i] = a
            filtered.append(None)
        else:
            if kind != "message":
                stack.clear()
            filtered.append(action)
    return [a for a in filtered if a is not None]


def convert(action: dict, seats: dict[int, int]) -> dict:
    out = {k: v for k, v in action.items() if k not in DROP}
    entity = out.get("entity")
    if action.get("entity_type", "player" if isinstance(entity, int) else None) == "player" \
            or isinstance(entity, int):
        out["entity"] = seats[int(entity)]
    return out


def setup_from(game_json: dict) -> tuple[list[int], dict, int]:
    ids = [p["id"] for p in game_json["players"]]
    rules = game_json.get("settings", {}).get("optional_rules") or []
    options = {name: name in rules for name in
               ("optional_2_train", "lower_starting_capital", "promotion_tiles",
                "ratingen_variant")}
    seed = game_json.get("settings", {}).get("seed")
    if seed is None:
        seed = int("".join(ch for ch in str(game_json.get("id", 0)) if ch.isdigit()) or 0)
    return ids, options, int(seed)


def replay(game_json: dict, on_action: Callable[[dict, dict], None] | None = None,
           trust: bool = False) -> dict:
    """Replay a whole export; ``on_action(raw_action, state)`` runs after each one.

    Strict by default: every tile lay, token and route is checked by our rules; ``trust``
    takes recorded tile lays, token spots and route revenues as given (faster)."""
    state = None
    for state, raw in replay_iter(game_json, trust=trust):
        if on_action is not None and raw is not None:
            on_action(raw, state)
    assert state is not None
    return state


def replay_iter(game_json: dict, trust: bool = False) -> Iterator[tuple[dict, dict | None]]:
    ids, options, seed = setup_from(game_json)
    seats = {pid: i for i, pid in enumerate(ids)}
    state = R.new_game(ids, options, seed)
    state["auto_kda"] = False
    if trust:
        state["trust"] = True
    F.settle(state)
    yield state, None
    for raw in filter_actions(game_json["actions"]):
        play(state, convert(raw, seats))
        for auto in raw.get("auto_actions") or []:
            F.process(state, convert(auto, seats))
        yield state, raw
    state["auto_kda"] = True
    state.pop("trust", None)


def play(state: dict, action: dict, process: Callable[[dict, dict], Any] = F.process
         ) -> list[Any]:
    """One recorded action. A train bought from a corporation with another president
    waits for that president's answer in our games; a record implies the agreement, so the
    seller's accept follows within the same action. Returns what ``process`` returned for
    each step (``game.play_logged`` gives the log lines)."""
    from engine.rhl18 import operating as O

    out = [process(state, action)]
    if state["round"].get("offer"):
        out.append(process(state, O.offer_answers(state)[0]))
    return out


def result_of(state: dict) -> dict[str, int]:
    return {str(state["ids"][s]): R.player_value(state, s) for s in range(len(state["ids"]))}



def import_game(source: str | Path | dict, trust: bool = False) -> dict:
    """Import an 18xx.games export: replay it (strict unless ``trust``) and return what a
    front end needs to continue it as an ordinary game of ``18rhl``.

    Returns ``{"num_players", "options", "seed", "player_ids", "names", "state",
    "actions", "result"}``: ``state`` is a normal engine state (continue with
    ``GAME.legal/apply``), ``actions`` the effective 18xx.games actions that were replayed,
    ``result`` the final scores by player id when the game is over.
    """
    game_json = source if isinstance(source, dict) else load_json(source)
    ids, options, seed = setup_from(game_json)
    state = replay(game_json, trust=trust)
    state["names"] = [p.get("name", str(p["id"])) for p in game_json["players"]]
    return {
        "num_players": len(ids), "options": options, "seed": seed, "player_ids": ids,
        "names": [p.get("name", str(p["id"])) for p in game_json["players"]],
        "state": state, "actions": filter_actions(game_json["actions"]),
        "result": result_of(state) if state["finished"] else None,
    }


def main(argv: list[str] | None = None) -> int:
    """``python -m engine.rhl18.importer FILE.json [--trust]``: replay and summarise."""
    import sys
    import time

    args = list(sys.argv[1:] if argv is None else argv)
    trust = "--trust" in args
    paths = [a for a in args if not a.startswith("--")]
    if len(paths) != 1:
        print("usage: python -m engine.rhl18.importer FILE.json [--trust]")
        return 2
    start = time.perf_counter()
    imported = import_game(paths[0], trust=trust)
    state = imported["state"]
    took = time.perf_counter() - start
    print(f"{len(imported['actions'])} effective actions replayed "
          f"({'trusting' if trust else 'strict'}) in {took:.2f} s")
    print(f"turn {state['turn']}, phase {state['phase']}, finished {state['finished']} "
          f"({state['end_reason']})")
    if imported["result"]:
        print("result", json.dumps(imported["result"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
