"""18Rhl's refusals and help quote a move the way its reader types it. A German table reads
its labels ending "· bieten pwb 20" and may type "kaufe privat 1", yet a purchase of the
wrong private was answered "tippe `bid pwb 20` … biete mit `bid keo 35`", an unreadable move
"Spielzüge beginnen jetzt mit: bid, pass", and /rules notation taught "bid nlk 125"."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table, to_move

from bot.i18n import english_move, typed_move
from engine.rhl18 import importer as I
from engine.rhl18 import notation as N
from engine.rhl18.game import GAME
from engine.text import msg, say

TRACE = "tests/fixtures/18rhl/rhl_gen_3p_31001.json.gz"

SAID = {
    "de": {"kaufe privat 2": ["tippe `bieten pwb 20`", "biete mit `bieten keo 35`"],
           "xyz": ["Spielzüge beginnen jetzt mit: bieten, passen."]},
    "en": {"buy private 2": ["type `bid pwb 20`", "bid with `bid keo 35`"],
           "xyz": ["Moves now start with: bid, pass."]},
}


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_an_auction_refusal_quotes_the_move_in_the_readers_words(
        tmp_path, monkeypatch, lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        locale = "de" if lang == "de" else "en-US"
        people = [Member(bot, name, locale) for name in ("Anna", "Bert", "Cora")]
        await open_table(bot, "18rhl", people, language=lang)
        mover = await to_move(bot, people)
        for typed, wanted in SAID[lang].items():
            refused = await mover.command("play", move=typed)
            [text] = [m.text for m in refused.private]
            for part in wanted:
                assert part in text, text
            if lang == "de":
                assert "`bid " not in text and ": bid" not in text, text
        rules = await mover.command("rules", game="18rhl", topic="notation")
        text = "\n".join(m.text for m in rules.private + rules.visible_posts)
        example = {"de": "bieten nlk 125 · gründen rhe 80", "en": "bid nlk 125 · par rhe 80"}
        assert example[lang] in text, text


@cache
def _notations() -> tuple[str, ...]:
    """Every legal move's notation at some positions of a whole game (each kind of move)."""
    seen: set[str] = set()
    for state, _ in itertools.islice(I.replay_iter(I.load_json(TRACE)), 0, None, 7):
        if state["finished"]:
            continue
        for seat in GAME.active(state):
            seen.update(GAME.format(state, move) for move in GAME.legal(state, seat)[:60])
    return tuple(sorted(seen))


def test_a_refusals_typed_form_is_the_one_the_labels_end_with() -> None:
    notations = _notations()
    heads = {notation.split()[0] for notation in notations}
    assert {"bid", "pass", "par", "buy", "sell", "lay", "token", "run"} <= heads, heads
    for notation in notations:
        assert say(N.typed(notation), "en") == notation
        assert say(N.typed(notation), "de") == typed_move("18rhl", notation, "de"), notation
    for notation in ("buy-train 2-3 from dee 150", "discard 3-1", "payout", "withhold",
                     "accept", "decline", "bankrupt", "sell dee 2 half-pres"):
        assert say(N.typed(notation), "de") == typed_move("18rhl", notation, "de"), notation


def test_the_german_notation_help_reads_back_as_the_english_one() -> None:
    english = say(msg("rhl18.topic.notation"), "en").split(" · ")
    german = say(msg("rhl18.topic.notation"), "de").split(" · ")
    assert len(german) == len(english)
    for en, de in zip(english, german, strict=True):
        # an entry's note follows in brackets; the last entry, a sentence after it
        en_move, de_move = en.split(" (")[0], de.split(" (")[0].split(". ")[0]
        assert english_move("18rhl", de_move) == en_move, (de_move, en_move)
