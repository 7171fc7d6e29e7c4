"""Log lines an admin can act on: an error says which server, channel, game, user and
command it was (ids only), and each command leaves one DEBUG line of the same ids. Before,
"service operation failed", "channel post forbidden ... not posted" and "a private reply was
lost" named none of them, and a whole DEBUG session had a single line. No line may carry
what a move said: a move can be hidden information."""

from __future__ import annotations

import logging

from discord_standin import Member, running_bot
from discord_standin.server import GUILD_ID
from discord_standin.table import open_table, row_of, to_move

HIDDEN_WORDS = "xyzzy-secret-card"


def ids_of(bot, member, game_id: int, command: str) -> str:
    return (f"guild {GUILD_ID} channel {bot.stand_in.channel} game {game_id} "
            f"user {member.id} {command}")


async def test_a_failed_operation_says_where_it_failed(tmp_path, monkeypatch, caplog):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = [Member(bot, "Anna"), Member(bot, "Bert")]
        await open_table(bot, "rhein", people, bots=1)
        row = await row_of(bot, bot.stand_in.channel)
        service = bot.client.adapter.service

        async def broken(ctx):
            raise RuntimeError("the store went away")

        monkeypatch.setattr(service, "status", broken)
        caplog.clear()
        with caplog.at_level(logging.DEBUG, logger="bot"):
            await people[1].command("game status")
        [failed] = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert failed.getMessage() == \
            f"service operation failed ({ids_of(bot, people[1], row.id, '/game status')})"
        assert failed.exc_info is not None  # the traceback is kept for the bug report


async def test_each_command_leaves_one_debug_line_of_ids(tmp_path, monkeypatch, caplog):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = [Member(bot, "Anna"), Member(bot, "Bert")]
        await open_table(bot, "troedler", people, bots=0)
        mover = await to_move(bot, people)
        caplog.clear()
        with caplog.at_level(logging.DEBUG, logger="bot"):
            await mover.command("play", move=HIDDEN_WORDS)
            await mover.command("game hand")
        lines = [r.getMessage() for r in caplog.records
                 if r.getMessage().startswith("interaction ")]
        assert lines == [f"interaction guild {GUILD_ID} channel {bot.stand_in.channel} "
                         f"user {mover.id} /play",
                         f"interaction guild {GUILD_ID} channel {bot.stand_in.channel} "
                         f"user {mover.id} /game hand"], lines
        assert all(HIDDEN_WORDS not in r.getMessage() for r in caplog.records)


async def test_a_lost_private_reply_says_whose_and_where(tmp_path, monkeypatch, caplog):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        people = [Member(bot, "Anna"), Member(bot, "Bert")]
        await open_table(bot, "troedler", people, bots=0)
        player = await to_move(bot, people)
        fake.closed_dms.add(player.id)
        fake.inject("POST", r"webhooks/", 429, times=10, retry_after=0.01)  # no followup
        fake.inject("PATCH", r"webhooks/", 429, times=10, retry_after=0.01)  # nor the placeholder's edit
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="bot"):
            await player.command("game hand")
        fake.injections.clear()
        lost = [r.getMessage() for r in caplog.records
                if r.getMessage().startswith("a private reply was lost")]
        assert lost and lost[0].startswith(
            f"a private reply was lost (guild {GUILD_ID} channel {fake.channel} user "
            f"{player.id} /game hand): "), lost


async def test_a_forbidden_post_of_an_expired_interaction_says_where(tmp_path, monkeypatch,
                                                                    caplog):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        people = [Member(bot, "Anna"), Member(bot, "Bert")]
        await open_table(bot, "rhein", people, bots=1)
        row = await row_of(bot, fake.channel)
        fake.inject("POST", rf"channels/{fake.channel}/messages$", 403, code=50013,
                    message="Missing Permissions", times=50)
        fake.inject("POST", r"webhooks/", 401, code=50027, message="Invalid Webhook Token",
                    times=50)
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="bot"):
            await people[0].command("game board")
        fake.injections.clear()
        forbidden = [r.getMessage() for r in caplog.records
                     if r.getMessage().startswith("channel post forbidden")]
        assert forbidden, [r.getMessage() for r in caplog.records]
        assert forbidden[0] == (
            "channel post forbidden and the interaction expired: not posted "
            f"(guild {GUILD_ID} channel {fake.channel} user {people[0].id} /game board)"), \
            (forbidden, row.id)
