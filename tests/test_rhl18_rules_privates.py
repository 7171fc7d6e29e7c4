"""/rules privates for 18Rhl: every private company of companies.json with its face value and
revenue taken from that file, its ability in the reader's language, in one Discord message."""

from __future__ import annotations

import json
import re
from pathlib import Path

import discord
import pytest
from test_discord_fakes import make_adapter, make_interaction

import bot.i18n  # noqa: F401  (registers the bot's catalogue)
from bot.service.base import TEXT_LIMIT
from engine.rhl18 import data
from engine.rhl18 import game as G
from engine.rhl18.game import GAME
from engine.text import keys_used, say

COMPANIES = json.loads((Path(data.DATA_DIR) / "companies.json").read_text(encoding="utf-8"))
PRIVATES = COMPANIES["companies"]


def _line_of(text: str, sym: str) -> str:
    lines = [line for line in text.splitlines() if line.startswith(f"{sym} ")]
    assert len(lines) == 1, (sym, text)
    return lines[0]


def _amounts(line: str) -> list[int]:
    return [int(amount) for amount in re.findall(r"\b(\d+)M\b", line)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_private_is_listed_with_its_value_and_revenue(lang):
    text = say(GAME.rules("privates"), lang)
    assert len(PRIVATES) == 7
    for company in PRIVATES:
        line = _line_of(text, company["sym"])
        assert _amounts(line)[:2] == [company["value"], company["revenue"]], line


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_private_names_the_hexes_its_ability_is_tied_to(lang):
    text = say(GAME.rules("privates"), lang)
    for sym, hexes in (("PWB", ["E14"]), ("ATB", ["E12"]), ("KEO", ["E8"]),
                       ("Tjt", ["D9", "F9", "I10"])):
        line = _line_of(text, sym)
        assert all(re.search(rf"\b{hex_id}\b", line) for hex_id in hexes), line
    assert "935" in _line_of(text, "KEO")
    assert "1, 2, 55, 56, 69" in _line_of(text, "ATB")


def test_each_private_has_its_own_ability_sentence_in_both_languages():
    topic = GAME.topics["privates"]
    used = keys_used([topic])
    english, german = say(topic, "en"), say(topic, "de")
    for company in PRIVATES:
        assert f"rhl18.private.ability.{company['sym']}" in used
        assert _line_of(english, company["sym"]) != _line_of(german, company["sym"])
    assert "Privatbahnen" in german and "5-Zug" in german
    assert "5-train" in english


def test_the_numbers_come_from_the_data_file(monkeypatch):
    changed = {sym: dict(company) for sym, company in data.companies().items()}
    changed["Szl"].update(value=55, revenue=12)
    monkeypatch.setattr(data, "companies", lambda: changed)
    line = _line_of(say(G.privates_topic(), "en"), "Szl")
    assert _amounts(line)[:2] == [55, 12]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_topic_fits_one_private_reply(lang):
    # the service clips a reply at TEXT_LIMIT (under Discord's 2000): the topic must not be cut
    text = say(GAME.topics["privates"], lang)
    assert len(text) <= TEXT_LIMIT < 2000, len(text)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_topic_is_offered_in_the_topic_list(lang):
    assert "privates" in GAME.topics
    assert {"en": "Private companies", "de": "Privatbahnen"}[lang] in say(GAME.rules(), lang)
    assert GAME.topic_named("Privates") == "privates"
    assert say(GAME.rules("privates"), lang) == say(GAME.topics["privates"], lang)


@pytest.mark.parametrize("locale", [discord.Locale.british_english, discord.Locale.german])
async def test_the_topic_autocompletes(locale) -> None:
    from functools import partial
    from types import SimpleNamespace

    from test_discord_fakes import FakeService

    from bot.service import TablesService

    service = FakeService()  # the list is the service's, for the game picked
    service.topic_choices = partial(TablesService.topic_choices,
                                    SimpleNamespace(games={"18rhl": GAME}))
    _, commands, _ = make_adapter(service, games={"18rhl": GAME})
    complete = commands["rules"]._params["topic"].autocomplete
    interaction = make_interaction(namespace={"game": "18rhl"})
    interaction.locale = locale
    found = await complete(interaction, "priv")
    assert [choice.value for choice in found] == ["privates"]


def test_18rhl_topics_are_listed_and_found_by_their_names_in_both_languages():
    # the catalogue's keys are "rhl18.topic_name.*", not "18rhl.*": the names went unused
    import engine

    game = engine.get_game("18rhl")
    listed = say(game.rules(None), "de")
    assert "Versteigerung" in listed and "Privatbahnen" in listed and "auction" not in listed
    assert game.topic_named("Privatbahnen") == "privates"
    assert game.topic_named("versteigerung") == "auction"
