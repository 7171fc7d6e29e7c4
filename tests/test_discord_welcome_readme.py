"""The README's "For server admins" names every permission the bot's posts ask for (as the
missing-permission notice checks them) and the invite list has them too; it says where an
admin limits the commands and what LOG_LEVEL=DEBUG logs."""

from __future__ import annotations

from pathlib import Path

from bot.discord.delivery import POST_PERMISSIONS, THREAD_SEND

README = Path(__file__).resolve().parent.parent / "README.md"
# what a rematch does with its thread (bot/discord/commands.py: create_thread, delete)
THREADS = ("create public threads", "manage threads")


def section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return " ".join(text[start:end if end != -1 else None].split())  # wrapped lines joined


def discord_name(attribute: str) -> str:
    return attribute.replace("_", " ")


def test_the_admin_section_names_what_the_code_needs() -> None:
    text = README.read_text(encoding="utf-8")
    admins = section(text, "## For server admins").lower()
    invite = section(text, "## Running the bot on Discord").lower()
    for needed in (*map(discord_name, (*POST_PERMISSIONS, THREAD_SEND)), *THREADS):
        assert needed in admins, needed
        assert needed in invite, needed
    for said in ("server settings → integrations → rheinbot", "/game list", "manage channels",
                 "log_level=debug", "aiosqlite"):
        assert said in admins, said
    assert "[for server admins](#for-server-admins)" in text.lower()
