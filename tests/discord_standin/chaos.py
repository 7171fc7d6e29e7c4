"""A seeded chaos run at one table through the stand-in, checking invariants after each step.

Scripted tests play the paths someone thought of. Here several members (the seated players,
sometimes an AI seat, a stranger who holds no seat, a moderator) do random things in an order
drawn from one seeded generator: legal moves typed or pressed, junk moves, old buttons, other
people's buttons, double taps, undo requests and votes, a kick, look-up commands, previews,
reminder settings and hours passing on the fake clock. After every step the run checks:

- the bot logged nothing at WARNING or above (but discord.py's heartbeat warning, see
  :func:`harmless`), and every interaction was answered without a Discord error;
- the stored move log replays to the stored state, and the seats the row waits on are the
  ones the engine says are to move;
- a step that must change nothing (a refusal, a look-up, a stranger's attempt) left the
  game's version alone;
- no hidden information reached anyone it does not belong to: no seat's private lines (its
  hand and coins as ``/game hand`` words them, from the engine's view for that seat alone) and
  no Trödler card face of a hand or value pile that no public deal or log line showed, in any
  channel post, alt text, button or menu label, or log line; no other seat's private lines in
  an answer only its caller saw, nor in a direct message;
- every current prompt names a player to move, and a human to move has a prompt with buttons
  of the current version (the channel's, or one only they see);
- after a kick, the player to move can press a button of their newest prompt.

:func:`run_chaos` returns a :class:`ChaosReport`; each finding names the seed, the step and
what was done, so ``run_chaos(bot, game, seed, step_count)`` replays it.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import re
import traceback
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import t
from bot.service import _private_part, _secret_lines
from engine import get_game
from engine.fuzz import _strings
from engine.text import say, to_json

from .clock import FakeTime, install_clock, reminders_settle
from .driver import Bot, Member
from .server import Interaction, Message
from .table import BUTTON, row_of, seat_users

START = 1_772_449_200.0  # the fake clock's start: a Monday noon in Berlin
LANGS = ("en", "de")
LOOK_UPS = ("status", "board", "log", "hand", "watch", "unwatch", "export")
JUNK = ("zzz", "move 99 99", "pass pass", "", "  ", "1", "ö" * 120, "buy everything", "-1",
        "<@123>", "@everyone")

Seats = dict[int, int | None]
Step = tuple[Interaction | None, bool]  # what was sent, and whether it must change nothing


class LogTrap(logging.Handler):
    """Keeps every log record: WARNING and above are findings, and all are searched for
    hidden information."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class ChaosReport:
    findings: list[str]
    steps: int
    status: str
    stats: Counter[str]


@dataclass
class Chaos:
    """One run's members, generator and what it has seen so far."""

    bot: Bot
    game_key: str
    seed: int
    rng: random.Random
    players: list[Member]
    stranger: Member
    mod: Member
    clock: FakeTime
    trap: LogTrap
    findings: list[str] = field(default_factory=list)
    step: int = 0
    what: str = ""
    seen_logs: int = 0
    shown: dict[int, str] = field(default_factory=dict)  # message id: digest of its texts
    kicked: bool = False
    public_marks: set[str] = field(default_factory=set)  # hidden card texts made public
    unprompted: set[tuple[int, int]] = field(default_factory=set)  # each reported once
    stats: Counter[str] = field(default_factory=Counter)
    dealt: set[int] = field(default_factory=set)  # Trödler cards a public post showed

    @property
    def channel(self) -> int:
        return self.bot.stand_in.channel

    def fail(self, text: str) -> None:
        self.findings.append(
            f"seed={self.seed} game={self.game_key} step={self.step} [{self.what}] {text}")

    def member(self, user_id: int | None) -> Member | None:
        return next((m for m in self.players if m.id == user_id), None)

    def mover(self, row: Any, users: Seats) -> Member | None:
        return next((m for s in row.active_seats if (m := self.member(users.get(s)))), None)


