"""The terminal front doors speak German with ``--lang de`` (or RHEINBOT_LANG=de): the hot-seat's
prompts, help, undo question and goodbye, the demo's summary and transcript, replay's lines,
and the player-facing errors; German command words work; English stays the default."""

from __future__ import annotations

import io
import json

from bot.cli import main
from tests.service_pebbles import GAMES, FakeRenderer


def run(argv, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, games=GAMES, render=FakeRenderer(), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def test_a_german_hot_seat_session_prints_german_prompts(tmp_path):
    gem = GAMES["pebbles"].setup(2, {}, 5)["hands"][0][0]
    # an empty line hands the keyboard to the next player
    script = f"hilfe\nready\n\nready\n\nzüge\nplay {gem}\nzurück\nj\nbeenden\n"
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "5", "--lang", "de",
                      "--out", str(tmp_path)], stdin=script)
    assert code == 0, text
    assert "=== Spieler 1: du bist dran" in text and "Spieler 2> " in text
    assert text.count("oder: züge (alle deine erlaubten Spielzüge), brett") >= 2  # + hilfe
    assert "Bilder des Spielbretts werden in" in text
    assert f"  play {gem}" in text  # züge lists the moves
    assert "Spieler 2, erlaubst du die Rücknahme? [j/n] " in text
    assert "(nur " not in text  # the prompt says whose answer it is, as in English
    assert "Tschüss. Die Partie ist gespeichert; fortsetzen mit: rheinbot play pebbles" in text
    assert "Gib die Tastatur an Spieler 2 weiter und drücke Enter" in text
    for english in ("your turn", "Bye.", "allow the undo", "Type a move", "(only "):
        assert english not in text, english
    # the undo went through: the first player has their gem back and plays again
    after_undo = text.split("erlaubst du die Rücknahme?")[1]
    assert "=== Spieler 1: du bist dran" in after_undo and gem in after_undo


def test_rheinbot_lang_from_the_environment_and_german_errors(tmp_path, monkeypatch):
    monkeypatch.setenv("RHEINBOT_LANG", "de")
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "5", "--out",
                      str(tmp_path)], stdin="beenden\n")
    assert code == 0 and "du bist dran" in text
    code, text = run(["demo", "schach", "--out", str(tmp_path)])
    assert code == 2 and "Es gibt kein Spiel namens „schach“." in text
    code, text = run(["play", "pebbles", "--players", "5", "--bots", "2", "--out",
                      str(tmp_path)])
    assert code == 2 and "Pebbles ist für 2 bis 4 Spieler." in text
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "5", "--lang", "en",
                      "--out", str(tmp_path / "en")], stdin="quit\n")
    assert "your turn" in text and "Bye." in text  # --lang wins over the environment


def test_german_demo_and_replay(tmp_path):
    folder = tmp_path / "demo"
    code, text = run(["demo", "pebbles", "--players", "3", "--seed", "4", "--lang", "de",
                      "--out", str(folder), "--quiet"])
    assert code == 0, text
    assert "Spielzüge" in text and "Spielbrettbilder, Mitschrift und Export in" in text
    transcript = (folder / "transcript.md").read_text(encoding="utf-8")
    assert transcript.startswith("# Pebbles: Demo, 3 KI-Plätze, Startwert 4")
    assert json.loads((folder / "export.json").read_text())["status"] == "finished"
    code, text = run(["replay", str(folder / "export.json"), "--lang", "de"])
    assert code == 0 and text.startswith("Pebbles, 3 Spieler, Startwert 4")
    broken = json.loads((folder / "export.json").read_text())
    broken["actions"][3]["move"] = "take 9"
    (tmp_path / "bad.json").write_text(json.dumps(broken))
    code, text = run(["replay", str(tmp_path / "bad.json"), "--lang", "de"])
    assert code == 1 and "Spielzug 4 („take 9“) lässt sich nicht nachspielen" in text


def test_english_stays_the_default(tmp_path, monkeypatch):
    monkeypatch.delenv("RHEINBOT_LANG", raising=False)
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "5", "--out",
                      str(tmp_path)], stdin="help\nquit\n")
    assert code == 0 and "=== Player 1: your turn" in text
    assert "or: moves (all your legal moves), board" in text and "du bist dran" not in text


def test_import_18xx_in_german(tmp_path):
    import gzip

    from engine.rhl18 import importer

    export = importer.load_json("tests/fixtures/18rhl/rhl_gen_3p_31001.json.gz")
    export["actions"] = export["actions"][:120]
    path = tmp_path / "partial.json.gz"
    path.write_bytes(gzip.compress(json.dumps(export).encode()))
    code, text = run(["import-18xx", str(path), "--lang", "de", "--db", str(tmp_path / "x")])
    assert code == 2 and "3 Spieler (" in text and "Spielzüge nachgespielt, " in text
    assert "--db braucht --guild und --channel" in text
    (tmp_path / "junk.json").write_text("[]")
    code, text = run(["import-18xx", str(tmp_path / "junk.json"), "--lang", "de"])
    assert code == 1 and "Das ist kein Partie-Export von 18xx.games" in text
