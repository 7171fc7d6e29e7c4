"""A table's move clock running out: the choices the other players get."""

from __future__ import annotations

from bot.i18n import t
from bot.replies import SKIP_BUTTON, Button, Reply
from bot.service.base import Ctx, Refusal, ServiceBase, Table, _public
from bot.service.reminders import in_quiet_hours, pinged_in_channel
from engine.core import Action, Game, State
from engine.text import say


class Clocks(ServiceBase):
    async def clock_expired(self, game_id: int, user_id: int, again: int = 0,
                            tell: bool = True, notice: str | None = None) -> list[Reply]:
        """The channel post when ``user_id``'s move clock ran out: buttons for the others to
        let an AI play the turn, skip it (only if the rules offer a pass) or replace them.
        It mentions the stalled player and the other human players, who decide. ``again``:
        the number of the daily repeat while the seat stays stalled (0: the first notice),
        without buttons: the first notice's stay the one place to decide, so a choice made
        there leaves no second set of buttons that look open; the repeat links to it
        (``notice``, its message link, where known). The repeat names everyone but pings
        fewer: the deciders on the notice's day and every third day after (days 1, 4, 7: a
        stalled table needs them, but a ping a day for a week teaches a channel to mute),
        the stalled player only where the channel is their notice (:func:`pinged_in_channel`),
        as their reminder DMs tell them already. A snapshot that no longer
        loads is rebuilt, and the post opens with the rebuild's notice, as a command's
        answer does (:meth:`_load`); ``tell=False`` for a caller that only asks what the
        post would offer and posts nothing (the last call's DM), for which the game is
        replayed alone, the rebuild left to the post."""
        row = await self.store.game(game_id)
        if row is None or row.status != "active":
            return []
        table, notices = await self._load(row, tell)
        seat = table.seat_of(user_id)
        if seat is None or seat.seat is None or table.state is None or \
                seat.seat not in table.game.active(table.state):
            return notices
        lang = row.language
        deciders = [s.user_id for s in table.seats
                    if not s.is_ai and s.user_id is not None and s.seat is not None
                    and s.user_id != user_id]
        # a decider in their quiet hours is named but not pinged (a channel mention buzzes
        # the phone at 02:00): a DM at their end says it, if it is still open then
        awake = [user for user in deciders
                 if not in_quiet_hours(await self.store.settings(user), self.clock())]
        others = " ".join(f"<@{user}>" for user in deciders)
        # (count: German addresses one decider as "du", several as "ihr")
        values = {"mention": f"<@{user_id}>", "title": table.game.title, "others": others,
                  "hours": f"{row.pace_hours or 0:g}", "count": len(others.split())}
        if again:
            where = t("clock.notice_link", lang, link=notice) if notice else \
                t("clock.notice_above", lang)
            # (again 3, 6: days 4 and 7, the notice being day 1)
            pings = list(awake) if again % 3 == 0 else []
            if again % 3 == 0 and tell:
                await self._hold_choice(table, user_id, deciders, awake)
            if pinged_in_channel(await self.store.settings(user_id)):
                pings.append(user_id)
            text = t("clock.expired_again" if others else "clock.expired_again_none", lang,
                     where=where, **values)
            return notices + [_public(text, pings=tuple(pings))]
        prefix = f"rb:{row.id}:{row.version}:clock-"
        buttons = [Button(t("clock.button_ai", lang), f"{prefix}ai-{seat.seat}", "primary")]
        if _pass_action(table.game, table.state, seat.seat) is not None:
            buttons.append(Button(t("clock.button_skip", lang),
                                  f"rb:{row.id}:{row.version}:{SKIP_BUTTON}{seat.seat}"))
        buttons.append(Button(t("clock.button_replace", lang), f"{prefix}replace-{seat.seat}",
                              "danger"))
        text = t("clock.expired_to" if others else "clock.expired", lang, **values)
        # the stalled player, named, is pinged only where the channel is their notice: their
        # reminder DMs told them already (the repeat's rule)
        pings = [*awake, *([user_id] if pinged_in_channel(
            await self.store.settings(user_id)) else [])]
        if tell:
            await self._hold_choice(table, user_id, deciders, awake)
        return notices + [_public(text, buttons=buttons, pings=tuple(pings))]

    async def _hold_choice(self, table: Table, user_id: int, deciders: list[int],
                           awake: list[int]) -> None:
        """The run-out's news for each decider in their quiet hours, held for their end
        (:meth:`Reminders.hold_for_morning`): in their language, naming the stalled seat."""
        asleep = [user for user in deciders if user not in awake]
        if self.reminders is None or not asleep:
            return
        languages = await self._languages_of(table)
        stalled = table.seat_of(user_id)
        for user in asleep:
            lang = languages.get(user, table.row.language)
            await self.reminders.hold_for_morning("decide", table.row.id, user, {
                "stalled": user_id, "language": lang,
                "name": stalled.name if stalled is not None else "",
                "title": say(table.game.title, lang),
                "hours": f"{table.row.pace_hours or 0:g}"})

    async def _clock_decision(self, ctx: Ctx, table: Table, choice: str, seat: int
                              ) -> list[Reply]:
        lang = table.row.language
        state = table.state
        assert state is not None
        target = next((s for s in table.seats if s.seat == seat), None)
        if target is None or target.is_ai or target.user_id is None or \
                seat not in table.game.active(state) or \
                not await self._clock_ran_out(table.row.id, target.user_id):
            raise Refusal("clock.not_expired")
        me = table.seat_of(ctx.user_id)
        if ctx.user_id == target.user_id or not (me or ctx.can_manage):
            raise Refusal("clock.not_other")
        told = [] if choice == "skip" else await self._told_lines(table, seat)  # (a skip
        # ends the turn as a move of the seat's own, which says its run)
        said = _public("\n".join([*told, t(f"clock.chose_{choice}", lang, name=ctx.user_name,
                                            target=target.name)]))
        if choice == "replace":
            # the player who loses the seat learns who pressed the button
            return [said] + await self._replace(table, seat, None, None, by=ctx.user_name)
        if choice == "skip":
            action = _pass_action(table.game, state, seat)
            if action is None:
                raise Refusal("clock.no_pass")
            return [said] + await self._play_action(table, seat, None, action)
        return [said] + await self._ai_turn(table, seat)

    async def _clock_ran_out(self, game_id: int, user_id: int) -> bool:
        rows = await self.store.reminders(game_id, user_id=user_id)
        return any(r.kind == "clock" and (r.payload.get("expired") or
                                          float(r.payload.get("deadline", 0)) <= self.clock())
                   for r in rows)


def _pass_action(game: Game, state: State, seat: int) -> Action | None:
    """The seat's legal pass, if the rules offer one right now."""
    for action in game.legal(state, seat):
        if action.get("type") == "pass" or game.format(state, action).split()[:1] == ["pass"]:
            return action
    return None
