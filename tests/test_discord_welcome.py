"""First contact: added to a server, the bot posts one short welcome in its system channel
(what it is, /game new, /rules, /game list, where an admin limits it), in the server's
language; where it may not post there, or the server has none, it says nothing and raises
nothing. /rules without a game says how to start one too."""

from __future__ import annotations

from typing import Any

from discord_standin.driver import Bot, Member, running_bot
from discord_standin.server import ALL_PERMISSIONS, StandIn

NEW_GUILD = 920000000000000001
VIEW_AND_SEND = (1 << 10) | (1 << 11)
ADMINISTRATOR = 1 << 3


def system_channel(fake: StandIn, name: str, denied: bool = False) -> int:
    """A channel of the new server; ``denied``: its overwrite keeps @everyone (the bot's only
    role there) from posting, as an admin's channel setting does."""
    channel_id = fake.add_channel(name)
    info = fake.channels.pop(channel_id)  # not one of the stand-in's own server's channels
    info["guild_id"] = str(NEW_GUILD)
    if denied:
        info["permission_overwrites"] = [{"id": str(NEW_GUILD), "type": 0, "allow": "0",
                                          "deny": str(VIEW_AND_SEND)}]
        fake.denied.add(channel_id)
    fake.channels[channel_id] = info
    return channel_id


async def joined(bot: Bot, channel: int | None, locale: str = "en-US") -> list[Any]:
    """The bot is added to a new server whose system channel is ``channel``; what it posted
    and which requests it made there."""
    fake = bot.stand_in
    await bot.client.wait_until_ready()  # before it, a GUILD_CREATE is one of its start's
    guild: dict[str, Any] = {**fake._guild(), "id": str(NEW_GUILD), "name": "New server",
                             "preferred_locale": locale,
                             "system_channel_id": None if channel is None else str(channel),
                             "channels": [] if channel is None else [fake.channels[channel]],
                             "threads": []}
    # every permission but Administrator, which would override the channel's overwrites
    guild["roles"] = [{**guild["roles"][0], "id": str(NEW_GUILD),
                       "permissions": str(ALL_PERMISSIONS & ~ADMINISTRATOR)}]
    del guild["unavailable"]  # Discord's GUILD_CREATE for a join has none: not one coming back
    await bot.handled(await fake.dispatch("GUILD_CREATE", guild))
    assert bot.client.get_guild(NEW_GUILD) is not None
    posts = [m for m in fake.messages.values() if m.channel_id == channel]
    tried = [r for r in fake.requests if channel is not None and str(channel) in r.path]
    return [posts, tried]


async def test_a_new_server_gets_one_welcome_in_its_system_channel(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch) as bot:
        channel = system_channel(bot.stand_in, "welcome")
        posts, _ = await joined(bot, channel)
        assert len(posts) == 1
        text = posts[0].text
        assert text.startswith("**Rheinbot** is here: play-by-post games of Rhein")
        for needed in ("`/game new`", "`/rules`", "`/game list`",
                       "Server Settings → Integrations → Rheinbot", "Manage Channels",
                       "Manage Threads", "`/game abandon`"):
            assert needed in text, needed
        assert len(text) <= 1000  # short: read on a phone at a glance


async def test_a_german_server_is_welcomed_in_german(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch) as bot:
        channel = system_channel(bot.stand_in, "willkommen")
        posts, _ = await joined(bot, channel, locale="de")
        assert len(posts) == 1
        assert posts[0].text.startswith("**Rheinbot** ist da:")
        assert "`/spiel neu`" in posts[0].text and "`/regeln`" in posts[0].text


async def test_no_welcome_where_it_may_not_post_nor_without_a_system_channel(
        tmp_path, monkeypatch, caplog):
    async with running_bot(tmp_path, monkeypatch) as bot:
        channel = system_channel(bot.stand_in, "admins-only", denied=True)
        posts, tried = await joined(bot, channel)
        assert posts == [] and tried == []  # it did not even try
        await joined_again_without_channel(bot)
        assert not [r for r in caplog.records if r.levelname in ("WARNING", "ERROR")
                    and "welcome" in r.getMessage()]


async def joined_again_without_channel(bot: Bot) -> None:
    fake = bot.stand_in
    await bot.handled(await fake.dispatch("GUILD_DELETE", {"id": str(NEW_GUILD)}))
    before = len(fake.messages)
    await joined(bot, None)
    assert len(fake.messages) == before


async def test_rules_without_a_game_says_how_to_start_one(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch) as bot:
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert", locale="de")
        said = (await anna.command("rules")).private[0].text
        assert "/game new" in said and "/game list" in said, said
        gesagt = (await bert.command("rules")).private[0].text
        assert "/spiel neu" in gesagt and "/spiel liste" in gesagt, gesagt
