"""Every slash command a text names (``/game status``, ``/spiel stand``) is a real command in
that text's language: a German text once sent players to "/spiel status", which does not
exist (the German name is /spiel stand)."""

from __future__ import annotations

import re

import pytest
from test_i18n_catalogue import translated_payloads

from bot.i18n import catalogue

# "/game board", "/remind", "/spiel stand": a slash, a name, perhaps a subcommand's name
NAMED = re.compile(r"(?<![\w<#/.])/([a-zäöüß-]+)(?: ([a-zäöüß-]+))?")


def _paths(payload: dict, lang: str) -> tuple[str, set[str]]:
    def name(item: dict) -> str:
        return item["name"] if lang == "en" else item["name_localizations"][lang]

    top = name(payload)
    subs = {name(option) for option in payload.get("options", []) if option["type"] in (1, 2)}
    return top, subs


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_every_command_a_text_names_exists(lang):
    commands = dict(_paths(payload, lang) for payload in await translated_payloads())
    wrong = []
    for key, text in catalogue(lang).items():
        if key.startswith(("cmd.", "choice.")) or not isinstance(text, str):
            continue
        for top, sub in NAMED.findall(text):
            if top not in commands:
                wrong.append((key, f"/{top}"))
            elif commands[top] and sub not in commands[top]:
                wrong.append((key, f"/{top} {sub}"))
    assert wrong == []