# -- what the oracle knows ------------------------------------------------------------------


async def table_state(ch: Chaos) -> tuple[Any, Seats]:
    row = await row_of(ch.bot, ch.channel)
    return row, (await seat_users(ch.bot, row.id) if row is not None else {})


def replayed(row: Any, actions: list[Any], seated: int) -> Any:
    game = get_game(row.game_key)
    state = game.setup(seated, row.options, row.seed)
    for action in actions:
        game.apply(state, action.seat, game.parse(state, action.seat, action.notation))
    return state


def secret_lines(game_key: str, state: Any) -> dict[int, set[str]]:
    """Each seat's private lines as ``/game hand`` words them (both languages): what its own
    view shows beyond the public one. Rheinländer's hand is bare numbers and its coins a
    count, so only the whole line ("Hand: 3, 17, 40") marks them as that seat's."""
    game = get_game(game_key)
    if not game.hidden_items(state):
        return {}
    public = game.view(state, None)
    seats = len(game.hidden_items(state))
    return {seat: {line for lang in LANGS
                   for line in _secret_lines(_private_part(game.view(state, seat), public), lang)}
            for seat in range(seats)}


def card_ids(node: Any) -> set[int]:
    """The Trödler cards a view or log names."""
    found: set[int] = set()
    stack: list[Any] = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            params = node.get("params", {})
            if str(node.get("key", "")).startswith("troedler.card.") and \
                    isinstance(params.get("id"), int):
                found.add(params["id"])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


def hidden_cards(state: Any, shown: set[int]) -> dict[str, str]:
    """Trödler: the face of every card in a hand or value pile that no public post showed
    (a deal shows every pile in full, R12.1), in both languages, with its holder."""
    from engine.troedler.data import card_text

    marks: dict[str, str] = {}
    for seat, items in get_game("troedler").hidden_items(state).items():
        for item in items:
            if item["id"] in shown:
                continue
            where = "hand" if item["id"] in state["hands"][seat] else "value pile"
            for lang in LANGS:
                marks[say(card_text(item["id"]), lang)] = f"seat {seat}'s {where}"
    return marks


def public_texts(game_key: str, state: Any) -> str:
    strings = _strings(get_game(game_key).view(state, None))
    return "\x00".join(strings + [say(s, "de") for s in strings])


def message_strings(message: Message) -> list[str]:
    """Everything a reader sees of a message as text: content, embeds, alt texts, button
    labels and the labels of select menu options."""
    out = [message.content or ""]
    for embed in message.embeds:
        out += [embed.get("title") or "", embed.get("description") or "",
                (embed.get("footer") or {}).get("text", "") or "",
                (embed.get("author") or {}).get("name", "") or ""]
        out += [part for f in embed.get("fields", []) for part in (f.get("name", ""),
                                                                   f.get("value", ""))]
    out += [d for d in message.descriptions if d]
    for row in message.components:
        for child in row.get("components", []):
            out.append(child.get("label", "") or "")
            out += [o.get("label", "") + " " + (o.get("description") or "")
                    for o in child.get("options", [])]
    return out


def found_in(mark: str, text: str) -> bool:
    """``mark`` as a whole (so card #1 is not found in #12)."""
    pattern = (r"(?<![\w#])" if mark[:1].isalnum() or mark[:1] == "#" else "") + \
        re.escape(mark) + (r"(?!\w)" if mark[-1:].isalnum() else "")
    return re.search(pattern, text) is not None


def harmless(record: logging.LogRecord) -> bool:
    """discord.py's heartbeat latency warning ("Can't keep up"): its keep-alive thread stamps
    a heartbeat's send time after the stand-in's instant ACK can already have arrived, so the
    latency it computes is a whole interval (41.25 s). A race in the client against a local
    server, not something the bot did."""
    return record.name == "discord.gateway" and "Can't keep up" in str(record.msg)


