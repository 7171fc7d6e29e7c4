"""Through the Discord stand-in: an 18Rhl president whose corporation must buy a train that
neither it nor their share sales can pay for, once they have sold what they could, has one
move left, declaring bankruptcy, and their prompt offers it as a button (asked once more
before it is made). The move had no button, so that prompt had none: a phone player read
"… must declare bankruptcy … Use /play move:" and had to type it (a seeded chaos run
through the stand-in, 18rhl seed 1 step 140)."""

from __future__ import annotations

import gzip
import json

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import row_of

from engine import get_game
from engine.rhl18 import importer

GAME = get_game("18rhl")
# a 6-player recorded game before its action 550: the sixth seat's corporation must buy a
# train it cannot pay for; its president can sell two shares, which do not cover it
FIXTURE = "tests/fixtures/18rhl/rhl_gen_6p_61012_all.json.gz"
CUT = 550
SEAT = 5
LABEL = {"en-US": "Declare bankruptcy", "de": "Bankrott erklären"}


def newest_prompt(fake, member: Member, version: int):
    """The newest message with buttons, all of ``version``, that ``member`` was shown as
    theirs: a post pinging them or an answer only they saw."""
    for message in sorted(fake.messages.values(), key=lambda m: m.id, reverse=True):
        ids = [c for c in message.custom_ids if c.startswith("rb:")]
        if ids and all(c.split(":")[2] == str(version) for c in ids) and (
                f"<@{member.id}>" in (message.content or "") or message.ephemeral):
            return message
    return None


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_a_president_left_only_bankruptcy_gets_its_button(tmp_path, monkeypatch,
                                                                 locale):
    export = importer.load_json(FIXTURE)
    data = gzip.compress(json.dumps(dict(export, actions=export["actions"][:CUT])).encode())
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna", locale=locale)
        await anna.command("game import", file=fake.attachment("g.json.gz", data))
        for _ in range(5):
            await anna.command("game add-bot", level="normal")
        await anna.command("game join")  # the sixth seat
        await anna.command("game start", order="joined")
        row = await row_of(bot, fake.channel)
        assert row.active_seats == [SEAT]
        sells = 0
        # she sells what she can with her prompts' buttons (each sale's prompt is hers alone)
        while not all(m["type"] == "bankrupt" for m in GAME.legal(GAME.load(row.state), SEAT)):
            prompt = newest_prompt(fake, anna, row.version)
            sell = next(c for c in prompt.custom_ids
                        if GAME.legal(GAME.load(row.state), SEAT)[int(c.split(":")[3])]
                        ["type"] == "sell_shares")
            await anna.press(prompt, sell)
            row = await row_of(bot, fake.channel)
            sells += 1
        assert sells == 2 and row.active_seats == [SEAT]
        prompt = newest_prompt(fake, anna, row.version)
        assert prompt is not None, "Anna must declare bankruptcy but has no button for it"
        assert prompt.ephemeral  # her turn goes on: the prompt is hers alone
        [button] = prompt.custom_ids
        assert prompt.labels[button] == LABEL[locale]
        asked = await anna.press(prompt, button)
        assert (await row_of(bot, fake.channel)).version == row.version  # asked first
        [(question, sure)] = [(m, c) for m in asked.private for c in m.custom_ids
                              if ":sure-" in c]
        done = await anna.press(question, sure)
        assert done.errors == []
        assert (await row_of(bot, fake.channel)).status == "finished"
