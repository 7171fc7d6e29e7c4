"""``rheinbot play`` as a newcomer meets it: --players counts every seat, the undo vote asks
until it gets yes or no, the terminal shows no Discord wording, a refused set-up is one
error, a cut move list still shows how to stop, ``rules`` works and pictures go to
play-out/<game>-<seed>/."""

from __future__ import annotations

import io
import re
from pathlib import Path

from bot.cli import main, terminal_wording
from engine.core import RuleError
from tests.service_pebbles import GAMES, FakeRenderer, Pebbles


def run(argv, stdin: str = "", games=GAMES) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, games=games, render=FakeRenderer(), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def discord_wording(text: str) -> list[str]:
    """Slash commands (not a path like .../play.sqlite3), bold marks, "(only Player 1)"."""
    found = re.findall(r"(?:^|\s|\()/(?:game|spiel|play|zug|rules|regeln)\b", text, re.M)
    return found + [word for word in ("**", "(only ", "(nur ") if word in text]


def test_players_counts_every_seat_and_bots_are_some_of_them(tmp_path):
    code, text = run(["play", "pebbles", "--players", "3", "--bots", "1", "--seed", "3",
                      "--out", str(tmp_path)], "quit\n")
    assert code == 0, text
    assert "1. Player 1 (orange), 2. Player 2 (sky blue), 3. Bot 1" in text, text
    assert "Player 3" not in text
    code, text = run(["play", "pebbles", "--players", "2", "--bots", "2", "--out",
                      str(tmp_path / "x")])
    assert code == 2 and "of 2 seats at most 1 can be AI seats" in text, text


def test_the_undo_vote_asks_again_until_yes_or_no(tmp_path):
    # seed 3: Player 1 holds ruby; playing it draws a card, so undoing it needs a vote
    moves = "ready\n\nready\n\nplay ruby\nundo\nmaybe\n\nja\nquit\n"
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "3", "--out",
                      str(tmp_path)], moves)
    assert code == 0, text
    assert text.count("Player 2, allow the undo? [y/n]") == 3
    assert text.count("Please answer y (yes) or n (no).") == 2
    # the call to vote comes before the warning (a push shows the first hundred characters)
    assert "Player 1 asks to take back their last move (1 move would be undone)." in text
    assert "It takes back a card or tile already drawn or shown" in text
    assert "Player 1 takes back 1 move: Seat 0 plays " in text, text
    assert discord_wording(text) == [], discord_wording(text)


def test_a_closed_input_refuses_the_undo(tmp_path):
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "3", "--out",
                      str(tmp_path)], "ready\n\nready\n\nplay ruby\nundo\n")
    assert code == 0 and "refuses; the undo is off." in text, text


def test_a_refused_set_up_prints_one_error(tmp_path):
    class Refusing(Pebbles):
        def normalise_options(self, options):
            raise RuleError("This table cannot be opened today.")

    code, text = run(["play", "pebbles", "--players", "4", "--out", str(tmp_path)],
                     games={"pebbles": Refusing()})
    assert code == 1
    assert text.count("cannot be opened today") == 1, text
    assert "no game" not in text.lower(), text


class ManyMoves(Pebbles):
    """Thirty plays to pick from and ``end``, listed last (gems named by letters: labels that
    count up by a number would be listed as one range)."""

    def legal(self, state, seat):
        if seat not in self.active(state):
            return []
        if not state["ready"][seat]:
            return [{"type": "ready"}]
        return [{"type": "play", "gem": f"gem-{a}{b}"} for a in "ab" for b in "abcdefghijklmno"
                ] + [{"type": "end"}]

    def label(self, state, action):
        return f"Play {action['gem']}" if action["type"] == "play" else "End the turn"


def test_a_cut_move_list_still_shows_how_to_stop(tmp_path):
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "3", "--out",
                      str(tmp_path)], "ready\n\nready\n\nquit\n",
                     games={"pebbles": ManyMoves()})
    assert code == 0, text
    summary = next(line for line in text.splitlines() if line.startswith("Your moves (31)"))
    # each entry with what to type (test_cli_play_typed), the cut entry too
    assert "Play gem-be · play gem-be ... – to stop: End the turn · end" in summary, summary
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "3", "--lang", "de",
                      "--out", str(tmp_path / "de")], "ready\n\nready\n\nbeenden\n",
                     games={"pebbles": ManyMoves()})
    assert "– zum Aufhören: End the turn · ende" in text, text  # in German words


def test_rules_work_in_the_terminal(tmp_path):
    code, text = run(["play", "pebbles", "--players", "2", "--out", str(tmp_path)],
                     "rules\nrules components\nregeln moves\nquit\n")
    assert code == 0
    assert "topics are" in text and "All house-made." in text and "take N (1-3)" in text
    assert "is not a Pebbles move" not in text, text


