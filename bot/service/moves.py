"""Playing a move: parsing, button presses, autocomplete, committing, and what the table
hears."""

from __future__ import annotations

import asyncio
import json
import marshal
import re
from dataclasses import replace
from typing import Any

from bot.i18n import FORM, english_move, fitted_label, t, typed_move
from bot.replies import (
    ALT_TEXT_LIMIT,
    CHOICE_LIMIT,
    FILES_LIMIT,
    HAND_BUTTON,
    MENU_CHOICES,
    PICKER_OPTIONS_LIMIT,
    PICKER_PLACEHOLDER_LIMIT,
    STEP_CHOICE,
    SURE,
    UNDO_VOTE,
    Attachment,
    Audience,
    Button,
    Picker,
    Reply,
    text_limit,
)
from bot.service.ai_seats import _by_phase
from bot.service.base import (
    EMBED_LIMIT,
    TEXT_LIMIT,
    Ctx,
    HiddenBefore,
    Pointed,
    Recent,
    Refusal,
    ServiceBase,
    Table,
    _clip,
    _expected,
    _guarded,
    _private,
    _private_part,
    _quoted,
    _secret_lines,
    log,
    spanned_title,
)
from bot.service.extras import PRIVATE_BUTTONS, extras_for
from bot.service.move_lists import LISTED, STEP_ENDS, closing_first, covers, nearest
from bot.service.pictures import Pictures, button_label, move_words
from bot.service.reminders import hand_preview
from bot.service.retyped import asked_again
from bot.service.steps import THEN
from bot.store import GameRow, Move, StaleVersion
from engine.core import Action, RuleError, State, clip_word, is_plain_number
from engine.text import LANGUAGES, Msg, say

WAITING = "wait"  # the value of the one autocomplete entry a player not to act sees