def reply_text(record: Interaction | None) -> str:
    return " / ".join(m.text[:200] for m in record.posts) if record is not None else ""


def is_move(custom_id: str) -> bool:
    parts = custom_id.split(":")
    return custom_id.startswith(BUTTON) and len(parts) > 3 and parts[3].isdigit()


def version_of(custom_id: str) -> str:
    return custom_id.split(":")[2]


# -- the checks after every step --------------------------------------------------------------


def check_log(ch: Chaos) -> list[logging.LogRecord]:
    new = ch.trap.records[ch.seen_logs:]
    ch.seen_logs = len(ch.trap.records)
    for record in new:
        if record.levelno >= logging.WARNING and not harmless(record):
            text = record.getMessage()
            if record.exc_info:
                text += " | " + "".join(traceback.format_exception(*record.exc_info))[-600:]
            ch.fail(f"log {record.levelname} {record.name}: {text[:900]}")
    return new


def check_answered(ch: Chaos, record: Interaction | None) -> None:
    if record is None:
        return
    if record.type in (2, 3) and record.answered is None:
        ch.fail("interaction never answered")
    if record.errors:
        ch.fail(f"Discord errors {record.errors}")


async def check_store(ch: Chaos, row: Any, users: Seats) -> Any:
    """The replayed state (None before the start), checked against the row."""
    if row.state is None or row.status not in ("active", "finished"):
        return None
    game = get_game(row.game_key)
    try:
        state = replayed(row, await ch.bot.client.store.actions(row.id), len(users))
    except Exception as error:  # noqa: BLE001 - a finding, reported with its seed and step
        ch.fail(f"the move log does not replay: {error!r}")
        return None
    if game.dump(state) != row.state:
        ch.fail("the stored state differs from the replayed move log")
    if row.status == "active" and list(game.active(state)) != list(row.active_seats):
        ch.fail(f"row active seats {row.active_seats} != engine {game.active(state)}")
    return state


def changed_messages(ch: Chaos) -> list[Message]:
    """Messages posted or edited since the last look (an edit can bring a leak too)."""
    out = []
    for message in list(ch.bot.stand_in.messages.values()):
        if message.deleted:
            continue
        digest = hashlib.blake2b("\x00".join(message_strings(message)).encode(),
                                 digest_size=8).hexdigest()
        if ch.shown.get(message.id) != digest:
            ch.shown[message.id] = digest
            out.append(message)
    return out


async def check_secrets(ch: Chaos, row: Any, state: Any, state_before: Any,
                        messages: list[Message], logs: list[logging.LogRecord]) -> None:
    lines = secret_lines(row.game_key, state)
    public = public_texts(row.game_key, state)
    if state_before is not None:
        public += "\x00" + public_texts(row.game_key, state_before)
    marks = {line: f"seat {seat}'s private line" for seat, own in lines.items()
             for line in own if line not in public}
    if row.game_key == "troedler":
        actions = await ch.bot.client.store.actions(row.id)
        ch.dealt |= card_ids(state.get("deal_log")) | card_ids(to_json([a.lines for a in actions]))
        for known in (state, state_before):
            if known is not None:
                ch.dealt |= card_ids(get_game("troedler").view(known, None))
        cards = {m: w for m, w in hidden_cards(state, ch.dealt).items()
                 if m not in ch.public_marks}
        ch.public_marks |= {m for m in cards if found_in(m, public)}
        marks |= {m: w for m, w in cards.items() if m not in ch.public_marks}
    users = await seat_users(ch.bot, row.id)
    seat_of = {uid: seat for seat, uid in users.items() if uid is not None}
    dm_reader = {cid: uid for uid, cid in ch.bot.stand_in.dm_channels.items()}
    for message in messages:
        if message.ephemeral:
            continue  # an answer to its caller: check_private_answer reads those
        if message.channel_id in dm_reader:
            reader = seat_of.get(dm_reader[message.channel_id])
            own = lines.get(reader, set())
            others = {line: f"seat {seat}'s private line" for seat, theirs in lines.items()
                      if seat != reader for line in theirs - own}
            report_marks(ch, others, message, "a direct message to another player")
            continue
        report_marks(ch, marks, message, "channel post")
    log_text = "\x00".join(record.getMessage() for record in logs)
    for mark, whose in marks.items():
        if found_in(mark, log_text):
            ch.fail(f"hidden {mark!r} ({whose}) in a log line")


