"""A spectator's board DMs keep their quiet hours (/remind quiet), as turn DMs do: the
boards of a night are held in the store and the latest one comes when the quiet hours end,
saying how many phases it stands for; a restart in the night loses it not. A spectator
without quiet hours still gets each board at once."""

from __future__ import annotations

import random
import re
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from discord_standin.clock import clock_from_the_start, install_clock, reminders_settle
from discord_standin.driver import Bot, Member, running_bot
from discord_standin.server import Message, StandIn
from discord_standin.table import Played, play_turn, row_of, to_move

BERLIN = ZoneInfo("Europe/Berlin")
LATE = datetime(2026, 3, 2, 23, 30, tzinfo=BERLIN).timestamp()  # a Monday, 23:30
MORNING = datetime(2026, 3, 3, 7, 0, tzinfo=BERLIN).timestamp()
QUIET = {"from": 22, "to": 7, "tz": "Europe/Berlin"}
BOARD = re.compile(r"^rhein-\d+-v\d+(-\d+)?\.png$")


def boards_in(messages: list[Message]) -> list[Message]:
    return [m for m in messages if any(BOARD.match(name) for name, _ in m.files)]


def board_files(message: Message) -> list[str]:
    """The full board's pictures of a DM (the turn card comes before them)."""
    return [name for name, _ in message.files if BOARD.match(name)]


def board_dms(fake: StandIn, user_id: int) -> list[Message]:
    """The watched-board DMs ``user_id`` got: by their words and picture, not every DM (the
    reminders send others in the background)."""
    return [m for m in boards_in(fake.dms(user_id))
            if f"in <#{fake.channel}>" in m.text and "Rhein" in m.text]


async def night_of_play(bot: Bot, fake: StandIn, people: list[Member], boards: int) -> None:
    """Moves at 23:30 until the channel got ``boards`` more boards."""
    before = len(boards_in(fake.posts()))
    rng, played = random.Random(3), Played()
    for _ in range(300):
        if len(boards_in(fake.posts())) >= before + boards:
            return
        await play_turn(bot, await to_move(bot, people), fake.channel, rng, played)
    raise AssertionError("the phases did not end")


async def seat_and_watch(bot: Bot, fake: StandIn) -> tuple[Member, Member, Member, Member]:
    bob, eva = Member(bot, "Bob"), Member(bot, "Eva")
    udo, pia = Member(bot, "Udo"), Member(bot, "Pia", locale="de")
    for watcher in (udo, pia):
        await watcher.command("remind quiet", fake.channel, **QUIET)
    await bob.command("game new", fake.channel, game="rhein")
    await eva.command("game join", fake.channel)
    await bob.command("game start", fake.channel, order="joined")
    for watcher in (udo, pia):
        await watcher.command("game watch", fake.channel)
        assert len(board_dms(fake, watcher.id)) == 1  # asked for: the board now, at once
    return bob, eva, udo, pia


async def watched_night(bot: Bot, fake: StandIn) -> tuple[Any, list[Member]]:
    """Past 23:00: Bob and Eva play a phase of Rhein while Udo and Pia, in their quiet hours,
    watch; returns the clock and the four of them."""
    clock = install_clock(bot, LATE)
    people = await seat_and_watch(bot, fake)
    await night_of_play(bot, fake, list(people[:2]), boards=1)
    return clock, list(people)


async def test_boards_of_the_night_wait_for_the_end_of_quiet_hours(tmp_path, monkeypatch):
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, LATE)
        bob, eva, udo, pia = await seat_and_watch(bot, fake)
        owl = Member(bot, "Owl")  # no quiet hours: every board at once, as before
        await owl.command("game watch", fake.channel)
        await night_of_play(bot, fake, [bob, eva], boards=2)
        await reminders_settle(bot, clock)
        assert len(board_dms(fake, udo.id)) == 1, [m.text for m in board_dms(fake, udo.id)]
        assert len(board_dms(fake, pia.id)) == 1
        assert len(board_dms(fake, owl.id)) == 3
        clock.now = MORNING - 60
        await reminders_settle(bot, clock)
        assert len(board_dms(fake, udo.id)) == 1
        clock.now = MORNING
        await reminders_settle(bot, clock)
        [*_, morning] = board_dms(fake, udo.id)
        assert len(board_dms(fake, udo.id)) == 2, [m.text for m in board_dms(fake, udo.id)]
        assert "2 phases ended since 23:30, in your quiet hours" in morning.text, morning.text
        [*_, latest] = boards_in(fake.posts())
        assert board_files(morning) == [name for name, _ in latest.files]
        [*_, german] = board_dms(fake, pia.id)
        assert len(board_dms(fake, pia.id)) == 2
        assert "2 Phasen sind seit 23:30 Uhr zu Ende gegangen, in deiner Ruhezeit" in german.text
        row = await row_of(bot, fake.channel)
        assert not [r for r in await bot.client.store.reminders(row.id) if r.kind == "watch"]
        for _ in range(3):  # nothing more comes of the night
            clock.now += 3600
            await reminders_settle(bot, clock)
        assert len(board_dms(fake, udo.id)) == 2


