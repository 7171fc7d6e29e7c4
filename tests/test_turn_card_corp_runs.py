"""An 18Rhl turn card gives each corporation's turn its own entry: an AI seat presiding over
two corporations ran both between a player's turns, and the card drew them as one entry
under the first one's colour and mark ("RhE lays tile 8 on F7 · … · ADR is done buying
trains"), the shortening then cutting "ADR offers GVE 300M for a 4-train" (a phone player's
review). Through the service, a player and three AI seats."""

from __future__ import annotations

import re

from bot.service import TablesService
from bot.store import Store
from engine import GAMES, ai
from engine.rhl18 import data
from tests.service_pebbles import ctx

SYMBOLS = "|".join(sorted(data.corporations(), key=len, reverse=True))


async def test_an_entry_holds_one_corporation_s_moves(tmp_path) -> None:
    store = await Store.open(str(tmp_path / "runs.sqlite3"))
    cards: list[dict] = []
    game = GAMES["18rhl"]
    service = TablesService(store, games={"18rhl": game}, render=lambda key, view: b"\x89PNG",
                            seed_source=lambda: 4)
    service.card_render = lambda key, view: cards.append(view) or b"\x89PNG card"
    await service.new(ctx(1), "18rhl", min_players=4, max_players=4)
    for _ in range(3):
        await service.add_bot(ctx(1), "normal")
    await service.start(ctx(1), order="joined")
    back_to_back = 0  # one seat's entries for two corporations, one after the other
    for step in range(120):
        row = await store.latest_game(500)
        if row.status != "active":
            break
        state = game.load(row.state)
        if 0 not in game.active(state):
            break
        move = ai.choose(game, state, 0, "normal", step)
        await service.play(ctx(1), game.format(state, move))
        moves = cards[-1]["card"]["moves"] if cards else []
        for entry in moves:
            # " · " parts a move from the next; "; " joins one move's lines
            named = {m[1] for m in re.finditer(rf"(?:^| · )({SYMBOLS})\b", entry["text"])}
            if entry.get("corp"):
                assert named <= {entry["corp"]}, entry
        back_to_back += any(a["seat"] == b["seat"] and a.get("corp") and b.get("corp")
                            and a["corp"] != b["corp"]
                            for a, b in zip(moves, moves[1:], strict=False))
        if back_to_back >= 2:
            break
    assert back_to_back >= 2
    await store.close()
