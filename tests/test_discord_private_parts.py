"""A private reply of several messages whose followups Discord stops taking partway goes on
by DM with only the messages that did not arrive: the whole reply went by DM, so its first
message reached the player twice. (Here the interaction's token runs out after the first:
discord.py answers at once, where a 503 costs its own retries, about 16 s; both go the
same way.)"""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.server import DiscordError

from bot.replies import Audience, Reply

LONG = "\n".join(f"rule {i} " + "x" * 60 for i in range(60))  # three messages


async def test_a_private_reply_cut_off_partway_goes_on_by_dm_without_repeating(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")

        async def long_rules(ctx, game, topic):
            return [Reply(LONG, Audience.EPHEMERAL)]
        monkeypatch.setattr(bot.client.adapter.service, "rules", long_rules)
        original, calls = fake._followup, []

        async def first_only(request, app, token):
            calls.append(token)
            if len(calls) > 1:
                raise DiscordError(401, 50027, "Invalid Webhook Token")
            return await original(request, app, token)
        fake._followup = first_only

        record = await anna.command("rules")

        followups = [m.text for m in record.private if not m.deleted]
        dms = [m.text for m in fake.dms(anna.id)]
        assert len(followups) == 1 and len(dms) == 2
        assert "\n".join(followups + dms) == LONG
