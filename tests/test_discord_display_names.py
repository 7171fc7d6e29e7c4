"""Prank display names through the Discord stand-in: a name is the member's to choose, and
it must show as written in every text of the bot, never ping, link, hide or turn around
anything, and be drawn plainly in the pictures (a review's findings, s40)."""

from __future__ import annotations

import random
import re
import unicodedata
from typing import Any

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users

import render.rheinlaender
import render.turn_card

# as Discord shows a text: a backslash before a mark that is no letter, digit or space
# shows the mark alone
ESCAPE = re.compile(r"\\([^0-9A-Za-z\s])")
MARKS = re.compile(r"([\\*_~|`\[\]<>@:])")  # what a name's text form escapes

# four: Anna and they fill a Rheinländer table
PRANKS = ["||", "Cora\\", "**Bold** _u_", "[nitro](http://x.io) ~~s~~ `t`"]


def as_text(name: str) -> str:
    """``name`` as the bot's markdown must write it to show it as written."""
    return MARKS.sub(r"\\\1", name)


def shown(text: str) -> str:
    return ESCAPE.sub(r"\1", text)


async def _seated(bot: Any, names: list[str], game: str = "rheinlaender",
                  language: str | None = None) -> list[Member]:
    people = [Member(bot, name, "de" if language == "de" else "en-US") for name in names]
    await open_table(bot, game, people, language=language)
    return people


async def _play(bot: Any, people: list[Member], moves: int, seed: int = 3) -> None:
    channel, rng, played = bot.stand_in.channel, random.Random(seed), Played()
    for _ in range(moves):
        row = await row_of(bot, channel)
        users = await seat_users(bot, row.id)
        mover = next(p for p in people if p.id == users[row.active_seats[0]])
        await play_turn(bot, mover, channel, rng, played)


def _channel(bot: Any) -> list[str]:
    return [m.text for m in bot.stand_in.posts(bot.stand_in.channel)]


def _raw_left(text: str, name: str) -> bool:
    """Whether ``text`` has ``name`` as it was typed, outside its escaped form."""
    return name in text.replace(as_text(name), "\x00")


async def test_a_name_written_as_a_mention_pings_no_one_and_shows_as_written(
        tmp_path, monkeypatch) -> None:
    """A member nicknamed "<@id of Vera>" plays; Vera never does. Every post that named him
    pinged Vera (allowed_mentions users=True). A name "<#channel>" linked the channel. The
    players the bot mentions are still pinged: an undo asks the others by a ping."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        vera = Member(bot, "Vera")
        mention, channel_link = f"<@{vera.id}>", f"<#{bot.stand_in.channel}>"
        people = await _seated(bot, ["Anna", mention, channel_link], game="troedler")
        channel = bot.stand_in.channel
        row = await row_of(bot, channel)
        users = await seat_users(bot, row.id)
        first = next(p for p in people if p.id == users[row.active_seats[0]])
        await _play(bot, people, 2)
        asked = await first.command("game undo", channel)
        assert asked.visible_posts, [m.text for m in asked.private]
        assert bot.stand_in.notices(vera.id) == []
        texts = _channel(bot)
        assert any(as_text(mention) in text for text in texts)
        assert not [t for t in texts if _raw_left(t, mention) or _raw_left(t, channel_link)]
        others = {p.id for p in people if p is not first}
        assert {user for m in asked.visible_posts for user in m.pinged} == others


@pytest.mark.parametrize("language", ["en", "de"])
async def test_markdown_in_names_shows_as_written_in_every_text(tmp_path, monkeypatch,
                                                                language) -> None:
    """"||" made the rest of the lobby post a spoiler, "Cora\\" escaped the closing bold,
    "[free nitro](http://…)" was a link in the bot's own post: in the channel, the DMs,
    /game log, /game list, /game status, in English and German alike."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = await _seated(bot, ["Anna", *PRANKS], language=language)
        await _play(bot, people, 3)
        channel = bot.stand_in.channel
        texts = _channel(bot)
        for person in people:
            texts += [m.text for m in bot.stand_in.notices(person.id)]
        for command in ("game log", "game list", "game status"):
            texts += [m.text for m in (await people[0].command(command, channel)).private]
        joined = "\n".join(texts)
        for name in PRANKS:
            assert f"**{as_text(name)}**" in joined, name
            assert shown(as_text(name)) == name
            left = [t for t in texts if _raw_left(t, name)]
            assert not left, f"{name!r} unescaped in {left[0]!r}"


