"""AI seats taking their turns after a human move, and the one summary the channel gets of them."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.i18n import say, t
from bot.replies import Reply
from bot.service import ai
from bot.service.base import (
    EMBED_LIMIT,
    TEXT_LIMIT,
    Aside,
    HiddenBefore,
    Refusal,
    ServiceBase,
    Table,
    _public,
    _spoken,
)
from bot.store import StaleVersion
from render.move_pieces import shortened

AI_LINE_LIMIT = 600  # one seat's moves in an AI summary; /game log has them all
AI_LINE_ROOM = 750  # a line this long is said whole: dropping a move saved too little
AI_PHASE_LIMIT = 1200  # one phase of AI moves in a summary

# A summary's moves: who each is credited to (a seat; the said lead of a corporation the game
# operates; EVENT for what the game did by itself in a phase a move began; None for a public
# record, a line of its own) and what it did.
Moves = list[tuple[int | str | None, str]]
EVENT = ""
# The level an AI plays at for a player: a seat handed on (kick, replace, leave) or a turn a
# run-out move clock gave to an AI. "easy" is a random legal move, which mortgaged a stalled
# Rhein player's trucks and ruined an 18Rhl player's corporations; the table expects the
# seat played as a person would.
STAND_IN_LEVEL = "normal"
BEFORE = -1  # ``_played_out``'s knock-out section when the move that set the run off made it
# A run that ends the game in more posts than this says its earlier phases as a count. An
# 18Rhl player who left after the other was bankrupt set off the AI seats' last eight operating
# rounds in eleven posts (~15,000 characters) to a table that could only read the result.
LONG_RUN_POSTS = 2


class AiSeats(ServiceBase):
    async def _run_ai(self, table: Table, board_due: bool = False) -> list[Reply]:
        """AI seats move until a human is to act or the game ends. The channel gets their
        moves quietly (``_ai_posts``): one message for what follows a human move, and the
        board once, at the end, if a phase (``Game.board_round``) ended meanwhile
        (``board_due``: the human move before them ended one; a board of a phase nobody
        acted in would be stale on arrival). The pictures a human's move brings (18Rhl's
        routes run) are left out for AI seats: a map per corporation's run was a phone's
        length of scrolling each, where the text says the run. A run that knocks a seat out
        (``Game.alert_keys``) and goes on to the game's end says the phases after the knock-out
        as a count, and so does a run with no human left at the table (:meth:`_played_out`),
        or one that plays the game to its end in more than ``LONG_RUN_POSTS`` posts.
        An AI's answer to another AI's offer (``Game.asking_seat``) is said within the
        asker's moves, as part of its turn: apart, the offer and its answer read as three
        turns ("PfE offers CME 114M for a 3-train; CME declines" is one). So is its answer
        to a player's offer, which the player's move held back for it (a post of its own
        between the player's line and the prompt). The demo
        (``cards_for_ai``) shows every AI turn as its card and keeps a board per phase."""
        game, state = table.game, table.state
        assert state is not None
        replies: list[Reply] = []
        sections: list[tuple[Any, Moves]] = []  # (phase, [(credited to, did)])
        carded: int | None = None  # the seat the last turn card (cards_for_ai) was for
        alerted: int | None = None  # the section of the run's latest knock-out
        heard: int | None = None  # a player whose held offer the summary opens with
        made = 0  # the moves this run made
        for _ in range(self.ai_limit):
            if game.result(state) is not None:
                break
            bots = [s for s in game.active(state) if table.by_seat(s).is_ai]
            if not bots:
                break
            seat = bots[0]
            asker = game.asking_seat(state)
            if not sections and not replies:  # a human's steps before an AI took the turn
                # (the asker's, when it is an offer of theirs the AI answers: Moves._play_action)
                said_by = seat if asker is None else asker
                held = await self._held_saids(table, said_by, latest=True)
                if held:
                    sections.append((game.phase(state), [(said_by, said) for said in held]))
                    heard = asker
            # an answer joins the asker's line where this summary says their offer
            turn = asker if asker is not None and \
                (asker == heard or table.by_seat(asker).is_ai) else seat
            if self.cards_for_ai and turn != carded:
                replies += self._ai_posts(table, sections) + await self._ai_card(table)
                sections, carded = [], turn
            level = table.by_seat(seat).ai_level or "easy"
            # legal() can take milliseconds (18Rhl tile lays): choose off the event loop.
            action = await asyncio.to_thread(ai.choose, game, state, seat, level,
                                             table.row.seed, table.row.version)
            phase_before = game.phase(state)
            try:
                lines = await self._commit(table, seat, None, action)
            except StaleVersion:
                break  # someone else moved meanwhile; their call carries on from there
            made += 1
            before, state = state, table.state
            assert state is not None
            if not sections or sections[-1][0] != phase_before:
                sections.append((phase_before, []))
            made_for, own = table.made_for(lines)
            own, later = _by_phase(game, own)
            said, records = table.said_apart(own)
            sections[-1][1].append((turn if made_for is None else f"**{made_for}**",
                                    table.move_said(said, before, action)))
            sections[-1][1].extend((None, record) for record in records)
            if _alerts(game, own):
                alerted = len(sections) - 1
            for phase, part in later:  # the game's own events, nobody's move
                said, records = table.said_apart(part)
                if said or records:
                    if sections[-1][0] != phase:
                        sections.append((phase, []))
                    if said:
                        sections[-1][1].append((EVENT, said))
                    sections[-1][1].extend((None, record) for record in records)
                if _alerts(game, part):
                    alerted = len(sections) - 1
            if game.board_round(state) != game.board_round(before) and \
                    game.result(state) is None:
                board_due = True
                if self.cards_for_ai:
                    board = await self._board_reply(table, state)
                    replies += self._ai_posts(table, sections, board)
                    sections, board_due = [], False
        board = await self._board_reply(table, state) \
            if board_due and game.result(state) is None else None
        if game.result(state) is not None and not self.cards_for_ai:
            if await self._players_gone(table):
                sections = self._played_out(table, sections, None)  # nobody left to read it
            elif alerted is not None:
                sections = self._played_out(table, sections, alerted)
            elif await self._knocked_out_before(table, made) or \
                    self._long_for_players(table, sections):
                sections = self._played_out(table, sections, BEFORE)
        return replies + self._ai_posts(table, sections, board)

    async def resume_ai(self, game_id: int) -> list[Reply] | None:
        """The AI seats of an active game play the turn that is theirs though no change set
        them off (their run died with the process, or stopped on an error), then the prompt
        for whoever is next; None when it is no AI's turn. The caller holds the game's
        channel lock and posts the replies as a change's: an AI seat to move after a
        restart never moved again, and the game stood still for good."""
        row = await self.store.game(game_id)
        if row is None or row.status != "active":
            return None
        table, notices = await self._load(row)
        state = table.state
        if state is None or table.game.result(state) is not None or \
                not any(table.by_seat(seat).is_ai for seat in table.game.active(state)):
            return None
        # the news a player's move would have set off with this run: hands dealt, coins paid
        hidden = HiddenBefore(self._secrets(table), table.game.phase(state))
        replies = notices + await self._after_change(table, hidden=hidden)
        after = await self.store.game(game_id)
        if after is None or after.version == row.version:
            return None  # no AI moved (one waits on a player too): a prompt again is noise
        return replies

    async def _players_gone(self, table: Table) -> bool:
        """Whether every seat is an AI's now though players made moves: the last of them
        left. (A table of AI seats from its start is watched: its phases are posted.)"""
        if not all(seat.is_ai for seat in table.seats if seat.seat is not None):
            return False
        return any(action.user_id is not None
                   for action in await self.store.actions(table.row.id))

    def _long_for_players(self, table: Table, sections: list[tuple[Any, Moves]]) -> bool:
        """Whether a run to the game's end would take more than ``LONG_RUN_POSTS`` posts at
        a table with a player seated (a table of AI seats from its start is watched for its
        play: every phase is posted)."""
        return any(not seat.is_ai for seat in table.seats if seat.seat is not None) and \
            len(self._ai_posts(table, sections)) > LONG_RUN_POSTS

    async def _knocked_out_before(self, table: Table, made: int) -> bool:
        """Whether the move that set off this run (``made`` moves) knocked a seat out: an
        18Rhl player's own "Declare bankruptcy" came before any AI move, so the run saw no
        alert, the seat stayed a player's, and the AI seats' five operating rounds after
        it went out whole, in twelve posts."""
        if not made:
            return False
        before = (await self.store.actions(table.row.id))[:-made]
        for action in reversed(before):  # that move's steps: its mover's latest actions
            if action.seat != before[-1].seat:
                break
            if _alerts(table.game, action.lines):
                return True
        return False

    @staticmethod
    def _played_out(table: Table, sections: list[tuple[Any, Moves]],
                    alerted: int | None) -> list[tuple[Any, Moves]]:
        """``sections`` with the phases after the one a seat was knocked out in (``alerted``)
        said as a count of their moves, records kept (an aside goes with the count): a
        human's bankruptcy let the AI seats play five rounds on, four posts of them with the
        knock-out and its ping in the middle of the second, when all the table then needed was the result. With no
        ``alerted`` (the last player left) every phase is counted, records dropped too: a
        Rheinländer table got 60 turns in four posts, read by nobody. The game's last move
        stays, after the count: it says how the game ended ("Round 6 is over and a player has
        enough fulfilled requests: the game ends"), which the result post beside it does not;
        after a knock-out the game's last phase with moves and any after it stay, under their
        headings (the knocked-out player reads how the last round scored). ``BEFORE``: the
        knock-out was the move before the run, which the channel has said: every phase up
        to that last one is counted, under the run's first heading."""
        later = sections if alerted is None else sections[alerted + 1:]
        if len(later) < 2:
            return sections
        moved = [(seat, said) for _, moves in later for seat, said in moves if seat is not None]
        if not moved:
            return sections
        if alerted is None:
            more = t("svc.ai_more", table.row.language, count=len(moved) - 1)
            return [(later[0][0], [(None, more), moved[-1]])]
        # the knocked-out player reads how the game ended: from its last phase with moves on
        # (Rhein's last fulfilments and the round's end, which scored it), the phases
        # between as a count; only the last move after "… and 23 more moves" left them
        # guessing
        last = max(n for n, (_, moves) in enumerate(later)
                   if any(seat not in (None, EVENT) for seat, _ in moves)) \
            if any(seat not in (None, EVENT) for seat, _ in moved) else len(later) - 1
        counted = [said for _, moves in later[:last] for seat, said in moves
                   if seat not in (None, EVENT)]
        kept = [(None, said) for _, moves in later[:last] for seat, said in moves
                if seat is None and not isinstance(said, Aside)]
        phase, moves = sections[alerted]
        more = [(None, t("svc.ai_more", table.row.language, count=len(counted)))] \
            if counted else []
        if alerted == BEFORE:
            counted_part = [(later[0][0], [*more, *kept])] if more or kept else []
            return [*counted_part, *later[last:]]
        return [*sections[:alerted], (phase, [*moves, *more, *kept]), *later[last:]]

    def _ai_posts(self, table: Table, sections: list[tuple[Any, Moves]],
                  board: Reply | None = None) -> list[Reply]:
        """AI seats' moves as few messages as Discord's limits allow (usually one): per
        phase a heading (when there are several, or a board follows) and its moves, the
        consecutive moves of a seat on one line, in the order they were made; the board
        rides on the last message, whose text is the board's."""
        if not sections and board is None:
            return []
        lang = table.row.language
        headed = len(sections) > 1 or board is not None
        blocks = ["\n".join(([f"__{table.said([phase], lang)}__"] if headed else [])
                            + self._seat_lines(table, moves)) for phase, moves in sections]
        room = EMBED_LIMIT - len(board.text) - 1 if board is not None else TEXT_LIMIT
        last: list[str] = []  # the blocks that fit into the last message, from the end
        while blocks and sum(len(b) + 1 for b in last) + len(blocks[-1]) <= room:
            last.insert(0, blocks.pop())
        replies = self._line_replies(blocks)  # earlier phases of a long run, plain texts
        if board is None:
            replies.append(_public("\n".join(last)))
        else:
            replies.append(_public("\n".join(t for t in [*last, board.text] if t), title=board.title,
                                   files=board.files))
        return [r for r in replies if r.text or r.files]

    @staticmethod
    def _seat_lines(table: Table, moves: Moves) -> list[str]:
        """One line per run of a seat's moves (or of a corporation's the game operates);
        a phase longer than ``AI_PHASE_LIMIT`` ends with how many moves are left out
        (``/game log`` lists every move). A public record (seat None: Trödler's deal) is a
        line of its own, whole, whatever the room."""
        grouped: list[tuple[int | str | None, list[str]]] = []
        for seat, said in moves:
            if grouped and grouped[-1][0] == seat and seat is not None:
                grouped[-1][1].append(said)
            else:
                grouped.append((seat, [said]))
        # a run whose last move a record follows caused it (the first 6-train bought, then
        # "Phase 6 begins" and the rusts): cut with the runs around it, the record read as if
        # nobody had caused it, so its last move stays, after the count
        causes = {number for number, (seat, _) in enumerate(grouped[:-1])
                  if seat is not None and grouped[number + 1][0] is None}
        lines: list[str] = []
        used, cut = 0, False
        for number, (seat, saids) in enumerate(grouped):
            if seat is None:
                lines += saids
                continue
            if not cut:
                line = _run_line(table, seat, saids)
                later = [rest for s, rest in grouped[number:] if s is not None]
                kept = sum(1 for k in causes if k >= number)
                more = t("svc.ai_more", table.row.language,
                         count=sum(len(r) for r in later) - kept)
                room = AI_PHASE_LIMIT - used - len(line) - 1
                if room >= 0 and (len(later) == 1 or room >= len(more) + 1):
                    lines.append(line)
                    used += len(line) + 1
                    continue
                lines.append(more)  # the lines before kept room for it
                cut = True
            if number in causes:
                lines.append(_run_line(table, seat, saids[-1:]))
        return lines

    async def _ai_card(self, table: Table) -> list[Reply]:
        """A turn card before an AI seat's turn (the demo shows every turn as a card)."""
        card = await self._turn_card(table)
        if card is None:
            return []
        assert table.state is not None
        # said as a move is, players named: "Turn 5: Orange" left them to recall who that is
        phase = str(table.said([table.game.phase(table.state)]))
        title = say(table.game.title, table.row.language)
        return [_public(f"{title}: {phase}", title=phase, files=[card])]

    async def _ai_turn(self, table: Table, seat: int, limit: int = 30) -> list[Reply]:
        """An AI (``STAND_IN_LEVEL``) plays ``seat``'s moves until its turn is over (the seat
        stays human). A step that loses the race to another change (the player, back,
        moved themselves) ends it: the steps it made are said, and that it stopped; none
        made, the presser is told nothing was played for the seat. The whole answer was
        thrown away, so the table never heard of a step in its log, and the presser read
        "nothing was played"."""
        game = table.game
        replies: list[Reply] = []
        lines: list[str] = []
        for made in range(limit):
            state = table.state
            assert state is not None
            if game.result(state) is not None or seat not in game.active(state):
                break
            action = await asyncio.to_thread(ai.choose, game, state, seat, STAND_IN_LEVEL,
                                             table.row.seed, table.row.version)
            phase_before = game.phase(state)
            try:
                committed = await self._commit(table, seat, None, action)
            except StaleVersion:  # the player (or another change) came first
                if not made:
                    raise Refusal("svc.stale_clock_ai", name=table.by_seat(seat).name) \
                        from None
                # the steps it made stand and are said; the call that came first says
                # what follows them (its prompt): one from here would show a stale position
                stopped = t("svc.ai_turn_stopped", table.row.language,
                            name=table.by_seat(seat).name, count=made)
                return replies + self._line_replies([*lines, stopped])
            made_for, own = table.made_for(committed)
            lines.append(table.credited(seat, table.said(own)) if made_for is None
                         else f"**{made_for}**: {table.said(own)}")
            assert table.state is not None
            if game.phase(table.state) != phase_before and game.result(table.state) is None:
                replies += self._line_replies(lines)
                lines = []
                replies.append(await self._board_reply(table, table.state))
        return replies + self._line_replies(lines) + await self._after_change(table)


def _by_phase(game: Any, lines: list[Any]) -> tuple[list[Any], list[tuple[Any, list[Any]]]]:
    """A move's lines up to the first that says a phase begins (a ``Game.heading_keys`` line
    with a ``phase``: Rhein's), and after it each phase begun with the lines that follow:
    a move's lines went under the phase it was made in, so the game's events of the next
    ("Anna has nothing to do in Phase 3", "The red Plane stops in Düsseldorf") read above
    that phase's heading."""
    own: list[Any] = []
    later: list[tuple[Any, list[Any]]] = []
    for line in lines:
        if getattr(line, "key", None) in game.heading_keys and "phase" in line.params:
            later.append((line.params["phase"], []))
        else:
            (later[-1][1] if later else own).append(line)
    return own, later


def _alerts(game: Any, lines: list[Any]) -> bool:
    return any(getattr(line, "key", None) in game.alert_keys for line in lines)


def _run_line(table: Table, seat: int | str, saids: list[str]) -> str:
    """A run of one seat's moves, the seat named once: "**Bot 2** (sky) plays ... · takes
    ..." (a corporation the game operates, or the game's own events, alike)."""
    if seat == EVENT:
        credited = table.run_said(None, saids)
    elif isinstance(seat, str):
        credited = f"{seat}: {table.run_said(None, saids)}"
    else:
        if table.by_seat(seat).is_ai:
            saids = _unremarked(table, saids) or saids
        credited = table.credited(seat, table.run_said(seat, saids))
    if len(credited) <= AI_LINE_ROOM:  # dropping a move to save a few characters lost it
        return credited
    return _moves_counted(table, credited) or \
        shortened(credited, lambda text: len(text) <= AI_LINE_LIMIT, table.row.game_key)


def _moves_counted(table: Table, line: str) -> str | None:
    """``line`` with moves from its middle said as their count ("… 3 more moves …"), its
    first move (naming the seat) and as many of the last as fit kept whole; None when the
    first and the last alone do not fit. A bare "…" where a move was left out told neither
    that nor how many."""
    parts = line.split(" · ")
    for kept in range(len(parts) - 1, 1, -1):  # the most moves kept whole first
        more = t("svc.ai_more_moves", table.row.language, count=len(parts) - kept)
        for head in range(kept - 1, 0, -1):  # the seat's first moves, then its last
            said = " · ".join([*parts[:head], more, *parts[len(parts) - kept + head:]])
            if len(said) <= AI_LINE_LIMIT:
                return said
    return None


def _unremarked(table: Table, saids: list[str]) -> list[str]:
    """An AI seat's moves without the lines its game leaves out of AI summaries
    (``summary_quiet_keys``: Rheinländer's "ends the turn without a bastion", some fifteen
    times a game where the next line says the turn went on); a move with nothing else to
    say goes. A player's own moves keep them: the player chose so."""
    quiet = table.game.summary_quiet_keys
    kept: list[str] = []
    for said in saids:
        lines = getattr(said, "lines", None)
        if lines is None or not quiet:
            kept.append(said)
            continue
        left = [line for line in lines if getattr(line, "key", None) not in quiet]
        if len(left) == len(lines):
            kept.append(said)
        elif left:
            kept.append(_spoken(left, getattr(said, "lang", table.row.language)))
    return kept
