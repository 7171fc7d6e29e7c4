"""Pace tables: the move clock, escalating warnings, the run-out buttons, the daily digest."""

from __future__ import annotations

import contextlib

import pytest

from bot.replies import Audience
from bot.service.reminders import Reminders
from bot.store import Store
from engine.core import RuleError
from tests.issue10_helpers import state_of, user_of
from tests.service_pebbles import FakeRenderer, Pebbles, ctx

HOUR = 3600.0


class PassPebbles(Pebbles):
    """Pebbles where a player on turn may also pass (end the turn without taking)."""

    key = "passpebbles"

    def legal(self, state, seat):
        moves = super().legal(state, seat)
        if moves and all(state["ready"]) and not state["acted"]:
            moves.append({"type": "pass"})
        return moves

    def _apply(self, state, seat, action):
        if action.get("type") == "pass":
            if self.find_legal(state, seat, action) is None:
                raise RuleError("You can pass only at the start of your turn.")
            state["turn"] = (state["turn"] + 1) % state["n"]
            return [f"Seat {seat} passes."]
        return super()._apply(state, seat, action)

    def format(self, state, action):
        return "pass" if action["type"] == "pass" else super().format(state, action)

    def parse(self, state, seat, text):
        return {"type": "pass"} if text.strip().lower() == "pass" else \
            super().parse(state, seat, text)


GAMES = {"pebbles": Pebbles(), "passpebbles": PassPebbles()}


class Clock:
    def __init__(self) -> None:
        self.now = 1_780_000_000.0

    def __call__(self) -> float:
        return self.now


class Outbox:
    def __init__(self) -> None:
        self.dms: list[tuple[int, str]] = []
        self.posts: list = []

    async def send_dm(self, user_id, reply):
        self.dms.append((user_id, reply.text))

    async def post_channel(self, channel_id, reply):
        self.posts.append((channel_id, reply))


@contextlib.asynccontextmanager
async def reminded(path, games):
    """A service of ``games`` with reminders, on a fake clock, sending to an outbox: (service,
    reminders, clock, outbox); its store at ``path``."""
    from bot.service import TablesService

    clock, box = Clock(), Outbox()
    store = await Store.open(str(path))
    reminders = Reminders(store, box.send_dm, box.post_channel, clock)
    service = TablesService(store, games=games, render=FakeRenderer(), clock=clock,
                            reminders=reminders, seed_source=lambda: 5)
    try:
        yield service, reminders, clock, box
    finally:
        await store.close()


@pytest.fixture
async def world(tmp_path):
    async with reminded(tmp_path / "pace.sqlite3", GAMES) as made:
        yield made


async def paced_game(service, key="pebbles", channel=500, pace="24h"):
    await service.new(ctx(1, channel), key, pace=pace)
    await service.join(ctx(2, channel))
    await service.start(ctx(1, channel), order="joined")


def clock_dms(box, user):
    return [text for who, text in box.dms if who == user and "move clock" in text]


async def test_warnings_escalate_then_the_others_get_buttons(world):
    service, reminders, clock, box = world
    await paced_game(service)
    await service.play(ctx(2), "ready")  # only U1 is still waiting: their clock runs
    row = (await state_of(service))[1]
    assert row.pace_hours == 24.0
    start = clock.now
    for hours, count in ((11.9, 0), (12.1, 1), (18.1, 2), (21.7, 3)):
        clock.now = start + hours * HOUR
        await reminders.run_due()
        assert len(clock_dms(box, 1)) == count, hours
    assert "Last call" in clock_dms(box, 1)[-1] and not clock_dms(box, 2)
    assert box.posts == []
    clock.now = start + 24.1 * HOUR  # the clock has run out
    await reminders.run_due()
    [(channel, post)] = box.posts
    assert channel == 500 and "<@1>" in post.text and "run out" in post.text
    ids = [b.custom_id for b in post.buttons]
    assert [i.rsplit(":", 1)[1] for i in ids] == ["clock-ai-0", "clock-replace-0"]  # no pass
    # the late player may not decide, an outsider neither; the other player may
    own = await service.press(ctx(1), ids[0])
    assert own[0].audience is Audience.EPHEMERAL and "other players" in own[0].text
    outsider = await service.press(ctx(9), ids[0])
    assert "other players" in outsider[0].text
    replies = await service.press(ctx(2), ids[0])
    assert "lets an AI play" in replies[0].text
    state, row = await state_of(service)
    assert state["ready"] == [True, True]
    seats = await service.store.seats(row.id)
    assert not any(s.is_ai for s in seats)  # the seat stays U1's
    again = await service.press(ctx(2), ids[0])
    assert "not run out" in again[0].text


