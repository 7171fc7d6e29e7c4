"""After a restart: the channel posts of changes that were committed but never announced.

A move is acknowledged (committed) before its posts are built and sent: the AI seats' run,
the pictures and the reminders come after the commit, and delivery after that. A process that
died in between lost the posts for good: the channel never heard of the move nor got a prompt
with live buttons, the player who had moved was reminded it was still their turn, and the
player to move was never told.

The store keeps, per game, the last version whose channel post went out or into the outbox
(``announced_marks``, migration 020), with the last action said by then. Delivery marks it
once it has handed a whole answer to Discord or the outbox, and only a change's own answer
marks: the adapter reads, under the channel's lock, which of the channel's games stood ahead
of their marks before the operation and after it, and the versions it moved are what that
answer announces (``Adapter._run_held``, ``Delivery._mark_announced``), with buttons or
without (a kick), in the channel or to the mover alone when their turn goes on. A look
(``/game hand``, no lock) and a post outside an interaction (a clock's run-out notice) mark
nothing: a look between another change's commit and its posts marked that change, and a
crash then lost its posts. At start-up every active or finished game ahead of its mark gets
one catch-up post:

- the lines of the actions since the mark, rebuilt from the action log, as ``/game log``
  words them (each action's logged lines are the public record the channel's own post was
  made from; what is hidden, a hand or a face-down coin, is never in them: it reaches a
  player through ``/game hand`` or a DM only). Rebuilding rather than storing each answer
  before it is sent keeps the hot path of a move as it is, one commit, and needs no copy of
  pictures that the board rebuilds anyway;
- the current public board and the turn prompt with its buttons, pinging whoever is to move;
  for a game that ended, the result post its end made (standings, the board), no prompt;
- (an active game) the turn reminders brought up to date: the player now to move is told, the one who moved
  is no longer reminded. This part (:func:`prepare`) runs before the reminders start and
  before the gateway connects: a reminder due meanwhile went to the player who had moved
  ("it is still your turn"). The posts (:func:`announce`) follow in the background, each
  game under its channel's lock, so a command arriving meanwhile waits for them.

The lines start at the channel's said mark where that is earlier: the steps of a turn that
went on were told to its mover alone, to be said in the channel as one run when the turn
passes. Then the said mark moves past all of them (that run is not said a second time), and
the game is marked announced at its version.

Crash between sending and marking: announced again at the next start (at most twice), never
lost. We prefer a post said twice to a move nobody hears of.

A game announced by a newer change between the two parts (a clock's move in those seconds)
is left alone: its newest prompt is out, the lines before it stay unsaid. A commit made
without the channel's lock in the moment between a locked change's commit and the adapter's
read after it would be marked with that change: none is made there now (a clock's run-out
only posts buttons; its skip is pressed under the lock). An abandoned game is not caught
up: its abandon post names who abandoned it, which the store does not keep.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import t
from bot.replies import Audience, Reply
from bot.service.base import _secret_lines
from bot.service.looking import _log_entries
from bot.service.moves import hand_dm
from bot.service.retyped import remember
from bot.service.tables import TablesService
from bot.store import GameRow

log = logging.getLogger(__name__)

ENDED_CATCH_UP = 86400.0  # how recently a game must have finished for its end DMs to be sent

Poster = Callable[[int, Reply], Awaitable[Any]]
Held = Callable[[int], AbstractAsyncContextManager[Any]]


@dataclass
class Behind:
    """A game its channel was not told the newest of, as :func:`prepare` found it."""

    game_id: int
    channel_id: int
    version: int
    last_action: int  # the last action the channel has
    notices: list[Reply] = field(default_factory=list)  # a rebuilt snapshot's notice
    prompt: list[Reply] = field(default_factory=list)  # pinging as the reminders stood


async def catch_up(service: TablesService, post: Poster,
                   ours: Callable[[GameRow], bool] = lambda row: True,
                   held: Held | None = None) -> int:
    """Both parts at once (:func:`prepare`, then :func:`announce`); how many were posted."""
    return await announce(service, await prepare(service, ours), post, held)


async def prepare(service: TablesService,
                  ours: Callable[[GameRow], bool] = lambda row: True) -> list[Behind]:
    """Each active game (of ``ours``: this process's shards) whose newest change its channel
    never heard of, with its prompt, and its turn reminders brought up to date."""
    behind = []
    for row, last_action in await service.store.unannounced():
        if not ours(row):
            continue
        try:
            found = await _prepared(service, row, last_action)
        except Exception:  # one game's failure must not keep the others silent
            log.exception("could not prepare the catch-up of game %s", row.id)
            continue
        if found is not None:
            behind.append(found)
    return behind


async def _prepared(service: TablesService, row: GameRow, last_action: int) -> Behind | None:
    table, notices = await service._load(row)
    if table.state is None:
        return None
    if row.status != "active":  # it ended: no turn to prompt or remind of
        if row.status == "finished" and row.updated_at > service.clock() - ENDED_CATCH_UP:
            # its end's DMs (Reminders._tell_ended) are written after the final move's
            # commit, with its posts: lost with them, they go now. Not for a game older
            # than a day: an old database's finished games would all tell their end again.
            await service._tell_reminders(table)
        return Behind(row.id, row.channel_id, table.row.version, last_action, notices)
    # the prompt pings those whose notice is the ping and who were not told yet: read
    # before the reminders learn of the turn, as after a move
    prompt = await service._pinging(table, service._turn_prompt(table))
    await service._tell_reminders(table)
    # a player typing their move again, never having heard it was played, is asked first
    remember(service._unanswered, row.id, await service.store.actions(row.id, last_action))
    return Behind(row.id, row.channel_id, table.row.version, last_action, notices, prompt)


async def announce(service: TablesService, behind: list[Behind], post: Poster,
                   held: Held | None = None, dm: Poster | None = None) -> int:
    """Post each prepared game's catch-up, under its channel's lock (``held``); how many.
    ``dm`` (user id, reply) sends a player their own hidden news; without it none goes."""
    done = 0
    for game in behind:
        try:
            async with held(game.channel_id) if held is not None else nullcontext():
                if await _announced(service, game, post, dm):
                    done += 1
        except Exception:
            log.exception("could not catch up game %s", game.game_id)
    return done


async def _announced(service: TablesService, game: Behind, post: Poster,
                     dm: Poster | None = None) -> bool:
    """One game's catch-up, read afresh under its channel's lock; whether it was posted."""
    store = service.store
    row = await store.game(game.game_id)
    announced = await store.announced_version(game.game_id)
    if row is None or row.status not in ("active", "finished") or announced is None or \
            announced >= game.version:
        return False
    table, _ = await service._load(row)
    if table.state is None:
        return False
    # the steps of a turn that went on were told to their mover alone (the said mark is
    # before them): the channel has not heard them either
    said = await store.said_mark(game.game_id)
    last_action = min(game.last_action, said) if said is not None else game.last_action
    actions = await store.actions(game.game_id)
    lang = table.row.language
    missed = sum(1 for action in actions if action.id > last_action)
    old = len(actions) - missed
    lines = [entry.line(table, lang) for entry in _log_entries(table, actions, lang)
             if entry.last > old]
    head = t("svc.catch_up", lang, count=missed) if missed else t("svc.catch_up.none", lang)
    replies = [*game.notices, *service._line_replies([head, *lines]),
               *await _closing(service, table, game),
               *await _private_news(service, table, actions[old:], dealt=old == 0)]
    for reply in replies:
        if reply.is_public or reply.edits is not None:
            await post(row.channel_id, reply)
        elif reply.audience is Audience.DM and reply.user_id is not None and dm is not None:
            await _sent(dm, reply.user_id, reply)
    if actions:
        await store.set_said_mark(game.game_id, actions[-1].id)
    await store.mark_announced(game.game_id, table.row.version)
    log.info("game %s caught up: %d actions its channel had missed", game.game_id, missed)
    return True


async def _sent(dm: Poster, user_id: int, reply: Reply) -> None:
    try:
        await dm(user_id, reply)
    except Exception:  # closed DMs: /game hand still shows it; the channel goes on
        log.warning("could not DM user %s their hidden news", user_id, exc_info=True)


async def _private_news(service: TablesService, table: Any, missed: list[Any],
                        dealt: bool) -> list[Reply]:
    """A DM to each player of their own hidden information as it stands, when the missed
    changes dealt (the start: ``dealt``) or drew or revealed some: the "Only you see" news
    of a deal or a draw went with the lost posts, and the player learnt of their new hand
    only by asking. Each DM holds its player's part alone, never another's."""
    if table.row.status != "active" or not (dealt or any(
            action.reveals_after != action.reveals_before for action in missed)):
        return []
    languages = await service._languages_of(table)
    phase = table.game.phase(table.state)
    news = []
    for seat, secret in service._secrets(table).items():
        user = table.by_seat(seat).user_id
        if not secret or user is None:
            continue
        lang = languages.get(user, table.row.language)
        news.append(hand_dm(table, phase, lang, _secret_lines(secret, lang), user))
    return news


async def _closing(service: TablesService, table: Any, game: Behind) -> list[Reply]:
    """After the missed lines: an ended game's result post, as its end made it (the board
    rides on it), its standings stored for /stats if the end had no time to; else the
    board and the turn prompt."""
    assert table.state is not None
    if table.row.status != "active":
        result = await service._result_replies(table)
        await service._record_result(table)  # idempotent: the end may have stored it
        return result
    # a change since (a clock's move) updated the reminders itself; its prompt is fresh
    prompt = game.prompt if table.row.version == game.version else service._turn_prompt(table)
    return [await service._board_reply(table, table.state), *prompt]


Replier = Callable[[int, list[Reply]], Awaitable[Any]]


async def resume_ai_turns(service: TablesService, post: Replier,
                          ours: Callable[[GameRow], bool] = lambda row: True,
                          held: Held | None = None,
                          updated_within: tuple[float, float] | None = None) -> int:
    """Every active game (of ``ours``) whose turn is an AI seat's gets its AI run, under its
    channel's lock, its replies posted (``post``) and marked announced as a change's: an AI
    moves only when a change sets it off, so one whose run died with the process (or stopped
    on an error) never moved again. At start-up after the catch-up's posts (its lines come
    first); then now and then for the games last changed within ``updated_within`` (from,
    before). How many games an AI moved in."""
    moved = 0
    for row in await service.store.active_with_ai(updated_within):
        if not ours(row) or not row.active_seats:
            continue
        # the stored turn first: loading every game with an AI seat at each start is slow
        ai = {seat.seat for seat in await service.store.seats(row.id) if seat.is_ai}
        if not ai.intersection(row.active_seats):
            continue
        try:
            async with held(row.channel_id) if held is not None else nullcontext():
                before = await service.store.game(row.id)
                told = await service.store.announced_version(row.id)
                replies = await service.resume_ai(row.id)
                if replies is None or before is None:
                    continue
                await post(row.channel_id, replies)
                after = await service.store.game(row.id)
                # marked only when the channel had all before the run: a game whose
                # catch-up failed keeps its missed lines for the next start
                if after is not None and told is not None and told >= before.version:
                    await service.store.mark_announced(row.id, after.version)
            moved += 1
            log.info("game %s: the AI seats to move played on", row.id)
        except Exception:  # one game's failure must not keep the others waiting
            log.exception("could not run the AI seats of game %s", row.id)
    return moved
