"""Discord's payload limits, checked the way Discord checks them: a violation is a 400 with
code 50035 ("Invalid Form Body") and an ``errors`` tree naming the field.

Figures from Discord's developer documentation (messages, embeds, components, application
commands, autocomplete). Only what the bot can send is checked.
"""

from __future__ import annotations

import re
from typing import Any

CONTENT = 2000
EMBEDS = 10
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_AUTHOR = 256
EMBED_TOTAL = 6000
ACTION_ROWS = 5
ROW_COMPONENTS = 5
BUTTON_LABEL = 80
CUSTOM_ID = 100
SELECT_OPTIONS = 25
SELECT_TEXT = 100  # an option's label and value
SELECT_DESCRIPTION = 100  # the line Discord shows under an option's label
EMOJI_NAME = 32
SELECT_PLACEHOLDER = 150
STRING_SELECT = 3
FILES = 10
ATTACHMENT_DESCRIPTION = 1024  # an attachment's alt text
FILE_SIZE = 10 * 1024 * 1024
CHOICES = 25
CHOICE_TEXT = 100
COMMANDS = 100
OPTIONS = 25
COMMAND_DESCRIPTION = 100
COMMAND_TOTAL = 4000
NAME = re.compile(r"^[-_\w]{1,32}$", re.UNICODE)
LOCALES = {
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu",
    "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru",
    "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
}


