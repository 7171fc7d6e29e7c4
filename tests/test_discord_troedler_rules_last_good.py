"""Through the Discord stand-in: /rules game:troedler topic:turn says that a player may deliver
in a village whose last good they take this turn (rulebook, "Goods request": "any village from
where you take the last good during this game turn"). The topic said only "if it holds no
goods", and a review's newcomer read that as a village found empty on arrival; the engine
allows both (rulings case 23)."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot

from tests.test_troedler_support import ANN, BRIDGE, play, request, turn_state

SAID = {"en": "also when you have just taken its last good yourself",
        "de": "auch wenn du selbst eben die letzte Ware dort genommen hast"}
TOPIC = {"en": "Your turn", "de": "Dein Zug"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_turn_topic_says_the_last_good_opens_a_delivery(tmp_path, monkeypatch,
                                                                  lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        nora = Member(bot, "Nora", locale="de" if lang == "de" else "en-US")
        [answer] = (await nora.command("rules", game="troedler", topic=TOPIC[lang])).private
        assert SAID[lang] in answer.text, answer.text


def test_the_engine_allows_what_the_topic_says():
    chair_vases = request("chair", "vase", "vase")
    state = turn_state("kilbride", [BRIDGE[0], chair_vases], goods=["vase", "vase"],
                       villages={"ruthven": ["chair"]})
    play(state, ANN, "move bridge ruthven", "take chair", f"deliver {chair_vases}")
    assert state["villages"]["ruthven"] == ["chair", "vase", "vase"]