class Moves(ServiceBase):
    @_guarded
    async def play(self, ctx: Ctx, move: str, version: int | None = None) -> list[Reply]:
        table, notices = await self._table(ctx, ("active",))
        if version is not None and not _fits(table.row, version):
            return notices + [_private(ctx, t("svc.stale", ctx.locale))]
        seat = await self._mover_seat(table, ctx)
        state = table.state
        assert state is not None
        if not move.strip():  # the engine's answer was its whole notation help
            raise Refusal("svc.move_empty")
        try:
            action = self._parse(table, seat, move)
        except RuleError as error:  # a step of a step-by-step choice ("lay F11") gets a hint
            hint = extras_for(table.row.game_key).incomplete(table.game, state, seat, move)
            if hint is not None:  # a hint may name a seat: "(Bert becomes GVE's president)"
                raise Refusal(table.named(hint)) from None
            elsewhere = await self._played_elsewhere(ctx, table, move)
            if elsewhere is not None:
                raise elsewhere from None
            near = nearest([table.game.format(state, m)
                            for m in table.game.legal(state, seat)[:LISTED]],
                           english_move(table.row.game_key, move))
            topic = next((name for name in ("notation", "moves")
                          if name in table.game.topics), None)
            if not near and topic is not None:
                # as the empty move's answer, where to find the moves, and how they are typed:
                # "I could not read that move. Moves now start with: bid, pass." said neither
                raise Refusal("svc.move_unread", error=_quoted(error.text),
                              topic=table.game.topic_title(topic)) from None
            if not near:
                raise
            # in the reader's words: "Meintest du `discard-pile 1`?" taught a German player
            # the English notation
            raise Refusal("svc.did_you_mean", error=_quoted(error.text), moves=", ".join(
                f"`{typed_move(table.row.game_key, n, ctx.locale)}`" for n in near)) from None
        if action.get("type") == "done" and \
                self._closed_turns.pop(table.row.id, None) == (seat, table.row.state_version):
            # Typed before the player saw that their turn had ended by itself: ending the
            # new turn unseen is refused once, with what it is.
            return notices + [_private(ctx, self._turn_news("svc.done_stale", table, seat,
                                                            ctx.locale))]
        asked = await asked_again(self.store, self._unanswered, ctx, table, seat, action) or \
            self._asked_first(ctx, table, seat, action)
        if asked is not None:
            return notices + [asked]
        return notices + await self._play_action(table, seat, ctx.user_id, action, ctx.locale)

    async def _played_elsewhere(self, ctx: Ctx, here: Table, move: str) -> Refusal | None:
        """Where ``move``, no move of this channel's game, is one of the member's live game
        in another channel (it reads as a move of their seat there), the refusal that
        points there: Bert's Trödler move typed into the Rhein channel was answered with
        Rhein's whole notation help."""
        for row in await self.store.games_of_user(ctx.user_id, ("active",)):
            if row.channel_id == ctx.channel_id or row.id == here.row.id:
                continue
            try:
                table, _ = await self._load(row, tell=False)
            except Exception:  # a game that does not load is no pointer's business here
                log.exception("game %s did not load to check a move typed elsewhere", row.id)
                continue
            mine = table.seat_of(ctx.user_id)
            if table.state is None or mine is None or mine.seat is None:
                continue
            try:
                self._parse(table, mine.seat, move)
            except RuleError:
                continue
            return Refusal("svc.move_elsewhere", here=say(here.game.title, ctx.locale),
                           there=say(table.game.title, ctx.locale), channel=row.channel_id)
        return None

    def _asked_first(self, ctx: Ctx, table: Table, seat: int, action: Action) -> Reply | None:
        """A move that cannot be taken back is made only from the button of this question,
        so that a slip of the finger in a list does not end a player's game."""
        state = table.state
        assert state is not None
        legal = table.game.legal(state, seat)
        if action not in legal:
            # the engine refuses it with the rule's reason when it is played; a question
            # would play it on a copy as if legal ("bid 99 3": no order 99; crashed)
            return None
        warning = extras_for(table.row.game_key).confirm(table.game, state, seat, action)
        if warning is None:
            return None
        index = legal.index(action)
        # the move in the presser's words, as its prompt button reads ("Yes: Load 2 onto the
        # white Plane (cost 2)"; it read "Ja: load white-plane 2" to a German player)
        move = move_words(table, state, action, ctx.locale)
        sure = Button(button_label(t("svc.confirm_button", ctx.locale, move=move), ""),
                      f"rb:{table.row.id}:{table.row.version}:{SURE}{index}", "danger")
        # how to answer is the service's to say (the terminal asks y/n in its place)
        return _private(ctx, f"{say(warning, ctx.locale)} {t('svc.confirm_press', ctx.locale)}",
                        buttons=[sure])

    def _answered(self, ctx: Ctx, table: Table, action: Action) -> list[Reply]:
        """The question of :meth:`_asked_first` once its button made the move: it says
        what was played in place of the question and its button, in the presser's words
        (said before the move, of the position the question was about). Games share it:
        Rhein's risky payment, 18Rhl's bankruptcy."""
        if ctx.message_id is None:  # no message to change (the terminal's yes)
            return []
        assert table.state is not None
        move = move_words(table, table.state, action, ctx.locale)
        return [Reply(t("svc.confirm_played", ctx.locale, move=move), Audience.EPHEMERAL,
                      user_id=ctx.user_id, edits=ctx.message_id)]

    def _turn_news(self, key: str, table: Table, seat: int, lang: str) -> str:
        game, state = table.game, table.state
        assert state is not None
        name = getattr(game, "step_name", game.phase)
        before = self._closed_names.get(table.row.id, "")
        return t(key, lang, before=say(before, lang), now=say(name(state), lang),
                 expected=_expected(game, state, seat, lang, table))

    @_guarded
    async def press(self, ctx: Ctx, custom_id: str) -> list[Reply]:
        parts = custom_id.split(":")
        clock = _clock_choice(parts[3]) if len(parts) == 4 else None
        sure = parts[-1].startswith(SURE)
        if sure:
            parts[-1] = parts[-1].removeprefix(SURE)
        then = None  # a two-move button's second move (Extras.then_buttons)
        if len(parts) == 4 and THEN in parts[3] and not sure:
            parts[3], then = parts[3].split(THEN, 1)
        if len(parts) != 4 or parts[0] != "rb" or not _number(parts[1]) or \
                not _number(parts[2]) or not (_number(parts[3]) or parts[3] in UNDO_VOTE
                                              or parts[3] == HAND_BUTTON or clock):
            raise Refusal("svc.button_foreign")
        if parts[3] in UNDO_VOTE:  # an undo request's vote (its own version rules)
            return await self.press_vote(ctx, custom_id)
        version = int(parts[2])
        row = await self._row_here(ctx, int(parts[1]))
        if clock is not None and row.status == "active":
            # Not tied to the version: others may have moved in a simultaneous phase; what
            # counts is that this seat is still waiting and its clock has run out.
            table, notices = await self._load(row)
            return notices + await self._clock_decision(ctx, table, *clock)
        if parts[3] == HAND_BUTTON and row.status == "active":
            # Not tied to the version either: the hand and moves shown are the current ones.
            return await self.hand(ctx)
        loaded = await self._at_version(ctx, row, version)
        if isinstance(loaded, list):
            return loaded
        table, notices = loaded
        index = int(parts[3])
        seat = await self._mover_seat(table, ctx)
        assert table.state is not None
        moves = table.game.legal(table.state, seat)
        if index >= len(moves):
            return notices + [_private(ctx, t("svc.stale", ctx.locale))]
        asked = None if sure else self._asked_first(ctx, table, seat, moves[index])
        if asked is not None:
            return notices + [asked]
        answered = self._answered(ctx, table, moves[index]) if sure else []
        played = await self._play_action(table, seat, ctx.user_id, moves[index], ctx.locale)
        if then is not None:
            played = await self._then(ctx, table, seat, then, played)
        return notices + answered + played

    async def _then(self, ctx: Ctx, table: Table, seat: int, then: str,
                    played: list[Reply]) -> list[Reply]:
        """A two-move button's second move, made if ``legal()`` still has it after the
        first (18Rhl: pay out after the run); else the first's replies as they are, whose
        prompt shows what is left. Its "your turn goes on" gives way to the second's, which
        keeps the first move's line for the mover."""
        game, state = table.game, table.state
        assert state is not None
        follow = extras_for(table.row.game_key).then_move(game, state, seat, then) \
            if game.active(state) == [seat] else None
        if follow is None or follow not in game.legal(state, seat):
            return played
        bare = self._own_prompt(table, seat, ctx.user_id, ctx.locale)[0].text
        kept, line = [], ""
        for reply in played:
            if reply.audience is Audience.EPHEMERAL and reply.user_id == ctx.user_id and \
                    (reply.buttons or reply.picker is not None):
                if reply.text.endswith(bare):
                    line = reply.text.removesuffix(bare).rstrip("\n")
                continue
            kept.append(reply)
        more = await self._play_action(table, seat, ctx.user_id, follow, ctx.locale)
        return kept + (_told_first(more, ctx.user_id, line) if line else more)

    @_guarded
    async def pick(self, ctx: Ctx, custom_id: str, values: list[str]) -> list[Reply]:
        """A select menu's picked values, on the version of the game the menu was made
        for: a pick (``Extras.picker``) becomes the move it offered; a step menu's value
        (``Extras.step_menu``) is a move, or a step answered with the next menu."""
        parts = custom_id.split(":")
        if len(parts) != 4 or parts[0] != "rb" or not _number(parts[1]) or \
                not _number(parts[2]) or parts[3] not in MENU_CHOICES:
            raise Refusal("svc.button_foreign")
        row = await self._row_here(ctx, int(parts[1]))
        loaded = await self._at_version(ctx, row, int(parts[2]))
        if isinstance(loaded, list):
            return loaded
        table, notices = loaded
        seat = await self._mover_seat(table, ctx)
        if parts[3] == STEP_CHOICE:
            return notices + await self._step(ctx, table, seat, custom_id, values)
        game, state = table.game, table.state
        assert state is not None
        offered = extras_for(table.row.game_key).picker(
            game, state, seat, game.legal(state, seat), PRIVATE_BUTTONS, lang=ctx.locale)
        known = {value for _, value in offered.options} if offered else set()
        if offered is None or len(set(values)) != offered.count or not set(values) <= known:
            return notices + [_private(ctx, t("svc.stale", ctx.locale))]
        action = self._parse(table, seat, " ".join([offered.command, *values]))
        return notices + await self._play_action(table, seat, ctx.user_id, action, ctx.locale)

    async def _row_here(self, ctx: Ctx, game_id: int) -> GameRow:
        """The game a button or menu belongs to, if it is this channel's."""
        row = await self.store.game(game_id)
        if row is None or row.channel_id != ctx.channel_id:
            raise Refusal("svc.button_elsewhere")
        return row

    async def _at_version(self, ctx: Ctx, row: GameRow,
                          version: int) -> tuple[Table, list[Reply]] | list[Reply]:
        """The table and its notices if the game's state is still the one of the
        ``version`` a button or menu was made for (:func:`_fits`), else the refusal to
        answer with."""
        if row.status != "active" or not _fits(row, version):
            return [await self._stale_press(ctx, row)]
        table, notices = await self._load(row)
        if not _fits(table.row, version):  # a rebuild changed it
            return notices + [_private(ctx, t("svc.stale", ctx.locale))]
        return table, notices

    async def _step(self, ctx: Ctx, table: Table, seat: int, custom_id: str,
                    values: list[str]) -> list[Reply]:
        if len(values) != 1:
            return [_private(ctx, t("svc.stale", ctx.locale))]
        try:
            action = self._parse(table, seat, values[0])
        except RuleError:  # not a move yet: the menu goes on where the autocomplete would
            placeholder, steps = self._next_step(ctx, table, seat, values[0])
            if not steps:
                raise
            placeholder = clip_word(placeholder, PICKER_PLACEHOLDER_LIMIT)
            menu = Picker(placeholder, custom_id, 1, tuple(steps[:PICKER_OPTIONS_LIMIT]))
            # the placeholder names the step ("Pick the tile for J9"); the text says it too,
            # for a phone shows a menu's placeholder small
            files = await self._step_picture(ctx, table, seat, values[0], placeholder,
                                             [label for label, _ in menu.options])
            return [_private(ctx, f"**{placeholder}**", picker=menu, files=files)]
        asked = self._asked_first(ctx, table, seat, action)
        if asked is not None:
            return [asked]
        return await self._play_action(table, seat, ctx.user_id, action, ctx.locale)

    async def _step_picture(self, ctx: Ctx, table: Table, seat: int, value: str,
                            caption: str, labels: list[str]) -> list[Attachment]:
        """The picture a game sends with the menu after ``value`` (``Extras.step_view``;
        18Rhl: the tiles a hex takes), drawn in the caller's language; none if the game
        has none or drawing fails (the menu alone still makes the move). Its alt text is
        the menu's numbered options, which the picture draws: the board's alt text had
        told a screen reader nothing of them."""
        assert table.state is not None
        view = extras_for(table.row.game_key).step_view(table.game, table.state, seat, value,
                                                        lang=ctx.locale)
        if view is None:
            return []
        view = Pictures._picture_view(table, view, ctx.locale)
        try:
            png = await asyncio.to_thread(self.render, table.row.game_key, view)
        except Exception:
            log.exception("rendering a %s step picture failed", table.row.game_key)
            return []
        return [Attachment(f"{table.row.game_key}-{table.row.id}-step.png", png,
                           _options_said(caption, labels))]

    @staticmethod
    def _next_step(ctx: Ctx, table: Table, seat: int,
                   value: str) -> tuple[str, list[tuple[str, str]]]:
        """The menu after ``value``: the game's (``Extras.next_step``), else the
        autocomplete's choices under a plain placeholder."""
        game, state, extras = table.game, table.state, extras_for(table.row.game_key)
        assert state is not None
        found = extras.next_step(game, state, seat, value, lang=ctx.locale)
        if found is not None:
            return found
        return (t("svc.step_placeholder", ctx.locale),
                extras.choices(game, state, seat, value, lang=ctx.locale) or [])

    def _parse(self, table: Table, seat: int, text: str) -> Action:
        """The engine's parse; if that fails, again with German keywords made English. Where
        the German keyword was what the engine did not know, the second try's refusal is
        the one said: "nimm stuhl" read as no move at all, where "take stuhl" says which
        goods there are. It quotes what the player typed, not the English made of it."""
        assert table.state is not None
        try:
            return table.game.parse(table.state, seat, text)
        except RuleError:
            english = english_move(table.row.game_key, text)
            reordered = _reordered(table, seat, english) or _labelled(table, seat, text)
            if reordered is not None:
                return reordered
            if english == text:
                raise
            try:
                return table.game.parse(table.state, seat, english)
            except RuleError as translated:
                if english.split()[:1] != text.lower().split()[:1]:
                    raise _as_typed(translated, table.row.game_key, text, english) from None
            raise

    async def move_choices(self, ctx: Ctx, typed: str) -> list[tuple[str, str]]:
        """Autocomplete: the caller's legal moves matching ``typed``; fast, no rendering."""
        try:
            table, _ = await self._table(ctx, ("active",), tell=False)
            seat = await self._mover_seat(table, ctx)
        except Refusal as refused:
            return _refused_entry(refused, ctx.locale)
        except StaleVersion:
            return []
        game, state = table.game, table.state
        assert state is not None
        stepped = extras_for(table.row.game_key).choices(
            game, state, seat, english_move(table.row.game_key, typed),  # German words too
            lang=ctx.locale)
        if stepped is not None:  # a game walking big choices step by step (18Rhl lays)
            ending = {game.format(state, m) for m in game.legal(state, seat)
                      if m.get("type") in STEP_ENDS}
            return closing_first(stepped, [value in ending for _, value in stepped], 25,
                                 spread_out=False)
        needle = typed.strip().lower()
        english = english_move(table.row.game_key, needle).lower()  # German keywords too
        choices = []
        ends: list[bool] = []
        for action in extras_for(table.row.game_key).ordered(game, state,
                                                             game.legal(state, seat)):
            label = table.label(state, action, ctx.locale)
            notation = game.format(state, action)
            if len(notation) > 100:
                continue
            # the reader's typed form ("fertig", "spielen 44 links") by its first letters
            # too: a German player typing "fert" saw nothing until "fertig" was whole; and
            # spelt without umlauts ("fue" for "füttere"), where a label too long for it
            # leaves its typed form off (Trödler's)
            typed_form = typed_move(table.row.game_key, notation, ctx.locale)
            if needle in label.lower() or needle in notation.lower() or \
                    english in notation.lower() or \
                    covers(english, f"{label} {notation} {typed_form}") or \
                    typed_form != notation and covers(needle, f"{label} {typed_form}"):
                choices.append((fitted_label(label, CHOICE_LIMIT), notation))
                ends.append(action.get("type") in STEP_ENDS)
                if len(choices) == LISTED:
                    break
        return closing_first(choices, ends, 25)

    async def _play_action(self, table: Table, seat: int, user_id: int | None,
                           action: Action, locale: str | None = None) -> list[Reply]:
        """Commit a move and say it: the channel in the table's language, what goes to
        the mover alone in theirs (``locale``; a clock's timeout move has no mover)."""
        game = table.game
        assert table.state is not None
        phase_before = game.phase(table.state)
        secrets_before = self._secrets(table)
        before = table.state
        turn_key = getattr(game, "turn_key", None)
        key_before = turn_key(before) if turn_key is not None else None
        shown = self._public_previews.pop(table.row.id, None) == table.row.state_version
        try:
            lines = await self._commit(table, seat, user_id, action)
        except RuleError as refused:
            raise _move_typed(refused, table.row.game_key, game.format(before, action),
                              locale or table.row.language) from None
        state = table.state  # _commit replaced it with the new state
        said, records, later = _move_parts(table, lines)
        if user_id is not None:
            # an alert striking the mover ("Bert goes bankrupt" by Bert's own move) pings no
            # one who does not know it: a mention kept the move's post apart from its board
            records = [record.replace(f" <@{user_id}>", "") for record in records]
        extras = extras_for(table.row.game_key)
        pictures: list[Reply] = []
        # a player's run of the routes their prompt drew in the channel (18Rhl's run
        # auto) is drawn once
        if user_id is None or not (shown and extras.previewed(game, before, seat, action)):
            pictures = await self._pictures(table, extras.images_after(
                game, before, seat, action, state, lang=table.row.language))
        # the board this move's phase end calls for comes after the AI seats' answers: one
        # board of the newest state, which marks both, rather than two in a row
        phase_ended = game.phase(state) != phase_before
        board_due = game.board_round(state) != game.board_round(before)
        goes_on = not phase_ended and user_id is not None and game.active(state) == [seat]
        lang = locale or table.row.language
        alone = not board_due and not records and not pictures  # nothing else to post now
        held = goes_on and alone
        # an offer an AI seat answers at once: the AI seats' run says the two as this
        # player's one line ("GVE offers CME 114M for a 4-train; CME accepts"), as it does
        # between AI seats; apart, the answer was a post of its own between this line and
        # the prompt
        asked = alone and not phase_ended and _asks_ai(table, seat, user_id)
        if held or asked:  # the channel gets the whole run when it ends
            replies = []
            await self._mark_said_before_held(table)
        else:
            saids = await self._held_saids(table, seat) + [table.move_said(said, before, action)]
            replies = self._line_replies(_move_post(table, seat, phase_before, saids, records,
                                                    later))
        replies += pictures
        # titled once, at the end: a title spanned before this line went above the board
        # named the AI seats' first phase, not this move's ("Turn 37: Bot 1 → Turn 38: Anna"
        # above "__Turn 36: Bert__")
        after = await self._after_change(table, board_due=board_due,
                                         mover=(seat, user_id, lang) if goes_on else None,
                                         hidden=HiddenBefore(secrets_before, phase_before,
                                                             user_id), span=False)
        if later and replies and not pictures:  # headed already: a heading after it is said
            after = _unrepeated(replies[-1], after)
        elif replies and not pictures and table.result is not None and table.result in after:
            replies[-1:], after = _joined(replies[-1], after, table.said([phase_before]))
        elif replies and not pictures:
            replies[-1:], after = _headed(replies[-1], after, table.said([phase_before]))
        replies += after
        closed = self._closed_turn(table, seat, action, before, key_before, lang, goes_on)
        if closed is not None:  # between the move's line and "Your turn goes on"
            replies = _told_first(replies, user_id, closed)
        if held:  # told to the mover alone meanwhile
            mine = table.credited(seat, table.said_apart(lines, lang)[0] or
                                  table.move_said(said, before, action),
                                  table.who(seat, lang), lang)
            replies = _told_first(replies, user_id, mine)
        return _folded(_mover_unpinged(replies, user_id), table.result)

    def _closed_turn(self, table: Table, seat: int, action: Action, before: State,
                     key_before: Any, lang: str, goes_on: bool) -> str | None:
        """When a move (not ``done``) ended its player's turn by itself and their next turn
        follows straight on (``goes_on``; Rhein: nothing left aboard at a stop), the note
        saying so, for the prompt only they get, and ``play``'s stale-``done`` check is
        armed. It was a message of its own beside that prompt, a second "your turn" that
        listed the moves again. Where the phase ended or other seats moved first, the
        channel's new prompt says what comes next, and a ``done`` after it is meant for the
        new turn: it was refused, after a new round's prompt."""
        self._closed_turns.pop(table.row.id, None)
        game, state = table.game, table.state
        turn_key = getattr(game, "turn_key", None)
        if not goes_on or turn_key is None or state is None or \
                action.get("type") == "done" or turn_key(state) == key_before:
            return None
        self._closed_turns[table.row.id] = (seat, table.row.state_version)
        self._closed_names[table.row.id] = getattr(game, "step_name", game.phase)(before)
        return t("svc.step_closed", lang, before=say(self._closed_names[table.row.id], lang))

    def _secrets(self, table: Table) -> dict[int, list[tuple[str, Any]]]:
        """What each human seat sees beyond the public view (their hand, their coins...)."""
        game, state = table.game, table.state
        assert state is not None
        public = game.view(state, None)
        return {s.seat: _private_part(game.view(state, s.seat), public)
                for s in table.seats if s.seat is not None and not s.is_ai and s.user_id}

    async def _secret_news(self, table: Table, before: dict[int, list[tuple[str, Any]]],
                           phase_before: str | None, mover: int | None = None
                           ) -> tuple[list[Reply], dict[int, str]]:
        """After a phase change, a DM to each player whose hidden information changed (a new
        deal, a draw), in their own language; within a phase /game hand shows it, so
        ordinary moves send no DMs. The player whose move it was (``mover``) reads theirs
        in the reply to that move, not in a DM: a Rheinländer player got one after every
        knight, the card drawn, and a turn DM on top. (:meth:`_after_change` hands the DM of
        a player the change makes to act to their turn DM.) Beside the replies: each DM's
        text as a turn DM carries it, whose first line has named the phase already."""
        assert table.state is not None
        phase = table.game.phase(table.state)
        if phase == phase_before or table.game.result(table.state) is not None:
            return [], {}
        replies = []
        carried: dict[int, str] = {}
        languages: dict[int, str] | None = None
        for seat, secret in self._secrets(table).items():
            if secret and secret != before.get(seat):
                user = table.by_seat(seat).user_id
                languages = languages or await self._languages_of(table)
                lang = languages.get(user, table.row.language) if user is not None \
                    else table.row.language
                # the mover's own reply: the next phase may already be another's turn
                head = t("svc.only_you_now", lang) if user == mover and user is not None \
                    else _dm_head(table, phase, lang)
                lines = _secret_lines(secret, lang)
                if user == mover and user is not None:
                    replies.append(Reply(_clip("\n".join([head, *lines])), Audience.EPHEMERAL,
                                         user_id=user))
                else:
                    replies.append(hand_dm(table, phase, lang, lines, user))
                if user is not None and user != mover:
                    carried[user] = _clip("\n".join([t("svc.only_you_plain", lang), *lines]))
        return replies, carried

    async def _commit(self, table: Table, seat: int, user_id: int | None,
                      action: Action) -> list[str]:
        """Apply ``action`` to the table's state and store it (one transaction)."""
        game, state = table.game, table.state
        assert state is not None
        notation = game.format(state, action)
        before = game.reveals(state)
        work = json.loads(json.dumps(state))
        lines = game.apply(work, seat, action)  # RuleError leaves everything unchanged
        move = Move(seat=seat, user_id=user_id, notation=notation, lines=lines,
                    reveals_before=before, reveals_after=game.reveals(work))
        await self.store.commit_move(table.row.id, table.row.version, move,
                                     self._snapshot(table, work), self.clock())
        table.state = work
        table.row = await self._row(table.row.id)
        return lines

    async def _after_change(self, table: Table, board_due: bool = False,
                            mover: tuple[int, int, str] | None = None,
                            hidden: HiddenBefore | None = None,
                            span: bool = True, prompt: bool = True) -> list[Reply]:
        """AI seats move, then the result post or the turn prompt (not without ``prompt``:
        a change that left whose turn it is as it was); reminders follow. After
        a move that ended a phase (``board_due``: ``Game.board_round`` changed) a board
        follows the AI seats' moves.
        A player whose turn goes on after their move (``mover``: seat, user and their
        locale) gets the prompt to themselves, in their language (``_own_prompt``).
        With ``hidden``, the news of hidden information the change dealt (:meth:`_secret_news`)
        comes last; a player it makes to act reads theirs in their turn DM, the one
        notification of the deal (a hand DM and a "your turn" DM came at the same moment).
        Without ``span`` a board keeps its own title (:func:`_spanned`): the caller puts its
        own lines above it first."""
        replies = await self._run_ai(table, board_due)
        game, state = table.game, table.state
        assert state is not None
        if game.result(state) is not None:
            replies += await self._result_replies(table)
            await self._record_result(table)
        elif prompt:
            if mover is not None:
                prompt = self._own_prompt(table, *mover)
            else:
                prompt = await self._pinging(table, self._turn_prompt(table))
            lang = mover[2] if mover is not None else table.row.language
            previews = await self._prompt_pictures(table, lang)
            if previews and mover is None:
                self._public_previews[table.row.id] = table.row.state_version
            replies += _with_pictures(prompt, previews)
            if mover is None:
                await self._card_on_prompt(table, replies)
        dealt, hands = await self._secret_news(table, *hidden) if hidden is not None \
            else ([], {})
        carried = await self._tell_reminders(table, hands)
        dealt = [r for r in dealt if r.audience is not Audience.DM or r.user_id not in carried]
        # an undo request open before this change lapsed with it: its post says so
        return _folded(replies, table.result, span) + await self._watch_news(table) + \
            await self._undo_lapsed(table) + await self._hands_held(table, dealt)

    async def _hands_held(self, table: Table, dealt: list[Reply]) -> list[Reply]:
        """``dealt`` without the hand DMs held for the end of their readers' quiet hours
        (:meth:`Reminders.hold_for_morning`): an "Only you see" DM at 02:00 buzzed the
        phone. /game hand shows the hand meanwhile."""
        if self.reminders is None:
            return dealt
        kept = []
        for reply in dealt:
            if reply.audience is Audience.DM and reply.user_id is not None and \
                    await self.reminders.hold_for_morning(
                        "hand", table.row.id, reply.user_id,
                        {"text": reply.text, "heading": reply.title,
                         "preview": reply.preview}):
                continue
            kept.append(reply)
        return kept


