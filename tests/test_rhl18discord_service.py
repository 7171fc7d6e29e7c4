"""18Rhl through the tables service: an 18xx.games import opened as a table, continued with
moves, with the pictures the service asks for (fake renderer), plus one real zoom render."""

from __future__ import annotations

import asyncio
import io
import json

import pytest
from PIL import Image

from bot.imports import BadExport, decode_export, game_moves
from bot.replies import Audience
from bot.service import Ctx, TablesService
from bot.service.extras import image_kind
from bot.service.pictures import button_label
from bot.store import Store
from engine import GAMES
from engine.rhl18 import importer as I
from engine.rhl18 import rules as R
from tests.service_pebbles import ctx, made

BANK = "tests/fixtures/18rhl/18Rhl_game_end_bank.json.gz"
PARTIAL = "tests/fixtures/18rhl/rhl_gen_3p_31001.json.gz"


class Kinds:
    """A fake renderer recording which picture each call asked for."""

    def __init__(self) -> None:
        self.kinds: list[str] = []

    def __call__(self, key: str, view: dict) -> bytes:
        assert key == "18rhl" and "board" in view
        self.kinds.append(image_kind(view))
        return b"\x89PNG fake"


def partial_export() -> dict:
    """The generated 3-player game cut mid-game (260 actions), where play continues."""
    export = I.load_json(PARTIAL)
    export["actions"] = export["actions"][:260]
    return export


async def opened(tmp_path, export: dict, render=None):
    store = await Store.open(str(tmp_path / "rhl.sqlite3"))
    renderer = render or Kinds()
    service = TablesService(store, games={"18rhl": GAMES["18rhl"]}, render=renderer)
    replies = await service.import_18xx(ctx(1), export)
    assert replies[0].audience is Audience.CHANNEL, replies[0].text
    for user in (1, 2, 3):
        assert (await service.join(ctx(user)))[0].audience is Audience.CHANNEL
    replies += await service.start(ctx(1))  # an import keeps the join order
    return service, renderer, replies


async def test_a_finished_import_posts_its_final_board_and_result(tmp_path):
    service, renderer, replies = await opened(tmp_path, I.load_json(BANK))
    assert "3. Player 3" in replies[0].text and "491 moves" in replies[0].text  # 19 standing orders
    row = await service.store.latest_game(500)
    assert row.status == "finished"
    assert renderer.kinds == ["board", "board"]  # the start's board and the result's board
    assert any(r.title and "final result" in r.title for r in replies)
    await service.store.close()


async def test_an_import_continues_with_prompts_routes_and_round_boards(tmp_path):
    export = partial_export()
    service, renderer, replies = await opened(tmp_path, export)
    game = GAMES["18rhl"]
    phases, runs, previews, private_runs = set(), 0, 0, 0
    for _ in range(120):
        public_preview = any("would run" in r.text and r.audience is Audience.CHANNEL
                             for r in replies)
        row = await service.store.latest_game(500)
        state = game.load(row.state)
        seat = game.active(state)[0]
        moves = game.legal(state, seat)
        pick = next((m for m in moves if m["type"] in ("run_routes", "dividend")), None) \
            or next((m for m in moves if m["type"] == "pass"), moves[0])
        before = len(renderer.kinds)
        replies = await service.play(ctx(seat + 1), game.format(state, pick))
        assert made(replies), replies[0].text  # to the channel, or to the mover as it goes on
        new = renderer.kinds[before:]
        if pick["type"] == "run_routes" and pick["routes"]:
            runs += 1
            # a prompt that drew these routes in the channel gets no second picture of
            # them; one its player alone saw (their turn went on) leaves it due
            assert ("routes" in new[:1]) != public_preview, (new, replies[0].text)
            assert any(r.files and r.audience is Audience.CHANNEL for r in replies) or \
                public_preview
            private_runs += not public_preview
            assert f"runs for {sum(r['revenue'] for r in pick['routes'])}M" in replies[0].text \
                or "trains run for" in replies[0].text
        phases.add(game.phase(game.load((await service.store.latest_game(500)).state)))
        if "board" in new:
            assert any(r.files and r.title for r in replies)
        for reply in replies:  # the routes run auto would run ride on the prompt itself
            if "would run" in reply.text:
                assert ("your turn" in reply.text or "turn goes on" in reply.text) and \
                    reply.buttons and len(reply.files) >= 1, reply.text
                previews += 1
        if runs >= 3 and len(phases) >= 3:
            break
    assert runs >= 3 and renderer.kinds.count("board") >= 2 and previews >= 3
    assert private_runs  # (a run after a lay or a station in the same turn)
    # before a run, the prompt shows the routes run auto would run
    assert renderer.kinds.count("routes") >= runs
    # undo replays from the imported state, not from a new setup
    row = await service.store.latest_game(500)
    last = (await service.store.actions(row.id))[-1]
    undone = await service.undo(ctx(last.seat + 1))
    assert not any(r.audience is Audience.EPHEMERAL and "damaged" in r.text for r in undone)
    await service.store.close()


