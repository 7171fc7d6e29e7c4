"""A rematch in a new thread with the same players."""

from __future__ import annotations

import dataclasses

from bot.i18n import colour_name, say, t
from bot.replies import Reply
from bot.service.base import (
    Ctx,
    Refusal,
    RematchPlan,
    ServiceBase,
    _guarded,
    _private,
    _public,
    _variants_text,
)
from bot.store import ChannelBusy, GameRow, RematchExists
from engine.core import Game, RuleError


class Rematch(ServiceBase):
    async def prepare_rematch(self, ctx: Ctx) -> tuple[RematchPlan | None, list[Reply]]:
        """Check a rematch may be opened here; the plan, or (None, the refusal)."""
        try:
            if ctx.guild_id is None:
                raise Refusal("svc.no_dm")
            row = await self.store.latest_game(ctx.channel_id)
            if row is None or row.status != "finished":
                raise Refusal("rematch.not_finished")
            seats = await self.store.seats(row.id)
            # its host ran the game without a seat (``rheinbot demo``, a table of AI seats
            # set up for others): the rematch is theirs to ask for as much as a player's
            host = row.hosted and row.creator_id == ctx.user_id
            if not (ctx.can_manage or host or any(s.user_id == ctx.user_id for s in seats)
                    or await self._played_seat(row.id, ctx.user_id) is not None):
                raise Refusal("rematch.not_player")
            game = self._game(row.game_key)
            await self._refuse_a_second(row)
        except Refusal as error:
            return None, [_private(ctx, error.say(ctx.locale))]
        number = 1
        source = row
        while source.rematch_of is not None and number < 50:
            number += 1
            older = await self.store.game(source.rematch_of)
            if older is None:
                break
            source = older
        name = t("rematch.thread", row.language, title=game.title, number=number)
        return RematchPlan(row.id, row.channel_id, name[:100]), []

    async def seat_in_rematch(self, ctx: Ctx) -> tuple[int, list[Reply]] | None:
        """A player of this channel's finished game asks for the rematch it already has,
        whose lobby holds no seat of theirs: a free seat there (or the one an AI took over
        from them) is theirs, as ``/game join`` in its thread gives it. The rematch's
        channel and the replies (the public ones belong there), or None: nothing to seat,
        and :meth:`prepare_rematch` points to the rematch. The pointer alone sent a player
        who had left the lobby, or came late, to find the thread and join there."""
        if ctx.guild_id is None:
            return None
        row = await self.store.latest_game(ctx.channel_id)
        if row is None or row.status != "finished":
            return None
        channel = await self.store.rematch(row.id)
        lobby = await self.store.live_game(channel) if channel is not None else None
        if lobby is None or lobby.status != "lobby" or lobby.rematch_of != row.id:
            return None
        played = any(s.user_id == ctx.user_id and not s.is_ai
                     for s in await self.store.seats(row.id))
        if not played and await self._played_seat(row.id, ctx.user_id) is None:
            return None
        if any(s.user_id == ctx.user_id for s in await self.store.seats(lobby.id)):
            return None
        there = dataclasses.replace(ctx, channel_id=lobby.channel_id)
        replies = await self.join(there)  # Lobby's: the service is one object
        if not any(reply.is_public for reply in replies):  # full: no seat, only the pointer
            return None
        told = _private(ctx, t("rematch.seated", ctx.locale, channel=lobby.channel_id))
        return lobby.channel_id, [told, *replies]

    @_guarded
    async def rematch(self, ctx: Ctx, plan: RematchPlan) -> list[Reply]:
        """Open the rematch table in ``ctx.channel_id`` (the new thread): the same game,
        options, pace and language, every seat of the old game seated again in its old seat
        order (AI seats too), and a new seed. The creator then starts it; one who did not
        play (an admin) hosts it without a seat, as a creator who gave up their seat does,
        until they take one."""
        old = await self.store.game(plan.source_game_id)
        if old is None or old.status != "finished":
            raise Refusal("rematch.not_finished")
        game = self._game(old.game_key)
        await self._refuse_a_second(old)  # another rematch may have opened since the plan
        now = self.clock()
        options = _current(game, old.options)
        seated = [s for s in await self.store.seats(old.id) if s.seat is not None]
        if not any(s.user_id == ctx.user_id for s in seated):
            # one who left (or was replaced) and asks for the rematch plays it: in the seat
            # they played, which an AI finished for them, not as a host of AI seats alone
            mine = await self._played_seat(old.id, ctx.user_id)
            seated = [dataclasses.replace(s, user_id=ctx.user_id, name=ctx.user_name,
                                          is_ai=False, ai_level=None)
                      if s.seat == mine and s.is_ai else s for s in seated]
        hosted = not any(s.user_id == ctx.user_id and not s.is_ai for s in seated)
        try:
            row = await self.store.create_game(
                guild_id=ctx.guild_id, channel_id=ctx.channel_id, game_key=old.game_key,
                options=options, seed=self.seed_source(), creator_id=ctx.user_id,
                min_players=old.min_players, max_players=old.max_players, now=now,
                pace_hours=old.pace_hours, language=old.language, rematch_of=old.id,
                hosted=hosted)
        except ChannelBusy:
            raise Refusal("svc.busy") from None
        except RematchExists as found:  # opened by someone else since the check above
            raise Refusal("rematch.exists", channel=found.channel_id) from None
        version = row.version
        for s in sorted(seated, key=lambda s: s.seat or 0):
            version = await self.store.add_seat(
                row.id, version, user_id=None if s.is_ai else s.user_id, name=s.name,
                colour=s.colour, is_ai=s.is_ai, ai_level=s.ai_level, now=now)
        variants = _variants_text(game, options, old.language)
        ordered = sorted(seated, key=lambda s: s.seat or 0)
        # a game whose colour goes with the seat gives colours by the new start's order
        coloured = not getattr(game, "seat_colours", ())
        lineup = ", ".join(f"{n}. **{s.name}**"
                           + (f" ({colour_name(s.colour, old.language)})" if coloured else "")
                           for n, s in enumerate(ordered, 1))
        # the channel the old game was in, not its database number ("game 1")
        opened = t("rematch.opened", old.language, name=ctx.user_name, title=game.title,
                   channel=old.channel_id, variants=variants, lineup=lineup)
        if hosted:  # the players should know whom to ask to start it
            opened = "\n".join([opened, t("rematch.hosted", old.language, name=ctx.user_name)])
        # who played a seat an AI finished: "same players" listed only the AI seats, and
        # nothing said the seats are theirs to take back (named, not pinged: they left)
        former = list(dict.fromkeys(s.left_by for s in ordered if s.is_ai and s.left_by
                                    and s.left_by != ctx.user_id))
        if former:
            opened = "\n".join([opened, t("rematch.former", old.language, count=len(former),
                                          mentions=" ".join(f"<@{u}>" for u in former))])
        replies = [_public(opened, title=say(game.title, old.language), pings=())]
        # a call of its own in the new thread, naming those seated (the one who asked
        # opened it and needs none); count: German says "du" to one, "ihr" to several
        others = dict.fromkeys(s.user_id for s in ordered if not s.is_ai
                               and s.user_id is not None and s.user_id != ctx.user_id)
        if others:
            mentions = " ".join(f"<@{user}>" for user in others)
            replies.append(_public(t("rematch.call", old.language, mentions=mentions,
                                     title=game.title, count=len(others))))
        return replies

    async def rematch_link(self, plan: RematchPlan, thread_id: int) -> Reply:
        """The post in the old game's channel leading to the rematch's thread, in that
        table's language: the channel reads it, not only the one who asked."""
        old = await self.store.game(plan.source_game_id)
        return _public(t("rematch.link", old.language if old else "en", channel=thread_id))

    async def _played_seat(self, game_id: int, user_id: int) -> int | None:
        """The seat ``user_id`` last moved for in the game, else one they held before it
        was handed on (``SeatRow.left_by``; an AI's seat first), or None: a player who left
        or was replaced holds no seat now, yet played the game (the seats say who holds
        them, the moves who made them, and one whose seat an AI took before they ever
        moved made none)."""
        moved = next((a.seat for a in reversed(await self.store.actions(game_id))
                      if a.user_id == user_id), None)
        if moved is not None:
            return moved
        held = sorted((s for s in await self.store.seats(game_id)
                       if s.left_by == user_id and s.seat is not None),
                      key=lambda s: not s.is_ai)
        return held[0].seat if held else None

    async def _refuse_a_second(self, old: GameRow) -> None:
        """Refuse a rematch of ``old`` while one it had is not abandoned, pointing to it: a
        second seated everyone again in a thread of its own, two tables for one game."""
        channel = await self.store.rematch(old.id)
        if channel is not None:
            raise Refusal("rematch.exists", channel=channel)


def _current(game: Game, options: dict) -> dict:
    """The old table's options with today's defaults for those it predates: a rematch is a
    new table, and an option added since (18Rhl's ``auto_pass``) is off where its key is
    missing, for the games stored before it. Options the game no longer knows are kept as
    they were, for setup to judge."""
    try:
        return game.normalise_options(options)
    except RuleError:
        return dict(options)
