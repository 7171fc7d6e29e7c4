"""A hand dealt to a player whose turn DM waits for the 5-minute batch still reaches her
when she changes /remind in that wait: the service sent no hand DM of its own (the turn DM
was to carry it), and turning on the digest or turning reminders off deleted that DM and
the hand with it."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import open_table

BERLIN = ZoneInfo("Europe/Berlin")
MONDAY_NOON = datetime(2026, 3, 2, 12, 0, tzinfo=BERLIN).timestamp()


def said_hands(fake: StandIn, user_id: int, channel: int) -> list[str]:
    return [m.embed_text for m in fake.dms(user_id) if f"<#{channel}>" in m.embed_text
            and "Hand: #" in m.embed_text]


@pytest.mark.parametrize("change", [("remind digest", {"mode": "on"}), ("remind off", {}),
                                    ("remind after", {"hours": 3})])
async def test_a_hand_waiting_for_the_batch_survives_a_remind_change(tmp_path, monkeypatch,
                                                                     change):
    fake = StandIn()
    lobby = fake.add_channel("lobby")
    first, second = fake.add_channel("troedler-1"), fake.add_channel("troedler-2")
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, MONDAY_NOON)
        pia = Member(bot, "Pia")
        await open_table(bot, "troedler", [pia], bots=1, channel=first)
        await reminders_settle(bot, clock)
        assert len(fake.dms(pia.id)) == 1
        clock.now += 60
        await open_table(bot, "troedler", [pia], bots=1, channel=second)
        await reminders_settle(bot, clock)
        assert len(fake.dms(pia.id)) == 1  # the second table's DM waits for the batch
        clock.now += 60
        path, values = change
        await pia.command(path, lobby, **values)
        clock.now += 300  # the batch's time: the hand comes by then, not hours later
        await reminders_settle(bot, clock)
        assert len(said_hands(fake, pia.id, second)) == 1, [m.text for m in fake.dms(pia.id)]
        for _ in range(4):
            clock.now += 3600
            await reminders_settle(bot, clock)
        hands = said_hands(fake, pia.id, second)
        assert len(hands) == 1, [m.text for m in fake.dms(pia.id)]
        assert hands[0].startswith("Only you see\n**Only you see** in **Die Trödler aus den Highlands**, "
                                   f"<#{second}>"), hands[0]
        posts = [m.text for channel in (lobby, first, second)
                 for m in fake.posts(channel)]
        assert not any("Hand: #" in text for text in posts)