class Invalid(Exception):
    """A 400 50035 answer; ``path`` is where in the body, ``why`` Discord's kind of error."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path = path
        self.why = why


def _check(condition: bool, path: str, why: str) -> None:
    if not condition:
        raise Invalid(path, why)


def check_message(body: dict[str, Any], files: list[tuple[str, bytes]],
                  editing: bool = False) -> None:
    """A message create (or edit) body and its uploaded files."""
    content = body.get("content") or ""
    _check(isinstance(content, str) and len(content) <= CONTENT, "content",
           f"BASE_TYPE_MAX_LENGTH: must be {CONTENT} or fewer in length.")
    embeds = body.get("embeds") or []
    _check(len(embeds) <= EMBEDS, "embeds", f"BASE_TYPE_MAX_LENGTH: at most {EMBEDS}")
    total = 0
    for index, embed in enumerate(embeds):
        total += _check_embed(embed, f"embeds.{index}")
    _check(total <= EMBED_TOTAL, "embeds", f"MAX_EMBED_SIZE_EXCEEDED: {total} > {EMBED_TOTAL}")
    _check_components(body.get("components") or [])
    _check(len(files) <= FILES, "files", f"at most {FILES} files")
    for index, attachment in enumerate(body.get("attachments") or []):
        alt = attachment.get("description") if isinstance(attachment, dict) else None
        _check(alt is None or isinstance(alt, str) and len(alt) <= ATTACHMENT_DESCRIPTION,
               f"attachments.{index}.description",
               f"BASE_TYPE_MAX_LENGTH: must be {ATTACHMENT_DESCRIPTION} or fewer in length.")
    for name, data in files:
        # Discord answers an oversized upload with 413 before looking at the form.
        if len(data) > FILE_SIZE:
            raise TooLarge(name)
    if not editing:
        _check(bool(content or embeds or files or body.get("components")
                    or body.get("sticker_ids") or body.get("poll")), "content",
               "EMPTY_MESSAGE")


class TooLarge(Exception):
    """413 Request Entity Too Large (code 40005)."""


def _check_embed(embed: dict[str, Any], path: str) -> int:
    title = embed.get("title") or ""
    description = embed.get("description") or ""
    _check(len(title) <= EMBED_TITLE, f"{path}.title", "BASE_TYPE_MAX_LENGTH")
    _check(len(description) <= EMBED_DESCRIPTION, f"{path}.description", "BASE_TYPE_MAX_LENGTH")
    fields = embed.get("fields") or []
    _check(len(fields) <= EMBED_FIELDS, f"{path}.fields", "BASE_TYPE_MAX_LENGTH")
    size = len(title) + len(description)
    for number, item in enumerate(fields):
        name, value = item.get("name") or "", item.get("value") or ""
        _check(0 < len(name) <= EMBED_FIELD_NAME, f"{path}.fields.{number}.name",
               "BASE_TYPE_BAD_LENGTH")
        _check(0 < len(value) <= EMBED_FIELD_VALUE, f"{path}.fields.{number}.value",
               "BASE_TYPE_BAD_LENGTH")
        size += len(name) + len(value)
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    _check(len(footer) <= EMBED_FOOTER, f"{path}.footer.text", "BASE_TYPE_MAX_LENGTH")
    _check(len(author) <= EMBED_AUTHOR, f"{path}.author.name", "BASE_TYPE_MAX_LENGTH")
    return size + len(footer) + len(author)


def _check_components(rows: list[dict[str, Any]]) -> None:
    _check(len(rows) <= ACTION_ROWS, "components", f"at most {ACTION_ROWS} action rows")
    seen: set[str] = set()
    for number, row in enumerate(rows):
        path = f"components.{number}"
        _check(row.get("type") == 1, f"{path}.type", "a top-level component is an action row")
        children = row.get("components") or []
        _check(0 < len(children) <= ROW_COMPONENTS, f"{path}.components",
               f"1 to {ROW_COMPONENTS} components per row")
        if any(child.get("type") == STRING_SELECT for child in children):
            _check(len(children) == 1, f"{path}.components",
                   "a select menu fills its action row alone")
        for index, child in enumerate(children):
            where = f"{path}.components.{index}"
            if child.get("type") == STRING_SELECT:
                _check_select(child, where)
            label = child.get("label") or ""
            _check(len(label) <= BUTTON_LABEL, f"{where}.label", "BASE_TYPE_MAX_LENGTH")
            _check_emoji(child.get("emoji"), f"{where}.emoji")
            custom_id = child.get("custom_id")
            if child.get("style") != 5:  # link buttons have a url instead
                _check(isinstance(custom_id, str) and 0 < len(custom_id) <= CUSTOM_ID,
                       f"{where}.custom_id", "BASE_TYPE_BAD_LENGTH")
                _check(custom_id not in seen, f"{where}.custom_id",
                       "COMPONENT_CUSTOM_ID_DUPLICATED")
                seen.add(custom_id)


def _check_select(select: dict[str, Any], where: str) -> None:
    options = select.get("options") or []
    _check(0 < len(options) <= SELECT_OPTIONS, f"{where}.options",
           f"1 to {SELECT_OPTIONS} options")
    for index, option in enumerate(options):
        for key in ("label", "value"):
            text = option.get(key)
            _check(isinstance(text, str) and 0 < len(text) <= SELECT_TEXT,
                   f"{where}.options.{index}.{key}", "BASE_TYPE_BAD_LENGTH")
        description = option.get("description")
        _check(description is None or isinstance(description, str)
               and len(description) <= SELECT_DESCRIPTION,
               f"{where}.options.{index}.description", "BASE_TYPE_MAX_LENGTH")
        _check_emoji(option.get("emoji"), f"{where}.options.{index}.emoji")
    values = [option.get("value") for option in options]
    _check(len(set(values)) == len(values), f"{where}.options",
           "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED")
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    _check(0 <= low <= high <= len(options), f"{where}.max_values",
           "min_values <= max_values <= the number of options")
    _check(len(select.get("placeholder") or "") <= SELECT_PLACEHOLDER, f"{where}.placeholder",
           "BASE_TYPE_MAX_LENGTH")


def _check_emoji(emoji: Any, where: str) -> None:
    """A button's or option's emoji: a custom one by its snowflake id, or a Unicode emoji by
    itself as its name; Discord refuses plain text or an empty name there."""
    if emoji is None:
        return
    _check(isinstance(emoji, dict), where, "MODEL_TYPE_CONVERT")
    if emoji.get("id") is not None:
        _check(str(emoji["id"]).isdigit(), f"{where}.id", "NUMBER_TYPE_COERCE")
        return
    name = emoji.get("name")
    _check(isinstance(name, str) and 0 < len(name) <= EMOJI_NAME
           and not name.isascii(),
           f"{where}.name", "COMPONENT_INVALID_EMOJI")


def check_choices(choices: Any) -> None:
    """An autocomplete result (interaction callback type 8)."""
    _check(isinstance(choices, list) and len(choices) <= CHOICES, "data.choices",
           f"BASE_TYPE_MAX_LENGTH: at most {CHOICES}")
    for index, choice in enumerate(choices):
        name, value = choice.get("name"), choice.get("value")
        _check(isinstance(name, str) and 0 < len(name) <= CHOICE_TEXT,
               f"data.choices.{index}.name", "BASE_TYPE_BAD_LENGTH")
        if isinstance(value, str):
            _check(0 < len(value) <= CHOICE_TEXT, f"data.choices.{index}.value",
                   "BASE_TYPE_BAD_LENGTH")
        for locale, text in (choice.get("name_localizations") or {}).items():
            _check(locale in LOCALES, f"data.choices.{index}.name_localizations", "bad locale")
            _check(0 < len(text) <= CHOICE_TEXT,
                   f"data.choices.{index}.name_localizations.{locale}", "BASE_TYPE_BAD_LENGTH")


def check_commands(commands: Any) -> None:
    """A bulk overwrite of application commands."""
    _check(isinstance(commands, list) and len(commands) <= COMMANDS, "", "at most 100")
    names: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        path = str(index)
        kind = command.get("type", 1)
        _check((kind, command["name"]) not in names, f"{path}.name",
               "APPLICATION_COMMANDS_DUPLICATE_NAME")
        names.add((kind, command["name"]))
        size = _check_named(command, path, top=True)
        _check(size <= COMMAND_TOTAL, path,
               f"APPLICATION_COMMAND_TOO_LARGE: {size} > {COMMAND_TOTAL}")


def _check_named(item: dict[str, Any], path: str, top: bool = False) -> int:
    """Name, description, localisations and options of a command or option; returns the
    characters counted towards the command's 4000."""
    name = item.get("name", "")
    _check(bool(NAME.match(name)) and name == name.lower(), f"{path}.name",
           "APPLICATION_COMMAND_INVALID_NAME")
    description = item.get("description", "")
    _check(0 < len(description) <= COMMAND_DESCRIPTION, f"{path}.description",
           "BASE_TYPE_BAD_LENGTH")
    size = len(name) + len(description)
    for locale, text in (item.get("name_localizations") or {}).items():
        _check(locale in LOCALES, f"{path}.name_localizations", f"bad locale {locale}")
        _check(bool(NAME.match(text)) and text == text.lower(),
               f"{path}.name_localizations.{locale}", "APPLICATION_COMMAND_INVALID_NAME")
        size = max(size, len(text) + len(description))
    for locale, text in (item.get("description_localizations") or {}).items():
        _check(locale in LOCALES, f"{path}.description_localizations", f"bad locale {locale}")
        _check(0 < len(text) <= COMMAND_DESCRIPTION,
               f"{path}.description_localizations.{locale}", "BASE_TYPE_BAD_LENGTH")
    options = item.get("options") or []
    _check(len(options) <= OPTIONS, f"{path}.options", f"at most {OPTIONS}")
    seen_optional = False
    option_names: set[str] = set()
    for number, option in enumerate(options):
        where = f"{path}.options.{number}"
        _check(option["name"] not in option_names, f"{where}.name", "duplicate option name")
        option_names.add(option["name"])
        if option.get("type") not in (1, 2):
            required = bool(option.get("required"))
            _check(not (required and seen_optional), f"{where}.required",
                   "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID: required options first")
            seen_optional = seen_optional or not required
        choices = option.get("choices") or []
        _check(len(choices) <= CHOICES, f"{where}.choices", f"at most {CHOICES}")
        _check(not (choices and option.get("autocomplete")), f"{where}.autocomplete",
               "choices and autocomplete cannot both be set")
        for position, choice in enumerate(choices):
            _check(0 < len(choice["name"]) <= CHOICE_TEXT, f"{where}.choices.{position}.name",
                   "BASE_TYPE_BAD_LENGTH")
            for locale, text in (choice.get("name_localizations") or {}).items():
                _check(0 < len(text) <= CHOICE_TEXT,
                       f"{where}.choices.{position}.name_localizations.{locale}",
                       "BASE_TYPE_BAD_LENGTH")
            size += len(choice["name"]) + len(str(choice["value"]))
        size += _check_named(option, where)
    return size