def report_marks(ch: Chaos, marks: dict[str, str], message: Message, where: str) -> None:
    text = "\x00".join(message_strings(message))
    for mark, whose in marks.items():
        if found_in(mark, text):
            at = text.find(mark)
            ch.fail(f"hidden {mark!r} ({whose}) in {where} {message.id}: "
                    f"...{text[max(0, at - 200):at + len(mark) + 60]!r}")


def check_private_answer(ch: Chaos, record: Interaction | None, lines: dict[int, set[str]],
                         users: Seats) -> None:
    """An answer only its caller sees carries no other seat's private lines."""
    if record is None or not lines:
        return
    mine = next((s for s, uid in users.items() if uid == record.user_id), None)
    own = lines.get(mine, set()) if mine is not None else set()
    for message in record.private:
        text = "\x00".join(message_strings(message))
        for seat, theirs in lines.items():
            leaked = [line for line in theirs - own if seat != mine and found_in(line, text)]
            if leaked:
                ch.fail(f"seat {seat}'s {leaked} in an answer only user {record.user_id} saw")


async def check_prompts_name_mover(ch: Chaos, row: Any, users: Seats,
                                   messages: list[Message]) -> None:
    to_move = {users.get(s) for s in row.active_seats}
    names = [s.name for s in await ch.bot.client.store.seats(row.id)
             if s.seat in row.active_seats]
    for message in messages:
        moves = [c for c in message.custom_ids if is_move(c)]
        if message.ephemeral or not moves or any(version_of(c) != str(row.version)
                                                 for c in moves):
            continue
        if not any(f"<@{u}>" in message.content for u in to_move if u) and \
                not any(n and n in message.text for n in names):
            ch.fail(f"a current prompt names nobody to move ({names}): {message.text[:200]!r}")


def check_prompt_exists(ch: Chaos, row: Any, users: Seats) -> None:
    """A human to move has buttons of the current version: in a post that pings them, in an
    answer only they saw (a turn's next step), or in a direct message."""
    version = str(row.version)
    for seat in row.active_seats:
        uid = users.get(seat)
        member = ch.member(uid)
        if member is None or (row.id, row.version) in ch.unprompted:
            continue
        if newest_prompt(ch, member, row.version) is None:
            ch.unprompted.add((row.id, row.version))
            ch.fail(f"{member.name} (seat {seat}) is to move at version {version} but no "
                    f"prompt with buttons of this version names them")


async def check(ch: Chaos, before: Any, record: Interaction | None,
                unchanged: bool = False, state_before: Any = None) -> None:
    logs = check_log(ch)
    check_answered(ch, record)
    messages = changed_messages(ch)
    row, users = await table_state(ch)
    if row is None:
        return
    if unchanged and before is not None and row.version != before.version:
        ch.fail(f"version {before.version} -> {row.version} after something that must change "
                f"nothing; reply: {reply_text(record)!r}")
    state = await check_store(ch, row, users)
    if state is not None:
        await check_secrets(ch, row, state, state_before, messages, logs)
        check_private_answer(ch, record, secret_lines(row.game_key, state), users)
    if row.status == "active":
        await check_prompts_name_mover(ch, row, users, messages)
        check_prompt_exists(ch, row, users)


# -- the actions ------------------------------------------------------------------------------


def seated_members(ch: Chaos, users: Seats) -> list[Member]:
    return [m for m in ch.players if m.id in set(users.values())] or ch.players


