"""What a refusal quotes: a player's long text is cut after a whole word, the names there are
to choose from never. The service cut every plain value over 60 characters to 24, and Rhein
passed its transports as one string: "Transportmittel: white-plane, red-plane,…." (2 of 9,
the full stop doubled); a typed move read 'reserve red ship karlsr…'."""

from __future__ import annotations

from bot.service.base import Refusal
from engine.core import clip_word
from engine.text import msg


def test_a_long_quote_is_cut_after_its_last_whole_word():
    assert clip_word("reserve red ship karlsruhe") == "reserve red ship…"
    assert clip_word("laden rotes schiff 8") == "laden rotes schiff 8"  # short: whole
    assert clip_word("x" * 6000) == "x" * 23 + "…"  # no word to end at: the limit
    # a first word too short to stand for the quote: cut at the limit
    assert clip_word("ab cdefghijklmnopqrstuvwxyz") == "ab cdefghijklmnopqrstuv…"


def test_a_refusal_says_a_list_of_names_whole_and_clips_what_was_typed():
    names = [f"transport-number-{n}" for n in range(9)]
    typed = "load " + "very long words " * 10
    said = Refusal(msg("rhein.parse.no_transport", word=typed, names=names)).say("en")
    assert said.endswith("Transports in this game: " + ", ".join(names) + "."), said
    assert "load very long words…" in said and typed not in said, said