def _fits(row: GameRow, version: int) -> bool:
    """Whether a button or menu made at ``version`` still fits the game in ``row``: no move,
    undo or rebuild came since, only seat changes if anything (a kick, a leave, a handover),
    which move the version and leave the moves as they were. Pressed after a kick of another
    seat, the private "your turn goes on" prompt was refused with "the newest prompt has
    your moves", and there was no newer one."""
    return row.state_version <= version <= row.version


def _mover_unpinged(replies: list[Reply], user_id: int | None) -> list[Reply]:
    """``replies`` without the mover's mention after an alert of a phase their move began
    (Rhein's end of round: "**Chen cannot pay 5 …, goes bankrupt …** <@Chen>" pinged Chen
    for his own move; the records of the move's own phase lose it in :meth:`_play_action`)."""
    if user_id is None:
        return replies
    gone = re.compile(rf"^(.*\*\*(?: <@!?\d+>)*) <@!?{user_id}>((?: <@!?\d+>)*)$",
                      re.MULTILINE)
    return [replace(reply, text=gone.sub(r"\1\2", reply.text))
            if reply.is_public and gone.search(reply.text) else reply for reply in replies]


def _refused_entry(refused: Refusal, lang: str) -> list[tuple[str, str]]:
    """The one autocomplete entry where nothing can be played here: why, and where the
    caller's turn is. An empty list left a player whose turn was in another channel
    guessing; picked, the entry is refused with the same words and the links, which an
    entry cannot show."""
    turns = refused.turns if isinstance(refused, Pointed) else []
    head = t(refused.key, lang, **refused.values) if refused.key == "svc.not_your_turn" else ""
    if not turns and not head:
        return []
    room = CHOICE_LIMIT - (len(head) + 1 if head else 0)
    elsewhere = _turns_said(refused, lang, room) if turns else ""
    return [(clip_word(f"{head} {elsewhere}".strip(), CHOICE_LIMIT), WAITING)]


