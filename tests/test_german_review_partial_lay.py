"""18Rhl answered a German player's half a tile lay with the English notation: autocomplete's
value "lay J9" came back as "`lay J9` ist erst ein Teil einer Plättchenlegung … z. B.
`legen 7 J9 2`" (German review). The part is quoted in the reader's words, as the example is."""

from __future__ import annotations

import pytest

import bot.i18n  # noqa: F401  (registers the bot's catalogue)
from bot.service.extras import extras_for
from engine.rhl18 import importer as I
from engine.rhl18.game import GAME
from engine.text import say
from tests.test_rhl18discord_steps import FIXTURE, live


@pytest.fixture(scope="module")
def track() -> dict:
    """A mid-game tile-lay position."""
    seen = 0
    for state, _ in I.replay_iter(I.load_json(FIXTURE)):
        rnd = state["round"]
        if rnd["type"] == "Operating" and not rnd["discard"] and rnd.get("step") == "Track":
            seen += 1
            if seen == 20:
                return live(state)
    raise AssertionError("no tile-lay position")


@pytest.mark.parametrize("typed", ["lay {hex}", "legen {hex}", "Legen {hex}"])
def test_a_partial_lay_is_quoted_in_the_readers_words(track: dict, typed: str) -> None:
    seat = GAME.active(track)[0]
    lay = next(m for m in GAME.legal(track, seat) if m.get("type") == "lay_tile")
    text = typed.format(hex=lay["hex"])
    hint = extras_for("18rhl").incomplete(GAME, track, seat, text)
    assert hint is not None
    assert say(hint, "de").startswith(f"`legen {lay['hex']}` ist erst ein Teil"), say(hint, "de")
    assert say(hint, "en").startswith(f"`lay {lay['hex']}` is only part"), say(hint, "en")
