"""Trödler's "not a legal move now" quotes the move in the reader's words.

The refusal held the engine's English notation as a plain string, so a German reader was
quoted "'deliver 12 replace anvil pot …' ist gerade kein erlaubter Zug." wherever the text
was said from the engine (the bot swapped it only where the notation matched whole). The
move is now a text of its own, worded per language in the typed form the bot reads back."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import row_of, seat_users
from refusal_checks import assert_refused

from bot.i18n import english_move, typed_move
from engine import get_game
from engine.core import new_rng, rng_below
from engine.text import say
from engine.troedler.game import Troedler
from engine.troedler.notation import format_action, typed_action

GAME = get_game("troedler")


def positions(players: int = 3, seed: int = 1) -> list[tuple[dict, int]]:
    """Every position of a seeded random game, with the seat to move."""
    state = GAME.setup(players, {}, seed)
    rng = new_rng(seed)
    found = []
    while GAME.active(state):
        seat = GAME.active(state)[0]
        found.append((GAME.load(GAME.dump(state)), seat))
        legal = GAME.legal(state, seat)
        GAME.apply(state, seat, legal[rng_below(rng, len(legal))])
    return found


def first_position(found: Callable[[dict, int], bool]) -> tuple[dict, int]:
    return next((state, seat) for state, seat in positions() if found(state, seat))


def two_replacements(state: dict, seat: int) -> bool:
    return state["stage"] == "play" and any(
        len(move.get("replace", ())) >= 2 and len({new for _, new in move["replace"]}) >= 2
        for move in GAME.legal(state, seat))


def crossed_delivery() -> tuple[dict, int, dict]:
    """A delivery legal() lists with two replacements, its new goods swapped between them:
    the checks pass it, legal() spells it the other way round."""
    state, seat = first_position(two_replacements)
    move = next(m for m in GAME.legal(state, seat)
                if len(m.get("replace", ())) >= 2 and len({n for _, n in m["replace"]}) >= 2)
    olds = [old for old, _ in move["replace"]]
    news = [new for _, new in move["replace"]]
    crossed = [[old, new] for old, new in zip(olds, reversed(news), strict=True)]
    return state, seat, {"type": "deliver", "card": move["card"], "replace": crossed}


def test_the_refused_move_is_quoted_in_german_words():
    state, seat, action = crossed_delivery()
    said = assert_refused(GAME, state, seat, action, "troedler.error.not_legal")
    notation = format_action(action)
    german = typed_move("troedler", notation, "de")
    assert german.startswith(f"liefere {action['card']} ersatz "), german
    assert said["en"] == f"'{notation}' is not a legal move now.", said
    assert said["de"] == f"„{german}“ ist gerade kein erlaubter Zug.", said


def test_every_move_typed_in_each_language_reads_back_as_the_move():
    """The quoted German is the form the bot teaches and reads: typed back, it is the move."""
    seen: set[str] = set()
    for state, seat in positions(4, 2):
        for action in GAME.legal(state, seat):
            notation = format_action(action)
            typed = typed_action(action)
            assert say(typed, "en") == notation
            german = say(typed, "de")
            assert german == typed_move("troedler", notation, "de"), (notation, german)
            assert english_move("troedler", german) == notation, (notation, german)
            seen.add(action["type"])
    assert seen >= {"take-pile", "move", "take", "deliver", "discard", "end"}, seen
    for action in ({"type": "discard-pile", "pile": 2},
                   {"type": "feed-route", "kind": "ferry", "to": "glenmore"},
                   {"type": "feed-extra", "good": "vase"},
                   {"type": "feed-replace", "give": "anvil", "use": "pot"},
                   {"type": "extra", "good": "chair"},
                   {"type": "discard", "cards": [12, 15]}):
        notation = format_action(action)
        german = say(typed_action(action), "de")
        assert german != notation and english_move("troedler", german) == notation, german


class HandMadeTroedler(Troedler):
    """Trödler opening on a crossed delivery, its parser keeping the replacements as typed
    (the real one spells them as legal() does): a move that reaches the last refusal."""

    def setup(self, num_players, options, seed):
        return crossed_delivery()[0]

    def parse(self, state, seat, text):
        action = super().parse(state, seat, text)
        if action.get("replace"):
            _, _, crossed = crossed_delivery()
            return crossed
        return action


@pytest.mark.parametrize("locale", ["de", "en-US"])
async def test_play_says_the_refused_move_in_the_players_words(tmp_path, monkeypatch, locale):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        service = bot.client.adapter.service
        service.games = {**service.games, "troedler": HandMadeTroedler()}
        channel = bot.stand_in.channel
        people = [Member(bot, name, locale=locale) for name in ("Anna", "Bert", "Cleo")]
        await people[0].command("game new", channel, game="troedler",
                                language=locale.split("-")[0])
        for member in people[1:]:
            await member.command("game join", channel)
        await people[0].command("game start", channel, order="joined")
        row = await row_of(bot, channel)
        mover_id = (await seat_users(bot, row.id))[row.active_seats[0]]
        mover = next(m for m in people if m.id == mover_id)
        _, _, action = crossed_delivery()
        notation = format_action(action)
        record = await mover.command("play", channel, move=notation)
        [said] = [m.text.split("\n")[0] for m in record.private]
        expected = {"de": f"„{typed_move('troedler', notation, 'de')}“ ist gerade kein "
                          "erlaubter Zug.",
                    "en-US": f"'{notation}' is not a legal move now."}[locale]
        assert said == expected
        assert (await row_of(bot, channel)).state == row.state