def _turns_said(pointed: Pointed, lang: str, room: int) -> str:
    """The games waiting on the caller in at most ``room`` characters: one by its title,
    several by short titles, each game once with its number of tables ("2× Rhein"), and
    "+2 more" for those that do not fit. A review's player read "Your turn: Rhein: River
    Trade, Rhein: River Trade, Die Trödler aus den Highlands, Rheinländer, Die…", cut."""
    if len(pointed.turns) == 1:
        return t("svc.turn_elsewhere", lang, games=pointed.turns[0])
    counts: dict[str, int] = {}
    for title in pointed.short:
        counts[title] = counts.get(title, 0) + 1
    games = [t("svc.turn_game_times", lang, count=n, title=title) if n > 1 else title
             for title, n in counts.items()]
    said = ""
    for shown in range(len(games), -1, -1):
        left = sum(list(counts.values())[shown:])
        parts = games[:shown] + ([t("svc.turn_more", lang, count=left)] if left else [])
        said = t("svc.turn_elsewhere_many", lang, games=", ".join(parts))
        if len(said) <= room:
            break
    return said


def hand_dm(table: Table, phase: Any, lang: str, lines: list[str], user: int | None
            ) -> Reply:
    """Hidden news by DM: the hand in the embed its owner opens, and as the message's
    content (what a lock screen shows) only which game it is for. The hand was the content,
    so "Hand: 24, 38, 43 / Coins: 0" lit up a phone on the table for anyone to read."""
    return Reply(_clip("\n".join([_dm_head(table, phase, lang), *lines])), Audience.DM,
                 user_id=user, title=t("svc.hand_title", lang),
                 preview=hand_preview(lang, say(table.game.title, lang), table.row.channel_id))