def current_prompts(ch: Chaos) -> list[Message]:
    return [m for m in ch.bot.stand_in.messages.values()
            if not m.deleted and any(c.startswith(BUTTON) for c in m.custom_ids)]


def newest_prompt(ch: Chaos, member: Member, version: int) -> Message | None:
    """The newest message with buttons all of ``version`` that ``member`` was shown as
    theirs: a post pinging them, an answer only they saw, or a direct message to them."""
    dm = ch.bot.stand_in.dm_channels.get(member.id)
    for message in sorted(current_prompts(ch), key=lambda m: m.id, reverse=True):
        ids = [c for c in message.custom_ids if c.startswith(BUTTON)]
        if ids and all(version_of(c) == str(version) for c in ids) and (
                f"<@{member.id}>" in (message.content or "") or message.ephemeral
                or message.channel_id == dm):
            return message
    return None


async def act_legal(ch: Chaos, row: Any, users: Seats) -> Step:
    """The player to move presses a prompt's button, or picks from /play's list."""
    mover = ch.mover(row, users)
    if mover is None:
        return None, False
    if ch.rng.random() < 0.4:
        prompt = newest_prompt(ch, mover, row.version)
        ids = [c for c in prompt.custom_ids if is_move(c)] if prompt is not None else []
        if prompt is not None and ids:
            cid = ch.rng.choice(ids)
            ch.what = f"{mover.name} presses {prompt.labels.get(cid)!r} ({cid})"
            return await mover.press(prompt, cid), False
    typed, record = "", None
    for _ in range(6):  # a list can offer the start of a move: type it, pick again
        choices = await mover.autocomplete("play", "move", typed, ch.channel)
        if not choices:
            ch.fail(f"{mover.name} to move has no choice in /play's list (typed {typed!r})")
            return None, False
        pick = ch.rng.choice(choices)["value"]
        ch.what = f"{mover.name} /play {pick!r}"
        record = await mover.command("play", ch.channel, move=pick)
        sure = [(m, c) for m in record.private for c in m.custom_ids if ":sure-" in c]
        if sure:
            record = await mover.press(*sure[0])
        if (await row_of(ch.bot, ch.channel)).version != row.version or pick == typed:
            break
        typed = pick
    await check_told(ch, row, mover, record)
    return record, False


async def check_told(ch: Chaos, row: Any, mover: Member, record: Interaction | None) -> None:
    """A move that changed the game is logged under the mover; one that did not was not
    announced to the channel."""
    if record is None:
        return
    after = await row_of(ch.bot, ch.channel)
    mine = [a for a in await ch.bot.client.store.actions(row.id) if a.user_id == mover.id]
    if after.version != row.version:
        if not mine:
            ch.fail("the game moved on but no action of the mover is logged")
    elif record.visible_posts:
        ch.fail(f"nothing changed, yet the channel was told: "
                f"{[m.text[:200] for m in record.visible_posts]}")


async def act_illegal(ch: Chaos, row: Any, users: Seats) -> Step:
    member = ch.rng.choice(seated_members(ch, users))
    junk = ch.rng.choice(JUNK)
    ch.what = f"{member.name} /play illegal {junk!r}"
    return await member.command("play", ch.channel, move=junk), True


async def act_stale_button(ch: Chaos, row: Any, users: Seats) -> Step:
    """Anyone presses a move button of an older game the client still shows: made before
    a move (or undo) since; one made before a seat change alone still fits (migration 022)."""
    old = [(m, c) for m in current_prompts(ch) for c in m.custom_ids
           if is_move(c) and int(version_of(c)) < row.state_version]
    if not old:
        return None, False
    message, cid = ch.rng.choice(old)
    member = ch.rng.choice(ch.players + [ch.stranger])
    ch.what = f"{member.name} presses OLD button {cid} ({message.labels.get(cid)!r})"
    return await member.press(message, cid), True


