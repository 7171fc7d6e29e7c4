"""The missing-permission notice names what Discord says the bot lacks in that channel (the
interaction's app_permissions), and says "Your action was saved" only after a command that
made one: before, it listed five permissions "or" one another, also after /game board."""

from __future__ import annotations

import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.server import ALL_PERMISSIONS
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users

EMBED_LINKS, ATTACH_FILES = 1 << 14, 1 << 15

SAID = {
    "en": {"saved": "Your action was saved.", "attach": "**Attach Files**",
           "both": "**Embed Links** and **Attach Files**", "view": "View Channel"},
    "de": {"saved": "Deine Aktion ist gespeichert.", "attach": "**Dateien anhängen**",
           "both": "**Links einbetten** und **Dateien anhängen**", "view": "Kanal ansehen"},
}


def lacking(fake, dispatch, permissions: int) -> None:
    """The interactions (sent through ``dispatch``) now say the bot lacks ``permissions``
    in their channel."""
    async def with_permissions(event, data):
        if event == "INTERACTION_CREATE":
            data["app_permissions"] = str(ALL_PERMISSIONS & ~permissions)
        return await dispatch(event, data)
    fake.dispatch = with_permissions


def private(record) -> str:
    return "\n".join(m.text for m in record.private)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_notice_names_what_is_missing(tmp_path, monkeypatch, lang):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        locale = "de" if lang == "de" else "en-US"
        people = [Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)]
        await open_table(bot, "rhein", people, bots=1, language=lang)
        said = SAID[lang]
        fake.inject("POST", rf"channels/{fake.channel}/messages$", 403, code=50013,
                    message="Missing Permissions", times=50)
        dispatch = fake.dispatch
        lacking(fake, dispatch, ATTACH_FILES)
        row = await row_of(bot, fake.channel)
        users = await seat_users(bot, row.id)
        mover = next(p for p in people if p.id in {users[s] for s in row.active_seats})
        text = private(await play_turn(bot, mover, fake.channel, random.Random(2), Played()))
        assert said["attach"] in text and said["saved"] in text and said["view"] not in text
        lacking(fake, dispatch, EMBED_LINKS | ATTACH_FILES)
        text = private(await mover.command("game board"))
        assert said["both"] in text and said["saved"] not in text
