"""A German Rhein refusal quotes what was typed in „…“, as every other German refusal does since
this round's German review; a city, truck or transport the bot did not know came back in
Python's quotes ('99')."""

from __future__ import annotations

import pytest
from rhein_helpers import GAME, fresh

from engine.core import RuleError
from engine.text import say


@pytest.mark.parametrize("text, typed", [("truck a atlantis 2", "atlantis"),
                                         ("move c bonn", "c"),
                                         ("load zeppelin 2", "zeppelin")])
def test_a_name_the_bot_does_not_know_is_quoted_as_german_quotes(text, typed) -> None:
    state = fresh(4)
    with pytest.raises(RuleError) as refused:
        GAME.parse(state, 0, text)
    german, english = say(refused.value.text, "de"), say(refused.value.text, "en")
    assert f"„{typed}“" in german and "'" not in german, german
    assert f"'{typed}'" in english, english
