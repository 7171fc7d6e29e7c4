"""The command line: demo, hot-seat play, replay, backup and run without a token."""

from __future__ import annotations

import io
import json
import re
import sqlite3

from bot.cli import main
from tests.service_pebbles import GAMES, FakeRenderer


def run(argv, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, games=GAMES, render=FakeRenderer(), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def test_demo_plays_a_whole_game_of_ai_seats(tmp_path):
    folder = tmp_path / "demo"
    code, text = run(["demo", "pebbles", "--players", "3", "--seed", "4", "--out", str(folder)])
    assert code == 0, text
    pictures = sorted(folder.glob("*.png"))
    assert len(pictures) >= 4 and pictures[0].name.startswith("0001-getting-ready")
    assert pictures[-1].read_bytes().startswith(b"\x89PNG")
    transcript = (folder / "transcript.md").read_text()
    assert "final result" in transcript and "wins!" in transcript
    assert "/game rematch" not in text + transcript  # a channel's command, no terminal's
    # the standings: Markdown's escaped ranks in the transcript, as written on the terminal
    # (the terminal shows no Markdown: "**Bot 1**" is Bot 1 there)
    assert "\n- 1\\. **" in transcript and "\n1. Bot" in text and "1\\." not in text
    assert "**" not in text
    export = json.loads((folder / "export.json").read_text())
    assert export["players"] == 3 and export["seed"] == 4 and export["status"] == "finished"
    raw = sqlite3.connect(folder / "demo.sqlite3")
    assert raw.execute("SELECT status FROM games").fetchone()[0] == "finished"
    raw.close()
    # the same seed gives the same game
    run(["demo", "pebbles", "--players", "3", "--seed", "4", "--out", str(tmp_path / "again"),
         "--quiet"])
    again = json.loads((tmp_path / "again" / "export.json").read_text())

    def moves(data):
        return [(a["seat"], a["move"]) for a in data["actions"]]

    assert moves(again) == moves(export)


def test_replay_of_an_export_reaches_the_same_result(tmp_path):
    folder = tmp_path / "demo"
    run(["demo", "pebbles", "--players", "2", "--seed", "9", "--out", str(folder), "--quiet"])
    code, text = run(["replay", str(folder / "export.json"), "--out", str(tmp_path / "r")])
    assert code == 0, text
    transcript = (folder / "transcript.md").read_text()
    winner_line = next(line for line in text.splitlines() if line.startswith("  1. "))
    name = winner_line[5:].split(":")[0]
    assert f"**{name}** wins!" in transcript
    assert (tmp_path / "r" / "pebbles-final.png").exists()
    broken = json.loads((folder / "export.json").read_text())
    broken["actions"][3]["move"] = "take 9"
    (tmp_path / "bad.json").write_text(json.dumps(broken))
    code, text = run(["replay", str(tmp_path / "bad.json")])
    assert code == 1 and "Move 4 ('take 9') does not replay" in text


def test_hot_seat_play_to_the_end_with_moves_board_and_undo(tmp_path):
    # each empty line hands the keyboard on (or, at a prompt, shows the help)
    turn = "take 3\ntake 2\ntake 1\nend\n\n"
    script = "ready\n\nready\n\nmoves\nboard\ntake 2\nundo\n" + turn * 40
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "5", "--out",
                      str(tmp_path)], stdin=script)
    assert code == 0, text
    assert "=== Player 2: your turn" in text and re.search(r"(?:^|> )  take 1–3 +Take 1–3$", text, re.M)
    assert "Taken back: your last step" in text and "**" not in text
    assert "The game is finished." in text and "wins!" in text
    assert "<@" not in text  # mentions are shown as names in the terminal
    assert "/play" not in text and "Type a move, or 'moves' to list them." in text
    assert json.loads((tmp_path / "export.json").read_text())["status"] == "finished"
    assert any(p.name.startswith("0003-round-1") for p in tmp_path.glob("*.png"))


def test_hot_seat_quits_and_resumes_from_its_database(tmp_path):
    db = str(tmp_path / "hs.sqlite3")
    args = ["play", "pebbles", "--players", "3", "--seed", "2", "--db", db, "--out",
            str(tmp_path)]
    code, text = run(args, stdin="ready\nquit\n")
    assert code == 0 and f"to resume it: rheinbot play pebbles --db {db}\n" in text
    code, text = run(args, stdin="hand\nquit\n")
    assert "Resuming the game" in text and "=== Player 2: your turn" in text


def test_hot_seat_undo_after_a_draw_asks_the_others(tmp_path):
    gem = GAMES["pebbles"].setup(2, {}, 5)["hands"][0][0]
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "5", "--out",
                      str(tmp_path)], stdin=f"ready\n\nready\n\nplay {gem}\nundo\ny\nquit\n")
    assert code == 0 and f"plays {gem}" in text
    assert "asks to take back" in text and "Player 2, allow the undo?" in text
    assert "takes back 1 move" in text


