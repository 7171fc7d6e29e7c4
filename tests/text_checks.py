"""Shared check that a game speaks only in catalogue texts (used by tests/test_text_<game>.py).

Random legal play, and at every move: each log line ``apply`` returns, each move ``label``,
the ``phase`` and every refusal of mistyped or out-of-turn input is an ``engine.text.Msg`` whose
keys (nested ones too) exist in every language. Returns what it saw so a game's test can add
its own checks (e.g. that a German line reads German)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import bot.i18n  # noqa: F401  (registers the bot's catalogue)
import engine
from engine.core import Game, RuleError, State, new_rng, rng_below
from engine.fuzz import mutants
from engine.text import LANGUAGES, Msg, catalogue, keys_used, say


@dataclass
class Seen:
    lines: list[Any] = field(default_factory=list)
    labels: list[Any] = field(default_factory=list)
    phases: list[Any] = field(default_factory=list)
    refusals: list[Any] = field(default_factory=list)
    moves: int = 0

    def texts(self) -> list[Any]:
        return self.lines + self.labels + self.phases + self.refusals


def _refusals(game: Game, state: State, seat: int, moves: list, rng: dict[str, int],
              players: int) -> list[Any]:
    said = []
    text = game.format(state, moves[rng_below(rng, len(moves))])
    for typed in mutants(text, rng)[:6] + ["", "xyzzy 12", text]:
        for who in (seat, (seat + 1) % players):
            try:
                action = game.parse(state, who, typed)
                game.apply(game.load(game.dump(state)), who, action)
            except RuleError as error:
                said.append(error.text)
    return said


def play_and_collect(key: str, players: int, seed: int, options: dict | None = None,
                     max_moves: int = 400, refuse_every: int = 7) -> Seen:
    game = engine.get_game(key)
    state = game.setup(players, options or {}, seed)
    chooser = new_rng(seed ^ 0x7E47)
    seen = Seen()
    for count in range(max_moves):
        seen.phases.append(game.phase(state))
        if game.result(state) is not None:
            break
        seats = game.active(state)
        seat = seats[rng_below(chooser, len(seats))]
        moves = game.legal(state, seat)
        seen.labels += [game.label(state, move) for move in moves[:30]]
        if count % refuse_every == 0:
            seen.refusals += _refusals(game, state, seat, moves, chooser, players)
        seen.lines += game.apply(state, seat, moves[rng_below(chooser, len(moves))])
        seen.moves += 1
    return seen


def assert_all_catalogue_texts(seen: Seen) -> None:
    plain = [text for text in seen.texts() if not isinstance(text, Msg)]
    assert not plain, f"{len(plain)} plain-string texts, e.g. {plain[:5]}"
    used = keys_used(seen.texts())
    for lang in LANGUAGES:
        missing = used - set(catalogue(lang))
        assert not missing, (lang, sorted(missing))


def assert_topics_are_catalogue_texts(key: str) -> None:
    game = engine.get_game(key)
    assert game.topics
    for name, topic in game.topics.items():
        assert isinstance(topic, Msg), name
    assert isinstance(game.rules(), Msg)
    assert not keys_used(list(game.topics.values())) - set(catalogue("de"))


def assert_german_and_fits(seen: Seen) -> None:
    """No text reads the same in German as in English (a forgotten translation), and every
    label fits an autocomplete choice (100 characters) in both languages."""
    same = sorted({say(text, "de") for text in seen.texts() if say(text, "de") == str(text)})
    assert not same, same[:5]
    for label in seen.labels:
        assert len(label) <= 100 and len(say(label, "de")) <= 100, say(label, "de")
