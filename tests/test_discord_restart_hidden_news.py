"""The bot dies after storing a Trödler start (the deal) and before its posts: after the
restart each player gets their own "Only you see" news by DM, with their cards and never the
other's, and the channel none. The news of the deal was lost with the posts (crash review).
Through the stand-in, on both backends."""

from __future__ import annotations

import asyncio

from discord_standin import Member, running_bot
from discord_standin.driver import HANDLER_TASKS
from discord_standin.table import row_of

from bot.service.base import _private_part, _secret_lines


def use_backend(monkeypatch, target: str) -> None:
    if target.startswith("postgresql://"):
        monkeypatch.setenv("DATABASE_URL", target)
    else:
        monkeypatch.delenv("DATABASE_URL", raising=False)


async def hands(bot) -> dict[int, list[str]]:
    """user id -> the cards in their hand, as /game hand names them."""
    service = bot.client.adapter.service
    table, _ = await service._load(await row_of(bot, bot.stand_in.channel))
    game, state = table.game, table.state
    held = {}
    for seat in [s for s in table.seats if s.seat is not None]:
        lines = _secret_lines(_private_part(game.view(state, seat.seat), game.view(state, None)))
        held[seat.user_id] = [card for line in lines if line.startswith("Hand: ")
                              for card in line.removeprefix("Hand: ").split("; ")]
    return held


async def test_the_deal_of_a_start_lost_at_a_crash_reaches_each_player_alone(
        tmp_path, monkeypatch, store_target) -> None:
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await anna.command("game new", fake.channel, game="troedler")
        await bert.command("game join", fake.channel)

        async def hang(*args, **kwargs):
            await asyncio.Event().wait()
        monkeypatch.setattr(bot.client.delivery, "deliver", hang)
        await fake.interact(2, anna.id, fake.channel,
                            anna._command_data("game start", {"order": "joined"}))
        for _ in range(2000):
            if (await row_of(bot, fake.channel)).status == "active":
                break
            await asyncio.sleep(0.005)
        assert (await row_of(bot, fake.channel)).status == "active"
        for task in asyncio.all_tasks():  # the kill
            if task.get_name().startswith(HANDLER_TASKS):
                task.cancel()
        await asyncio.sleep(0.05)
        assert not any("Only you see" in m.text for m in fake.dms(anna.id) + fake.dms(bert.id))
    monkeypatch.undo()
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:  # the same database
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await bot.client.catch_up_task
        held = await hands(bot)
        assert held[anna.id] and held[bert.id]
        for member, other in ((anna, bert), (bert, anna)):
            news = "\n".join(m.text for m in fake.dms(member.id) if "Only you see" in m.text)
            assert news, f"{member.name} was not told their hand"
            for card in held[member.id]:
                assert card in news, (card, news)
            for card in set(held[other.id]) - set(held[member.id]):
                assert card not in news, (card, news)
        said = "\n".join(m.text for m in fake.posts())
        assert "What you missed" in said or "latest change" in said, said
        for card in held[anna.id] + held[bert.id]:
            assert f"Hand: {card}" not in said and card not in said, card