async def act_others_button(ch: Chaos, row: Any, users: Seats) -> Step:
    """Someone not to move presses the current prompt's button."""
    to_move = {users.get(s) for s in row.active_seats}
    others = [m for m in ch.players + [ch.stranger, ch.mod] if m.id not in to_move]
    prompts = [m for m in current_prompts(ch) if not m.ephemeral and any(
        is_move(c) and version_of(c) == str(row.version) for c in m.custom_ids)]
    if not prompts or not others:
        return None, False
    message, member = prompts[-1], ch.rng.choice(others)
    cid = ch.rng.choice([c for c in message.custom_ids if is_move(c)])
    ch.what = f"{member.name} (not to move) presses {cid} ({message.labels.get(cid)!r})"
    return await member.press(message, cid), True


async def act_double_tap(ch: Chaos, row: Any, users: Seats) -> Step:
    """Two presses of one button leave the phone before the bot's edit removes it: one move."""
    mover = ch.mover(row, users)
    prompt = newest_prompt(ch, mover, row.version) if mover is not None else None
    ids = [c for c in prompt.custom_ids if is_move(c)] if prompt is not None else []
    if mover is None or prompt is None or not ids:
        return None, False
    cid = ch.rng.choice(ids)
    ch.what = f"{mover.name} double-taps {cid} ({prompt.labels.get(cid)!r})"
    before = len(await ch.bot.client.store.actions(row.id))
    fake, data = ch.bot.stand_in, {"custom_id": cid, "component_type": 2}
    first = await fake.interact(3, mover.id, prompt.channel_id, data, message=prompt)
    fake.current = None
    second = await fake.interact(3, mover.id, prompt.channel_id, data, message=prompt)
    fake.current = None
    await asyncio.gather(ch.bot.settle(first), ch.bot.settle(second))
    await check(ch, row, first)
    mine = [a for a in (await ch.bot.client.store.actions(row.id))[before:]
            if a.user_id == mover.id]
    if len(mine) > 1:
        ch.fail(f"a double tap played {len(mine)} moves: {[a.notation for a in mine]}")
    return second, False


async def act_undo(ch: Chaos, row: Any, users: Seats) -> Step:
    member = ch.rng.choice(seated_members(ch, users))
    ch.what = f"{member.name} /game undo"
    return await member.command("game undo", ch.channel), False


async def act_vote(ch: Chaos, row: Any, users: Seats) -> Step:
    member = ch.rng.choice(seated_members(ch, users))
    agree = ch.rng.random() < 0.6
    ch.what = f"{member.name} /game undo-vote agree={agree}"
    return await member.command("game undo-vote", ch.channel, agree=agree), False


async def act_kick(ch: Chaos, row: Any, users: Seats) -> Step:
    """The moderator kicks a seated player (once a run, while three or more are seated),
    and the player then to move presses a button of their newest prompt: a kick moves the
    version, and the prompt's buttons must move with it."""
    seated = [m for m in ch.players if m.id in set(users.values())]
    if len(seated) <= 2 or ch.kicked:
        return None, False
    # mostly someone the game is not waiting on: their seat change moves the version under
    # the standing prompt of the player to move
    waiting = {users.get(s) for s in row.active_seats}
    others = [m for m in seated if m.id not in waiting]
    victim = ch.rng.choice(others if others and ch.rng.random() < 0.7 else seated)
    ch.what = f"moderator /game kick {victim.name}"
    ch.kicked = True
    record = await ch.mod.command("game kick", ch.channel, player=victim.id)
    await check(ch, row, record)
    await press_after_kick(ch)
    return record, False