async def test_the_turn_prompt_buttons_play_legal_moves(tmp_path):
    export = partial_export()
    service, _, replies = await opened(tmp_path, export)
    game = GAMES["18rhl"]
    for _ in range(6):
        prompt = [r for r in replies if r.buttons][-1]
        assert len(prompt.buttons) <= 25
        state = game.load((await service.store.latest_game(500)).state)
        seat = game.active(state)[0]
        labels = {button_label(game.label(state, m), game.format(state, m))
                  for m in game.legal(state, seat)}
        assert {b.label for b in prompt.buttons} <= labels
        replies = await service.press(ctx(seat + 1), prompt.buttons[0].custom_id)
        assert made(replies), replies[0].text
    await service.store.close()


async def test_board_near_zooms_and_a_lay_preview_is_only_for_the_caller(tmp_path):
    export = partial_export()
    service, renderer, _ = await opened(tmp_path, export)
    replies = await service.board(ctx(1), near="f9")
    assert renderer.kinds[-1] == "zoom" and "near F9" in replies[-1].text
    refused = await service.board(ctx(1), near="Q42")
    assert refused[0].audience is Audience.EPHEMERAL and "no hex" in refused[0].text
    game = GAMES["18rhl"]
    for _ in range(60):  # play on to a tile lay step
        state = game.load((await service.store.latest_game(500)).state)
        seat = game.active(state)[0]
        lays = [m for m in game.legal(state, seat) if m["type"] == "lay_tile"]
        if lays:
            break
        moves = game.legal(state, seat)
        await service.play(ctx(seat + 1), game.format(state, next(
            (m for m in moves if m["type"] in ("run_routes", "dividend", "pass")), moves[0])))
    assert lays
    choices = await service.move_choices(ctx(seat + 1), "lay")
    assert choices and all(v.startswith("lay ") for _, v in choices)
    hint = await service.play(ctx(seat + 1), choices[0][1])  # a step, not yet a move
    assert hint[0].audience is Audience.EPHEMERAL and "only part of a tile lay" in hint[0].text
    shown = await service.preview(ctx(seat + 1), game.format(state, lays[0]))
    assert shown[0].audience is Audience.EPHEMERAL and shown[0].files
    # a screen reader hears what the preview is, not its file name
    assert "18Rhl" in shown[0].files[0].description and \
        "Preview: Lay tile" in shown[0].files[0].description, shown[0].files[0]
    assert renderer.kinds[-1] == "lay"
    bad = await service.preview(ctx(seat + 1), "lay 9 F9 0")
    assert bad[0].audience is Audience.EPHEMERAL and not bad[0].files
    await service.store.close()


