"""``rheinbot play`` tells a newcomer what to type: the turn's summary lists each move (or
group of moves, with an example) with its notation, the turn's header and ``moves`` name
players as the rest of the texts do, a recap's title names its picture, the hand after a move
is not printed twice, and ``--help`` says what ``--bots`` defaults to."""

from __future__ import annotations

import io
import re

import engine
from bot.cli import main, parser

GAMES = {"rheinlaender": engine.GAMES["rheinlaender"]}
ARGS = ["play", "rheinlaender", "--players", "3", "--bots", "2", "--seed", "4"]


def run(tmp_path, stdin: str, lang: str = "en") -> str:
    out = io.StringIO()
    code = main([*ARGS, "--out", str(tmp_path), "--lang", lang], games=GAMES,
                render=lambda key, view: b"\x89PNG fake", out=out, inp=io.StringIO(stdin))
    assert code == 0, out.getvalue()
    return out.getvalue()


def summaries(text: str, head: str) -> list[list[str]]:
    return [line.split(": ", 1)[1].split("; ") for line in text.splitlines()
            if line.startswith(head)]


def listed_notations(text: str) -> set[str]:
    # the list's first line follows the prompt ("Player 1>   play 10 left    Card 10: ...");
    # a group's line stands for each of its moves ("bastion 1–8/10–54 left")
    found = re.findall(r"(?:^|> )  (\S.*?)(?:\s{2,}|$)", text, re.M)
    return {move for line in found for move in expanded(line)}


def expanded(line: str) -> list[str]:
    """ "bastion 1–3/5 left" -> bastion 1 left, 2, 3 and 5 left."""
    parts = re.split(r"(\d+(?:[–/]\d+)+)", line)
    moves = [""]
    for n, part in enumerate(parts):
        if n % 2 == 0:
            moves = [move + part for move in moves]
            continue
        numbers = [k for piece in part.split("/")
                   for k in range(int(piece.split("–")[0]), int(piece.split("–")[-1]) + 1)]
        moves = [move + str(k) for move in moves for k in numbers]
    return moves


def test_the_turn_summary_says_what_to_type_for_each_entry(tmp_path):
    text = run(tmp_path, "moves\nquit\n")
    [entries] = summaries(text, "Your moves (")
    typed = [re.fullmatch(r".+ · (e\.g\. )?(.+)", entry) for entry in entries]
    assert all(typed), entries
    # each is a move the game's own list offers; groups give one of theirs as an example
    assert {m[2] for m in typed} <= listed_notations(text), entries
    assert "Bastion on 1–54 left bank (blocks a space, 3 bastions left) · e.g. bastion 1 left" in entries, entries
    assert any(not m[1] and m[2].startswith("play ") for m in typed), entries


def test_after_a_knight_the_summary_says_done_ends_the_turn(tmp_path):
    first = run(tmp_path / "a", "quit\n")
    [entries] = summaries(first, "Your moves (")
    knight = next(e.split(" · ")[1] for e in entries if " · play " in e)
    text = run(tmp_path / "b", f"{knight}\nquit\n")
    assert "End the turn without a bastion · done" in summaries(text, "Your moves (")[-1]


def test_the_german_summary_says_what_to_type_too(tmp_path):
    text = run(tmp_path, "quit\n", "de")
    [entries] = summaries(text, "Deine Spielzüge (")
    # in German words, which the terminal reads back ("· play 10 left" taught English)
    assert any(" · z. B. bastion 1 links" in e for e in entries), entries
    assert any(e.endswith(" · spielen 10 links") for e in entries), entries
    assert not any(" · play " in e or " left" in e for e in entries), entries


def test_header_and_moves_name_players_as_the_summary_does(tmp_path):
    # seed 4: Bot 2 takes the castle by 30 left, next to which card 29 puts a knight
    text = run(tmp_path, "play 10 island\ndone\nmoves\nquit\n")
    # the phase names the player: not "=== Player 1: your turn (Turn 1: Player 1) ==="
    assert "=== Turn 1: Player 1: your turn ===" in text, text
    assert "(Turn 1: Orange)" not in text
    listing = text.rsplit("Player 1> ", 2)[1]
    assert "next to Bot 2" in listing, listing
    assert not re.search(r"next to (Orange|Blue|Green)", text), text


def test_a_recaps_title_goes_with_its_picture_and_the_hand_is_shown_once(tmp_path):
    text = run(tmp_path, "play 10 island\ndone\nquit\n")
    assert "] Turn 1: Player 1" not in text, text
    # (the recap's title spans the turns its text heads, from the player's own: "Turn 1: …
    # → Turn 4: …"; it began at the AI seats' "Turn 2: Bot 1" above Turn 1's heading)
    assert re.search(r"^\[Turn 1: Player 1 → Turn 4: Player 1\]\s+-> \S+\.png$", text, re.M), text
    assert "Only you see" not in text, text
    turn4 = text.split("=== Turn 4: Player 1: your turn ===")
    assert len(turn4) == 2 and turn4[0].count("Hand: ") == 2, turn4[0]  # turn 1, twice


def test_help_says_what_bots_defaults_to():
    play = parser()._subparsers._group_actions[0].choices["play"]
    bots = next(a for a in play._actions if "--bots" in a.option_strings)
    assert "default: 0" in bots.help
