"""18Rhl imports count game moves only: chat messages and standing orders in an 18xx.games
export are neither counted in "N moves replayed" nor stored as the imported move count, and
``rheinbot import-18xx`` says what its strict replay checked."""

from __future__ import annotations

import gzip
import io
import json

from bot.cli import main
from bot.imports import game_moves
from bot.service import TablesService
from bot.store import Store
from engine import GAMES
from engine.rhl18 import importer as I
from tests.service_pebbles import ctx

PARTIAL = "tests/fixtures/18rhl/rhl_gen_3p_31001.json.gz"


def chatty_export(moves: int = 120, every: int = 7) -> tuple[dict, int]:
    """The first ``moves`` actions of a recorded game with a chat message after every
    ``every``-th, and how many of them are game moves."""
    export = I.load_json(PARTIAL)
    actions, next_id = [], 10**6
    talker = export["players"][0]["id"]  # 18xx.games records chat as the writing player's
    for number, action in enumerate(export["actions"][:moves], 1):
        actions.append(action)
        if number % every == 0:
            actions.append({"type": "message", "id": next_id, "entity": talker,
                            "entity_type": "player", "message": "gl hf, your turn"})
            next_id += 1
    export["actions"] = actions
    played = [a for a in I.filter_actions(actions)
              if a["type"] != "message" and not a["type"].startswith("program_")]
    return export, len(played)


def test_messages_and_standing_orders_are_not_moves():
    actions = [{"type": "pass", "id": 1}, {"type": "message", "id": 2, "message": "hi"},
               {"type": "program_share_pass", "id": 3}, {"type": "lay_tile", "id": 4}]
    assert game_moves(actions) == 2


async def test_service_import_counts_and_stores_only_game_moves(tmp_path):
    export, played = chatty_export()
    messages = sum(1 for a in export["actions"] if a["type"] == "message")
    assert messages >= 10  # the export really chats between moves
    store = await Store.open(str(tmp_path / "rhl.sqlite3"))
    service = TablesService(store, games={"18rhl": GAMES["18rhl"]},
                            render=lambda key, view: b"\x89PNG fake")
    replies = await service.import_18xx(ctx(1), export)
    assert f"{played} moves replayed" in replies[0].text, replies[0].text
    row = await store.latest_game(500)
    assert (await store.origin(row.id))["moves"] == played
    await store.close()


def test_cli_import_prints_the_game_moves_and_what_was_checked(tmp_path):
    export, played = chatty_export()
    path = tmp_path / "chatty.json.gz"
    path.write_bytes(gzip.compress(json.dumps(export).encode()))
    for lang, replayed, checked in (
            ("en", f"{played} moves replayed", f"Checked state by state against our own 18Rhl "
                                               f"rules: each of the {played} moves"),
            ("de", f"{played} Spielzüge nachgespielt", f"jeder der {played} Spielzüge")):
        out = io.StringIO()
        assert main(["import-18xx", str(path), "--lang", lang], out=out) == 0, out.getvalue()
        assert replayed in out.getvalue() and checked in out.getvalue(), out.getvalue()