def test_run_without_a_token_explains_how_to_get_one(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # no .env here to supply a token
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    for command in ("run", "sync"):
        code, text = run([command])
        assert code == 2
        assert "discord.com/developers/applications" in text and "rheinbot demo" in text


def test_unknown_game_is_named(tmp_path):
    code, text = run(["demo", "chess", "--out", str(tmp_path)])
    assert code == 2 and "no game called 'chess'" in text


def test_backup_copies_a_live_database(tmp_path):
    folder = tmp_path / "demo"
    run(["demo", "pebbles", "--seed", "1", "--out", str(folder), "--quiet"])
    target = tmp_path / "copy.sqlite3"
    code, text = run(["backup", str(target), "--db", str(folder / "demo.sqlite3")])
    assert code == 0 and "1 game, integrity ok" in text
    raw = sqlite3.connect(target)
    assert raw.execute("SELECT COUNT(*) FROM actions").fetchone()[0] > 10
    raw.close()
    code, text = run(["backup", str(target), "--db", str(folder / "demo.sqlite3")])
    assert code == 1 and "exists already" in text
    code, text = run(["backup", str(tmp_path / "x.sqlite3"), "--db", str(tmp_path / "none")])
    assert code == 1 and "no database" in text


def test_env_file_fills_only_missing_settings(tmp_path):
    from bot.cli import load_env_file

    path = tmp_path / ".env"
    path.write_text("# comment\nDISCORD_TOKEN=\nRHEINBOT_DB='games.sqlite3'\n"
                    "export SHARD_COUNT=4\nRHEINBOT_LOG_LEVEL=DEBUG\n")
    env = {"RHEINBOT_LOG_LEVEL": "WARNING"}
    assert load_env_file(path, env) == 2
    assert env == {"RHEINBOT_LOG_LEVEL": "WARNING", "RHEINBOT_DB": "games.sqlite3",
                   "SHARD_COUNT": "4"}
    assert load_env_file(tmp_path / "missing", env) == 0


def test_demo_rhein_end_to_end_with_the_real_board(tmp_path):
    import importlib.util

    if importlib.util.find_spec("render.rhein") is None:
        import pytest

        pytest.skip("the Rhein board renderer has not landed")
    from PIL import Image

    out = io.StringIO()
    folder = tmp_path / "rhein"
    code = main(["demo", "rhein", "--seed", "8", "--players", "4", "--out", str(folder),
                 "--quiet"], out=out)
    assert code == 0, out.getvalue()
    pictures = sorted(folder.glob("*.png"))
    assert len(pictures) >= 3 and "final-result" in pictures[-1].name
    cards = [p for p in pictures if "turn-card" in p.name]
    assert cards and len(cards) < len(pictures)  # the demo shows the turn cards too
    numbers = [int(p.name.split("-")[0]) for p in pictures]
    assert numbers == list(range(1, len(pictures) + 1))  # zero-padded: sorted = play order
    assert all(p.name.isascii() for p in pictures)
    for picture in pictures:
        with Image.open(picture) as image:
            if picture in cards:  # landscape, read inline on a phone
                assert image.width <= 1000 and image.height < image.width
            else:
                assert 1200 <= image.width <= 2000
        assert picture.stat().st_size < 2 * 1024 * 1024
    export = json.loads((folder / "export.json").read_text())
    code = main(["replay", str(folder / "export.json")], out=out)
    assert code == 0 and export["status"] == "finished"


def test_play_against_ai_seats(tmp_path):
    turn = "take 3\ntake 2\ntake 1\nend\n"
    code, text = run(["play", "pebbles", "--players", "3", "--bots", "2", "--seed", "6",
                      "--out", str(tmp_path)], stdin="ready\n" + turn * 40)
    assert code == 0, text
    assert "Bot 1 (sky blue)" in text and "Bot 2 (green)" in text
    assert "=== Player 2" not in text and "The game is finished." in text


def test_player_counts_outside_the_game_are_refused(tmp_path):
    for argv in (["demo", "pebbles", "--players", "9"],
                 ["play", "pebbles", "--players", "5", "--bots", "2"]):
        code, text = run([*argv, "--out", str(tmp_path)])
        assert code == 2 and "Pebbles is for 2 to 4 players." in text


def test_hot_seat_never_prints_another_players_hand(tmp_path):
    game = GAMES["pebbles"]
    state = game.setup(2, {}, 5)
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "5", "--out",
                      str(tmp_path)], stdin="quit\n")
    first_turn = text.split("=== Player")[1]
    active = int(first_turn.split(":")[0]) - 1
    other = state["hands"][1 - active]
    assert all(gem in first_turn for gem in state["hands"][active])
    assert not any(gem in text for gem in other)  # not even the opening DMs


def test_run_and_sync_hand_over_to_the_discord_adapter(monkeypatch, tmp_path):
    import bot.discord.app as discord_app

    calls = []

    async def fake_sync(guild_id=None):
        calls.append(("sync", guild_id))

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x.y.z")
    monkeypatch.setattr(discord_app, "run", lambda token=None: calls.append(("run", token)))
    monkeypatch.setattr(discord_app, "sync", fake_sync)
    assert run(["run"])[0] == 0
    assert run(["sync", "--guild", "42"])[0] == 0
    assert calls == [("run", None), ("sync", 42)]