async def test_one_real_zoom_render_is_small_and_sharp(tmp_path):
    from render import render_board

    export = partial_export()
    service, _, _ = await opened(tmp_path, export, render=render_board)
    replies = await service.board(ctx(1), near="F9")
    png = replies[-1].files[0].data
    image = Image.open(io.BytesIO(png))
    assert len(png) < 10 * 1024 * 1024 and 500 < image.width <= 1700
    (tmp_path / "zoom.png").write_bytes(png)
    await service.store.close()


def test_uploads_that_are_not_18rhl_exports_are_refused():
    with pytest.raises(BadExport):
        decode_export(b"not json")
    with pytest.raises(BadExport):
        decode_export(json.dumps({"title": "1830", "players": [], "actions": []}).encode())
    assert decode_export(json.dumps({"title": "18Rhl", "players": [], "actions": []}).encode())


async def test_cli_import_opens_the_table_and_its_export_replays_from_the_import(tmp_path):
    import gzip

    from bot.cli import main

    export = partial_export()
    path = tmp_path / "partial.json.gz"
    path.write_bytes(gzip.compress(json.dumps(export).encode()))
    db, out, renderer = tmp_path / "bot.sqlite3", io.StringIO(), Kinds()
    args = ["import-18xx", str(path), "--out", str(tmp_path), "--db", str(db), "--guild", "1",
            "--channel", "500", "--user", "1"]
    # the CLI runs its own event loop: call it from a thread, as from a terminal
    code = await asyncio.to_thread(main, args, render=renderer, out=out)
    assert code == 0, out.getvalue()
    assert "moves replayed" in out.getvalue() and list(tmp_path.glob("18rhl-import-*.png"))
    store = await Store.open(str(db))
    service = TablesService(store, games={"18rhl": GAMES["18rhl"]}, render=renderer)
    for user in (1, 2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1))
    game = GAMES["18rhl"]
    for _ in range(8):
        state = game.load((await store.latest_game(500)).state)
        seat = game.active(state)[0]
        moves = game.legal(state, seat)
        move = next((m for m in moves if m["type"] in ("run_routes", "dividend", "pass")),
                    moves[0])
        await service.play(ctx(seat + 1), game.format(state, move))
    await service.abandon(ctx(1, manage=True))
    exported = (await service.export(ctx(1)))[0].files[0].data
    await store.close()
    data = json.loads(exported)
    assert data["origin"]["moves"] == game_moves(I.filter_actions(export["actions"]))
    assert len(data["actions"]) == 8
    (tmp_path / "export.json").write_bytes(exported)
    replayed = io.StringIO()
    assert main(["replay", str(tmp_path / "export.json")], render=renderer, out=replayed) == 0
    assert "8. " in replayed.getvalue() and "does not replay" not in replayed.getvalue()


async def test_channel_card_and_log_name_players_as_the_table_does(tmp_path):
    """18Rhl's rules name a player by seat ("Player 2"); the channel, the turn card and
    /game log say the table's name for that seat, and a move's lines do not run together."""
    store = await Store.open(str(tmp_path / "names.sqlite3"))
    cards: list[dict] = []
    service = TablesService(store, games={"18rhl": GAMES["18rhl"]}, render=Kinds(),
                            seed_source=lambda: 5)
    service.card_render = lambda key, view: cards.append(view) or b"\x89PNG card"
    await service.new(ctx(1), "18rhl", min_players=3, max_players=3)
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    game = GAMES["18rhl"]
    row = await store.latest_game(500)
    state = game.load(row.state)
    seat = game.active(state)[0]
    bid = next(m for m in game.legal(state, seat) if m["type"] == "bid")
    replies = await service.play(ctx(seat + 1), game.format(state, bid))
    name = f"U{seat + 1}"
    # the first private outside an auction is bought outright at its price
    said = f"{name} buys {bid['company']} for {bid['price']}M"
    # the mover leads their own line once: "**U1** (orange) buys ...", not "U1: U1 buys"
    assert replies[0].text.startswith(f"**{name}** (orange) buys"), replies[0].text
    assert said[len(name):] in replies[0].text
    assert "Player" not in replies[0].text
    assert any(said in m["text"] for m in cards[-1]["card"]["moves"])
    log = await service.log(ctx(1))
    assert log[-1].text.endswith(f"1\\. {name} (orange){said[len(name):]}") and "Player" not in log[-1].text
    await store.close()