async def press_after_kick(ch: Chaos) -> None:
    row, users = await table_state(ch)
    mover = ch.mover(row, users) if row is not None and row.status == "active" else None
    if mover is None:
        return
    prompts = [m for m in current_prompts(ch) if not m.ephemeral
               and f"<@{mover.id}>" in (m.content or "") and any(is_move(c) for c in m.custom_ids)]
    if not prompts:
        return  # check_prompt_exists reports a mover without a prompt
    prompt = max(prompts, key=lambda m: m.id)
    cid = next(c for c in prompt.custom_ids if is_move(c))
    ch.what += f", then {mover.name} presses {prompt.labels.get(cid)!r} ({cid})"
    press = await mover.press(prompt, cid)
    stale = {t(key, lang) for key in ("svc.stale", "svc.stale_unseated") for lang in LANGS}
    told = " / ".join(m.text for m in press.posts)
    if any(text in told for text in stale):
        ch.fail(f"after the kick, {mover.name}'s newest prompt (version {version_of(cid)}, "
                f"the game at {row.version}) is stale: {told[:200]!r}")
    await check(ch, row, press)


async def act_look(ch: Chaos, row: Any, users: Seats) -> Step:
    member = ch.rng.choice(ch.players + [ch.stranger, ch.mod])
    what = ch.rng.choice(LOOK_UPS)
    ch.what = f"{member.name} /game {what}"
    return await member.command(f"game {what}", ch.channel), True


async def act_preview(ch: Chaos, row: Any, users: Seats) -> Step:
    member = ch.rng.choice(seated_members(ch, users))
    choices = await member.autocomplete("game preview", "move", "", ch.channel)
    pick = ch.rng.choice(choices)["value"] if choices else "zzz"
    ch.what = f"{member.name} /game preview {pick!r}"
    return await member.command("game preview", ch.channel, move=pick), True


async def act_remind(ch: Chaos, row: Any, users: Seats) -> Step:
    member = ch.rng.choice(ch.players + [ch.stranger])
    kind = ch.rng.choice(["on", "off", "every", "after", "digest", "quiet"])
    values: dict[str, Any] = {}
    if kind == "every":
        values["hours"] = ch.rng.choice([1, 6, 12, 24])
    elif kind == "after":
        values["hours"] = ch.rng.choice([0, 2, 8])
    elif kind == "digest":
        values["mode"] = ch.rng.choice(["on", "off"])
    elif kind == "quiet":
        values["from"], values["to"] = ch.rng.randrange(24), ch.rng.randrange(24)
        if ch.rng.random() < 0.5:
            values["tz"] = ch.rng.choice(["Europe/Berlin", "America/New_York", "Mars/Base"])
    ch.what = f"{member.name} /remind {kind} {values}"
    return await member.command(f"remind {kind}", ch.channel, **values), True


async def act_stranger(ch: Chaos, row: Any, users: Seats) -> Step:
    """Someone with no seat tries to move, undo, vote, kick or abandon: nothing changes."""
    stranger, pick = ch.stranger, ch.rng.random()
    if pick < 0.3:
        choices = await (ch.mover(row, users) or stranger).autocomplete(
            "play", "move", "", ch.channel)
        move = ch.rng.choice(choices)["value"] if choices else "pass"
        ch.what = f"stranger /play {move!r}"
        return await stranger.command("play", ch.channel, move=move), True
    if pick < 0.5:
        ch.what = "stranger /game undo"
        return await stranger.command("game undo", ch.channel), True
    if pick < 0.7:
        ch.what = "stranger /game undo-vote agree=True"
        return await stranger.command("game undo-vote", ch.channel, agree=True), True
    if pick < 0.85:
        victim = ch.rng.choice(ch.players)
        ch.what = f"stranger /game kick {victim.name}"
        return await stranger.command("game kick", ch.channel, player=victim.id), True
    ch.what = "stranger /game abandon"
    return await stranger.command("game abandon", ch.channel), True


async def act_clock(ch: Chaos, row: Any, users: Seats) -> Step:
    hours = ch.rng.choice([1, 3, 9, 25, 49, 80])
    ch.what = f"clock +{hours}h"
    ch.clock.now += hours * 3600
    await reminders_settle(ch.bot, ch.clock)
    return None, False