async def test_replace_and_no_early_decisions(world):
    service, reminders, clock, box = world
    await paced_game(service)
    await service.play(ctx(1), "ready")
    row = (await state_of(service))[1]
    early = await service.press(ctx(1), f"rb:{row.id}:{row.version}:clock-replace-1")
    assert "not run out" in early[0].text
    clock.now += 25 * HOUR
    await reminders.run_due()
    [(_, post)] = box.posts
    replace = next(b for b in post.buttons if b.custom_id.endswith("clock-replace-1"))
    replies = await service.press(ctx(1), replace.custom_id)
    assert "replaces **U2** with an AI" in replies[0].text
    # U2 is told alone who handed the seat on, and how to come back
    [told] = [r for r in replies if r.audience is Audience.DM and r.user_id == 2]
    assert told.text.startswith("**U1** handed your seat (")
    seats = await service.store.seats(row.id)
    assert [s.is_ai for s in sorted(seats, key=lambda s: s.seat)] == [False, True]


async def test_skip_only_where_a_pass_is_legal(world):
    service, reminders, clock, box = world
    await paced_game(service, "passpebbles")
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")  # seat 0 (U1) to take, take-or-pass
    clock.now += 24.5 * HOUR
    await reminders.run_due()
    [(_, post)] = box.posts
    skip = next(b for b in post.buttons if b.custom_id.endswith("clock-skip-0"))
    replies = await service.press(ctx(2), skip.custom_id)
    assert "skips **U1**" in replies[0].text and any("passes" in r.text for r in replies)
    state, row = await state_of(service)
    assert state["turn"] == 1 and state["scores"] == [0, 0]
    # U2's own clock started when their turn began
    clocks = [r for r in await service.store.reminders(row.id) if r.kind == "clock"]
    assert [r.user_id for r in clocks] == [await user_of(service, row, 1)]


async def test_no_clock_without_pace(world):
    service, reminders, clock, box = world
    await paced_game(service, pace="none")
    row = (await state_of(service))[1]
    assert row.pace_hours is None
    assert not [r for r in await service.store.reminders(row.id) if r.kind == "clock"]
    clock.now += 100 * HOUR
    await reminders.run_due()
    assert box.posts == [] or all("run out" not in p.text for _, p in box.posts)


async def test_daily_digest_replaces_the_per_game_dms(world):
    service, reminders, clock, box = world
    settings = await service.remind(ctx(1), digest=True)
    assert "Daily digest on" in settings[0].text
    await paced_game(service, channel=500, pace="none")
    await paced_game(service, channel=501, pace="none")
    await reminders.run_due()
    to_u1 = [text for who, text in box.dms if who == 1]
    assert len(to_u1) == 1 and "2 games are waiting" in to_u1[0]
    assert "/500" in to_u1[0] and "/501" in to_u1[0]
    assert any(who == 2 for who, _ in box.dms)  # U2 keeps one DM per game
    clock.now += 23 * HOUR
    await reminders.run_due()
    assert len([1 for who, _ in box.dms if who == 1]) == 1
    clock.now += 1.1 * HOUR
    await reminders.run_due()
    assert len([1 for who, _ in box.dms if who == 1]) == 2
    off = await service.remind(ctx(1), digest=False)
    assert "off" in off[0].text
    rows = await service.store.reminders(user_id=1)
    assert sorted(r.kind for r in rows) == ["turn", "turn"]


