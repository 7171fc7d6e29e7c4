"""A turn DM's news and an AI summary line drop whole moves, decisive ones last, where they
cut the middle out of a run: a German DM lost "Dora ist am Zug" and a played card mid-word,
and a bankruptcy between two moves was the first thing a cut took."""

from __future__ import annotations

import pytest
from test_turn_card_decisive import rhein_bankruptcy, words_whole

from render.move_pieces import shortened


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_short_message_keeps_the_bankruptcy_and_both_ends(lang):
    text = rhein_bankruptcy(lang)
    bankrupt = "goes bankrupt" if lang == "en" else "geht bankrott"
    assert bankrupt in text
    for room in (120, 160, 200):
        cut = shortened(text, lambda candidate, room=room: len(candidate) <= room, "rhein")
        assert len(cut) <= room and bankrupt in cut, cut
        assert cut.startswith(text.split(" ")[0]) and words_whole(text, [cut]), cut
    assert shortened(text, lambda candidate: True, "rhein") == text


def test_an_alert_in_bold_with_its_mention_stays_decisive():
    from render.move_pieces import decisive

    line = "Anna cannot pay 5 for expired orders (has 2), goes bankrupt and is out of the game."
    assert decisive(line, "rhein") and decisive(f"**{line}** <@123>", "rhein")
    run = " · ".join(["Bert loads 1 onto the white Train (-1)"] * 6 + [f"**{line}** <@123>"]
                     + ["loads 1 onto the red Ship (-1)"] * 4)
    cut = shortened(run, lambda text: len(text) <= 160, "rhein")
    assert "goes bankrupt" in cut and len(cut) <= 160, cut