def _dm_head(table: Table, phase: Any, lang: str) -> str:
    """The heading of hidden news sent by DM: the game and its channel, which a player at
    two Trödler tables could not tell apart from "Round 1: playing cards"."""
    return t("svc.only_you_in", lang, title=say(table.game.title, lang),
             channel=table.row.channel_id, phase=table.said([phase], lang))


def _move_parts(table: Table, lines: list[Any], lang: object = None
                ) -> tuple[str, list[str], list[tuple[Any, list[Any]]]]:
    """A move's ``lines`` as the channel says them (in ``lang``, the table's by default):
    the move's own text, the records said apart from it (:meth:`Table.said_apart`), and the
    phases it began with their lines (:func:`_by_phase`)."""
    own, later = _by_phase(table.game, lines)
    # a phase with nothing said is not headed: a Rhein board post ended on "__Round 8/8 ·
    # Phase 5: Fulfil Orders__" with nothing under it (its title names the phase)
    later = [(phase, part) for phase, part in later if any(table.said_apart(part, lang))]
    said, records = table.said_apart(own, lang)
    return said, records, later


def _move_post(table: Table, seat: int, phase_before: Any, saids: list[str],
               records: list[str], later: list[tuple[Any, list[Any]]],
               lang: object = None) -> list[str]:
    """The lines of a move's post: under the phase it was made in when it began others,
    the mover's run of moves (``saids``), its records, then each phase begun under its
    heading."""
    return [*([f"__{table.said([phase_before], lang)}__"] if later else []),
            table.credited(seat, table.run_said(seat, saids, lang), table.who(seat, lang), lang),
            *records, *_phases_begun(table, later, lang)]


