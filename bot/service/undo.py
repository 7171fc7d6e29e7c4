"""Undo: asking, the vote of the other players, and taking the moves back."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.i18n import names_said, t
from bot.replies import UNDO_AGREE, UNDO_REFUSE, UNDO_VOTE, Audience, Button, Reply
from bot.service.base import (
    Ctx,
    HiddenBefore,
    Refusal,
    ServiceBase,
    Table,
    _guarded,
    _private,
    _public,
    log,
)
from bot.service.moves import _folded
from bot.service.repair import replay_log
from bot.store import ActionRow, SeatRow, StaleVersion

# Refused undos a game remembers at most, in the store (the oldest forgotten first: a
# forgotten one allows one more ask). Each seat's undo is of its own last move, so a game
# has one live refusal per seat at most; the older ones are of moves played past.
REFUSALS_KEPT = 16


class Undo(ServiceBase):
    @_guarded
    async def undo(self, ctx: Ctx) -> list[Reply]:
        table, notices = await self._table(ctx, ("active",))
        seat = self._seat_or_refuse(table, ctx)
        actions = await self.store.actions(table.row.id)
        mine = [i for i, a in enumerate(actions) if a.seat == seat.seat]
        if not mine:
            raise Refusal("svc.undo.none")
        await self._refuse_while_voting(table)
        # a request the game moved past whose post was not yet told so is told before the
        # new vote's first cast clears its rows
        notices += await self._undo_lapsed(table)
        first = mine[-1]
        later = actions[first:]
        state = table.state
        assert state is not None
        humans_after = {a.seat for a in later[1:] if not table.by_seat(a.seat).is_ai}
        voters = self._voters(table, seat)
        seen = table.game.reveals(state) != later[0].reveals_before
        free = seat.seat in table.game.active(state) and not humans_after and not seen
        if free or not voters:
            # steps of a turn told to its mover alone (their own since the channel's last
            # word): so is their undo. The channel had got "Anna takes back 1 move" and the
            # turn's prompt again for a step it never saw
            mark = await self.store.said_mark(table.row.id)
            held = free and mark is not None and later[0].id > mark and \
                all(a.seat == seat.seat for a in later)
            unsaid = held and later[0].id > (await self.store.shown_mark(table.row.id) or 0)
            # a held step a look showed: the channel never had its line, so the undo says
            # why it names a move the channel did not see
            return notices + await self._undo(table, later[0].id, len(later), seat.name,
                                              ctx if unsaid else None,
                                              key="svc.undo.done_seen" if held else
                                              "svc.undo.done")
        refused = await self.store.undo_refused_by(table.row.id, later[0].id)
        if refused is not None:
            # asked again after the table said no, each ask was a post pinging every other
            # player (eight asks, eight pings in 40 s): the table's answer stands for that
            # move, and the asker alone is told so
            raise Refusal("svc.undo.refused_before", name=refused)
        if await self.store.cast_vote(table.row.id, table.row.version, later[0].id,
                                      ctx.user_id, ctx.user_id, True, self.clock(),
                                      opens=True) is None:
            await self._refuse_while_voting(table)  # asked at the same moment as another
        mentions = " ".join(f"<@{s.user_id}>" for s in voters)
        prefix = f"rb:{table.row.id}:{table.row.version}:"
        lang = table.row.language
        # (count: German calls one voter "du", several "ihr")
        # the voters decide on the others' moves too: the request names whose they are
        others = list(dict.fromkeys(table.by_seat(a.seat).name for a in later[1:]
                                    if a.seat != seat.seat))
        asked = t("svc.undo.ask_after" if others else "svc.undo.ask", lang, name=seat.name,
                  count=len(later), others=names_said(others))
        call = t("svc.undo.call", lang, mentions=mentions, count=len(voters),
                 title=table.game.title)
        # the call to vote first, naming the game, and the asker's line (its markup) after:
        # a push shows the first hundred characters or so, and the German call came after
        # "**Anna** möchte den letzten Spielzug zurücknehmen (…)", past them
        asked = f"{call}\n{asked}"
        if seen:
            # a replay deals the same cards again: the asker would know what comes, so the
            # voters are told before they agree (a review drew card 37, undid, drew it again)
            asked += " " + t("svc.undo.ask_seen", lang)
        return notices + [_public(
            asked,
            buttons=[Button(t("svc.undo.agree", lang), prefix + UNDO_AGREE, "success"),
                     Button(t("svc.undo.refuse", lang), prefix + UNDO_REFUSE, "danger")])]

    @_guarded
    async def vote_undo(self, ctx: Ctx, agree: bool, pressed: bool = False) -> list[Reply]:
        """``pressed``: by the request's button, whose post shows the outcome to the voter;
        by /game undo-vote, the voter is told theirs too."""
        table, notices = await self._table(ctx, ("active",))
        seat = self._seat_or_refuse(table, ctx)
        votes = await self.store.votes(table.row.id, table.row.version)
        if not votes and notices:  # a rebuild just now ended it: its notices say so
            return notices + [_private(ctx, t("svc.undo.no_vote", ctx.locale), pings=())]
        if not votes:
            raise Refusal("svc.undo.no_vote")
        if not agree:
            ended = await self.store.clear_votes(table.row.id)
            if ended and ended[0]["requested_by"] != ctx.user_id:
                # (the asker withdrawing their own request is no answer of the table's: it
                # barred them from asking again)
                await self.store.note_undo_refused(table.row.id, ended[0]["target_action"],
                                                   seat.name, self.clock(), REFUSALS_KEPT)
            # the request's post, where the vote was, says the refusal; a post saying it
            # again read as a second refusal ("Anna refused the undo ..." over "Anna refuses;
            # the undo is off."), and a refused undo changes nothing to show. Said anew only
            # where no post is known to edit (the terminal)
            outcome = self._request_outcome(table, ended, "svc.undo.post_refused",
                                            voter=seat.name)
            # (a voter by command saw their "thinking…" go, and the post above change)
            told = [] if pressed or not outcome else \
                [_private(ctx, t("svc.undo.you_refused", ctx.locale))]
            return notices + (outcome or [_public(t("svc.undo.refused", table.row.language,
                                                     name=seat.name))]) + told
        requester = votes[0]["requested_by"]
        if ctx.user_id in {v["user_id"] for v in votes}:  # the asker, or a second press
            # (nothing posted: the others' Agree/Refuse buttons stay as they are)
            return notices + [_private(ctx, t("svc.undo.counted", ctx.locale))]
        # the votes as they stand with this one: another player agreeing at the same moment
        # is counted, so one of the two calls finds nobody missing
        votes = await self.store.cast_vote(table.row.id, table.row.version,
                                           votes[0]["target_action"], requester, ctx.user_id,
                                           True, self.clock()) or votes
        agreed = {v["user_id"] for v in votes}
        asker = table.seat_of(requester)
        voters = self._voters(table, asker) if asker else []
        missing = [s for s in voters if s.user_id not in agreed]
        if missing:
            return notices + [_public(t("svc.undo.agreed", table.row.language, name=seat.name,
                                        names=names_said([s.name for s in missing])))]
        actions = await self.store.actions(table.row.id)
        count = sum(1 for a in actions if a.id >= votes[0]["target_action"])
        name = asker.name if asker else t("svc.a_player", table.row.language)
        # the request's post says the outcome: a post saying it again ("Bert takes back 3
        # moves" under "Undo agreed: Bert's last move was taken back") read as a second undo
        undone = [a for a in actions if a.id >= votes[0]["target_action"]]
        outcome = self._request_outcome(table, votes, "svc.undo.post_agreed", count=count,
                                        what=_what(table, undone))
        return notices + outcome + await self._undo(table, votes[0]["target_action"], count,
                                                    name, said=not outcome)

    @_guarded
    async def press_vote(self, ctx: Ctx, custom_id: str) -> list[Reply]:
        """An undo request's Agree or Refuse button (``rb:<game>:<version>:undo-yes|no``).
        Once its vote is over (the undo was made or refused, or the game moved on) the
        press says that, and changes nothing."""
        agree = _vote_choice(custom_id)
        if agree is None:
            raise Refusal("svc.button_foreign")
        _, game_id, version, _ = custom_id.split(":")
        row = await self.store.game(int(game_id))
        if row is None or row.channel_id != ctx.channel_id:
            raise Refusal("svc.button_elsewhere")
        if row.status in ("finished", "abandoned"):
            raise Refusal(f"svc.button_over.{row.status}")
        if row.status != "active" or row.version != int(version):
            # a member whose seat was handed on was told "a move was played" where none was
            seats = await self.store.seats(row.id)
            if any(s.left_by == ctx.user_id for s in seats) and \
                    not any(s.user_id == ctx.user_id for s in seats):
                raise Refusal("svc.undo.over_seat_gone")
            raise Refusal("svc.undo.over_moved_on")
        if not await self.store.votes(row.id, row.version):
            raise Refusal("svc.undo.over_refused")
        return await self.vote_undo(ctx, agree, pressed=True)

    async def undo_vote_open(self, custom_id: str) -> bool | None:
        """For the adapter after a press: None if ``custom_id`` is no undo request's button,
        else whether that request's vote is still open (its message keeps the buttons for
        the players still to vote) or over (they go)."""
        if _vote_choice(custom_id) is None:
            return None
        _, game_id, version, _ = custom_id.split(":")
        row = await self.store.game(int(game_id))
        return row is not None and row.status == "active" and row.version == int(version) \
            and bool(await self.store.votes(row.id, row.version))

    async def undo_posted(self, custom_id: str, message_id: int) -> list[Reply]:
        """For the adapter once an undo request is posted: ``message_id`` is the post whose
        Agree button is ``custom_id``. Kept with the request's votes, so that whoever ends
        the vote, in any process, shows the outcome there (:meth:`_request_outcome`). A
        vote over before this came (answered at once) gets its post said over now."""
        if _vote_choice(custom_id) is None:
            return []
        _, game_id, version, _ = custom_id.split(":")
        if await self.store.set_vote_post(int(game_id), int(version), message_id):
            return []
        row = await self.store.game(int(game_id))
        lang = row.language if row is not None else "en"
        return [Reply(t("svc.undo.post_over", lang), Audience.CHANNEL, edits=message_id)]

    async def _undo_lapsed(self, table: Table, why: str = "move") -> list[Reply]:
        """An undo request the game moved past (``why``: a move was made, a seat changed
        hands, the game was abandoned; each bumps the version its votes counted at) says
        so in its post, which loses its buttons. Asked after every change: nothing to do
        costs one read."""
        ended = await self.store.clear_votes(table.row.id, before_version=table.row.version)
        return self._request_outcome(table, ended, f"svc.undo.post_lapsed_{why}")

    def _request_outcome(self, table: Table, votes: list[dict[str, Any]], key: str,
                         **values: Any) -> list[Reply]:
        """The new text of the post of the undo request whose ``votes`` just ended: the
        outcome (``key``, in the table's language) in place of the call to vote, without
        buttons; nothing where no post is known (asked before posts were kept, or in the
        terminal)."""
        post = next((v["post_id"] for v in votes if v.get("post_id")), None)
        if post is None:
            return []
        lang = table.row.language
        asker = table.seat_of(votes[0]["requested_by"])
        name = asker.name if asker is not None else t("svc.a_player", lang)
        return [Reply(t(key, lang, name=name, **values), Audience.CHANNEL, edits=post)]

    async def _refuse_while_voting(self, table: Table) -> None:
        """One undo request at a time: a second would post and ping everyone again, and
        the first one's buttons would still look open."""
        votes = await self.store.votes(table.row.id, table.row.version)
        if not votes:
            return
        asker = table.seat_of(votes[0]["requested_by"])
        voted = {v["user_id"] for v in votes}
        missing = [s.name for s in self._voters(table, asker) if s.user_id not in voted] \
            if asker else []
        raise Refusal("svc.undo.pending", name=asker.name if asker else "?",
                      names=names_said(missing))

    def _voters(self, table: Table, asker: SeatRow) -> list[SeatRow]:
        """Every other human player; AI seats never object."""
        return [s for s in table.seats if not s.is_ai and s.user_id != asker.user_id]

    async def _undo(self, table: Table, first_action: int, count: int, name: str,
                    told: Ctx | None = None, said: bool = True,
                    key: str = "svc.undo.done") -> list[Reply]:
        """Take back the moves from ``first_action`` on; ``told``: the mover whose steps
        only they were told, who alone is told of their undo and gets their prompt;
        ``said``: False where the request's post, edited, says it, else in the channel's
        words ``key``."""
        every = await self.store.actions(table.row.id)
        actions = [a for a in every if a.id < first_action]
        undone = [a for a in every if a.id >= first_action]
        phase_before = table.phase_now()
        await self._fetch_origin(table)
        state = await asyncio.to_thread(self._replay, table, actions)
        await self.store.undo_from(table.row.id, table.row.version, first_action,
                                   self._snapshot(table, state), self.clock())
        table.state = state
        table.row = await self._row(table.row.id)
        await self._card_undone(table, first_action, actions)
        if told is not None:
            seat = table.seat_of(told.user_id)
            assert seat is not None and seat.seat is not None
            return [_private(told, t("svc.undo.done_own", told.locale, count=count,
                                     what=_what(table, undone, told.locale))),
                    *await self._after_change(table, mover=(seat.seat, told.user_id,
                                                            told.locale))]
        replies = [_public(t(key, table.row.language, name=name, count=count,
                             what=_what(table, undone)))] if said else []
        if table.named(table.game.phase(state)) != phase_before:
            # the board's text: one post, where the line and an empty board were two
            replies = _folded([*replies, await self._board_reply(table, state)])
        return replies + await self._after_change(table)

    @_guarded
    async def repair(self, ctx: Ctx, confirm: bool = False) -> list[Reply]:
        """A server moderator's way out of a game saved while an engine bug was live (its
        snapshot offers moves the fixed engine refuses): the move log replayed with the
        current engine, said to the moderator alone: how many moves, and whether the result
        differs from the saved game; with ``confirm``, the game switched to the replay.
        Asked, never automatic: whether a saved game is stuck is seen only by trying every
        move, and a replay may deal other cards than the players saw, which the moderator
        weighs with the table. A move that does not replay changes nothing."""
        table, notices = await self._table(ctx, ("active",))
        if not ctx.can_manage:
            raise Refusal("svc.repair.who")
        assert table.state is not None
        actions = await self.store.actions(table.row.id)
        await self._fetch_origin(table)
        replayed = await asyncio.to_thread(replay_log, table, actions)
        if isinstance(replayed, int):
            # (the error is not said: a move told to its mover alone may name a card)
            action = actions[replayed]
            log.warning("game %s: move %s (action %s) does not replay", table.row.id,
                        replayed + 1, action.id)
            raise Refusal("svc.repair.fails", number=replayed + 1,
                          name=table.by_seat(action.seat).name, count=len(actions))
        game = table.game
        if game.dump(replayed) == game.dump(table.state):
            return notices + [_private(ctx, t("svc.repair.same", ctx.locale,
                                              count=len(actions)))]
        if not confirm:
            return notices + [_private(ctx, t("svc.repair.differs", ctx.locale,
                                              count=len(actions)))]
        # a replay may deal hidden cards otherwise than the saved game: each owner is told
        hidden = HiddenBefore(self._secrets(table), None)
        try:
            await self.store.save_snapshot(table.row.id, table.row.version,
                                           self._snapshot(table, replayed), self.clock())
        except StaleVersion:  # a move came first: its state is no longer the one checked
            raise Refusal("svc.repair.stale") from None
        table.row, table.state = await self._row(table.row.id), replayed
        said = _public(t("svc.repair.done", table.row.language, name=ctx.user_name,
                         count=len(actions)))
        return notices + [said, await self._board_reply(table, replayed),
                          *await self._undo_lapsed(table, "rebuilt"),
                          *await self._after_change(table, hidden=hidden)]


def _vote_choice(custom_id: str) -> bool | None:
    """Agree (True) or refuse (False) for an undo request's button id; None for others."""
    parts = custom_id.split(":")
    if len(parts) != 4 or parts[0] != "rb" or not parts[1].isdigit() or \
            not parts[2].isdigit():
        return None
    return UNDO_VOTE.get(parts[3])


def _what(table: Table, undone: list[ActionRow], locale: object = None) -> str:
    """The moves an undo takes back, as the channel said them (the newest last), so that a
    player reads which were taken back: after a one-tap "run and pay out", "your last step"
    did not say whether the run or only its dividend went. Three at most, the latest."""
    said = [(table.said_apart(a.lines, locale)[0] or f"`{a.notation}`").rstrip(".")
            for a in undone]
    shown = said[-3:]
    return "; ".join((["…"] if len(said) > len(shown) else []) + shown) + "."
