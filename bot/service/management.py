"""What a channel manager may do to a table: abandon it, kick or replace a player; and who
runs a table once its runner is gone."""

from __future__ import annotations

from bot.i18n import colour_name, t
from bot.replies import Audience, Reply
from bot.service.base import (
    Ctx,
    Refusal,
    ServiceBase,
    Table,
    _clip,
    _guarded,
    _private_part,
    _public,
    _secret_lines,
    hosts_after,
    next_bot_name,
    runner_id,
)
from bot.store import SeatRow


class Management(ServiceBase):
    @_guarded
    async def abandon(self, ctx: Ctx) -> list[Reply]:
        table, notices = await self._table(ctx)
        self._refuse_unless_runner(ctx, table, "svc.abandon_who")
        await self.store.set_status(table.row.id, table.row.version, "abandoned", self.clock())
        table.row = await self._row(table.row.id)
        await self._tell_reminders(table)
        return notices + [_public(t("svc.abandoned", table.row.language, name=ctx.user_name,
                                    title=table.game.title))] + \
            await self._undo_lapsed(table, "abandoned")

    @_guarded
    async def kick(self, ctx: Ctx, target_user_id: int, replacement_user_id: int | None = None,
                   replacement_name: str | None = None) -> list[Reply]:
        table, notices = await self._table(ctx)
        self._refuse_unless_runner(ctx, table, "svc.kick_who")
        target = table.seat_of(target_user_id)
        if target is None:
            raise Refusal("svc.kick_no_seat")
        if table.row.status == "lobby":  # removing oneself is leaving: a host may stay
            return notices + await self._lobby_seat_gone(
                table, target, t("svc.removed", table.row.language, name=target.name),
                kicked=target_user_id != ctx.user_id)
        if replacement_user_id is not None and table.seat_of(replacement_user_id):
            raise Refusal("svc.replacement_seated")
        assert target.seat is not None
        lang = table.row.language
        colour = colour_name(target.colour, lang)
        if replacement_user_id is None:
            said = t("svc.replaced", lang, name=target.name, colour=colour,
                     bot=next_bot_name(table))
        else:  # the mention, in the post's text, notifies the member now seated
            said = t("svc.replaced_by_member", lang, name=target.name, colour=colour,
                     who=replacement_name or t("svc.a_player", lang),
                     user=replacement_user_id)
        told = await self._told_lines(table, target.seat)
        return notices + await self._seat_handed_on(table, target, [*told, said],
                                                    replacement_user_id, replacement_name)

    async def _seat_handed_on(self, table: Table, seat: SeatRow, lines: list[str],
                              user_id: int | None, name: str | None) -> list[Reply]:
        """A running game's ``seat`` taken over by ``user_id`` (None: an AI): the post
        (``lines``, then who runs the table now if ``seat``'s player ran it), what follows
        the change, and a DM to a member now seated with what the seat holds privately."""
        assert seat.seat is not None
        ran_it = runner_id(table) == seat.user_id
        post = _public("\n".join(lines))
        replies = [post, *await self._replace(table, seat.seat, user_id, name,
                                              hosts_after(table, seat))]
        if ran_it and table.row.status == "active":
            post.text = "\n".join([post.text, self._runner_note(table)])
        if user_id is not None and table.row.status == "active":
            replies.append(await self._seat_dm(table, seat, user_id))
        return replies

    async def _lobby_seat_gone(self, table: Table, seat: SeatRow, said: str,
                               kicked: bool = False) -> list[Reply]:
        """A lobby seat left or removed (``kicked``: by someone else): the post (``said``),
        saying who runs the table now if that changed. A lobby its last human leaves closes,
        freeing the channel (nobody could start it, and /game new was refused there), unless
        its creator hosts it (:func:`hosts_after`): a host's lobby stays open while guests
        come and go. A kicked creator hands the table to the next human seated; one kicked
        while alone hosts nothing, so their lobby closes: the admin removed a player, and a table kept open in the admin's name would hold the
        channel for a game nobody asked for (they, or anyone, open one with /game new)."""
        ran_it = runner_id(table) == seat.user_id
        hosted = hosts_after(table, seat, kicked)
        # a kicked creator's table is no longer theirs: were it, joining again would hand
        # it back to the one just removed
        heir = next((s.user_id for s in table.seats if not s.is_ai and s.user_id is not None
                     and s.joined != seat.joined), None) \
            if kicked and seat.user_id == table.row.creator_id else None
        version = await self.store.remove_seat(table.row.id, table.row.version, seat.joined,
                                               self.clock(), hosted, heir)
        table.row = await self._row(table.row.id)
        table.seats = await self.store.seats(table.row.id)
        lang = table.row.language
        humans = [s for s in table.seats if not s.is_ai and s.user_id is not None]
        if not humans and not table.row.hosted:
            await self.store.set_status(table.row.id, version, "abandoned", self.clock())
            table.row = await self._row(table.row.id)
            await self._tell_reminders(table)
            return [_public("\n".join([said, t("svc.lobby_closed", lang)]))]
        if hosted:  # the creator gave up their seat to host the table
            return [_public("\n".join([said, t("svc.hosts", lang, name=seat.name)]))]
        if not humans:  # the host has no seat to name: a mention that does not ping them
            note = t("svc.still_hosted", lang, user=table.row.creator_id)
            return [_public("\n".join([said, note]), pings=())]
        if ran_it:
            said = "\n".join([said, self._runner_note(table)])
        return [_public(said)]

    def _runner_note(self, table: Table) -> str:
        """Who runs the table now that the one who ran it is gone, in its language."""
        lang = table.row.language
        now = next((s for s in table.seats if s.user_id == runner_id(table)
                    and not s.is_ai and s.user_id is not None), None)
        if now is None:
            return t("svc.nobody_runs", lang)
        key = "svc.runs_now_lobby" if table.row.status == "lobby" else "svc.runs_now"
        return t(key, lang, name=now.name)

    async def _seat_dm(self, table: Table, seat: SeatRow, user_id: int) -> Reply:
        """What a member a replacement seated is told alone, in their language: where they
        now play, and what the seat holds privately (its hand, as /game hand and a new
        round's DM show it). Without it they saw their cards only at the next deal."""
        assert table.state is not None and seat.seat is not None
        lang = (await self._languages_of(table)).get(user_id, table.row.language)
        game = table.game
        secret = _private_part(game.view(table.state, seat.seat), game.view(table.state, None))
        lines = [t("svc.replaced_dm", lang, title=game.title, channel=table.row.channel_id,
                   name=seat.name, colour=colour_name(seat.colour, lang)),
                 *_secret_lines(secret, lang)]
        return Reply(_clip("\n".join(lines)), Audience.DM, user_id=user_id)

    async def _replace(self, table: Table, seat: int, user_id: int | None,
                       name: str | None, hosted: bool | None = None) -> list[Reply]:
        """``hosted``: the creator's hosting, changed with the seat (:func:`hosts_after`)."""
        is_ai = user_id is None
        label = name or (next_bot_name(table) if is_ai else "Player")
        # an undo request open now lapses: the store drops its votes with the seat change
        voting = await self.store.votes(table.row.id, table.row.version)
        await self.store.replace_seat(table.row.id, table.row.version, seat, user_id=user_id,
                                      name=label, is_ai=is_ai,
                                      ai_level="easy" if is_ai else None, now=self.clock(),
                                      hosted=hosted)
        table.row = await self._row(table.row.id)
        # (named by the seats before the change: the asker may be the one who left)
        lapsed = self._request_outcome(table, voting, "svc.undo.post_lapsed_seat")
        table.seats = await self.store.seats(table.row.id)
        return lapsed + await self._after_change(table)
