"""Turn cards, full boards and the turn prompt with its buttons and pings."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import replace

from bot.i18n import t, typed_move
from bot.replies import (
    BUTTON_LABEL_LIMIT,
    BUTTONS_LIMIT,
    HAND_BUTTON,
    PICK_CHOICE,
    STEP_CHOICE,
    Attachment,
    Audience,
    Button,
    Picker,
    Reply,
)
from bot.service.base import ServiceBase, Table, _clip, _private_part, _public, log
from bot.service.extras import MAX_BUTTONS, PRIVATE_BUTTONS, Pick, extras_for
from bot.service.steps import THEN
from bot.store import ActionRow
from engine import text as texts
from engine.core import Action, State
from render import alt_text, board_changes
from render.text_draw import drawable
from render.turn_card import task_text

CARD_MOVES = 12  # the latest moves a turn card is given (it lists what fits, counts the rest)


class Pictures(ServiceBase):
    async def _card_on_prompt(self, table: Table, replies: list[Reply]) -> None:
        """The turn card goes with the turn prompt, the last reply, when a human is to act."""
        assert table.state is not None
        if not replies or not any(not table.by_seat(s).is_ai
                                  for s in table.game.active(table.state)):
            return
        card = await self._turn_card(table)
        if card is not None:
            replies[-1].files.append(card)

    async def _turn_card(self, table: Table) -> Attachment | None:
        """The turn card: who acts, what changed since the previous card and the standings,
        drawn from public views only. Remembers (store and memory) what this card saw."""
        game, state, row = table.game, table.state, table.row
        assert state is not None
        mark = await self.store.card_mark(row.id)
        since = await self.store.actions(row.id, after=mark)
        cached = self._last_cards.get(row.id)
        try:
            png, alt = await self._card_since(
                table, mark, since, game.load(cached[1]) if cached is not None and
                mark is not None and cached[0] == mark else None)
        except Exception:
            log.exception("the turn card of game %s failed", row.id)
            return None
        last = since[-1].id if since else \
            max((a.id for a in await self.store.actions(row.id)), default=0)
        await self.store.set_card_mark(row.id, last)
        self._last_cards[row.id] = (last, game.dump(state))
        if png is None:
            return None
        return Attachment(f"{game.key}-{row.id}-v{row.version}-turn-card.png", png, alt)

    async def _card_since(self, table: Table, mark: int | None, since: list[ActionRow],
                          base: State | None = None, spectator: bool = False
                          ) -> tuple[bytes | None, str]:
        """A turn card's picture (None: the game draws none) and alt text, listing the
        moves ``since`` the action ``mark`` (None: the game's start) and marking what they
        changed; ``base``, the state at ``mark`` where it is at hand (else replayed).
        ``spectator``: drawn for a spectator's DM, whose panels name the seat to act where
        the channel's card, written to the seat it pings, says "your"."""
        row = table.row
        assert table.state is not None
        if base is None:
            seen = [a for a in await self.store.actions(row.id)
                    if mark is not None and a.id <= mark]
            await self._fetch_origin(table)
            base = await asyncio.to_thread(self._replay, table, seen)
        view = await asyncio.to_thread(self._card_view, table, base, since, mark is None)
        view["card"]["spectator"] = spectator
        png = await asyncio.to_thread(self.card_render, row.game_key, view)
        return png, self._alt(table, table.state, view, "card")

    async def _card_undone(self, table: Table, first_action: int,
                           kept: Sequence[ActionRow]) -> None:
        """After an undo from ``first_action`` (``kept``: the moves that stand): a previous
        card that saw moves now taken back is no base for the next. Compared with it, the
        next card tagged the places those moves had changed (empty spaces, where Bert's
        knight had stood) under "No new moves". The next card starts before the latest run
        of moves that stands, one mover's as the card groups them (the turn the undo went
        back into, or the one before the turn it reopened): it lists that run and marks its
        places, and its map shows where the game stands (with nothing to mark, Rheinländer's
        showed the whole river, a player's knight a dot on a phone)."""
        mark = await self.store.card_mark(table.row.id)
        if mark is None or mark < first_action:
            return  # every move the previous card saw stands
        start = card_entries(kept, [mover for mover, _ in table.credits(kept)],
                             [table.has_record(row.lines) for row in kept])[-1][0] \
            if kept else 0
        await self.store.set_card_mark(table.row.id, kept[start - 1].id if start else 0)
        # (the next card replays its base from the log: the one remembered has those moves)
        self._last_cards.pop(table.row.id, None)

    def _card_view(self, table: Table, base: State, since: list[ActionRow],
                   first: bool) -> dict:
        """The card's public view: the moves since ``base`` as the channel read them (a move
        that logged nothing by its label), the places they touched, who acts now."""
        game, state = table.game, table.state
        assert state is not None
        before = game.view(base, None)
        work = json.loads(json.dumps(base))
        credits = table.credits(since)
        # each move's piece first: a seat that runs two corporations one after the other
        # made one entry of both, drawn in the first one's colour, the second's cut
        acting: list[str | None] = []
        pieces: list[str | None] = []  # an answer to an offer stays in the offer's entry
        for row in since:
            action = game.parse(work, row.seat, row.notation)
            acting.append(game.acting_for(work, action))
            pieces.append(None if game.asking_seat(work) is not None else acting[-1])
            game.apply(work, row.seat, action)
        entries = card_entries(since, [mover for mover, _ in credits],
                               [table.has_record(row.lines) for row in since], pieces)
        shown = {index for entry in entries[-CARD_MOVES:] for index in entry}
        texts: dict[int, str] = {}
        work = json.loads(json.dumps(base))
        for number, row in enumerate(since[:max(shown, default=-1) + 1]):
            action = game.parse(work, row.seat, row.notation)
            if number in shown:
                texts[number] = table.move_said(table.said(table.unheaded(credits[number][1])),
                                                work, action)
            game.apply(work, row.seat, action)
        moves = [_card_move(table, credits[entry[0]][0], [texts[number] for number in entry],
                            acting[entry[0]])
                 for entry in entries[-CARD_MOVES:]]
        public = game.view(state, None)
        view = self._picture_view(table, public)
        view["card"] = {"acting": list(game.active(state)), "moves": moves,
                        "earlier": max(0, len(entries) - CARD_MOVES), "first": first,
                        "changed": board_changes(table.row.game_key, before, public)}
        return view

    async def _prompt_pictures(self, table: Table, lang: str) -> list[Reply]:
        """Pictures the game shows the one human to act before they choose (18Rhl: the
        routes ``run auto`` would run, with their revenue)."""
        game, state = table.game, table.state
        assert state is not None
        humans = [s for s in game.active(state) if not table.by_seat(s).is_ai]
        if len(humans) != 1:
            return []
        shots = extras_for(table.row.game_key).prompt_images(game, state, humans[0], lang=lang)
        if not shots or _private_part(game.view(state, humans[0]), game.view(state, None)):
            return []  # (the channel never sees a picture drawn for a seat with secrets)
        return await self._pictures(table, shots, lang)

    def _turn_prompt(self, table: Table) -> list[Reply]:
        game, state = table.game, table.state
        assert state is not None
        humans = [table.by_seat(s) for s in game.active(state) if not table.by_seat(s).is_ai]
        if not humans:
            return []
        mentions = " ".join(f"<@{s.user_id}>" for s in humans)
        lang = table.row.language
        # German says "du" to one player and "ihr" to several.
        # the game's name: a push shows this line alone, far from the channel's boards
        text = t("svc.your_turn", lang, mentions=mentions, title=self._short_title(table.row, lang),
                 phase=table.named(game.phase(state)),
                 task=self._task(table, lang), hint=t("svc.turn_hint", lang, count=len(humans)),
                 count=len(humans))
        buttons: list[Button] = []
        # Move labels could reveal a hand, so move buttons go into the channel only for a
        # seat none of whose moves names its secrets; otherwise one button answers the
        # presser privately with their own hand and its moves.
        secret = {s.seat for s in humans if s.seat is not None and _private_part(
            game.view(state, s.seat), game.view(state, None))}
        seat = humans[0].seat if len(humans) == 1 else None
        picker = None
        if seat is not None and (seat not in secret or not any(
                game.names_hidden(state, seat, move) for move in game.legal(state, seat))):
            buttons = self._move_buttons(table, seat)
            # as the buttons: its options come from legal(), none of which names a secret
            # (Rhein's loads: the seat's face-down orders kept its load menu off the channel)
            picker = self._step_menu(table, seat, lang)
        elif secret:
            buttons = [Button(t("svc.button_hand", lang),
                              f"rb:{table.row.id}:{table.row.version}:{HAND_BUTTON}",
                              "primary")]
        return [_public(text, buttons=buttons, picker=picker)]

    @staticmethod
    def _task(table: Table, lang: str) -> str:
        """What the player to act must do, as their turn card's banner says it ("Lay track
        for GVE. "), so a prompt read without its picture (a phone's notification, a turn
        that goes on) says it too; empty where the game has no words for the step."""
        assert table.state is not None
        # the table's names: a task that names a player (18Rhl's president adding money to a
        # forced train buy) read "Platz 1" from a view without them
        seats = [{"seat": s.seat, "name": s.name} for s in table.seats if s.seat is not None]
        view = {**table.game.view(table.state, None), "seats": seats}
        task = task_text(table.row.game_key, view, lang)
        return f"{task}. " if task else ""

    def _own_prompt(self, table: Table, seat: int, user_id: int, lang: str) -> list[Reply]:
        """The prompt of a player whose turn goes on after their own move: to them alone,
        with their move buttons (their hand may show: only they see it). The channel has
        the move's line. A ping and a new turn card in the channel for every step of one
        turn (Rhein's loads, the dozen moves of a Trödler turn) buried the table's news;
        the next card, when the turn passes, lists the whole turn. Only the mover reads
        it, so it speaks their language (``lang``), as their move's errors do."""
        game, state = table.game, table.state
        assert state is not None
        buttons, picker = self._private_moves(table, seat, lang)
        # how to move, said at every step of a long turn only while buttons and menus leave
        # moves to typing (18Rhl's step menu offers lays and pars, not every other move)
        if picker is not None and picker.kind == PICK_CHOICE or \
                len(buttons) >= len(game.legal(state, seat)):
            hint = ""
        elif buttons or picker is not None:
            hint = t("svc.turn_hint_more", lang)
        else:
            hint = t("svc.turn_hint", lang, count=1)
        text = t("svc.turn_goes_on", lang, phase=table.named(game.phase(state)),
                 task=self._task(table, lang), hint=hint).rstrip()
        return [Reply(text, Audience.EPHEMERAL, user_id=user_id, buttons=buttons,
                      picker=picker)]

    async def _pinging(self, table: Table, prompt: list[Reply]) -> list[Reply]:
        """The turn prompt names every waiting player; it pings only those whose notice of
        the turn it is (the others get their DM from the reminders: one notice, not two)."""
        if self.reminders is None or table.state is None:
            return prompt
        users = [table.by_seat(s).user_id for s in table.game.active(table.state)
                 if not table.by_seat(s).is_ai and table.by_seat(s).user_id is not None]
        pings = await self.reminders.pings(table.row.id, [u for u in users if u is not None])
        for reply in prompt:
            reply.pings = pings
        return prompt

    def _move_buttons(self, table: Table, seat: int, lang: str | None = None,
                      room: int = MAX_BUTTONS) -> list[Button]:
        """Buttons for the moves the game picks (default: the first five legal moves); each
        custom id carries the move's index in ``legal()``, which ``press`` resolves."""
        game, state = table.game, table.state
        assert state is not None
        moves = game.legal(state, seat)
        extras = extras_for(table.row.game_key)
        picked = extras.button_indexes(game, state, seat, moves, room)
        lang = lang or table.row.language
        prefix = f"rb:{table.row.id}:{table.row.version}:"
        twos: dict[int, list[Button]] = {}
        for i, then, label in extras.then_buttons(game, state, seat, moves, lang=lang):
            twos.setdefault(i, []).append(Button(button_label(label, ""),
                                                 f"{prefix}{i}{THEN}{then}"))
        # a two-move button stands where its first move's would (first if that had none)
        picked = [i for i in twos if i not in picked] + picked
        buttons = []
        for i in picked:
            if i in twos:
                buttons += twos[i]
                continue
            label = move_words(table, state, moves[i], lang)
            label = extras.button_label(game, state, seat, moves[i], label, lang=lang)
            buttons.append(Button(button_label(label, ""), f"{prefix}{i}"))
        return buttons[:BUTTONS_LIMIT]

    def _private_moves(self, table: Table, seat: int,
                       lang: str) -> tuple[list[Button], Picker | None]:
        """The moves a prompt only its player sees offers: a select menu where the game
        makes one of them (then no move buttons), else up to ``PRIVATE_BUTTONS`` buttons."""
        game, state = table.game, table.state
        assert state is not None
        pick = extras_for(table.row.game_key).picker(game, state, seat, game.legal(state, seat),
                                                     PRIVATE_BUTTONS, lang=lang)
        if pick is None:
            return (self._move_buttons(table, seat, lang, PRIVATE_BUTTONS),
                    self._step_menu(table, seat, lang))
        return [], replace(self._picker(table, pick, PICK_CHOICE),
                           example=typed_move(table.row.game_key,
                                              game.format(state, game.legal(state, seat)[0]),
                                              lang))

    def _step_menu(self, table: Table, seat: int, lang: str) -> Picker | None:
        """The game's menu of first steps towards moves without a button (18Rhl: tile
        lays by hex, companies to found), or None."""
        game, state = table.game, table.state
        assert state is not None
        pick = extras_for(table.row.game_key).step_menu(game, state, seat,
                                                        game.legal(state, seat), lang=lang)
        return None if pick is None else self._picker(table, pick, STEP_CHOICE)

    @staticmethod
    def _picker(table: Table, pick: Pick, kind: str) -> Picker:
        return Picker(pick.placeholder, f"rb:{table.row.id}:{table.row.version}:{kind}",
                      pick.count, pick.options)

    async def _pictures(self, table: Table, shots: list[tuple[str, dict]],
                        lang: str | None = None) -> list[Reply]:
        """Channel posts of extra pictures a game asks for (routes run, run auto's proposal);
        views are public views, drawn by the table's renderer in the table's language (or
        ``lang``: a picture for one player's prompt)."""
        replies = []
        for number, (text, view) in enumerate(shots):
            view = self._picture_view(table, view, lang)
            try:
                png = await asyncio.to_thread(self.render, table.row.game_key, view)
            except Exception:
                log.exception("rendering a %s picture failed", table.row.game_key)
                if text:  # a caption-less picture's text is said elsewhere
                    replies.append(_public(_clip(text)))
                continue
            name = f"{table.row.game_key}-{table.row.id}-v{table.row.version}-{number}.png"
            assert table.state is not None
            alt = self._alt(table, table.state, view, "picture", text)
            replies.append(_public(_clip(text), files=[Attachment(name, png, alt)]))
        return replies

    async def _result_replies(self, table: Table) -> list[Reply]:
        game, state = table.game, table.state
        assert state is not None
        standings = game.result(state) or []
        lang = table.row.language
        lines = [table.standing_line(s) for s in standings]
        head = result_head(table, lang)
        board = await self._board_reply(table, state)
        # the game is over and the channel falls quiet: how to play again, where it is read
        # a player whose DMs are closed gets no end DM: the result post pings them instead
        closed = [s.user_id for s in table.seats if not s.is_ai and s.user_id is not None
                  and (await self.store.settings(s.user_id)).dms_closed]
        call = [t("svc.result_call", lang, mentions=" ".join(f"<@{user}>" for user in closed),
                  count=len(closed))] if closed else []
        table.result = _public("\n".join([head, *lines, *call, t("svc.rematch_hint", lang)]),
                               title=t("svc.final_title", lang, title=game.title),
                               files=board.files, pings=tuple(closed))
        return [table.result]

    async def _board_reply(self, table: Table, state: State) -> Reply:
        game = table.game
        public = game.view(state, None)  # the public view only: this goes to the channel
        view = self._picture_view(table, public)
        # the board marks what changed since the previous board posted: kept in memory while
        # the store's mark says that board was ours (after a restart, or when another process
        # posted one since, the log replayed up to the action that board had seen)
        remembered = self._last_boards.get(table.row.id)
        before = remembered[1] if remembered is not None and \
            remembered[0] == await self.store.board_mark(table.row.id) \
            else await self._board_before(table)
        changed = board_changes(table.row.game_key, before, public) if before else None
        if changed is not None:
            view["changed"] = changed
        seen = await self.store.last_action_id(table.row.id)
        if not table.boards:
            table.board_from = await self.store.board_mark(table.row.id)
        self._last_boards[table.row.id] = (seen, public)
        await self.store.set_board_mark(table.row.id, seen)
        phase = table.said([game.phase(state)])
        try:
            png = await asyncio.to_thread(self.render, table.row.game_key, view)
        except Exception:
            log.exception("rendering %s failed", game.key)
            return _public(t("svc.board_failed", table.row.language, title=game.title,
                             phase=phase), title=phase)
        # a game whose board is several pictures (18Rhl: map and market) posts them together
        pngs = png if isinstance(png, list) else [png]
        stem = f"{game.key}-{table.row.id}-v{table.row.version}"
        files = [Attachment(f"{stem}.png" if len(pngs) == 1 else f"{stem}-{k + 1}.png", body,
                            self._alt(table, state, view, "board", page=(k, len(pngs))))
                 for k, body in enumerate(pngs)]
        reply = _public("", title=phase, files=files)
        table.boards.append(reply)
        return reply

    async def _board_before(self, table: Table) -> dict | None:
        """The public view the previous full board showed, rebuilt from the log (None when
        no board was posted since the store began to remember, or it cannot be rebuilt)."""
        mark = await self.store.board_mark(table.row.id)
        if mark is None:
            return None
        seen = [a for a in await self.store.actions(table.row.id) if a.id <= mark]
        try:
            await self._fetch_origin(table)
            base = await asyncio.to_thread(self._replay, table, seen)
        except Exception:
            log.exception("the previous board of game %s cannot be rebuilt", table.row.id)
            return None
        return table.game.view(base, None)

    @staticmethod
    def _alt(table: Table, state: State, view: dict, kind: str, caption: str = "",
             page: tuple[int, int] = (0, 1)) -> str:
        """The alt text of a picture drawn from ``view`` (render.alt_text): said from the
        same public view, with the table's names as they are (a screen reader reads the
        names a picture cannot draw). Empty when it cannot be made: the picture still goes."""
        game, lang = table.game, view.get("lang") or table.row.language
        seats = [{"seat": s.seat, "name": s.name, "colour": s.colour}
                 for s in table.seats if s.seat is not None]
        try:
            standings = game.result(state)
            # a finished game's alt text says the result post's own lines, the winner first
            result = None if standings is None else [
                result_head(table, lang), *(table.standing_line(s, lang) for s in standings)]
            return alt_text.describe(
                table.row.game_key, {**view, "seats": seats}, lang, kind=kind,
                title=texts.say(game.title, lang), phase=table.said([game.phase(state)], lang),
                acting=list(game.active(state)), caption=caption,
                over=standings is not None, page=page, result=result)
        except Exception:
            log.exception("the alt text of a %s picture failed", table.row.game_key)
            return ""

    @staticmethod
    def _picture_view(table: Table, view: dict, lang: str | None = None) -> dict:
        """A public view for a picture: the table's language (or ``lang``), and its
        players' names and colours by seat (renderers that name players use them)."""
        # a name the pictures cannot draw at all (CJK, emoji only) is no name to them: they
        # say the seat by its colour or number instead of a row of empty boxes
        seats = [{"seat": s.seat, "name": " ".join(drawable(s.name, True).split()) or None,
                  "colour": s.colour} for s in table.seats if s.seat is not None]
        return {**view, "lang": lang or table.row.language, "seats": seats}


def _card_move(table: Table, mover: int | str, texts: list[str], acting: str | None = None
               ) -> dict:
    """A card's entry for a run of moves credited to ``mover`` (:meth:`Table.credited_to`):
    a seat's under its colour, named once; a corporation's the game operates under none,
    the corporation named as the channel names it ("ADR (in receivership): ADR lays ..."),
    not under the colour of the AI seat that made its moves. ``acting``, the piece the
    run's first move is made for (``Game.acting_for``), goes with it as ``corp``: the card
    draws the move in its colour, which no name in the text can then take."""
    entry = {"seat": None, "text": f"{mover}: {table.run_said(None, texts)}"} \
        if isinstance(mover, str) else {"seat": mover, "text": table.run_said(mover, texts)}
    if acting is not None:
        entry["corp"] = acting
    return entry


def card_entries(since: list[ActionRow], movers: Sequence[int | str] | None = None,
                 closing: Sequence[bool] = (),
                 acting: Sequence[str | None] = ()) -> list[list[int]]:
    """The moves' indexes grouped as the card and a turn DM's news list them: the moves in
    a row of one mover (``movers``, each move's :meth:`Table.credited_to`; by default its
    seat) are one entry, as the channel joins an AI seat's run with " · " ("plays card 48
    · ends the turn without a bastion"). One per move, a turn's steps took the card (twelve
    in a Trödler turn), and the other seats' moves fell under "+ N earlier moves". An AI
    seat's moves for a corporation the game operates are that corporation's run, not the
    seat's. A move ``closing`` marks (its lines hold a record: a deal, a new phase) ends its
    entry: a Trödler player's last move of a round and first of the next read as one entry,
    the next round's pile taken before the deal that made it. ``acting``, each move's piece
    (``Game.acting_for``): a move for another corporation than the entry's opens its own."""
    movers = [row.seat for row in since] if movers is None else movers
    entries: list[list[int]] = []
    for number, mover in enumerate(movers):
        closed = bool(entries) and entries[-1][-1] < len(closing) and closing[entries[-1][-1]]
        closed |= bool(entries) and number < len(acting) and \
            None not in (acting[entries[-1][0]], acting[number]) and \
            acting[entries[-1][0]] != acting[number]
        if entries and movers[entries[-1][-1]] == mover and not closed:
            entries[-1].append(number)
        else:
            entries.append([number])
    return entries


# How far a button's label cuts each player's name where the label is too long with them
# whole: "next to Jürgen Äöüß-Überländer Großmaul, Österreicher Müßiggänger…" lost the
# third neighbour and "your knight"; "next to Jürgen…, Österreicher…, Ｍｍｍ…" keeps them.
NAME_ROOMS = (16, 10, 6)


def move_words(table: Table, state: State, action: Action, lang: str) -> str:
    """A move as its button names it, in ``lang``: its label without the typed form it may
    end with, which :meth:`Table.label` says in ``lang`` too."""
    typed = typed_move(table.row.game_key, table.game.format(state, action), lang)
    label = table.label(state, action, lang)
    for within in NAME_ROOMS:  # long names cut, not the words after them
        if len(label.removesuffix(f" · {typed}")) <= BUTTON_LABEL_LIMIT:
            break
        label = table.label(state, action, lang, names_within=within)
    return button_label(label, typed)


def button_label(label: str, notation: str) -> str:
    """A move's label as its button shows it: without the typed form some labels end with
    (" · buy rhe pool": the button is pressed, not typed), and cut between words, never
    inside one, where it is still too long.

    >>> button_label("Buy 10% of RhE from the bank pool for 50M · buy rhe pool", "buy rhe pool")
    'Buy 10% of RhE from the bank pool for 50M'
    """
    label = label.removesuffix(f" · {notation}")
    if len(label) <= BUTTON_LABEL_LIMIT:
        return label
    return label[:BUTTON_LABEL_LIMIT - 1].rsplit(" ", 1)[0].rstrip(" ·,;:") + "…"


def result_head(table: Table, lang: str) -> str:
    """Who won a finished game, in ``lang``: the head of the channel's result post, and what
    a spectator's DM of the final board says (it named only the phase, the picture the rest)."""
    assert table.state is not None
    standings = table.game.result(table.state) or []
    winners = [f"**{table.by_seat(s.seat).name}**" for s in standings if s.rank == 1]
    if len(winners) == 1:
        return t("svc.wins", lang, name=winners[0])
    return t("svc.share_win", lang, names=", ".join(winners[:-1]), last=winners[-1])
