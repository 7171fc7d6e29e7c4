"""Every picture the bot posts carries alt text (Discord's attachment ``description``): a
screen reader says it instead of a file name, and any player reads the picture's gist
without opening it. Through the Discord stand-in, a short game of each game in English and
in German: every picture's description is in the table's language, names the game, the
phase and who is to move, and carries no seat's hidden information; the stand-in refuses a
description over Discord's 1024 characters, as Discord does."""

from __future__ import annotations

import io
import json
import random
import re

import discord
import pytest
from discord_standin import Member, running_bot
from discord_standin.limits import ATTACHMENT_DESCRIPTION
from discord_standin.server import Message
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users
from test_turn_card import hidden_strings

from bot.discord.delivery import reply_from_json, reply_to_json
from bot.replies import ALT_TEXT_LIMIT, Attachment, Reply, fitted, limit_problems
from bot.service import _private_part, _secret_lines
from engine.text import say

MOVES = {"rhein": 14, "rheinlaender": 8, "troedler": 14, "18rhl": 10}
KINDS = {"en": ("Board", "Turn card", "Final board"),
         "de": ("Spielbrett", "Zugübersicht", "Letztes Spielbrett")}
PAGES = {"en": ("Map. ", "Stock market. "), "de": ("Karte. ", "Kurstabelle. ")}
TO_MOVE = {"en": r"(.+?) (?:is|are) to move[:.]", "de": r"(.+?) (?:ist|sind) am Zug[:.]"}
# words of the other language's alt text: a German table's picture read out in English
OTHER = {"en": ("Stand:", " ist am Zug", "Zugübersicht"),
         "de": ("Standings:", " is to move", "Turn card", "Board:")}


def pictures(messages: list[Message]) -> list[tuple[Message, str | None]]:
    return [(m, alt) for m in messages for (name, _), alt in
            zip(m.files, m.descriptions or [None] * len(m.files), strict=True)
            if name.endswith(".png")]


async def secrets(bot, lang: str, told: str) -> set[str]:
    """What each seat alone sees now (card faces, its hand line's items), less what the
    channel has read (a card dealt face up, then taken into a hand, is no secret)."""
    row = await row_of(bot, bot.stand_in.channel)
    table, _ = await bot.client.adapter.service._load(row, tell=False)
    game, state = table.game, table.state
    found = set(hidden_strings(game, state))
    public = game.view(state, None)
    for seat in range(len(table.seats)):
        for line in _secret_lines(_private_part(game.view(state, seat), public), lang):
            _, _, items = line.partition(": ")
            found |= {item for item in items.split("; ") if len(item) >= 4}
    return {s for s in found if s not in told}


def check(message: Message, alt: str | None, lang: str, title: str, names: set[str]) -> None:
    assert alt, f"a picture without alt text: {message.files[0][0]}"
    assert len(alt) <= ATTACHMENT_DESCRIPTION
    alt = alt.split(". ", 1)[1] if alt.startswith(PAGES[lang]) else alt  # 18Rhl: "Map. Board: ..."
    kind = next((k for k in KINDS[lang] if alt.startswith(f"{k}: {title}")), None)
    assert kind is not None, alt
    if kind != KINDS[lang][2]:
        # the phase, as the post names it (the board's title, "Phase 1: ... → Phase 2: ...")
        phase = alt[len(f"{kind}: {title}, "):].split(". ")[0]
        assert phase and all(part in message.text for part in phase.split(" · ")), \
            (phase, message.text)
        acting = re.search(TO_MOVE[lang], alt)
        assert acting is not None, alt
        assert any(name in acting.group(1) for name in names), alt
    assert not [word for word in OTHER[lang] if word in alt], alt


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", list(MOVES))
async def test_every_picture_says_its_game_phase_and_turn(tmp_path, monkeypatch, game: str,
                                                          lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        played = Played()
        await open_table(bot, game, [anna, bert], bots=1, played=played, language=lang)
        row = await row_of(bot, fake.channel)
        title = say(bot.client.adapter.service.games[game].title, lang)
        names = {s.name for s in await bot.client.store.seats(row.id)} - {None}
        by_id = {anna.id: anna, bert.id: bert}
        rng, seen, checked, looked = random.Random(5), set(), 0, 0
        for _ in range(MOVES[game]):
            posts = fake.posts() + fake.dms(anna.id) + fake.dms(bert.id)
            told = " ".join(m.text for m in fake.posts())
            hidden = await secrets(bot, lang, told)
            looked += len(hidden)
            for message, alt in pictures([m for m in posts if m.id not in seen]):
                check(message, alt, lang, title, names)
                assert not [s for s in hidden if s in alt], alt
                checked += 1
            seen |= {m.id for m in posts}
            row = await row_of(bot, fake.channel)
            if row.status != "active":
                break
            users = await seat_users(bot, row.id)
            waiting = [by_id[users[s]] for s in row.active_seats if users.get(s) in by_id]
            await play_turn(bot, waiting[0], fake.channel, rng, played)
        assert checked >= 3  # boards and turn cards went out, each with its alt text
        assert looked or game in ("rhein", "18rhl")  # hands were there to keep hidden


async def test_the_stand_in_keeps_alt_text_and_refuses_it_over_1024(tmp_path,
                                                                     monkeypatch) -> None:
    """As discord.py sends it (multipart, payload_json ``attachments``); Discord answers a
    longer description with 400 Invalid Form Body."""
    async with running_bot(tmp_path, monkeypatch) as bot:
        channel = bot.client.get_partial_messageable(bot.stand_in.channel)

        def picture(alt: str) -> discord.File:
            return discord.File(io.BytesIO(b"\x89PNG"), filename="board.png", description=alt)

        sent = await channel.send(files=[picture("a" * ATTACHMENT_DESCRIPTION),
                                         picture("Board: Rhein")])
        assert bot.stand_in.messages[sent.id].descriptions == ["a" * 1024, "Board: Rhein"]
        assert [a.description for a in sent.attachments] == ["a" * 1024, "Board: Rhein"]
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send(file=picture("a" * (ATTACHMENT_DESCRIPTION + 1)))
        assert (refused.value.status, refused.value.code) == (400, 50035)


def test_a_reply_never_sends_alt_text_discord_would_refuse() -> None:
    """The delivery's last guard (``fitted``) cuts an overlong alt text, as it cuts texts:
    a refused post would leave the channel without the picture at all."""
    long = Attachment("board.png", b"\x89PNG", "word " * 300)
    reply = Reply("", files=[long, Attachment("card.png", b"\x89PNG", "Turn card: Rhein")])
    assert limit_problems(reply)
    files = fitted(reply).files
    assert len(files[0].description) == ALT_TEXT_LIMIT == ATTACHMENT_DESCRIPTION
    assert files[1].description == "Turn card: Rhein"


def test_a_post_kept_in_the_outbox_keeps_its_alt_text() -> None:
    """A channel post waits in the outbox (pictures and all) while Discord is away; it goes
    out with its alt text, and one kept before alt texts existed still loads."""
    reply = Reply("", files=[Attachment("board.png", b"\x89PNG", "Board: Rhein, Round 1/10.")])
    kept = reply_to_json(reply)
    assert reply_from_json(kept).files == reply.files
    old = json.loads(kept)
    old["files"] = [entry[:2] for entry in old["files"]]
    assert reply_from_json(json.dumps(old)).files == [Attachment("board.png", b"\x89PNG")]
