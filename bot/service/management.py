"""What a channel manager may do to a table: abandon it, kick or replace a player; and who
runs a table once its runner is gone."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import LANGUAGES, colour_name, names_said, t
from bot.replies import Audience, Reply
from bot.service.ai_seats import STAND_IN_LEVEL
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
    runner_label,
)
from bot.store import SeatRow, StaleVersion
from engine.core import clip_word
from render.player_names import plain_name


class Management(ServiceBase):
    @_guarded
    async def abandon(self, ctx: Ctx) -> list[Reply]:
        table, notices = await self._table(ctx)
        self._refuse_unless_runner(ctx, table, "svc.abandon_who")
        await self.store.set_status(table.row.id, table.row.version, "abandoned", self.clock())
        table.row = await self._row(table.row.id)
        await self._tell_reminders(table, abandoned_by=(ctx.user_id, plain_name(ctx.user_name)))
        return notices + [_public(t("svc.abandoned", table.row.language, name=ctx.user_name,
                                    title=table.game.title))] + \
            await self._undo_lapsed(table, "abandoned")

    @_guarded
    async def kick(self, ctx: Ctx, target_user_id: int | None,
                   replacement_user_id: int | None = None,
                   replacement_name: str | None = None, seat: str | None = None) -> list[Reply]:
        """``target_user_id``: the member to remove; ``seat``: a seat named as the table
        shows it (its player's or AI's name, or its colour), the way to an AI seat, which
        has no member to name. A member named who holds no seat now but whose seat an AI
        took over names that AI seat: "/game kick player:Carla replacement:Carla" gives
        Carla her seat back."""
        table, notices = await self._table(ctx)
        self._refuse_unless_runner(ctx, table, "svc.kick_who")
        target = await self._kick_target(table, target_user_id, seat, ctx.locale)
        try:
            return notices + await self._kicked(ctx, table, target, replacement_user_id,
                                                replacement_name)
        except StaleVersion:  # a move or another change came first: the seat is as it was
            raise Refusal("svc.stale_kick", name=target.name) from None

    async def over_game_here(self, channel_id: int) -> int | None:
        """The game of ``channel_id`` if it is over (finished or abandoned) and no new one
        has opened there: the adapter takes the buttons off its last prompts."""
        row = await self.store.latest_game(channel_id)
        return row.id if row is not None and row.status in ("finished", "abandoned") \
            else None

    async def _kicked(self, ctx: Ctx, table: Table, target: SeatRow,
                      replacement_user_id: int | None, replacement_name: str | None
                      ) -> list[Reply]:
        """:meth:`kick` once its ``target`` is known."""
        if table.row.status == "lobby":  # removing oneself is leaving: a host may stay
            return await self._lobby_seat_gone(
                table, target, t("svc.removed", table.row.language, name=target.name),
                kicked=target.user_id != ctx.user_id)
        if target.is_ai and replacement_user_id is None:
            raise Refusal("svc.kick_ai_needs_member", name=target.name)
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
        # (one who removes themselves is told nothing: they did it)
        return await self._seat_handed_on(
            table, target, [*told, said], replacement_user_id, replacement_name,
            by=ctx.user_name if target.user_id != ctx.user_id else None,
            asker=ctx.user_id)

    async def _kick_target(self, table: Table, user_id: int | None, named: str | None,
                           locale: str = "en") -> SeatRow:
        """The seat a kick names (:meth:`kick`), or the refusal saying what went wrong
        (its seats named in the asker's ``locale``, as their refusal is)."""
        by_name = self._named_seat(table, named, locale) if named and named.strip() \
            else None
        if named and named.strip() and by_name is None:
            raise Refusal("svc.kick_no_such_seat", seat=repr(clip_word(named.strip())),
                          seats=", ".join(self._seat_label(s, locale)
                                          for s in self._kickable(table)))
        if user_id is None:
            if by_name is None:
                raise Refusal("svc.kick_whom")
            return by_name
        target = table.seat_of(user_id)
        if target is None and table.row.status == "active":
            played = await self._played_seat(table.row.id, user_id)
            held = next((s for s in table.seats if s.seat == played), None) \
                if played is not None else None
            target = held if held is not None and held.is_ai else None
        if target is None:
            raise Refusal("svc.kick_no_seat")
        if by_name is not None and by_name.joined != target.joined:
            raise Refusal("svc.kick_two_seats", player=target.name, seat=by_name.name)
        return target

    @staticmethod
    def _kickable(table: Table) -> list[SeatRow]:
        """The seats a kick may name: a running game's seats, a lobby's every seat."""
        return [s for s in table.seats if s.seat is not None or table.row.status == "lobby"]

    @staticmethod
    def _seat_label(seat: SeatRow, locale: str) -> str:
        return f"{seat.name} ({colour_name(seat.colour, locale)})"

    def _named_seat(self, table: Table, text: str, locale: str = "en") -> SeatRow | None:
        """The seat ``text`` names: as the seat list shows it ("Bot 1 (blue)"), by its
        player's or AI's name, or by its colour (key, or name), in any language: the list
        and its autocomplete speak the reader's, who may not be the table's. A word that
        is one seat's player's name and another seat's colour is refused, naming both: a
        member nicknamed "Blue" playing green was removed by seat:blue meant for Bert's
        blue seat, and taking the colour instead would fail a host who meant "Blue". A kick
        removes a player, so it asks rather than guesses; the list's "Bert (blue)" is sure.
        Names compare as Discord shows them: stored escaped ("Mr\\_Bean"), the name typed
        as the posts show it ("Mr_Bean") named no seat."""
        typed = _said(text)
        seats = self._kickable(table)
        labelled = _seats_called(seats, typed, [
            lambda s, lang=lang: self._seat_label(s, lang) for lang in LANGUAGES])
        if len(labelled) == 1:
            return labelled[0]
        by_name = _seats_called(seats, typed, [lambda s: s.name])
        by_colour = _seats_called(seats, typed, [lambda s: s.colour] + [
            lambda s, lang=lang: colour_name(s.colour, lang) for lang in LANGUAGES])
        either = list({s.joined: s for s in by_name + by_colour}.values())
        if by_name and by_colour and len(either) > 1:
            labels = [self._seat_label(s, locale) for s in either]
            raise Refusal("svc.kick_name_or_colour", seat=repr(clip_word(text.strip())),
                          seats=names_said(labels), example=labels[-1])
        return next((found[0] for found in (by_name, by_colour) if len(found) == 1), None)

    async def seat_choices(self, ctx: Ctx, typed: str = "") -> list[tuple[str, str]]:
        """Autocomplete of ``/game kick seat:``: the table's seats ("Bot 1 (blue) · AI"),
        AI seats first (the seats a member can be given without removing anyone)."""
        try:
            table, _ = await self._table(ctx, tell=False)
        except Refusal:
            return []
        needle = _said(typed)
        seats = sorted(self._kickable(table), key=lambda s: not s.is_ai)
        lang = ctx.locale  # the asker reads the choices
        # as Discord shows the name: a choice is plain text, where "Mr\_Bean" kept its "\"
        labels = [(s, plain_name(self._seat_label(s, lang))) for s in seats]
        return [(label + (t("svc.status.ai", lang) if s.is_ai else ""), label)
                for s, label in labels if needle in _said(label)]

    async def _seat_handed_on(self, table: Table, seat: SeatRow, lines: list[str],
                              user_id: int | None, name: str | None,
                              by: str | None = None, asker: int | None = None
                              ) -> list[Reply]:
        """A running game's ``seat`` taken over by ``user_id`` (None: an AI): the post
        (``lines``, then who runs the table now if ``seat``'s player ran it), what follows
        the change, and a DM to a member now seated with what the seat holds privately.
        ``by``: who handed the seat on, when that is not its player leaving: the player is
        told by DM (:meth:`_replace`). ``asker``: who asked for the change."""
        assert seat.seat is not None
        ran_it = seat.user_id is not None and runner_id(table) == seat.user_id
        post = _public("\n".join(lines))
        stood = table.state is not None and seat.seat not in table.game.active(table.state)
        replies = [post, *await self._replace(table, seat.seat, user_id, name,
                                              hosts_after(table, seat), by=by,
                                              tell=by is not None)]
        if ran_it and table.row.status == "active":
            post.text = "\n".join([post.text, self._runner_note(table)])
        if stood and table.row.status == "active":
            self._prompt_carried(table, post, user_id)
        if user_id is not None and table.row.status == "active":
            await self._tell_seated(table, seat, user_id, post, replies,
                                    awake=user_id == asker)
        return replies

    async def _tell_seated(self, table: Table, seat: SeatRow, user_id: int, post: Reply,
                           replies: list[Reply], awake: bool = False) -> None:
        """One push for the member now seated (three in the same second before: the
        post's mention, the seat's DM and a blank "Your turn"): the seat's DM, sent here so
        that its arrival is known, and then the post names them without a ping; where it
        cannot arrive (DMs closed), the post's mention. Either counts as the first notice
        of a turn the seat is on. In their /remind quiet hours the DM waits for their end,
        unless they asked for the seat themselves (``awake``): a member seated at 03:00
        their time by a runner elsewhere had their phone buzzed."""
        reminders = self.reminders
        turn = reminders is not None and await reminders.untold_turn(table.row.id, user_id)
        dm = await self._seat_dm(table, seat, user_id, turn)
        if reminders is None:  # (no delivery to ask: the DM goes with the replies)
            post.pings = ()
            replies.append(dm)
            return
        if not awake and await reminders.hold_for_morning("hand", table.row.id, user_id, {
                "text": dm.text, "heading": dm.title, "preview": dm.preview}):
            # their quiet hours: the seat's DM (its hand) waits for their end, and is then
            # the turn's notice; the post names them without a ping meanwhile
            post.pings = ()
        elif await reminders.dm_now(user_id, dm):
            post.pings = ()
        else:
            post.pings = (user_id,)
            # (with the replies as well: a member who seated themselves gets it in their
            # answer, where the delivery falls back from a closed DM to them)
            replies.append(dm)
        if turn:
            await reminders.told_elsewhere(table.row.id, user_id)

    def _prompt_carried(self, table: Table, post: Reply, user_id: int | None) -> None:
        """The turn prompt's buttons on ``post``, a seat change's notice that left whose turn
        it is as it was: the change moved the version the standing prompt's buttons carry,
        and pressed they said "the game moved on" with no newer prompt to go to. Its text
        follows the notice and pings nobody but a member now seated (named above); the
        card is not posted again ("No new moves")."""
        prompt = self._turn_prompt(table)
        if not prompt:
            return
        post.text = "\n".join([post.text, prompt[0].text])
        post.buttons, post.picker = prompt[0].buttons, prompt[0].picker
        post.pings = (user_id,) if user_id is not None else ()

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

    async def _seat_dm(self, table: Table, seat: SeatRow, user_id: int,
                       turn: bool = False) -> Reply:
        """What a member a replacement seated is told alone, in their language: where they
        now play, and what the seat holds privately (its hand, as /game hand and a new
        round's DM show it). Without it they saw their cards only at the next deal."""
        assert table.state is not None and seat.seat is not None
        lang = (await self._languages_of(table)).get(user_id, table.row.language)
        game = table.game
        secret = _private_part(game.view(table.state, seat.seat), game.view(table.state, None))
        # their own seat back, which an AI kept for them, is no stranger's ("You now play
        # **Bot 1**'s seat" read so)
        back = seat.is_ai and await self._played_seat(table.row.id, user_id) == seat.seat
        lines = [t("svc.replaced_dm_back" if back else "svc.replaced_dm", lang,
                   title=game.title, channel=table.row.channel_id, name=seat.name,
                   colour=colour_name(seat.colour, lang)),
                 *_secret_lines(secret, lang)]
        # the lock screen's line: where, and whether it is their turn; never the hand
        said = t("svc.replaced_turn", lang, task=self._task(table, lang).strip()).strip() \
            if turn else ""
        preview = t("svc.replaced_preview_back" if back else "svc.replaced_preview", lang,
                    title=game.title, channel=table.row.channel_id, name=seat.name,
                    turn=said).strip()
        return Reply(_clip("\n".join(lines)), Audience.DM, user_id=user_id,
                     title=t("svc.replaced_title_back" if back else "svc.replaced_title", lang),
                     preview=preview)

    async def _replace(self, table: Table, seat: int, user_id: int | None,
                       name: str | None, hosted: bool | None = None, by: str | None = None,
                       tell: bool = True) -> list[Reply]:
        """``hosted``: the creator's hosting, changed with the seat (:func:`hosts_after`).
        A member who loses the seat is told by DM (``tell``; not one who left it): who
        handed it on (``by``, when known), to whom, and how to come back. Without it they
        learnt of it only by finding their turns gone."""
        is_ai = user_id is None
        label = name or (next_bot_name(table) if is_ai else "Player")
        gone = next((s for s in table.seats if s.seat == seat), None)
        told = gone if tell and gone is not None and not gone.is_ai and \
            gone.user_id is not None and gone.user_id != user_id else None
        languages = await self._languages_of(table) if told is not None else {}
        # an undo request open now lapses: the store drops its votes with the seat change
        voting = await self.store.votes(table.row.id, table.row.version)
        await self.store.replace_seat(table.row.id, table.row.version, seat, user_id=user_id,
                                      name=label, is_ai=is_ai,
                                      ai_level=STAND_IN_LEVEL if is_ai else None,
                                      now=self.clock(),
                                      hosted=hosted)
        table.row = await self._row(table.row.id)
        if self.reminders is not None and gone is not None and not gone.is_ai and \
                gone.user_id is not None and gone.user_id != user_id:
            await self.reminders.seat_left(table.row.id, gone.user_id)
        # (named by the seats before the change: the asker may be the one who left)
        lapsed = self._request_outcome(table, voting, "svc.undo.post_lapsed_seat")
        table.seats = await self.store.seats(table.row.id)
        dm = [] if told is None or told.user_id is None else [self._gone_dm(
            table, told, languages.get(told.user_id, table.row.language), label, user_id, by)]
        if dm and self.reminders is not None and \
                await self.reminders.hold_unseated(table.row.id, dm[0]):
            dm = []  # in their quiet hours: sent when they end
        # the game waits on the same seats as before: their prompt stands (each kick of
        # another's seat posted the player on turn's prompt and card again, "No new moves")
        waiting = table.state is not None and seat in table.game.active(table.state)
        return lapsed + await self._after_change(table, prompt=waiting) + dm

    def _gone_dm(self, table: Table, gone: SeatRow, lang: str, label: str,
                 user_id: int | None, by: str | None) -> Reply:
        """What a member whose seat was handed on is told alone, in their language."""
        assert gone.user_id is not None
        values = {"title": table.game.title, "channel": table.row.channel_id,
                  "colour": colour_name(gone.colour, lang), "who": label, "by": by or ""}
        kind = "ai" if user_id is None else "member"
        lines = [t(f"svc.seat_gone_{kind}" + ("_by" if by else ""), lang, **values)]
        runner = runner_label(table)
        back = f"svc.seat_back_{kind}" + ("_named" if runner else "")
        lines.append(t(back, lang, bot=label, runner=runner or ""))
        # the markup and the channel in the embed: as the content, the lock screen read
        # "**Bert** handed your seat … in <#930…>"
        return Reply(_clip("\n".join(lines)), Audience.DM, user_id=gone.user_id,
                     title=t("svc.seat_gone_title", lang),
                     preview=t("svc.seat_gone_preview", lang, **values))


def _seats_called(seats: list[SeatRow], typed: str,
                  words: list[Callable[[SeatRow], str]]) -> list[SeatRow]:
    """The seats any of ``words`` calls ``typed`` (:func:`_said`), each once."""
    return [s for s in seats if any(_said(word(s)) == typed for word in words)]


def _said(text: str) -> str:
    """``text`` as a seat's name or label is compared: as Discord shows it (a name's
    markdown escapes undone), lower case, spaces single."""
    return " ".join(plain_name(text).split()).lower()
