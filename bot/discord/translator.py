"""Slash command names, descriptions, options and choices in German (and any other catalogue
language) through discord.py's :class:`app_commands.Translator`.

Keys, from the command tree itself:
``cmd.<qualified name, dots>.name`` / ``.desc`` for commands and groups,
``cmd.<command>.opt.<parameter>.name`` / ``.desc`` for options, ``choice.<English name>`` for
choices. English stays the commands' own strings; other languages come from their catalogue.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT, catalogue, language

# Discord's rule for command and option names (lower case, no spaces, 1-32 characters).
NAME_RULE = re.compile(r"^[-_\w]{1,32}$")


def _path(command: object) -> str:
    return str(getattr(command, "qualified_name", "")).replace(" ", ".")


def key_for(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalogue key of the string Discord wants translated, or None."""
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name):
        return f"cmd.{_path(data)}.name"
    if where in (Where.command_description, Where.group_description):
        return f"cmd.{_path(data)}.desc"
    if where in (Where.parameter_name, Where.parameter_description):
        end = "name" if where is Where.parameter_name else "desc"
        return f"cmd.{_path(data.command)}.opt.{data.name}.{end}"
    if where is Where.choice_name:
        return f"choice.{data.name}"
    return None


class CatalogueTranslator(app_commands.Translator):
    """Looks every command string up in the catalogue of the locale's language."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = language(locale)
        if lang == DEFAULT:
            return None  # English is what the commands are written in
        key = key_for(context)
        return catalogue(lang).get(key) if key else None
