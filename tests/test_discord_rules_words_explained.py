"""Through the Discord stand-in: /rules explains the words the games use.

A first-time player met "SR 4" and "OR 1.1" (German "AR", "BR") and asked /rules topic:OR:
"No topic 'OR'". 18Rhl's overview spoke of privates, a waterfall auction, par, IPO, floating
and a breaking bank, explained nowhere in one place; Rheinländer's "realm" and "settlement"
were never defined. The abbreviations now lead to the topic that explains them, a glossary
topic names 18Rhl's words (the overview points to it), and Rheinländer's overview defines
both words. NLK's button said "pays you 25M each OR" ("25M/BR"), the others "each operating
round": all say it in words."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot

import engine
from engine.text import say

GAME = engine.get_game("18rhl")


async def _rules(member: Member, game: str, topic: str | None = None) -> str:
    values = {"game": game} if topic is None else {"game": game, "topic": topic}
    record = await member.command("rules", **values)
    assert record.private and all(len(m.text) <= 2000 for m in record.private)
    return "\n".join(m.text for m in record.private)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_abbreviations_and_jargon_have_a_topic(tmp_path, monkeypatch, lang) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        nora = Member(bot, "Nora", locale="de" if lang == "de" else "en-US")
        for typed, topic in (("OR", "operating"), ("or", "operating"), ("SR", "stock"),
                             ("AR", "stock"), ("BR", "operating"), ("IPO", "floating"),
                             ("Erstausgabe", "floating"), ("glossary", "glossary"),
                             ("Begriffe", "glossary")):
            said = await _rules(nora, "18rhl", typed)
            assert said == say(GAME.topics[topic], lang), (typed, said[:200])
        glossary = await _rules(nora, "18rhl", "glossary")
        words = {"en": ["Privates", "Waterfall auction", "Par", "IPO", "Float", "Bank pool",
                        "Bank breaks", "SR (stock round)", "OR (operating round)", "President",
                        "withhold", "Rust", "Phase"],
                 "de": ["Privatbahnen", "Wasserfall-Versteigerung", "Nennwert", "Erstausgabe",
                        "In Betrieb gehen", "Bankpool", "Bank gesprengt", "AR (Aktienrunde)",
                        "BR (Betriebsrunde)", "Direktor", "einbehalten", "Rosten", "Phase"]}
        assert all(f"{w}" in glossary for w in words[lang]), glossary
        overview = await _rules(nora, "18rhl")
        link = {"en": "/rules topic:glossary", "de": "/regeln thema:Begriffe"}[lang]
        assert link in overview, overview
        # the link, typed as it reads, answers with the glossary
        assert await _rules(nora, "18rhl", link.rsplit(":", 1)[1]) == glossary
        # typed into the option, the abbreviation offers the topic it stands for
        offered = await nora.autocomplete("rules", "topic", "OR", game="18rhl")
        assert "operating" in [c["value"] for c in offered], offered
        ruled = await _rules(nora, "rheinlaender")
        defined = {"en": ["A realm is a round space", "The settlement is what follows each knight"],
                   "de": ["Ein Gebiet ist ein rundes Feld", "Die Abrechnung ist, was jedem Ritter"]}
        assert all(d in ruled for d in defined[lang]), ruled


def test_every_private_button_says_operating_round_in_words() -> None:
    state = GAME.setup(4, {}, 1)
    bids = [m for m in GAME.legal(state, GAME.active(state)[0]) if m["type"] == "bid"]
    assert any(m["company"] == "NLK" for m in bids)
    for move in bids:
        english, german = (say(GAME.label(state, move), lang) for lang in ("en", "de"))
        assert " OR)" not in english and "/BR)" not in german, (english, german)
