"""What a newcomer met in the terminal (session 37's review): the next player's hidden hand
shown to the one who just moved, tracebacks for a wrong file or Ctrl-C, a stray name after
a bankruptcy, a resumed German game turned English, silently taken --players 0 and --bots -1,
Discord's Markdown and slash commands, a 107-line 'moves', a 'rules' topic not said to be
unknown, and demo's help, --quiet and Rheinländer's header."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

import engine
from bot.cli import Recorder, main, parser, terminal_wording
from bot.replies import Reply
from tests.service_pebbles import GAMES, FakeRenderer

PEBBLES_2 = ["play", "pebbles", "--players", "2", "--seed", "3"]


def run(argv: list[str], stdin: str | io.StringIO = "", games=GAMES) -> tuple[int, str]:
    out = io.StringIO()
    inp = io.StringIO(stdin) if isinstance(stdin, str) else stdin
    code = main(argv, games=games, render=FakeRenderer(), out=out, inp=inp)
    return code, out.getvalue()


@pytest.fixture(autouse=True)
def _no_language_from_the_environment(monkeypatch):
    monkeypatch.delenv("RHEINBOT_LANG", raising=False)


# 1 ============================================================================================
@pytest.mark.parametrize("lang, prompt", [
    ("en", "Pass the keyboard to Player 2 and press Enter"),
    ("de", "Gib die Tastatur an Spieler 2 weiter und drücke Enter")])
def test_the_next_players_hand_waits_for_the_keyboard_to_pass(tmp_path, lang, prompt):
    code, text = run([*PEBBLES_2, "--lang", lang, "--out", str(tmp_path)], "ready\nquit\n")
    assert code == 0, text
    hand = "Hand: "  # the same word in German
    # Player 1's hand only: the input ended at the hand-over, so Player 2's was never shown
    assert text.count(hand) == 1 and prompt in text, text
    assert text.rstrip().endswith(f"--db {tmp_path / 'play.sqlite3'}"), text  # saved, quit
    code, text = run([*PEBBLES_2, "--lang", lang, "--out", str(tmp_path / "b")],
                     "ready\n\nquit\n")
    before, after = text.split(prompt)
    assert before.count(hand) == 1 and after.count(hand) == 1, text


def test_one_human_with_bots_is_not_asked_to_pass_the_keyboard(tmp_path):
    code, text = run(["play", "pebbles", "--players", "2", "--bots", "1", "--seed", "3",
                      "--out", str(tmp_path)], "ready\nquit\n")
    assert code == 0 and "Pass the keyboard" not in text, text


# 2 ============================================================================================
@pytest.mark.parametrize("content", [None, b"not json at all", b"\x89PNG\x00\xff\xfe", b"[1]"])
def test_replay_of_a_missing_or_wrong_file_is_one_line(tmp_path, content):
    path = tmp_path / "x.json"
    if content is not None:
        path.write_bytes(content)
    code, text = run(["replay", str(path)])
    assert code == 1 and len(text.splitlines()) == 1, text
    assert str(path) in text and "Traceback" not in text


def test_a_database_holding_another_game_is_named_not_resumed(tmp_path):
    games = {"troedler": engine.GAMES["troedler"], "rhein": engine.GAMES["rhein"]}
    folder = tmp_path / "t"
    code, _ = run(["play", "troedler", "--players", "2", "--seed", "1", "--out", str(folder)],
                  "quit\n", games=games)
    assert code == 0
    db = folder / "play.sqlite3"
    for argv in (["--db", str(db)], ["--out", str(folder)]):
        code, text = run(["play", "rhein", *argv], "quit\n", games=games)
        assert code == 2 and len(text.splitlines()) == 1, text
        assert f"rheinbot play troedler --db {db}" in text and "Trödler" in text, text


def test_a_database_that_does_not_open_is_one_line(tmp_path):
    text_file = tmp_path / "notes.txt"
    text_file.write_text("these are my notes, not a database\n" * 100)
    for db in ("/proc/nope/x.sqlite3", str(text_file)):
        code, text = run(["play", "pebbles", "--db", db], "quit\n")
        assert code == 1 and len(text.splitlines()) == 1, text
        assert text.startswith(f"Cannot open the game database {db}: "), text
    assert text_file.read_text().startswith("these are my notes")


class CtrlC(io.StringIO):
    def readline(self, *args) -> str:
        raise KeyboardInterrupt


@pytest.mark.parametrize("lang, bye", [("en", "Bye. The game is saved; to resume it: "),
                                       ("de", "Tschüss. Die Partie ist gespeichert; ")])
def test_ctrl_c_at_the_prompt_says_bye_as_quit_does(tmp_path, lang, bye):
    try:
        code, text = run([*PEBBLES_2, "--lang", lang, "--out", str(tmp_path)], CtrlC())
    except KeyboardInterrupt:  # not left to end the test run
        pytest.fail("Ctrl-C at the prompt ended in a KeyboardInterrupt")
    assert code == 0 and bye in text and "Traceback" not in text, text
    code, text = run(["play", "pebbles", "--db", str(tmp_path / "play.sqlite3")], "quit\n")
    assert "Resuming the game" in text or "Die Partie in" in text, text


# 3 ============================================================================================
def test_an_alerts_ping_is_no_stray_name_in_the_terminal(tmp_path):
    out = io.StringIO()
    recorder = Recorder(tmp_path, out, names={1: "Player 1"})
    recorder.take([Reply("Round 1/10 · Phase 6: End of Round\n**Player 1 cannot pay 4 for "
                         "expired orders (has 1), goes bankrupt and is out of the game.** <@1>"
                         "\n<@1>, your turn.")])
    assert "out of the game.\nPlayer 1, your turn." in out.getvalue(), out.getvalue()


# 4 ============================================================================================
def test_a_resumed_game_keeps_its_language(tmp_path):
    code, _ = run([*PEBBLES_2, "--lang", "de", "--out", str(tmp_path)], "beenden\n")
    assert code == 0
    code, text = run(["play", "pebbles", "--db", str(tmp_path / "play.sqlite3")], "beenden\n")
    assert "Spieler 1" in text and "Player 1" not in text, text
    assert "Die Partie in" in text and "Tschüss" in text, text
    code, text = run(["play", "pebbles", "--db", str(tmp_path / "play.sqlite3"), "--lang",
                      "en"], "quit\n")
    assert "Resuming the game" in text, text  # --lang still chooses


# 5 ============================================================================================
def test_no_players_and_negative_bots_are_refused(tmp_path):
    code, text = run(["play", "pebbles", "--players", "0", "--out", str(tmp_path)], "quit\n")
    assert code == 2 and "Pebbles is for 2 to 4 players." in text, text
    code, text = run(["demo", "pebbles", "--players", "0", "--out", str(tmp_path / "d")])
    assert code == 2 and "Pebbles is for 2 to 4 players." in text, text
    code, text = run(["play", "pebbles", "--bots", "-1", "--out", str(tmp_path)], "quit\n")
    assert code == 2 and text.startswith("--bots counts the AI seats, so it cannot be -1"), text
    code, text = run(["play", "pebbles", "--bots", "-1", "--lang", "de"], "quit\n")
    assert code == 2 and "kann also nicht -1 sein" in text, text


# 6 ============================================================================================
def test_the_terminal_shows_no_markdown_or_slash_commands(tmp_path):
    assert terminal_wording("Did you mean `bid 44 0`?") == "Did you mean bid 44 0?"
    code, text = run([*PEBBLES_2, "--out", str(tmp_path)], "quit\n")
    assert "`" not in text, text
    for lang in ("en", "de"):
        code, text = run(["demo", "pebbles", "--players", "2", "--seed", "9", "--lang", lang,
                          "--out", str(tmp_path / lang)])
        assert code == 0, text
        assert not re.search(r"\*\*|__|`|/(game|spiel) ", text), text[:3000]


# 7 ============================================================================================
def test_moves_lists_a_group_of_numbers_as_one_line(tmp_path):
    games = {"rhein": engine.GAMES["rhein"], "troedler": engine.GAMES["troedler"]}
    code, text = run(["play", "rhein", "--players", "2", "--seed", "1", "--out",
                      str(tmp_path / "r")], "moves\nquit\n", games=games)
    listing = text.rsplit("> ", 2)[1]
    assert len(listing.splitlines()) < 12, listing
    assert re.search(r"^  bid \d+ 0–20 +Bid 0–20 on order \d+ \w+", listing, re.M), listing
    code, text = run(["play", "troedler", "--players", "2", "--seed", "1", "--lang", "de",
                      "--out", str(tmp_path / "t")], "züge\nbeenden\n", games=games)
    listing = text.rsplit("> ", 2)[1]
    # the label does not end with the notation beside it
    assert re.search(r"^  stapel-abwerfen 1 +Stapel 1 abwerfen: oben #\d+ .*, 3 darunter$",
                     listing, re.M), listing
    assert " · stapel-abwerfen" not in listing, listing


# 8 ============================================================================================
@pytest.mark.parametrize("lang, said", [("en", "No topic 'xyz'. Pebbles: topics are"),
                                        ("de", "Kein Thema „xyz“. Pebbles: Themen sind")])
def test_an_unknown_rules_topic_is_said_to_be_unknown(tmp_path, lang, said):
    code, text = run([*PEBBLES_2, "--lang", lang, "--out", str(tmp_path)],
                     "rules xyz\nquit\n")
    assert said in text, text


# 9 ============================================================================================
def test_demo_help_quiet_result_and_seed_help(tmp_path):
    commands = parser()._subparsers._group_actions[0].choices

    def helped(command: str, option: str) -> str:
        return next(a.help for a in commands[command]._actions if option in a.option_strings)

    assert "--bots" not in helped("demo", "--players") and "AI" in helped("demo", "--players")
    assert helped("demo", "--seed") and helped("play", "--seed")
    code, text = run(["demo", "pebbles", "--players", "2", "--seed", "9", "--quiet", "--out",
                      str(tmp_path)])
    export = json.loads(Path(tmp_path / "export.json").read_text())
    winner = next(s for s in export["result"] if s["rank"] == 1)
    name = next(s["name"] for s in export["seats"] if s["seat"] == winner["seat"])
    assert f"  1. {name}: {winner['score']}" in text, text


@pytest.mark.parametrize("lang, said", [
    ("en", "Player 1 asks to take back their last move, with the moves after it by Player 2 "
           "(2 moves would be undone). Every other player must agree."),
    ("de", "Alle anderen müssen zustimmen.")])
def test_the_undo_vote_says_why_the_others_vote(tmp_path, lang, said):
    """The terminal's vote said "something was drawn or revealed since" after two plain bids:
    the reason is the other player's bid it takes back, as the request on Discord says."""
    out = io.StringIO()
    main(["play", "rhein", "--players", "2", "--seed", "1", "--lang", lang,
          "--out", str(tmp_path)], games=engine.GAMES, render=lambda key, view: b"png",
         out=out, inp=io.StringIO("bid 44 3\n\nbid 44 4\n\nundo\nn\nquit\n"))
    text = out.getvalue()
    assert said in text, text[-1500:]
    assert "drawn or revealed" not in text and "gezogen oder aufgedeckt" not in text
    assert "<@" not in text