async def test_german_digest_and_warnings(world):
    service, reminders, clock, box = world
    from tests.issue10_helpers import lctx

    await service.remind(lctx(1, "de"), digest=True)
    await service.new(lctx(1, "de"), "pebbles", pace="24h", lang="de")
    await service.join(ctx(2))
    await service.start(lctx(1, "de"), order="joined")  # a German client: German DMs
    await reminders.run_due()
    assert any("Tägliche Übersicht" in text for who, text in box.dms if who == 1)
    clock.now += 12.5 * HOUR
    await reminders.run_due()
    assert any("Zugzeit" in text for who, text in box.dms if who == 1)


async def test_the_turn_dm_says_what_happened_since_your_last_move(world):
    """A turn DM opens with what the others did since the player's own last move, as the
    channel said it, so a player back after a day knows the news before opening it."""
    service, reminders, clock, box = world
    dm, news = await _u1s_turn_dm_after_a_turn_each(service, reminders, box)
    assert "**U2**" in news and "takes 1" in news, dm  # U2's turn, as the channel said it
    assert "**U1**" not in news  # not U1's own moves


async def test_a_players_dms_are_in_their_own_language(world):
    """A table's channel speaks the table's language, but a DM goes to one player: it is
    said in the language of that player's Discord client, as their own replies are (a German
    player at an English table got English turn DMs)."""
    from tests.issue10_helpers import lctx

    service, reminders, clock, box = world
    await service.new(ctx(1), "pebbles")
    await service.join(lctx(2, "de"))
    await service.start(ctx(1), order="joined")
    await service.play(ctx(1), "ready")
    await service.play(lctx(2, "de"), "ready")
    for user, move in [(1, "take 3"), (1, "end"), (2, "take 1"), (2, "end"), (1, "take 2"),
                       (1, "end")]:
        await service.play(ctx(user) if user == 1 else lctx(user, "de"), move)
    await reminders.run_due()
    german = [text for user, text in box.dms if user == 2][-1]
    assert german.startswith("Du bist dran") and "Seit deinem letzten Spielzug:" in german, german
    assert "Du kannst:" in german and "**U1**" in german
    await service.play(lctx(2, "de"), "take 1")
    await service.play(lctx(2, "de"), "end")
    await reminders.run_due()
    english = [text for user, text in box.dms if user == 1][-1]
    assert english.startswith("It is your turn") and "Since your last move:" in english


async def test_a_lone_run_in_the_turn_dm_keeps_the_room_the_others_would_share(world,
                                                                                monkeypatch):
    """Each run was cut to 160 characters however few there were: a lone Trödler turn of a
    dozen moves lost where the player went and what they took."""
    from bot.service import reminder_settings

    monkeypatch.setattr(reminder_settings, "NEWS_LINE", 20)  # (pebbles' runs are short)
    monkeypatch.setattr(reminder_settings, "NEWS_ROOM", 400, raising=False)
    service, reminders, clock, box = world
    dm, news = await _u1s_turn_dm_after_a_turn_each(service, reminders, box)
    assert "takes 1 · Seat 1 ends the turn" in news and "…" not in news, dm


async def _u1s_turn_dm_after_a_turn_each(service, reminders, box) -> tuple[str, str]:
    """A two-seat Pebbles table where U1 and then U2 took a turn: U1's turn DM, and its news
    (what it says happened since U1's last move)."""
    await service.new(ctx(1), "pebbles")
    await service.join(ctx(2))
    await service.start(ctx(1), order="joined")
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    for user, move in [(1, "take 3"), (1, "end"), (2, "take 1"), (2, "end")]:
        await service.play(ctx(user), move)
    await reminders.run_due()
    dm = [text for user, text in box.dms if user == 1][-1]
    return dm, dm.partition("Since your last move:")[2].partition("You can")[0]
