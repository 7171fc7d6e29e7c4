"""A player of the finished game who asks for its rematch once it is open, with a free seat
and none of theirs, is seated there: "/game rematch" only answered "This game already has a
rematch: <#…>", and Cara, who had left the lobby and changed her mind, had to find the
thread and /game join there. Seated, or with no seat for them, it still points there."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import row_of


async def _rematch_cara_left(bot, locale: str):
    """Anna, Bert and Cara finish a Rhein game (the store records it over); Anna opens the
    rematch and Cara leaves its lobby. The three, and the rematch's thread."""
    fake = bot.stand_in
    people = [Member(bot, name, locale=locale) for name in ("Anna", "Bert", "Cara")]
    anna, bert, cara = people
    await anna.command("game new", game="rhein", language=locale[:2])
    for member in (bert, cara):
        await member.command("game join")
    await anna.command("game start", order="joined")
    row = await row_of(bot, fake.channel)
    await bot.client.store.set_status(row.id, row.version, "finished", 0.0)
    await anna.command("game rematch")
    thread = await bot.client.store.rematch(row.id)
    assert thread is not None
    left = await cara.command("game leave", thread)
    assert left.errors == []
    return people, thread


async def _seated(bot, thread: int) -> list[int | None]:
    new = await row_of(bot, thread)
    return [s.user_id for s in await bot.client.store.seats(new.id)]


async def test_a_player_who_left_the_rematch_lobby_asks_again_and_is_seated(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        (anna, bert, cara), thread = await _rematch_cara_left(bot, "en-US")
        assert cara.id not in await _seated(bot, thread)
        posts = len(bot.stand_in.posts(thread))

        asked = await cara.command("game rematch")
        assert asked.errors == []
        assert cara.id in await _seated(bot, thread)
        [told] = [m.text for m in asked.private]
        assert told == ("This game already has a rematch, and it had a seat for you: you are "
                        f"seated there now, <#{thread}>."), told
        joined = [m.text for m in bot.stand_in.posts(thread)[posts:]]
        assert any(text.startswith("**Cara** joins") for text in joined), joined
        assert {m.channel_id for m in asked.visible_posts} == {thread}  # the lobby's news

        # seated now, she (and anyone seated) is pointed there as before
        again = await cara.command("game rematch")
        assert [m.text for m in again.private] == [
            f"This game already has a rematch: <#{thread}>. Play it there, or ask there for "
            "the next one once it is over."]


async def test_a_german_player_is_told_in_german(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        (_, _, cara), thread = await _rematch_cara_left(bot, "de")
        asked = await cara.command("game rematch")
        assert cara.id in await _seated(bot, thread)
        [told] = [m.text for m in asked.private]
        assert told.startswith("Diese Partie hat schon eine Revanche, und dort war ein Platz "
                               "für dich frei: Du sitzt jetzt dort am Tisch"), told


async def test_a_member_who_did_not_play_is_only_pointed_there(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        _, thread = await _rematch_cara_left(bot, "en-US")
        dora = Member(bot, "Dora")
        asked = await dora.command("game rematch")
        assert dora.id not in await _seated(bot, thread)
        assert not any("seated there now" in m.text for m in asked.private)
