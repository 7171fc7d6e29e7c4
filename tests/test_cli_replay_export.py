"""Every finished service game replays from its export: seeded games of all four games are
played to the end through the tables service (snapshots stored and reloaded after every move,
as on Discord), exported, and ``rheinbot replay`` must reproduce them and verify the result.
It also says what differs when an export's result does not match, and prints no empty move
lines (``done`` and ``pass`` log nothing)."""

from __future__ import annotations

import io
import json
import re

import pytest

import engine
from bot.cli import main
from bot.i18n import colour_name
from bot.service import TablesService
from bot.store import Store
from engine.playthrough import replay
from tests.service_pebbles import ctx

# (game, players, AI level, seed): each finishes in a few seconds on the CI machine
GAMES = [("rhein", 3, "normal", 5), ("rheinlaender", 3, "easy", 5), ("troedler", 2, "easy", 5),
         ("18rhl", 3, "easy", 6)]


async def finished_export(tmp_path, key: str, players: int, level: str, seed: int) -> dict:
    store = await Store.open(str(tmp_path / f"{key}.sqlite3"))
    service = TablesService(store, games={key: engine.get_game(key)},
                            render=lambda game, view: b"\x89PNG fake", seed_source=lambda: seed,
                            ai_limit=1_000_000)
    await service.new(ctx(1), key, min_players=players, max_players=players)
    await service.leave(ctx(1))
    for _ in range(players):
        await service.add_bot(ctx(1), level)
    await service.start(ctx(1), order="joined")
    row = await store.latest_game(500)
    assert row.status == "finished"
    data = await service.export_data(row)
    game = engine.get_game(key)
    # the stored snapshot is what the moves give when replayed from setup
    state = replay(game, players, data["options"], seed,
                   [(a["seat"], a["move"]) for a in data["actions"]])
    assert game.dump(state) == row.state
    await store.close()
    return data


def run_replay(tmp_path, data: dict) -> tuple[int, str]:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    code = main(["replay", str(path)], render=lambda game, view: b"", out=out)
    return code, out.getvalue()


@pytest.mark.parametrize("key,players,level,seed", GAMES)
async def test_a_finished_service_game_replays_from_its_export(tmp_path, key, players, level,
                                                               seed):
    data = await finished_export(tmp_path, key, players, level, seed)
    assert [s["rank"] for s in data["result"]][0] == 1
    code, text = await _in_thread(run_replay, tmp_path, data)
    assert code == 0, text
    assert "Result verified" in text, text
    moves = [line for line in text.splitlines() if re.match(r"\d+\. ", line)]
    assert len(moves) == len(data["actions"])
    # every move line says something after the player's name and colour
    # (the colour as the reader's words say it: "sky blue")
    leads = [f"{s['name']} ({colour_name(s['colour'], 'en')})" for s in data["seats"]]
    said = [next(line.split(lead, 1)[1].lstrip(":").strip() for lead in leads if lead in line)
            for line in moves]
    assert all(said), [line for line, text in zip(moves, said, strict=True) if not text][:3]
    # the mover is named once: "Bot 1 (orange) plays card 22", not "Bot 1: Orange plays"
    assert any(line.split(". ", 1)[1].startswith(lead + " ") for line in moves for lead in leads)


async def test_replay_says_what_differs_from_the_exported_result(tmp_path):
    data = await finished_export(tmp_path, "rheinlaender", 3, "easy", 5)
    first, second = data["result"][0], data["result"][1]
    first["score"], second["rank"] = first["score"] + 7, second["rank"] + 1
    code, text = await _in_thread(run_replay, tmp_path, data)
    assert code == 1 and "Result verified" not in text
    assert "The result differs from the export:" in text
    name = data["seats"][first["seat"]]["name"]
    assert f"{name}: exported place 1 with {first['score']}, replayed place 1 with " \
        f"{first['score'] - 7}" in text, text


async def test_done_moves_say_which_step_they_end(tmp_path):
    data = await finished_export(tmp_path, "rhein", 3, "normal", 5)
    done = [number for number, a in enumerate(data["actions"], 1) if a["move"] == "done"]
    assert done, "the seeded Rhein game ends steps with done"
    code, text = await _in_thread(run_replay, tmp_path, data)
    lines = {int(m[1]): m[2] for m in re.finditer(r"^(\d+)\. [^(]+\([a-z]+\):? (.*)$",
                                                   text, re.M)}
    assert all(lines[number].strip() for number in done)
    said = {lines[number].split(".")[0] for number in done}
    # a stop's done says what stays aboard where: "keeps 3 aboard the black Ship in Köln"
    said = {re.sub(r"^keeps \d+ aboard .+ in .+$", "keeps … aboard", line) for line in said}
    assert said <= {"is done loading", "is done reserving", "takes no order in this pass",
                    "keeps … aboard", "is done with their trucks",
                    "is done fulfilling here", "is done"}, said
    assert "is done loading" in said


async def test_an_export_without_a_result_checks_the_moves_only(tmp_path):
    data = await finished_export(tmp_path, "troedler", 2, "easy", 5)
    del data["result"]  # as exports written before results were recorded
    code, text = await _in_thread(run_replay, tmp_path, data)
    assert code == 0 and "records no result" in text and "Result verified" not in text


async def _in_thread(function, *args):
    import asyncio

    # ``rheinbot replay`` is a plain function; off the test's loop as from a terminal
    return await asyncio.to_thread(function, *args)
