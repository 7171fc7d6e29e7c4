"""A seat handed to a member on its turn is one push: its DM, and the post names them
without a ping. With their DMs closed that DM never came, the post pinged nobody and their
turn counted as told: nothing reached them until the next reminder, 12 hours later. The
post's mention is their notice then, and it alone (no reminder mention straight after).
(From the code review's test_review_takeover_closed_dms.py.)"""

from __future__ import annotations

import asyncio

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users, to_move
from test_discord_lock_screen import annas_turn_with_emil_by
from test_discord_standin_deal import hand_lines
from test_discord_standin_failures import reminders_done


async def test_a_seat_taken_over_with_closed_dms_is_pinged_once(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert, emil = await annas_turn_with_emil_by(bot)
        seen = {m.id for m in fake.messages.values()}
        fake.closed_dms.add(emil.id)
        bert.manage = True
        await bert.command("game kick", player=str(anna.id), replacement=str(emil.id))
        for _ in range(3):  # a reminder mention would follow the kick at once
            await reminders_done(bot)
            await asyncio.sleep(0.05)
        assert await to_move(bot, [emil, bert]) is emil
        pushes = [m for m in fake.notices(emil.id) if m.id not in seen]
        assert len(pushes) == 1, [m.content for m in pushes]
        [post] = pushes
        assert post.via != "dm" and "is replaced by" in post.content, post.content
        assert anna.id not in post.pinged  # (the one who lost the seat: her own DM says it)
        [turn] = [r for r in await bot.client.store.reminders()
                  if r.user_id == emil.id and r.kind == "turn"]
        assert turn.sent == 1  # the mention was the turn's first notice: the next in hours


async def test_a_moderator_seating_themselves_with_closed_dms_gets_the_hand_in_the_answer(
        tmp_path, monkeypatch) -> None:
    """A moderator who hands an AI seat to themselves has their DMs closed: the seat's hand
    comes in their own answer (only they see it), as before the seat's DM was sent apart."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert, emil = Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Emil")
        await open_table(bot, "rheinlaender", [anna, bert], bots=1, language="en")
        await reminders_done(bot)
        fake.closed_dms.add(emil.id)
        emil.manage = True
        asked = await emil.command("game kick", seat="Bot 1", replacement=str(emil.id))
        assert (await seat_users(bot, (await row_of(bot, fake.channel)).id)).get(2) == emil.id
        hands = await hand_lines(bot, "en")
        said = "\n".join(m.embed_text or m.text for m in asked.private)
        assert hands[emil.id] in said, said
        assert not any(hands[emil.id] in m.text or hands[emil.id] in m.embed_text
                       for m in fake.posts())