async def test_stats_of_a_member_name_them_as_written(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = await _seated(bot, ["Anna", "**Bold**", "Cora"], game="rhein")
        record = await people[0].command("stats", bot.stand_in.channel, player=people[1].id)
        said = "\n".join(m.text for m in record.private)
        assert as_text("**Bold**") in said and not _raw_left(said, "**Bold**"), said


async def test_pictures_draw_names_without_escapes(tmp_path, monkeypatch) -> None:
    """The board and the turn card draw "**Bold**" and "Cora\\" as they read, not as the
    escaped text ("\\*\\*Bold\\*\\*")."""
    drawn: list[dict] = []

    def keep(original):
        def draw(*args):
            drawn.append(args[-1])
            return original(*args)
        return draw

    monkeypatch.setattr(render.rheinlaender, "render", keep(render.rheinlaender.render))
    monkeypatch.setattr(render.turn_card, "render", keep(render.turn_card.render))
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = await _seated(bot, ["Anna", "**Bold**", "Cora\\"])
        await _play(bot, people, 3)
        # the pictures' alt texts (a screen reader's) read the names so too
        alts = [alt or "" for m in bot.stand_in.posts(bot.stand_in.channel)
                for alt in m.descriptions]
        assert any("**Bold**" in alt for alt in alts), alts
        assert not [alt for alt in alts if as_text("**Bold**") in alt
                    or as_text("Cora\\") in alt], alts
    names = {entry["name"] for view in drawn for entry in view.get("seats") or []}
    assert {"**Bold**", "Cora\\"} <= names, names
    lines = [move["text"] for view in drawn for move in (view.get("card") or {}).get("moves", [])]
    assert lines and not [line for line in lines
                          if as_text("**Bold**") in line or as_text("Cora\\") in line], lines


async def test_a_right_to_left_override_in_a_name_is_dropped(tmp_path, monkeypatch) -> None:
    """"\\u202eDirk" turned every line naming Dirk around after the name ('fua rettiR' on
    the turn card); the direction controls go, the name stays."""
    drawn: list[dict] = []
    original = render.turn_card.render
    monkeypatch.setattr(render.turn_card, "render",
                        lambda game, view: drawn.append(view) or original(game, view))
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = await _seated(bot, ["Anna", "Bert", "\u202eDirk\u2067"])
        await _play(bot, people, 3)
        texts = _channel(bot)
        assert any("**Dirk**" in text for text in texts)
        bidi = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
        assert not [text for text in texts if bidi.search(text)]
    assert drawn and not [v for v in drawn if bidi.search(repr(v))]


async def test_an_invisible_name_is_the_account_name(tmp_path, monkeypatch) -> None:
    """A nickname of zero-width spaces read "** ** joins (2/5)": the username stands in,
    and a member whose username shows nothing either is named by their id's last digits."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        anna, ghost = Member(bot, "Anna"), Member(bot, "\u200b\u200b\u3164")
        bot.stand_in.users[ghost.id]["username"] = "ghostly"
        blank = Member(bot, "\u2060 \ufeff")
        channel = bot.stand_in.channel
        await anna.command("game new", channel, game="rhein")
        await ghost.command("game join", channel)
        await blank.command("game join", channel)
        joins = [t for t in _channel(bot) if " joins " in t]
        assert joins[0].startswith("**ghostly** joins"), joins
        assert shown(joins[1]).startswith(f"**#{str(blank.id)[-4:]}** joins"), joins


async def test_stacked_marks_keep_two_per_letter(tmp_path, monkeypatch) -> None:
    """Zalgo text's dozens of stacked marks drew over the lines above and below."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        zalgo = "Z" + "\u0336\u0301\u0302\u0303\u0304\u0305" * 5 + "ed"
        await _seated(bot, ["Anna", zalgo], game="rhein")
        row = await row_of(bot, bot.stand_in.channel)
        names = [s.name for s in await bot.client.store.seats(row.id)]
        letters = unicodedata.normalize("NFD", names[1])
        assert letters.startswith("Z") and letters.endswith("ed"), names
        assert not re.search("[\u0300-\u036f]{3}", letters), names


def test_an_escaped_mention_is_no_ping_even_on_a_board_post() -> None:
    """A board post's mentions are copied to its content to notify (embeds do not): one
    escaped in a name ("\\<@5>") must not be, nor notify on a plain post."""
    from bot.discord.delivery import reply_parts
    from bot.replies import Attachment, Reply

    text = "**\\<@5>** joins; **Emil cannot pay** <@7>"
    [board] = reply_parts(Reply(text, title="Round 4", files=[Attachment("b.png", b"x")]))
    assert board.content == "<@7>"
    [plain] = reply_parts(Reply(text))
    mentions = plain.kwargs(channel=True)["allowed_mentions"]
    assert [user.id for user in mentions.users] == [7] and not mentions.everyone
