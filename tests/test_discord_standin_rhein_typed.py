"""Rhein moves typed in German with /zug, through the Discord stand-in, that the rules refuse:
the player reads the rule's reason and nothing changes.

A well-formed but illegal payment ("bieten 99 3": there is no order 99; a bid or a load past
what the Capital or the transport allows) answered "Bei mir ist etwas schiefgegangen": the
Phase 6 question played it on a copy of the game before anything had checked it was legal.
A German move the bot reads in the engine's English quoted that English back ("Das verstehe
ich nicht: 'take'" to "nehmen")."""

from __future__ import annotations

import copy
import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import row_of, seat_users

from engine.core import RuleError
from engine.text import say
from tests.test_rhein_phase6_warning import GAME, ShortRhein

BROKEN = "schiefgegangen"


async def german_table(bot, game=None):
    """Anna and Bert at a German Rhein table (``game``: the rules it opens on); returns the
    member to move."""
    if game is not None:
        service = bot.client.adapter.service
        service.games = {**service.games, "rhein": game}
    channel = bot.stand_in.channel
    people = [Member(bot, "Anna", locale="de"), Member(bot, "Bert", locale="de")]
    await people[0].command("game new", channel, game="rhein", language="de")
    await people[1].command("game join", channel)
    await people[0].command("game start", channel, order="joined")
    row = await row_of(bot, channel)
    mover = (await seat_users(bot, row.id))[row.active_seats[0]]
    return next(m for m in people if m.id == mover)


def refusal(state: dict, typed: str) -> str:
    """The rules' reason against ``typed``, as a German player reads it."""
    seat = GAME.active(state)[0]
    with pytest.raises(RuleError) as refused:
        GAME.apply(copy.deepcopy(state), seat, GAME.parse(state, seat, typed))
    return say(refused.value.text, "de")


async def typed_and_refused(bot, mover, typed: str, english: str) -> None:
    """``typed`` (German for ``english``) is answered with the rules' reason alone."""
    channel = bot.stand_in.channel
    row = await row_of(bot, channel)
    reason = refusal(GAME.load(row.state), english)
    record = await mover.command("play", channel, move=typed)
    said = [m.text for m in record.private]
    assert said == [reason], said
    assert not any(BROKEN in text for text in said)
    assert not record.visible_posts
    assert (await row_of(bot, channel)).version == row.version


async def test_an_illegal_bid_gets_the_rules_reason(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=11) as bot:
        mover = await german_table(bot)
        state = GAME.load((await row_of(bot, bot.stand_in.channel)).state)
        assert state["step"] == "auction"
        card = state["auction"]["card"] or state["list"][0]  # the one auctioned, or to open
        await typed_and_refused(bot, mover, "bieten 99 3", "bid 99 3")  # no order 99
        await typed_and_refused(bot, mover, f"bieten {card} 999", f"bid {card} 999")


async def test_an_illegal_load_gets_the_rules_reason(tmp_path, monkeypatch):
    # a seat one load from being short of Phase 6: the load is a payment the question is for
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        mover = await german_table(bot, ShortRhein())
        await typed_and_refused(bot, mover, "laden white-plane 30", "load white-plane 30")


@pytest.mark.parametrize("typed", ["nehmen", "passen bitte"])
async def test_a_refusal_quotes_the_german_the_player_typed(tmp_path, monkeypatch, typed):
    async with running_bot(tmp_path, monkeypatch, seed=11) as bot:
        mover = await german_table(bot)
        record = await mover.command("play", bot.stand_in.channel, move=typed)
        [said] = [m.text for m in record.private]
        assert f"„{typed}“" in said, said
        assert "„take“" not in said and "„pass " not in said, said


# --- a turn that ended by itself ------------------------------------------------------


async def until_a_turn_ends_by_itself(bot, people, seed: int, new_phase: bool):
    """Random moves typed with /zug by their German players (a ``done`` only where nothing
    else is legal; a move asked about first is made with the question's button) until one
    that is no ``done`` ends its player's turn and hands them the next: in a new phase
    (``new_phase``), else straight on. Returns that move's record and the member."""
    rng = random.Random(seed)
    channel = bot.stand_in.channel
    by_id = {m.id: m for m in people}
    for _ in range(400):
        row = await row_of(bot, channel)
        assert row.status == "active", "no move ended its player's turn by itself"
        seat = row.active_seats[0]
        member = by_id[(await seat_users(bot, row.id))[seat]]
        state = GAME.load(row.state)
        move = rng.choice([m for m in GAME.legal(state, seat) if m["type"] != "done"] or
                          GAME.legal(state, seat))
        record = await member.command("play", channel, move=GAME.format(state, move))
        asked = next((m for m in record.private if any(":sure-" in c for c in m.custom_ids)),
                     None)
        if asked is not None:
            record = await member.press(asked, asked.custom_ids[0])
        again = GAME.load((await row_of(bot, channel)).state)
        if move["type"] != "done" and GAME.active(again) == [seat] and \
                GAME.turn_key(again) != GAME.turn_key(state) and \
                (GAME.phase(again) != GAME.phase(state)) == new_phase:
            return record, member
    raise AssertionError("no move ended its player's turn by itself")


async def test_fertig_after_the_new_phases_prompt_is_played(tmp_path, monkeypatch):
    """It was refused ("Noch nicht fertig: … Schick done noch einmal"), though the channel
    had just prompted the player for the new phase: three times in one reviewed game."""
    async with running_bot(tmp_path, monkeypatch, seed=11) as bot:
        channel = bot.stand_in.channel
        people = [Member(bot, "Anna", locale="de"), Member(bot, "Bert", locale="de")]
        await people[0].command("game new", channel, game="rhein", language="de")
        await people[1].command("game join", channel)
        await people[0].command("game start", channel, order="joined")
        record, member = await until_a_turn_ends_by_itself(bot, people, 5, new_phase=True)
        assert any(f"<@{member.id}>: du bist dran" in m.text for m in record.visible_posts)
        row = await row_of(bot, channel)
        assert any(m["type"] == "done" for m in GAME.legal(GAME.load(row.state),
                                                            row.active_seats[0]))
        done = await member.command("play", channel, move="fertig")
        assert not any("Noch nicht fertig" in m.text for m in done.private)
        assert (await row_of(bot, channel)).version > row.version


async def test_a_stop_that_ends_by_itself_is_one_private_reply(tmp_path, monkeypatch):
    """The move, that the stop ended by itself, and the next stop with its buttons: one
    message. The note came as a second one, listing the moves again, and read "Mit diesem
    Spielzug bist du in Phase 4 (Fahren und entladen), das weiße Flugzeug hält in London von
    selbst fertig"."""
    async with running_bot(tmp_path, monkeypatch, seed=4) as bot:
        channel = bot.stand_in.channel
        people = [Member(bot, name, locale="de") for name in ("Anna", "Bert", "Cora")]
        await people[0].command("game new", channel, game="rhein", language="de")
        for member in people[1:]:
            await member.command("game join", channel)
        await people[0].command("game start", channel, order="joined")
        record, member = await until_a_turn_ends_by_itself(bot, people, 4, new_phase=False)
        [told] = record.private
        lines = told.text.split("\n")
        assert len(lines) == 3, lines
        ended, note = lines[1].split(": ", 1)
        assert ended.startswith("Phase 4 (Fahren und entladen), das ") and " hält in " in ended
        assert note == "Mit diesem Spielzug bist du dort von selbst fertig, denn es bleibt " \
            "dir nichts mehr zu tun."
        assert lines[2].startswith("Du bist weiter am Zug (") and told.custom_ids