def _phases_begun(table: Table, later: list[tuple[Any, list[Any]]],
                  lang: object = None) -> list[str]:
    """The lines of the phases a move began (:func:`_by_phase`), each under its heading:
    "Anna has nothing to do in Phase 3" read under the Phase 2 heading of the move that
    ended Phase 2. As the AI seats' summary says them."""
    out: list[str] = []
    for phase, part in later:
        said, records = table.said_apart(part, lang)
        out += [f"__{table.said([phase], lang)}__", *([said] if said else []), *records]
    return out


def move_said(table: Table, seat: int, before: State, action: Action, lines: list[Any],
              lang: object = None) -> list[str]:
    """``lines``, what ``action`` of ``seat`` logged on ``before``, as the channel's post of
    the move says them (in ``lang``): ``/game preview`` shows a move's effect in these
    words before it is played."""
    said, records, later = _move_parts(table, lines, lang)
    return _move_post(table, seat, table.game.phase(before),
                      [table.move_said(said, before, action)], records, later, lang)


def _reordered(table: Table, seat: int, english: str) -> Action | None:
    """The one legal move whose notation ``english`` is with its verb elsewhere: a button's
    own words typed, "Stapel 1 abwerfen" ("pile 1 discard"), are ``discard-pile 1``. Only
    the verb moves: "bid 4 17" is not "bid 17 4", nor "replace anvil bottle" the other way
    round."""
    typed = _halves(english)
    game, state = table.game, table.state
    assert state is not None
    found = []
    for move in game.legal(state, seat)[:LISTED]:
        words = _halves(game.format(state, move))
        if typed != words and words[0] in typed[1:]:
            rest = list(typed)
            rest.remove(words[0])
            if rest == words[1:]:
                found.append(move)
    return found[0] if len(found) == 1 else None