async def test_hand_lists_a_players_cash_shares_privates_and_corporations(tmp_path):
    """/game hand in 18Rhl: what the player holds, read from the public view (a phone shows
    the board too small to count shares on it), in the caller's language."""
    export = partial_export()
    service, _, _ = await opened(tmp_path, export)
    game = GAMES["18rhl"]
    state = game.load((await service.store.latest_game(500)).state)
    view = game.view(state, None)
    for player in view["players"]:
        seat = player["seat"]
        text = (await service.hand(ctx(seat + 1)))[-1].text
        assert f"Cash {player['cash']}M, worth {player['value']}M" in text, text
        assert f"certificates {player['certs']} of {player['cert_limit']}" in text
        for sym, certs in player["shares"].items():
            assert f"{sym} {10 * sum(R.units(c) for c in certs)}%" in text
        runs = [c for c in view["corporations"] if c["president_seat"] == seat]
        for corp in runs:
            assert f"{corp['id']} " in text and f"You run {corp['id']}: {corp['cash']}M" in text
            assert "(president)" in text
    german = (await service.hand(Ctx(guild_id=1, channel_id=500, user_id=1, user_name="U1",
                                     locale="de")))[-1].text
    assert "Bargeld" in german and "Aktien:" in german and "Cash" not in german
    await service.store.close()


async def test_a_run_of_other_routes_than_the_prompt_drew_gets_its_picture(tmp_path):
    """The prompt draws the routes ``run auto`` would run; a player who runs exactly those
    gets no second picture of them, but one who writes other routes sees what they ran."""
    export = partial_export()
    service, renderer, _ = await opened(tmp_path, export)
    game = GAMES["18rhl"]
    for _ in range(200):
        state = game.load((await service.store.latest_game(500)).state)
        seat = game.active(state)[0]
        moves = game.legal(state, seat)
        auto = next((m for m in moves if m["type"] == "run_routes"), None)
        if auto is not None and len(auto["routes"]) >= 2:
            break
        pick = auto or next((m for m in moves if m["type"] in ("dividend", "pass")), moves[0])
        await service.play(ctx(seat + 1), game.format(state, pick))
    else:
        raise AssertionError("no run of two trains came up")
    fewer = {**auto, "routes": auto["routes"][:1]}
    before = len(renderer.kinds)
    replies = await service.play(ctx(seat + 1), game.format(state, fewer))
    assert replies[0].audience is Audience.CHANNEL, replies[0].text
    assert renderer.kinds[before:][:1] == ["routes"]
    await service.store.close()


async def test_round_markers_stay_in_the_log_not_the_channel(tmp_path):
    """"passes; -- Operating Round 6.1 (of 1) --" only repeated the post's title."""
    export = partial_export()
    service, _, _ = await opened(tmp_path, export)
    game = GAMES["18rhl"]
    posted, phases = [], set()
    for _ in range(80):
        state = game.load((await service.store.latest_game(500)).state)
        seat = game.active(state)[0]
        moves = game.legal(state, seat)
        pick = next((m for m in moves if m["type"] in ("run_routes", "dividend", "pass")),
                    moves[0])
        posted += [r for r in await service.play(ctx(seat + 1), game.format(state, pick))
                   if r.audience is Audience.CHANNEL]
        phases.add(game.phase(game.load((await service.store.latest_game(500)).state)))
    assert len(phases) >= 3 and any(r.title for r in posted)
    assert not any("-- Stock Round" in r.text or "-- Operating Round" in r.text
                   for r in posted)
    log = "\n".join(r.text for r in await service.log(ctx(1), lines=200))
    assert "-- Stock Round" in log and "-- Operating Round" in log
    await service.store.close()
