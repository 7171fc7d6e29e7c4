"""One check for a refused move: apply() raises the rule's own reason, said as a whole
sentence in English and German, and the game is exactly as it was."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.core import RuleError
from engine.text import say

# a text key left in a sentence ("rhein.transport.subject.nope"): a catalogue miss
RAW_KEY = re.compile(r"\b[a-z0-9_]+\.[a-z0-9_]+\.[a-z0-9_.]+\b")


def assert_refused(game: Any, state: dict, seat: int, action: Any, key: str) -> dict[str, str]:
    """Refuse ``action`` with ``key``; return the sentence in each language."""
    before = game.dump(state)
    with pytest.raises(RuleError) as refused:
        game.apply(state, seat, action)
    text = refused.value.text
    assert getattr(text, "key", text) == key, (action, text)
    said = {lang: say(text, lang) for lang in ("en", "de")}
    for lang, sentence in said.items():
        assert "{" not in sentence and "}" not in sentence, (lang, sentence)
        assert not RAW_KEY.search(sentence), (lang, sentence)
        assert sentence[:1].isupper() or sentence[:1].isdigit() or sentence[:1] in "'„#", \
            (lang, sentence)
        assert sentence.rstrip("`*").endswith((".", "!", ")")), (lang, sentence)
    assert said["en"] != said["de"], said
    assert game.dump(state) == before, action
    return said