def _labelled(table: Table, seat: int, text: str) -> Action | None:
    """The one legal move whose label a list shows ``text`` is, in either language: a
    phone's Enter sends what was typed before an entry of the autocomplete was picked, and
    "Card 3: knight on 3 left bank" was refused with the notation help. Case and spaces do
    not count, nor does the label's end that a player leaves off: the typed form after
    " · " or a closing note in brackets ("(by castle)"). Every legal move counts: an 18Rhl
    track step offers several hundred, and a label past the first 300 was refused."""
    wanted = _label_form(text)
    state = table.state
    assert state is not None
    if not wanted:
        return None
    named = _by_typed_form(table, seat, text, wanted)
    if named is not None:
        return named
    found = _label_index(table, seat).get(wanted, [])
    return found[0] if len(found) == 1 else None


def _by_typed_form(table: Table, seat: int, text: str, wanted: str) -> Action | None:
    """A whole label ends with the move's typed form: the move that form names, when its
    label is ``text``, found without labelling every legal move (a pasted label)."""
    words, form, typed = text.rpartition(FORM)
    if not form or not words.strip():
        return None
    game, state = table.game, table.state
    assert state is not None
    try:
        move = game.parse(state, seat, english_move(table.row.game_key, typed.strip()))
    except RuleError:
        return None
    if move not in game.legal(state, seat):
        return None
    forms = {form for lang in LANGUAGES for form in _label_forms(table.label(state, move, lang))}
    return move if wanted in forms else None


# The labels of the positions typed in last: labelling several hundred 18Rhl lays takes
# tens of milliseconds, and a refused label is often typed again in the same position.
_LABEL_INDEXES: Recent[tuple[Any, ...], dict[str, list[Action]]] = Recent(kept=8)


def _label_index(table: Table, seat: int) -> dict[str, list[Action]]:
    """Each form a player may type of a legal move's label (:func:`_label_forms`, in both
    languages) -> the moves with that form, built once per position and seat."""
    game, state = table.game, table.state
    assert state is not None
    # the position itself, not its row (another store may number its games alike), and
    # who sits where, for labels name the players ("next to Bert")
    names = tuple((s.seat, s.name, s.colour) for s in table.seats)
    try:
        key: tuple[Any, ...] | None = (table.row.game_key, seat, names, marshal.dumps(state))
    except ValueError:  # a state marshal cannot write is labelled afresh each time
        key = None
    known = None if key is None else _LABEL_INDEXES.get(key)
    if known is not None:
        return known
    index: dict[str, list[Action]] = {}
    for move in game.legal(state, seat):
        for lang in LANGUAGES:
            for form in _label_forms(table.label(state, move, lang)):
                alike = index.setdefault(form, [])
                if move not in alike:
                    alike.append(move)
    if key is not None:
        _LABEL_INDEXES[key] = index
    return index


def _label_forms(label: str) -> set[str]:
    """A label as a player may type it: whole, without its typed form, without a closing
    bracketed note, or without both."""
    words = label.rpartition(FORM)[0] or label
    forms = {label, words}
    for form in list(forms):
        head, bracket, _ = form.rpartition(" (")
        if bracket and head and form.rstrip().endswith(")"):
            forms.add(head)
    return {_label_form(form) for form in forms}


def _label_form(text: str) -> str:
    return " ".join(text.casefold().split()).rstrip(".")


def _halves(text: str) -> list[str]:
    return text.lower().replace("-", " ").split()


def _as_typed(error: RuleError, game_key: str, typed: str, english: str) -> RuleError:
    """``error``, the refusal of the English a German move was made into, quoting the
    player's own words: "nehmen" was answered "Das verstehe ich nicht: 'take'", "laden
    rotes schiff 8" with 'load red ship 8'. The engines quote a player's text as a whole
    value of the refusal (``repr(clip_word(text))`` or ``clip_word(text)``): the English
    text whole, or one swapped word of it."""
    said = error.text
    if not isinstance(said, Msg):
        return error
    back = {english.strip(): typed.strip()}
    for word in typed.split():
        swapped = english_move(game_key, word)
        if swapped and swapped != word:
            back.setdefault(swapped, word)
    quotes: dict[str, str] = {}
    for made, own in back.items():
        quotes.setdefault(repr(clip_word(made)), repr(clip_word(own)))
        quotes.setdefault(clip_word(made), clip_word(own))
    params = {name: quotes.get(value, value)
              if isinstance(value, str) and not isinstance(value, Msg) else value
              for name, value in said.params.items()}
    return RuleError(Msg(said.key, params))


def _move_typed(error: RuleError, game_key: str, notation: str, locale: object) -> RuleError:
    """``error``, an engine's refusal of a parsed move, with the move it quotes (the
    engine's English notation, a whole value of the refusal) in the reader's typed form:
    a German player read "'discard-pile 2' ist gerade kein erlaubter Zug." though the bot
    taught them "stapel-abwerfen 2"."""
    said = error.text
    typed = typed_move(game_key, notation, locale)
    if not isinstance(said, Msg) or typed == notation:
        return error
    params = {name: typed if type(value) is str and value == notation else value
              for name, value in said.params.items()}
    return RuleError(Msg(said.key, params))


def _asks_ai(table: Table, seat: int, user_id: int | None) -> bool:
    """Whether a player's move (``user_id``) left AI seats alone to answer it
    (``Game.asking_seat``: 18Rhl's offer for a train an AI's corporation owns)."""
    game, state = table.game, table.state
    assert state is not None
    active = game.active(state)
    return user_id is not None and game.asking_seat(state) == seat and bool(active) and \
        all(table.by_seat(s).is_ai for s in active)


def _clock_choice(text: str) -> tuple[str, int] | None:
    """``"clock-ai-2"`` -> ``("ai", 2)``; None for anything else."""
    head, _, seat = text.rpartition("-")
    kind = head.removeprefix("clock-")
    if head.startswith("clock-") and kind in ("ai", "skip", "replace") and seat.isdigit():
        return kind, int(seat)
    return None


