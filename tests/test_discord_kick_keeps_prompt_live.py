"""A moderator kicks a player who is not to move (found by a seeded chaos run through the
stand-in, in all four games): the kick moved the version the standing prompt's buttons
carry, no new prompt came, and the player to move pressing theirs was told "The game moved
on: nothing was played. The newest prompt … has your moves now", with no newer prompt.
The kick's notice now carries the prompt's buttons, pinging nobody again, and the old
prompt's go."""

from __future__ import annotations

from discord_standin import running_bot
from discord_standin.driver import Member
from discord_standin.table import BUTTON, open_table, row_of, seat_users


async def test_the_player_to_move_can_still_press_after_a_kick_of_someone_else(
        tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        people = [Member(bot, n) for n in ("Anna", "Bert", "Cara")]
        mona = Member(bot, "Mona", manage=True)
        await open_table(bot, "rhein", people)
        row = await row_of(bot, fake.channel)
        users = await seat_users(bot, row.id)
        mover = next(p for p in people if p.id == users[row.active_seats[0]])
        victim = next(p for p in people if p is not mover)
        kicked = await mona.command("game kick", fake.channel, player=victim.id)
        assert kicked.errors == []
        after = await row_of(bot, fake.channel)
        [notice] = [m for m in kicked.visible_posts if victim.name in m.text]
        # the notice carries the turn's buttons, and pings nobody (the turn was pinged)
        assert any(c.startswith(f"{BUTTON}{after.id}:{after.version}:") for c in notice.custom_ids)
        assert f"<@{mover.id}>" in notice.content and mover.id not in notice.pinged
        prompts = [m for m in fake.posts() if f"<@{mover.id}>" in m.content
                   and any(c.startswith(BUTTON) for c in m.custom_ids)]
        assert prompts[-1].id == notice.id  # the older prompt lost its buttons
        cid = next(c for c in notice.custom_ids
                   if c.startswith(BUTTON) and c.split(":")[3].isdigit())
        press = await mover.press(notice, cid)
        assert press.errors == []
        assert (await row_of(bot, fake.channel)).version > after.version, \
            " / ".join(m.text for m in press.private)