Action = Callable[[Chaos, Any, Seats], Awaitable[Step]]
# Legal moves most often, so that games get far; a kick is tried once a run at most.
ACTIONS: list[tuple[Action, int]] = [
    (act_legal, 40), (act_illegal, 6), (act_stale_button, 6), (act_others_button, 5),
    (act_double_tap, 4), (act_undo, 4), (act_vote, 4), (act_kick, 2), (act_look, 8),
    (act_preview, 3), (act_remind, 3), (act_stranger, 5), (act_clock, 3)]


async def lobby(ch: Chaos, ai_seat: bool, pace: str | None) -> None:
    """A table opened, joined, left and joined again, a stranger's start, a second join,
    perhaps an AI seat, and the start in a random order."""
    anna = ch.players[0]
    values: dict[str, Any] = {"game": ch.game_key} | ({"pace": pace} if pace else {})
    ch.what = "lobby"
    await check(ch, None, await anna.command("game new", ch.channel, **values))
    for member in ch.players[1:]:
        await check(ch, None, await member.command("game join", ch.channel))
    member = ch.rng.choice(ch.players[1:])
    await check(ch, None, await member.command("game leave", ch.channel))
    await check(ch, None, await ch.stranger.command("game start", ch.channel))
    await check(ch, None, await member.command("game join", ch.channel))
    await check(ch, None, await member.command("game join", ch.channel))
    if ai_seat:
        await check(ch, None, await anna.command("game add-bot", ch.channel, level="easy"))
    await check(ch, None, await anna.command("game start", ch.channel, order="random"))


async def run_chaos(bot: Bot, game_key: str, seed: int, steps: int,
                    kick_by: int | None = None) -> ChaosReport:
    """Up to ``steps`` random steps at a new table of ``game_key`` (fewer if it ends).
    ``kick_by``: step ``kick_by`` is a kick if none came before (a short run then has one,
    where the drawn actions alone give it one run in three)."""
    rng = random.Random(seed)
    trap = LogTrap()
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(trap)
    root.setLevel(logging.INFO)  # the bot's INFO lines are searched for leaks too
    quiet = {name: logging.getLogger(name).level for name in ("aiosqlite", "discord", "aiohttp")}
    for name in quiet:
        logging.getLogger(name).setLevel(logging.WARNING)
    try:
        count = 3 if rng.random() < 0.5 else 4  # a kick needs three humans to leave two
        players = [Member(bot, name, rng.choice(["en-US", "de"]))
                   for name in ("Anna", "Bert", "Cara", "Dora")[:count]]
        ch = Chaos(bot, game_key, seed, rng, players, Member(bot, "Sam"),
                   Member(bot, "Mona", manage=True), install_clock(bot, START), trap)
        ai_seat = rng.random() < 0.4 and count < get_game(game_key).max_players
        await lobby(ch, ai_seat, rng.choice([None, "24h"]))
        actions, weights = zip(*ACTIONS, strict=True)
        status = "lobby"
        for ch.step in range(1, steps + 1):
            row, users = await table_state(ch)
            status = row.status if row is not None else "none"
            if status != "active":
                ch.step -= 1
                break
            action = rng.choices(actions, weights)[0]
            if ch.step == kick_by and not ch.kicked:
                action = act_kick
            state_before = get_game(row.game_key).load(row.state)
            ch.what = action.__name__
            record, unchanged = await action(ch, row, users)
            ch.stats[action.__name__ + ("" if record is not None or action is act_clock
                                        else ":skipped")] += 1
            await check(ch, row, record, unchanged=unchanged, state_before=state_before)
        row, _ = await table_state(ch)
        return ChaosReport(ch.findings, ch.step, row.status if row is not None else status,
                           ch.stats)
    finally:
        root.removeHandler(trap)
        root.setLevel(old_level)
        for name, level in quiet.items():
            logging.getLogger(name).setLevel(level)
