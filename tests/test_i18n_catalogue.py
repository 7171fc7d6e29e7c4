"""The bot's catalogue: locale selection, ``t``, and every slash command, option and choice has
a German localisation that obeys Discord's naming rules (key completeness of all catalogues is
tests/test_text_catalogues.py)."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.discord.commands import Adapter, build_commands
from bot.discord.delivery import Delivery
from bot.discord.translator import NAME_RULE, CatalogueTranslator
from bot.i18n import catalogue, language, t


@pytest.mark.parametrize(("locale", "expected"), [
    ("de", "de"), ("en-US", "en"), ("en-GB", "en"), ("fr", "en"), (None, "en"),
    (discord.Locale.german, "de"), (discord.Locale.american_english, "en"), ("DE_at", "de")])
def test_locale_selection_falls_back_to_english(locale, expected):
    assert language(locale) == expected


def test_t_fills_placeholders_and_falls_back():
    assert t("stats.line", "de", name="Anna", won=2, played=3) == "Anna: 2 von 3 gewonnen"
    assert t("stats.line", "fr", name="Anna", won=2, played=3) == "Anna: won 2 of 3"
    assert t("no.such.key", "de") == "no.such.key"
    # a missing argument never raises: the placeholder stays visible
    assert "{played}" in t("stats.line", "de", name="Anna", won=2)


def commands():
    return build_commands(Adapter(Delivery(None)))


async def translated_payloads():
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    translator = CatalogueTranslator()
    await tree.set_translator(translator)
    return [await command.get_translated_payload(tree, translator) for command in commands()]


def walk(payload, path=()):
    """Yield (path, kind, dict) for every command, subcommand, option and choice."""
    yield path + (payload["name"],), "command", payload
    for option in payload.get("options", []):
        if option["type"] in (1, 2):  # subcommand or group
            yield from walk(option, path + (payload["name"],))
        else:
            yield path + (payload["name"], option["name"]), "option", option
            for choice in option.get("choices", []):
                yield path + (option["name"], choice["name"]), "choice", choice


async def test_every_command_option_and_choice_has_german():
    seen = 0
    for payload in await translated_payloads():
        for path, kind, item in walk(payload):
            seen += 1
            names = item.get("name_localizations") or {}
            assert names.get("de"), (kind, path)
            if kind != "choice":
                german = names["de"]
                assert NAME_RULE.match(german) and german == german.lower(), (path, german)
                assert (item.get("description_localizations") or {}).get("de"), path
                assert len(item["description_localizations"]["de"]) <= 100, path
            else:
                assert len(names["de"]) <= 100
    assert seen > 60


async def test_german_names_are_unique_among_siblings():
    for payload in await translated_payloads():
        for _, kind, item in walk(payload):
            if kind != "command":
                continue
            german = [o["name_localizations"]["de"] for o in item.get("options", [])]
            assert len(german) == len(set(german)), german
    tops = [p["name_localizations"]["de"] for p in await translated_payloads()]
    assert len(tops) == len(set(tops))


async def test_english_clients_see_the_commands_as_written():
    translator = CatalogueTranslator()
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other,
                                              None)
    assert await translator.translate(app_commands.locale_str("x"),
                                      discord.Locale.american_english, context) is None


def test_german_texts_name_the_german_commands():
    """A German reader sees German command names in their client, so texts point to those."""
    import re

    de = catalogue("de")
    tops = {v for k, v in de.items() if re.fullmatch(r"cmd\.[a-z]+\.name", k)}
    for key, text in de.items():
        if key.startswith(("cmd.", "choice.")):
            continue
        for word in re.findall(r"(?<![\w<#])/([a-zäöü]+)", text):
            assert word in tops, (key, word)
