"""Through the Discord stand-in: the turn DM's "You can:" names the move that ends a step or
turn first, as /play's list and the private prompts do (bot/service/move_lists.py).

A review read 20 turn DMs whose Rhein turn went on: none named "Done", the move wanted most
there, among its three entries; 18Rhl's stock-round pass, the step's usual move, stood
behind its buys too. The DM is private: the seat's own moves may show in it."""

from __future__ import annotations

import random
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import Played, open_table, play_turn, to_move

BERLIN = ZoneInfo("Europe/Berlin")
MONDAY_NOON = datetime(2026, 3, 2, 12, 0, tzinfo=BERLIN).timestamp()
CAN = {"en": "You can: ", "de": "Du kannst: "}
PASS = {"en": "Pass · pass", "de": "Passen · passen"}


def can_lines(fake: StandIn, member: Member, lang: str) -> list[str]:
    return [line for m in fake.dms(member.id) for line in m.text.split("\n")
            if line.startswith(CAN[lang])]


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_18rhl_stock_round_dm_names_pass_first(tmp_path, monkeypatch,
                                                         lang: str) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=3) as bot:
        clock = install_clock(bot, MONDAY_NOON)
        locale = "de" if lang == "de" else "en-US"
        people = [Member(bot, name, locale) for name in ("Anna", "Bert", "Cora")]
        await open_table(bot, "18rhl", people, language=lang)
        await reminders_settle(bot, clock)
        clock.now += 400
        await reminders_settle(bot, clock)
        first = await to_move(bot, people)
        lines = can_lines(fake, first, lang)
        assert lines, [m.text for m in fake.dms(first.id)]
        entries = lines[-1].removeprefix(CAN[lang]).split("; ")
        assert entries[0] == PASS[lang], lines[-1]
        assert len(entries) == 3, lines[-1]  # still three, the rest counted after them



async def test_a_rhein_loading_dm_names_done_first(tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=3) as bot:
        clock = install_clock(bot, MONDAY_NOON)
        people = [Member(bot, name) for name in ("Anna", "Bert")]
        await open_table(bot, "rhein", people)
        rng, played = random.Random(3), Played()
        loading: list[str] = []
        for _ in range(40):
            clock.now += 400  # each turn waits long enough for its DM
            await reminders_settle(bot, clock)
            who = await to_move(bot, people)
            loading += [line for line in can_lines(fake, who, "en")[-1:] if "; Load " in line]
            if len(loading) >= 2:
                break
            await play_turn(bot, who, fake.channel, rng, played)
        assert loading, "no turn DM while loading"
        for line in loading:
            assert line.startswith("You can: Done loading; "), line
