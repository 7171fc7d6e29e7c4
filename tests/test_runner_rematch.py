"""A rematch opened by an admin who did not play in the finished game is hosted by them, as a
creator who gave up their seat hosts a table: they run it without a seat (the players asking
to start it are told to ask them) until they take a seat. A rematch a player opened is
theirs, seated, as before."""

from __future__ import annotations

import re

from discord_standin import Member, running_bot
from discord_standin.table import row_of

from tests.issue10_helpers import lctx, play_out, seated_game
from tests.service_pebbles import ctx

THREAD = 9001
ADMIN = 77


async def admins_rematch(service, lang: str = "en") -> list:
    """U1 and U2 play a game out; U77, who has Manage Channels and did not play, opens its
    rematch in ``THREAD``. The replies of the rematch."""
    await seated_game(service, 2, **({"lang": lang} if lang != "en" else {}))
    await play_out(service)
    plan, refusal = await service.prepare_rematch(lctx(ADMIN, lang, manage=True))
    assert refusal == []
    return await service.rematch(lctx(ADMIN, lang, THREAD, manage=True), plan)


async def test_an_admins_rematch_is_theirs_to_run_without_a_seat(svc_seeded):
    svc = svc_seeded
    opened = (await admins_rematch(svc))[0]
    assert opened.text.endswith("\n**U77** runs the table without a seat.")
    row = await svc.store.live_game(THREAD)
    assert row.creator_id == ADMIN and row.hosted
    refused = await svc.start(ctx(1, THREAD))
    assert refused[0].text == f"Only <@{ADMIN}>, who runs this table, or someone with " \
        "Manage Channels can start the game."
    left = await svc.leave(ctx(2, THREAD))  # a player leaving hands nothing on
    assert "**U2** now runs" not in left[0].text
    await svc.join(ctx(2, THREAD))
    # a plain member: the admin runs it as its host, not by Manage Channels
    assert (await svc.start(ctx(ADMIN, THREAD), order="joined"))[0].text.startswith(
        "**Pebbles** begins")


async def test_an_admin_who_takes_a_seat_runs_the_rematch_seated(svc_seeded):
    svc = svc_seeded
    await admins_rematch(svc)
    await svc.join(ctx(ADMIN, THREAD))
    refused = await svc.start(ctx(1, THREAD))
    assert refused[0].text.startswith(f"Only **U{ADMIN}**, who runs this table")
    left = await svc.leave(ctx(ADMIN, THREAD))  # players seated: no hosting, handed on
    assert "**U1** now runs the table and starts it with /game start" in left[0].text
    assert not (await svc.store.live_game(THREAD)).hosted


async def test_a_players_rematch_is_not_hosted(svc_seeded):
    svc = svc_seeded
    await seated_game(svc, 2)
    await play_out(svc)
    plan, _ = await svc.prepare_rematch(ctx(2, manage=True))  # an admin who played
    opened = (await svc.rematch(ctx(2, THREAD, manage=True), plan))[0]
    assert "without a seat" not in opened.text
    row = await svc.store.live_game(THREAD)
    assert row.creator_id == 2 and not row.hosted


async def test_the_host_of_a_rematch_is_named_in_the_tables_language(svc_seeded):
    opened = (await admins_rematch(svc_seeded, "de"))[0]
    assert opened.text.endswith("\n**U77** führt den Tisch, ohne selbst mitzuspielen.")


async def test_through_discord_the_players_are_told_to_ask_the_admin(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        mod = Member(bot, "Mod", manage=True)
        await anna.command("game new", game="rhein")
        await bert.command("game join")
        await anna.command("game start", order="joined")
        # a whole game of Rhein is long: the store records it over, as its last move would
        row = await row_of(bot, fake.channel)
        await bot.client.store.set_status(row.id, row.version, "finished", 0.0)

        asked = await mod.command("game rematch")
        assert asked.errors == []
        link = next(m.text for m in asked.visible_posts if "Rematch opened" in m.text)
        thread = int(re.search(r"<#(\d+)>", link).group(1))
        opened = next(m for m in fake.posts(thread) if "opened a rematch" in m.text)
        assert opened.text.endswith("\n**Mod** runs the table without a seat.")

        refused = await anna.command("game start", thread)
        assert not refused.visible_posts
        assert refused.private[0].text == f"Only <@{mod.id}>, who runs this table, or " \
            "someone with Manage Channels can start the game."
        assert not refused.private[0].pinged
        started = await mod.command("game start", thread, order="joined")
        assert any("begins" in m.text for m in started.visible_posts)


async def test_the_host_of_a_game_may_ask_for_its_rematch_and_hosts_it(svc_seeded):
    """A host ran the finished game without a seat (``rheinbot demo``, a table set up for
    others) and has no Manage Channels: their rematch was refused as an outsider's."""
    svc = svc_seeded
    await svc.new(ctx(ADMIN), "pebbles")
    left = await svc.leave(ctx(ADMIN))
    assert f"**U{ADMIN}** still runs the table without a seat" in left[0].text
    for user in (1, 2):
        await svc.join(ctx(user))
    await svc.start(ctx(ADMIN), order="joined")
    await play_out(svc)
    plan, refusal = await svc.prepare_rematch(ctx(ADMIN))
    assert refusal == [] and plan is not None
    opened = (await svc.rematch(ctx(ADMIN, THREAD), plan))[0]
    assert opened.text.endswith(f"\n**U{ADMIN}** runs the table without a seat.")
    assert (await svc.store.live_game(THREAD)).hosted
    _, outsider = await svc.prepare_rematch(ctx(3))  # who neither played nor ran it
    assert outsider[0].text.startswith("Only the players of the last game, whoever ran it")
