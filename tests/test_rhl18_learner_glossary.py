"""Every word the 18Rhl stock-market picture labels something with is explained by the
glossary topic (/rules topic:glossary), in English and German.

A learner met "priority deal", "Certs", "floated · incremental" and "Depot sells now" on the
picture and found none of them under /rules. The words checked are the ones the picture
says: each catalogue text it draws, recorded while it is drawn for an auction, a stock round,
an operating round and a late-game position of a recorded game. A new header or status word
fails here until the glossary explains it (or it is added to the plain words below).
"""

from __future__ import annotations

import re

import pytest

from engine import get_game, text
from engine.rhl18 import importer
from render.rhl18_market import market_picture
from tests.test_ai_seat_posts import OFFER_FIXTURE

GAME = get_game("18rhl")
# raw-action cuts of the recorded game: the auction, a stock round (priority deal, certs),
# an operating round, and phase 8 (full capitalisation, train rows of every phase)
CUTS = (1, 35, 400, 620)
# words any reader knows without 18xx, or sentences that explain themselves (a title's
# parenthesis, a step's "runs trains"): by key, so both languages are spared alike
PLAIN = {
    "title", "players.title", "players.player", "players.cash", "players.value",
    "corps.title", "corps.price", "corps.status", "corps.trains", "corps.not_started",
    "corps.closed", "privates.company", "privates.owner", "privates.revenue",
    "privates.value", "privates.bids", "privates.closed", "privates.for_sale",
    "privates.all_closed", "trains.train", "trains.price", "trains.left", "trains.from",
    "who.operates", "who.to_act", "market.title", "players.bankrupt", "over", "winner",
    "winners", "players.title_final", "players.rank", "players.share_value",
}
PLAIN_KINDS = ("colour.", "step.")  # tile colours; what the acting corporation does


def _said_keys() -> set[str]:
    """The render.rhl18 texts the market picture draws at each cut."""
    export = importer.load_json(OFFER_FIXTURE)
    seen: set[str] = set()
    real = text.render

    def recording(key: str, params: dict, lang: str) -> str:
        if key.startswith("render.rhl18."):
            seen.add(key.removeprefix("render.rhl18."))
        return real(key, params, lang)

    text.render = recording
    try:
        for cut in CUTS:
            state = importer.replay(dict(export, actions=export["actions"][:cut]), trust=True)
            market_picture({**GAME.view(state, None), "lang": "en"})
        # and a corporation in receivership (none was in the recorded game)
        state["corps"]["GVE"].update(receivership=True, president=None)
        market_picture({**GAME.view(state, None), "lang": "en"})
    finally:
        text.render = real
    return seen


SAID = _said_keys()


def _term(template: str) -> str | None:
    """The word a template labels with: itself, or what stands before ": {values}";
    without a parenthesis; None for a text that is a sentence around values."""
    head = re.fullmatch(r"(.*?):\s*\{\w+\}", template)
    if head:
        template = head.group(1)
    elif "{" in template:
        return None
    return re.sub(r"\s*\(.*?\)", "", template).strip(" :.·")


def test_the_recording_sees_the_words_a_learner_asked_about() -> None:
    assert {"who.priority", "players.certs", "corps.cap.incremental", "corps.floated",
            "trains.now", "corps.receivership"} <= SAID, sorted(SAID)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_word_of_the_market_picture_is_in_the_glossary(lang: str) -> None:
    glossary = text.say(GAME.topics["glossary"], lang)
    missing = []
    for key in sorted(k for k in SAID - PLAIN if not k.startswith(PLAIN_KINDS)):
        term = _term(text.catalogue(lang)[f"render.rhl18.{key}"])
        if term and not re.search(rf"(?<!\w){re.escape(term)}(?!\w)", glossary, re.I):
            missing.append(f"{key}: {term!r}")
    assert not missing, "not in the glossary:\n" + "\n".join(missing)
