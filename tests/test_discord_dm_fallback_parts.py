"""A private reply of several messages sent by DM, whose DMs Discord stops taking partway,
goes on as followups with only the messages that did not arrive: the whole reply went as
followups, so its first message reached the player twice (the other way round, followups
cut off and going on by DM, already sent only the rest: test_discord_private_parts)."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.server import DiscordError

from bot.replies import Audience, Reply

LONG = "\n".join(f"rule {i} " + "x" * 60 for i in range(60))  # three messages


async def test_a_dm_cut_off_partway_goes_on_as_followups_without_repeating(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")

        async def rules_by_dm(ctx, game, topic):
            return [Reply(LONG, Audience.DM, user_id=ctx.user_id)]
        monkeypatch.setattr(bot.client.adapter.service, "rules", rules_by_dm)
        original, taken = fake._channel_message, []

        async def first_dm_only(request, channel):
            if int(channel) == fake.dm_channels.get(anna.id):
                if taken:
                    raise DiscordError(403, 50007, "Cannot send messages to this user")
                taken.append(channel)
            return await original(request, channel)
        fake._channel_message = first_dm_only

        record = await anna.command("rules")

        dms = [m.text for m in fake.dms(anna.id) if "rule " in m.text]
        followups = [m.text for m in record.private if not m.deleted and "rule " in m.text]
        assert len(dms) == 1 and len(followups) == 2, (dms, followups)
        assert "\n".join(dms + followups) == LONG
