"""The issue-10 options through the Discord adapter: /game new pace: and language:, the
server's locale as the default language, /remind digest, /stats and /game watch."""

from __future__ import annotations

import discord
from test_discord_fakes import FakeChannel, make_adapter, make_interaction

from bot.service import Ctx
from tests.issue10_helpers import state_of
from tests.service_pebbles import GAMES


def interaction(user=1, locale=discord.Locale.british_english, guild_locale=None):
    found = make_interaction(user_id=user, name=f"U{user}", channel=FakeChannel(500))
    found.locale = locale
    found.guild_locale = guild_locale
    return found


async def test_new_with_pace_and_language(svc):
    _, commands, _ = make_adapter(svc, games=GAMES, ctx_type=Ctx)
    call = interaction()
    await commands["game new"].callback(call, game="pebbles", pace="48h", language="de")
    _, row = await state_of(svc)
    assert row.pace_hours == 48.0 and row.language == "de"
    assert "Zugzeit: 48 Std. pro Zug" in call.channel.posts[0].text


async def test_the_servers_locale_is_the_default_for_a_language_we_lack(svc):
    _, commands, _ = make_adapter(svc, games=GAMES, ctx_type=Ctx)
    call = interaction(locale=discord.Locale.french, guild_locale=discord.Locale.german)
    await commands["game new"].callback(call, game="pebbles")
    _, row = await state_of(svc)
    assert row.language == "de" and row.pace_hours is None


async def test_the_creators_language_comes_before_the_servers(svc):
    """Discord gives each server that is not a Community server the locale en-US."""
    _, commands, _ = make_adapter(svc, games=GAMES, ctx_type=Ctx)
    call = interaction(locale=discord.Locale.german, guild_locale=discord.Locale.american_english)
    await commands["game new"].callback(call, game="pebbles")
    _, row = await state_of(svc)
    assert row.language == "de"


async def test_digest_stats_and_watch_commands_reach_the_service(svc):
    _, commands, _ = make_adapter(svc, games=GAMES, ctx_type=Ctx)
    call = interaction(locale=discord.Locale.german)
    await commands["remind digest"].callback(call, mode="on")
    assert (await svc.store.settings(1)).digest
    assert "Tägliche Übersicht an" in call.followup.posts[0].text
    stats = interaction(locale=discord.Locale.german)
    await commands["stats"].callback(stats, player=None)
    assert "Noch keine beendeten Spiele" in stats.followup.posts[0].text
    await commands["game new"].callback(interaction(), game="pebbles")
    watch = interaction(user=9)
    await commands["game watch"].callback(watch)
    assert "You are watching **Pebbles**" in watch.followup.posts[0].text
    unwatch = interaction(user=9)
    await commands["game unwatch"].callback(unwatch)
    assert "no longer watch" in unwatch.followup.posts[0].text