def _number(text: str) -> bool:
    """A button id's number: ASCII digits that fit SQLite's integer ("²".isdigit() is true
    but int() refuses it; a 30-digit id overflows the store)."""
    return is_plain_number(text) and len(text) <= 18


def _with_pictures(prompt: list[Reply], pictures: list[Reply]) -> list[Reply]:
    """The pictures a prompt shows before the move (18Rhl: the routes run auto would run)
    ride on the prompt itself, one message, and reach whoever the prompt reaches (the mover
    alone when their turn goes on); apart only when they would not fit."""
    if not prompt or not pictures:
        return prompt + pictures
    last = prompt[-1]
    text = "\n".join([last.text, *(p.text for p in pictures)])
    files = [f for p in pictures for f in p.files] + last.files
    if len(text) > text_limit(last) or len(files) >= FILES_LIMIT:
        return pictures + prompt
    return prompt[:-1] + [replace(last, text=text, files=files)]


def _headed(line: Reply, after: list[Reply], phase: str) -> tuple[list[Reply], list[Reply]]:
    """The move's line, and what follows it, with the line headed by the phase it was made
    in when it will ride on a board titled with another phase (the board post's title names
    the newest phase: "Phase 2 · OR 1.1" above "Anna buys 10% of CME", a stock-round move);
    the AI seats' block after it drops a heading the line now gives."""
    board = after[0] if after else None
    if board is None or not board.files or board.title in (None, phase) or \
            not board.is_public or "<@" in line.text:
        return [line], after
    head = f"__{phase}__"
    rest = board.text.removeprefix(f"{head}\n") if board.text != head else ""
    return [replace(line, text=f"{head}\n{line.text}")], [replace(board, text=rest), *after[1:]]


def _joined(line: Reply, after: list[Reply], phase: str) -> tuple[list[Reply], list[Reply]]:
    """The move's line and the AI seats' moves that followed it up to the game's end, one
    post where they fit (the result post after them is a post of its own): the line headed
    by its phase where the AI seats' moves are headed by theirs."""
    nxt = after[0] if after else None
    if nxt is None or not _plain(line) or not _plain(nxt):
        return [line], after
    head = f"__{phase}__"
    text = line.text
    if nxt.text.startswith("__"):
        text = f"{head}\n{text}"
    rest = nxt.text.removeprefix(f"{head}\n")
    if len(text) + 1 + len(rest) > TEXT_LIMIT:
        return [line], after
    return [replace(line, text=f"{text}\n{rest}")], after[1:]


def _plain(reply: Reply) -> bool:
    """A channel post of text alone, pinging whoever it names (two of them can be one)."""
    return reply.is_public and reply.title is None and not reply.files and \
        not reply.buttons and reply.picker is None and reply.edits is None and \
        reply.pings is None


def _unrepeated(line: Reply, after: list[Reply]) -> list[Reply]:
    """``after`` without the heading it opens with when ``line`` ends under the same one
    (the AI seats' moves go on in the phase the player's move began)."""
    nxt = after[0] if after else None
    head = next((text for text in reversed(line.text.splitlines())
                 if text.startswith("__") and text.endswith("__")), None)
    if nxt is None or head is None or not nxt.is_public or \
            not nxt.text.startswith(f"{head}\n"):
        return after
    return [replace(nxt, text=nxt.text.removeprefix(f"{head}\n")), *after[1:]]


def _told_first(replies: list[Reply], user_id: int | None, line: str) -> list[Reply]:
    """``replies`` with the mover's own step said at the head of the prompt they alone get
    (their turn goes on), or as a reply of its own to them if there is none."""
    for n, reply in enumerate(replies):
        if reply.audience is Audience.EPHEMERAL and reply.user_id == user_id:
            return [*replies[:n], replace(reply, text=f"{line}\n{reply.text}"), *replies[n + 1:]]
    return [Reply(line, Audience.EPHEMERAL, user_id=user_id), *replies]


def _folded(replies: list[Reply], result: Reply | None = None,
            span: bool = True) -> list[Reply]:
    """Plain channel text just before a titled picture post (a board) goes into that post's
    text: a move and the board it ends the phase with are one message, not two. Text that
    mentions someone stays apart (an embed's mentions would not ping), and so does what
    comes before the ``result`` post: titled "final result", it opened with a phase's
    heading and twenty lines of the AI seats' last round. Boards are titled by their text's
    first heading (:func:`_spanned`) unless ``span`` is off."""
    out: list[Reply] = []
    for reply in replies:
        before = out[-1] if out else None
        if (before is not None and reply is not result and reply.is_public and before.is_public
                and reply.title is not None and reply.files
                and before.title is None and not before.files and not before.buttons
                and before.picker is None and before.edits is None
                and "<@" not in before.text
                and len(before.text) + 1 + len(reply.text) <= EMBED_LIMIT):
            out[-1] = replace(reply, text="\n".join(t for t in (before.text, reply.text) if t))
        else:
            out.append(reply)
    return [_spanned(reply) for reply in out] if span else out


def _spanned(reply: Reply) -> Reply:
    """A board post whose text opens under the heading of an earlier phase than the board's
    own, titled with both: "Phase 4 → Phase 5 · OR 5.1" above "__Phase 4 · OR 5.1__", where
    the title said "Phase 5 · OR 5.1" and the first heading the phase before."""
    title, first = reply.title, reply.text.split("\n", 1)[0]
    if title is None or not reply.files or " → " in title or \
            not (first.startswith("__") and first.endswith("__") and len(first) > 4):
        return reply
    first = first[2:-2]
    return reply if first == title else replace(reply, title=spanned_title(first, title))


def _options_said(caption: str, labels: list[str]) -> str:
    """"Pick the tile for J9: 1 · Tile 57: exits …; 2 · …", as many whole options as an alt
    text holds."""
    said = caption
    for number, label in enumerate(labels):
        longer = f"{said}{': ' if number == 0 else '; '}{label}"
        if len(longer) > ALT_TEXT_LIMIT:
            break
        said = longer
    return said
