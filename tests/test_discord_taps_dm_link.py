"""Through the Discord stand-in: the turn DM's link opens the turn prompt, near the top.

A review that counted a hurried phone player's taps found "Jump there" in all 174 turn DMs
linking to the channel, never to the prompt message (the channel opens at its end, and the
prompt's buttons sit above the boards posted after it), and standing after 380 to 1,498
characters: below the news and the hand. It now links to the prompt message and comes right
under the DM's first line; a DM for several games has a line and a prompt link for each. A
turn whose prompt is not known keeps the channel's link."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import GUILD_ID, StandIn
from discord_standin.table import BUTTON, open_table

from bot.service.reminders import _turn_dm
from bot.store import ReminderRow

BERLIN = ZoneInfo("Europe/Berlin")
MONDAY_NOON = datetime(2026, 3, 2, 12, 0, tzinfo=BERLIN).timestamp()
HAND = {"en": "Hand: #", "de": "Hand: #"}
CAN = {"en": "You can:", "de": "Du kannst:"}


def link(channel: int) -> str:
    return f"https://discord.com/channels/{GUILD_ID}/{channel}"


def prompt_of(fake: StandIn, channel: int, member: Member):
    """The newest channel post that pings ``member`` with buttons: their turn prompt."""
    return next(m for m in reversed(fake.posts(channel))
                if f"<@{member.id}>" in m.text and any(c.startswith(BUTTON)
                                                        for c in m.custom_ids))


def turn_dms(fake: StandIn, member: Member) -> list:
    return [m for m in fake.dms(member.id) if "https://discord.com/channels/" in m.text]


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_turn_dm_links_to_the_prompt_above_the_hand(tmp_path, monkeypatch,
                                                              lang: str) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=3) as bot:
        clock = install_clock(bot, MONDAY_NOON)
        locale = "de" if lang == "de" else "en-US"
        anna, bert = Member(bot, "Anna", locale), Member(bot, "Bert", locale)
        await open_table(bot, "troedler", [anna, bert], language=lang)
        await reminders_settle(bot, clock)
        # Bert deals and puts a pile down: Anna's turn, and a DM with her hand
        prompt = prompt_of(fake, fake.channel, bert)
        pile = next(c for c in prompt.custom_ids if c.split(":")[3].isdigit())
        await bert.press(prompt, pile)
        clock.now += 400
        await reminders_settle(bot, clock)
        dm = turn_dms(fake, anna)[-1]
        target = f"{link(fake.channel)}/{prompt_of(fake, fake.channel, anna).id}"
        text = dm.embed_text  # (the content is the lock screen's line, no link)
        assert f"]({target})" in text, text
        at = text.index(target)
        assert at < text.index(CAN[lang]), text
        if HAND[lang] in text:
            assert at < text.index(HAND[lang]), text
        assert at < 200, text


async def test_a_dm_for_several_games_links_each_to_its_prompt(tmp_path, monkeypatch):
    fake = StandIn()
    channels = [fake.add_channel(f"troedler-{n}") for n in range(3)]
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, MONDAY_NOON)
        pia = Member(bot, "Pia")
        for channel in channels:
            await open_table(bot, "troedler", [pia], bots=1, channel=channel)
            await reminders_settle(bot, clock)
        clock.now += 300  # the other two tables' turns wait for one DM
        await reminders_settle(bot, clock)
        [first, grouped] = turn_dms(fake, pia)
        assert f"{link(channels[0])}/{prompt_of(fake, channels[0], pia).id}" in first.text
        lines = grouped.text.split("\n")
        for channel in channels[1:]:
            target = f"{link(channel)}/{prompt_of(fake, channel, pia).id}"
            assert sum(f"]({target})" in line for line in lines) == 1, (target, lines)


def test_a_turn_whose_prompt_is_unknown_keeps_the_channel_link() -> None:
    payload = {"title": "Rhein", "phase": "Round 1", "guild_id": GUILD_ID, "channel_id": 901,
               "language": "en", "expected": "You can: done"}
    plain = _turn_dm(ReminderRow(1, "turn", 1, 7, 0.0, 0, payload)).text
    # a masked link: a screen reader read the address digit by digit
    assert f"[Jump there]({link(901)})\n" in plain, plain
    known = _turn_dm(ReminderRow(1, "turn", 1, 7, 0.0, 0, {**payload, "prompt_id": 55})).text
    assert f"[Jump there]({link(901)}/55)\nYou can: done" in known, known
