"""Shared helpers for the issue-10 tests (stats, rematch, watch, pace, i18n) on Pebbles."""

from __future__ import annotations

from bot.service import Ctx
from tests.service_pebbles import GAME, ctx


async def state_of(service, channel: int = 500):
    row = await service.store.live_game(channel) or await service.store.latest_game(channel)
    return (GAME.load(row.state) if row.state else None), row


async def seated_game(service, players: int = 2, channel: int = 500, **new_kwargs):
    await service.new(ctx(1, channel), "pebbles", **new_kwargs)
    for user in range(2, players + 1):
        await service.join(ctx(user, channel))
    return await service.start(ctx(1, channel), order="joined")


async def user_of(service, row, seat: int) -> int:
    return next(s.user_id for s in await service.store.seats(row.id) if s.seat == seat)


async def play_out(service, channel: int = 500, pick=lambda moves: moves[-1]) -> list:
    """Humans play ``pick(legal moves)`` until the game is over; every reply returned."""
    replies = []
    for _ in range(500):
        state, row = await state_of(service, channel)
        if row.status == "finished":
            return replies
        seat = GAME.active(state)[0]
        user = await user_of(service, row, seat)
        move = GAME.format(state, pick(GAME.legal(state, seat)))
        replies += await service.play(ctx(user, channel), move)
    raise AssertionError("game did not end")


def lctx(user: int, locale: str = "en", channel: int = 500, guild_locale: str | None = None,
         manage: bool = False) -> Ctx:
    return Ctx(guild_id=1, channel_id=channel, user_id=user, user_name=f"U{user}",
               can_manage=manage, locale=locale, guild_locale=guild_locale)
