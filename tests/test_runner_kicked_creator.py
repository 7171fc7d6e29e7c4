"""A creator kicked from a lobby they sat in alone does not host it, as one who left it would:
the table is no longer theirs, and it closes as a lobby with no human and no host always did,
freeing the channel. The admin who kicked does not take it over: they removed a player, and
a table kept open in their name would hold the channel for a game nobody asked for."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import row_of

from bot.replies import Audience
from tests.service_pebbles import ctx

CH = 500
CLOSED = "No human player is left at the table, so it closes. " \
    "The channel is free for a new game (/game new)."


async def test_a_creator_kicked_while_alone_loses_the_table(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, mod = Member(bot, "Anna"), Member(bot, "Mod", manage=True)
        await anna.command("game new", game="rhein")
        await anna.command("game add-bot", level="easy")
        kicked = await mod.command("game kick", player=anna.id)
        assert kicked.errors == []
        [post] = kicked.visible_posts
        assert post.text == f"**Anna** was removed from the table.\n{CLOSED}"
        assert "runs" not in post.text and "stays open" not in post.text
        assert await bot.client.store.live_game(fake.channel) is None
        latest = await row_of(bot, fake.channel)
        assert latest.status == "abandoned" and not latest.hosted

        # Anna runs nothing here any more; the channel is free for anyone
        start = await anna.command("game start")
        assert not start.visible_posts
        assert start.private[0].text == "The game in this channel was abandoned; /game new " \
            "starts another."
        opened = await mod.command("game new", game="rhein")
        assert opened.visible_posts and opened.errors == []


async def test_a_host_who_sat_again_and_is_kicked_hosts_no_more(svc):
    await svc.new(ctx(1), "pebbles")
    await svc.add_bot(ctx(1))
    await svc.leave(ctx(1))  # hosting
    await svc.join(ctx(1))  # sits again: the row still says hosted
    assert (await svc.store.live_game(CH)).hosted
    kicked = await svc.kick(ctx(9, manage=True), 1)
    assert kicked[0].text == f"**U1** was removed from the table.\n{CLOSED}"
    assert await svc.store.live_game(CH) is None
    assert not (await svc.store.latest_game(CH)).hosted


async def test_a_creator_who_removes_themselves_is_leaving_and_hosts(svc):
    await svc.new(ctx(1), "pebbles")
    await svc.add_bot(ctx(1))
    removed = await svc.kick(ctx(1), 1)  # as /game leave
    assert removed[0].audience is Audience.CHANNEL
    assert "**U1** still runs the table without a seat" in removed[0].text
    row = await svc.store.live_game(CH)
    assert row is not None and row.status == "lobby" and row.hosted


async def test_a_creator_kicked_from_others_hands_the_table_on_as_before(svc):
    await svc.new(ctx(1), "pebbles")
    await svc.join(ctx(2))
    kicked = await svc.kick(ctx(9, manage=True), 1)
    assert "**U2** now runs the table and starts it with /game start" in kicked[0].text
    row = await svc.store.live_game(CH)
    assert row.status == "lobby" and not row.hosted
    await svc.add_bot(ctx(2))
    assert (await svc.start(ctx(2)))[0].audience is Audience.CHANNEL


async def test_a_kicked_creator_who_joins_again_is_a_guest(svc):
    """The table passed to the next player seated for good: a creator kicked from others who
    joined again took it back (who runs a table is its creator while seated), and with it
    the power to start it or kick the one the admin had left in charge."""
    await svc.new(ctx(1), "pebbles")
    await svc.join(ctx(2))
    await svc.kick(ctx(9, manage=True), 1)
    assert (await svc.store.live_game(CH)).creator_id == 2
    await svc.join(ctx(1))
    refused = await svc.kick(ctx(1), 2)
    assert refused[0].audience is Audience.EPHEMERAL
    assert refused[0].text.startswith("Only **U2**, who runs this table")
    assert (await svc.start(ctx(2), order="joined"))[0].audience is Audience.CHANNEL


async def test_a_creator_back_at_the_table_they_left_is_said_to_run_it_again(svc):
    """A creator who left others seated and joins again runs the table again: the join
    post said only that they joined, and the one who ran it meanwhile learnt it from a
    refusal."""
    await svc.new(ctx(1), "pebbles")
    await svc.join(ctx(2))
    await svc.leave(ctx(1))
    back = await svc.join(ctx(1))
    assert back[0].text.endswith("\n**U1** now runs the table and starts it with /game start.")
    joined = await svc.join(ctx(3))  # the runner stays: nothing more said
    assert "runs the table" not in joined[0].text