async def test_held_boards_survive_a_restart(tmp_path, monkeypatch):
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock, (bob, eva, udo, _) = await watched_night(bot, fake)
        await reminders_settle(bot, clock)
        assert len(board_dms(fake, udo.id)) == 1
    again = StandIn()
    # the same people after the restart, with the same ids: known to the stand-in before the
    # bot starts, as a post at its start (the idle notice, sent before the fake clock is in)
    # takes ids from the same count
    while again.snowflake() < bob.id - 1:
        pass
    assert [again.add_user(name) for name in ("Bob", "Eva", "Udo")] == [bob.id, eva.id, udo.id]
    morning = clock_from_the_start(monkeypatch, MORNING)
    async with running_bot(tmp_path, monkeypatch, stand_in=again, seed=5) as bot:
        clock = install_clock(bot, morning)
        await reminders_settle(bot, clock)
        [morning] = board_dms(again, udo.id)
        assert "A phase ended at 23:30, in your quiet hours" in morning.text, morning.text


async def test_a_game_that_ends_in_the_night_shows_its_final_board_in_the_morning(
        tmp_path, monkeypatch):
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock, (bob, eva, udo, _) = await watched_night(bot, fake)
        for member in (bob, eva):  # the AI seats play it to its end
            await member.command("game leave", fake.channel)
        row = await row_of(bot, fake.channel)
        assert row.status == "finished"
        await reminders_settle(bot, clock)
        assert len(board_dms(fake, udo.id)) == 1
        clock.now = MORNING
        await reminders_settle(bot, clock)
        [*_, morning] = board_dms(fake, udo.id)
        assert len(board_dms(fake, udo.id)) == 2
        # the night's first board and the final one: the game's end kept the held news
        assert "2 phases ended since 23:30" in morning.text, morning.text
        [*_, final] = boards_in(fake.posts())
        assert board_files(morning) == [name for name, _ in final.files]


async def test_held_news_goes_at_once_when_the_quiet_hours_are_lifted(tmp_path, monkeypatch):
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock, (bob, eva, udo, _) = await watched_night(bot, fake)
        await reminders_settle(bot, clock)
        assert len(board_dms(fake, udo.id)) == 1
        await udo.command("remind quiet", fake.channel, **{**QUIET, "from": 0, "to": 0})
        await reminders_settle(bot, clock)
        [*_, now] = board_dms(fake, udo.id)
        assert len(board_dms(fake, udo.id)) == 2
        assert "A phase ended at 23:30, in your quiet hours" in now.text, now.text


async def test_phases_ended_in_one_go_make_one_dm_with_the_latest_board(tmp_path, monkeypatch):
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        bot.client.adapter.service.cards_for_ai = True  # a board per phase an AI run ends
        bob, owl = Member(bot, "Bob"), Member(bot, "Owl")
        await bob.command("game new", fake.channel, game="rhein")
        for _ in range(2):
            await bob.command("game add-bot", fake.channel, level="easy")
        await bob.command("game start", fake.channel, order="joined")
        await owl.command("game watch", fake.channel)
        rng, played = random.Random(3), Played()
        bursts = 0
        for _ in range(60):  # Bob moves; the AI seats play until it is his turn again
            boards, dms = len(boards_in(fake.posts())), len(board_dms(fake, owl.id))
            await play_turn(bot, bob, fake.channel, rng, played)
            new_boards = len(boards_in(fake.posts())) - boards
            new_dms = board_dms(fake, owl.id)[dms:]
            assert len(new_dms) == min(new_boards, 1), (new_boards, [m.text for m in new_dms])
            if new_boards > 1:
                bursts += 1
                assert f"{new_boards} phases ended at once" in new_dms[0].text
                [*_, latest] = boards_in(fake.posts())
                assert new_dms[0].files[1:] == latest.files  # after the turn card
                break
        assert bursts, "no AI run ended two phases"


async def test_watching_leaves_the_channels_marks_of_what_changed(tmp_path, monkeypatch):
    """The board a new spectator gets is drawn for them alone: the channel's next board
    still marks what changed since the channel's last board. The spectator's board had taken
    its place, so moves made before /game watch went unmarked on the next one."""
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        bob, eva, owl = Member(bot, "Bob"), Member(bot, "Eva"), Member(bot, "Owl")
        await bob.command("game new", fake.channel, game="rhein")
        await eva.command("game join", fake.channel)
        await bob.command("game start", fake.channel, order="joined")
        await night_of_play(bot, fake, [bob, eva], boards=1)
        await play_turn(bot, await to_move(bot, [bob, eva]), fake.channel,
                        random.Random(4), Played())
        row = await row_of(bot, fake.channel)
        mark = await bot.client.store.board_mark(row.id)
        await owl.command("game watch", fake.channel)
        assert len(board_dms(fake, owl.id)) == 1
        assert await bot.client.store.board_mark(row.id) == mark


async def test_a_board_that_will_not_draw_still_says_where_the_game_stands(tmp_path,
                                                                           monkeypatch):
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        bob, eva, owl = Member(bot, "Bob"), Member(bot, "Eva"), Member(bot, "Owl")
        await bob.command("game new", fake.channel, game="rhein")
        await eva.command("game join", fake.channel)
        await bob.command("game start", fake.channel, order="joined")

        def broken(game_key, view):
            raise RuntimeError("no picture today")
        monkeypatch.setattr(bot.client.adapter.service, "render", broken)
        record = await owl.command("game watch", fake.channel)
        [dm] = [m for m in fake.dms(owl.id) if f"in <#{fake.channel}>" in m.text]
        assert "Round 1/10" in dm.text and not board_files(dm)
        assert any("You are watching" in m.text for m in record.private)