def test_pictures_go_to_play_out_and_a_resumed_game_keeps_its_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "5"], "board\nquit\n")
    folder = Path("play-out/pebbles-5")
    assert code == 0 and f"Board pictures are saved in {folder}." in text, text
    first = {p.name: p.read_bytes() for p in folder.glob("*.png")}
    assert first and (folder / "play.sqlite3").exists()
    code, text = run(["play", "pebbles", "--db", str(folder / "play.sqlite3")],
                     "board\nquit\n")
    assert code == 0 and "Resuming the game" in text and f"saved in {folder}." in text, text
    # the second sitting's pictures are numbered on: none of the first is written over
    after = sorted(p.name for p in folder.glob("*.png"))
    assert {name: (folder / name).read_bytes() for name in first} == first
    assert len(after) > len(first) and after[-1] not in first
    assert [int(name[:4]) for name in after] == list(range(1, len(after) + 1)), after


def test_terminal_wording_names_the_hot_seat_words():
    assert terminal_wording("**Anna** (and 3 more: /game hand lists them)") == \
        "Anna (and 3 more: hand lists them)"
    assert terminal_wording("/game log lists every move; /spiel brett") == \
        "log lists every move; brett"
    assert terminal_wording("__Turn 1: Blue__\nBot 1 (blue): a_b") == \
        "Turn 1: Blue\nBot 1 (blue): a_b"


def test_a_finished_games_file_is_not_replaced_by_a_new_game(tmp_path):
    """``--db`` of a finished game (a demo's, or a hot seat played to the end) says so and
    leaves the file as it was, instead of starting a new game in it."""
    import sqlite3

    folder = tmp_path / "demo"
    code, _ = run(["demo", "pebbles", "--players", "2", "--seed", "9", "--out", str(folder),
                   "--quiet"])
    assert code == 0
    db = folder / "demo.sqlite3"
    code, text = run(["play", "pebbles", "--db", str(db)], "quit\n")
    assert code == 0 and "is finished" in text and "rheinbot play pebbles" in text, text
    assert "your turn" not in text
    games = sqlite3.connect(db).execute("SELECT status FROM games").fetchall()
    assert games == [("finished",)]


# Rhein seed 2, two players: bids, mortgages and orders that leave Player 1 with order 43
# due this round, then a load that would leave them unable to pay its penalty
RISKY = ["bid 12 7", "bid 12 10", "bid 12 12", "bid 12 18", "bid 12 20", "mortgage b",
         "bid 12 25", "mortgage a", "pass", "repay a", "take 28", "mortgage a", "take 43",
         "mortgage a", "repay a", "mortgage b", "done", "load white-plane 2"]


def handed(moves: list[str]) -> list[str]:
    """``moves`` with an empty line after each but the last: the Enter that hands the
    keyboard on where the player changes (elsewhere it shows the help)."""
    return [line for move in moves[:-1] for line in (move, "")] + moves[-1:]


def test_a_move_asked_about_first_is_made_with_a_yes(tmp_path):
    """The question before a risky Rhein payment (or an 18Rhl bankruptcy) has a button on
    Discord; the terminal had none to press, so the move could not be made."""
    import engine

    def play(answer: str) -> str:
        out = io.StringIO()
        main(["play", "rhein", "--players", "2", "--seed", "2", "--out",
              str(tmp_path / answer)], games=engine.GAMES, render=lambda key, view: b"png",
             out=out, inp=io.StringIO("\n".join([*handed(RISKY), answer, "quit"]) + "\n"))
        return out.getvalue()

    made = play("y")
    assert "Unless order 43 Rotterdam is fulfilled this round" in made, made[-2000:]
    assert "Make the move anyway? [y/n]" in made and "Press the button" not in made
    assert "loads 2 onto the white Plane (-2)" in made
    assert "/play move" not in made  # "More moves: /play move:": Discord's way, not the terminal's
    kept = play("n")
    assert "Make the move anyway? [y/n]" in kept and "loads 2 onto the white Plane" not in kept
    assert "Nothing was played." in kept


def test_terminal_wording_drops_discords_escapes():
    """/game log escapes its numbers ("21\\." is no Discord list item, which Discord would
    number itself); the terminal shows them as written."""
    assert terminal_wording("21\\. Anna (green): loads 4\n22–25\\. Bert: 3\\*2") == \
        "21. Anna (green): loads 4\n22–25. Bert: 3*2"


def test_board_asked_twice_shows_it_twice(tmp_path, monkeypatch):
    """On Discord the same board asked again within minutes goes to its asker alone and
    says the channel has it further up; the terminal's one reader is the asker, and that
    line (a channel's mention) read oddly there."""
    monkeypatch.chdir(tmp_path)
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "5"],
                     "board\nboard\nquit\n")
    assert code == 0, text
    assert "further up" not in text and "<#" not in text, text
    assert len(list(Path("play-out/pebbles-5").glob("*.png"))) >= 3, text
