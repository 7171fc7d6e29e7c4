"""A deal that makes a player act is one DM to them: their turn DM carries the hand they were
dealt. A review found the hand and "your turn" as two DMs, two notifications, at the same
moment. Players not to act get their hand alone; a player whose first turn notice is not a
DM straight away (a delay, reminders off, a digest) gets their hand at once, apart."""

from __future__ import annotations

import pytest

import engine
from bot.replies import Audience, DeliveryFailed, Reply
from bot.service import Ctx, TablesService
from bot.service.reminders import RETRY_SECONDS, Reminders
from bot.store import Store

HOUR = 3600.0
CHANNEL = 500


def member(user: int, locale: str = "en-US") -> Ctx:
    return Ctx(guild_id=1, channel_id=CHANNEL, user_id=user, user_name=f"U{user}",
               can_manage=False, locale=locale)


class Box:
    """What reached players: DMs (from the reminders) and channel posts."""

    def __init__(self) -> None:
        self.dms: list[Reply] = []
        self.posts: list[Reply] = []
        self.refuse: Exception | None = None  # the next DM fails with it

    async def send_dm(self, user_id: int, reply: Reply) -> None:
        if self.refuse is not None:
            error, self.refuse = self.refuse, None
            raise error
        self.dms.append(reply)

    async def post_channel(self, channel_id: int, reply: Reply) -> None:
        self.posts.append(reply)


@pytest.fixture
async def world(tmp_path):
    now = [1_780_000_000.0]
    box = Box()
    store = await Store.open(str(tmp_path / "deal.sqlite3"))
    reminders = Reminders(store, box.send_dm, box.post_channel, lambda: now[0])
    service = TablesService(store, games={"rheinlaender": engine.get_game("rheinlaender")},
                            render=lambda key, view: b"PNG", clock=lambda: now[0],
                            reminders=reminders, seed_source=lambda: 5)
    yield service, reminders, box, now
    await store.close()


LOCALES = {1: "en-US", 2: "de", 3: "en-US"}


async def deal(service: TablesService) -> tuple[list[Reply], int, dict[int, str]]:
    """A Rheinländer table of three players started: its replies, the user to act and each
    user's hand line as the deal's DM says it."""
    await service.new(member(1), "rheinlaender", min_players=3, max_players=3)
    for user in (2, 3):
        await service.join(member(user, LOCALES[user]))
    replies = await service.start(member(1), order="joined")
    row = await service.store.latest_game(CHANNEL)
    seats = {s.seat: s.user_id for s in await service.store.seats(row.id)}
    [to_act] = [seats[s] for s in row.active_seats]
    table, _ = await service._load(row, tell=False)
    hands = {seats[seat]: ", ".join(str(card) for card in sorted(table.state["hands"][seat]))
             for seat in seats}
    return replies, to_act, hands


def hand_dms(replies: list[Reply]) -> dict[int | None, list[str]]:
    found: dict[int | None, list[str]] = {}
    for reply in replies:
        if reply.audience is Audience.DM:
            found.setdefault(reply.user_id, []).append(reply.text)
    return found


def cards(text: str) -> str:
    """The cards of a text's hand line, as ``deal`` gives them."""
    line = next((line for line in text.splitlines() if line.startswith("Hand: ")), "")
    return line.removeprefix("Hand: ")


async def test_the_player_to_act_reads_their_dealt_hand_in_their_turn_dm(world) -> None:
    service, reminders, box, _ = world
    replies, to_act, hands = await deal(service)
    await reminders.run_due()
    dealt = hand_dms(replies)
    assert to_act not in dealt  # no hand DM beside the turn DM
    others = [user for user in LOCALES if user != to_act]
    for user in others:
        [text] = dealt[user]
        assert cards(text) == hands[user]
        assert text.startswith("**Nur du siehst**" if user == 2 else "**Only you see**")
    [turn] = box.dms
    assert turn.user_id == to_act and turn.title in ("Your turn", "Du bist dran")
    assert cards(turn.text) == hands[to_act]
    assert ("Nur du siehst" if to_act == 2 else "Only you see") in turn.text
    # its first line names the phase, the link to the game follows, and the hand's heading
    # does not say the phase again
    first, jump, heading = turn.text.splitlines()[:3]
    assert "https://discord.com/channels/" in jump
    assert heading == ("**Nur du siehst**:" if to_act == 2 else "**Only you see**:")
    phase = first[first.index("(") + 1:first.index(")")]
    assert turn.text.count(phase) == 1
    # nobody's hand reaches another player or the channel
    channel = "\n".join(r.text for r in replies if r.is_public)
    for user, hand in hands.items():
        assert hand not in channel
        assert all(hand not in text for other, texts in dealt.items() if other != user
                   for text in texts)
        assert user == to_act or hand not in turn.text


@pytest.mark.parametrize("setting", [{"delay_hours": 2.0}, {"on": False}, {"digest": True}])
async def test_a_first_notice_that_is_no_dm_at_once_leaves_the_hand_its_own_dm(
        world, setting) -> None:
    """Their hand must not wait for the turn notice (or never come with a mention)."""
    service, reminders, box, now = world
    for user, locale in LOCALES.items():
        await service.remind(member(user, locale), **setting)
    replies, to_act, hands = await deal(service)
    [text] = hand_dms(replies)[to_act]
    assert cards(text) == hands[to_act]
    for later in (0.0, 2.5 * HOUR):
        now[0] += later
        await reminders.run_due()
    assert all(hands[to_act] not in reply.text for reply in box.dms + box.posts)
    if "delay_hours" in setting:  # the turn DM came, without the hand
        assert [r.user_id for r in box.dms if r.title == "Your turn"
                or r.title == "Du bist dran"] == [to_act]


async def test_a_turn_dm_that_failed_takes_the_hand_along_when_tried_again(world) -> None:
    service, reminders, box, now = world
    _, to_act, hands = await deal(service)
    box.refuse = RuntimeError("Discord is away")
    await reminders.run_due()
    assert box.dms == []
    now[0] += RETRY_SECONDS
    await reminders.run_due()
    [turn] = box.dms
    assert cards(turn.text) == hands[to_act]
    # said once: the next reminder (the hand may have changed by then) and the store drop it
    row = await service.store.latest_game(CHANNEL)
    assert all("hand" not in r.payload for r in await service.store.reminders(row.id))
    now[0] += 12 * HOUR
    await reminders.run_due()
    assert len(box.dms) == 2 and hands[to_act] not in box.dms[1].text


async def test_closed_dms_found_with_the_turn_dm_mention_the_player_without_the_hand(
        world) -> None:
    service, reminders, box, _ = world
    _, to_act, hands = await deal(service)
    box.refuse = DeliveryFailed("closed", closed_dms=True)
    await reminders.run_due()
    [mention] = box.posts
    assert f"<@{to_act}>" in mention.text and hands[to_act] not in mention.text
    row = await service.store.latest_game(CHANNEL)
    assert all("hand" not in r.payload for r in await service.store.reminders(row.id))
