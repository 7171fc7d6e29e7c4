"""A whole game through the stand-in: members open a table, seat AI players, start, and play
their turns with /play (autocomplete, then submit) or the turn prompt's buttons.

Whose turn it is comes from the bot's own database (the test's oracle); what a member does is
only what a Discord client can do. Every interaction is kept, so tests count posts per
interaction and read callback times.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .driver import Bot, Member
from .server import Interaction, Message

BUTTON = "rb:"


@dataclass
class Played:
    """What a game through the stand-in produced."""

    moves: list[Interaction] = field(default_factory=list)      # human /play and button moves
    other: list[Interaction] = field(default_factory=list)      # lobby, autocomplete, leave
    pressed: int = 0
    pressed_own: int = 0  # of them, buttons of a prompt only the player saw (their turn went on)
    pressed_hand: int = 0  # of them, moves picked under the hand the prompt's button showed
    picked: int = 0  # of them, moves made in a select menu (Trödler's hand-limit discard)
    status: str = ""

    @property
    def all(self) -> list[Interaction]:
        return self.other + self.moves

    def posts_per_move(self) -> list[int]:
        return [len(record.visible_posts) for record in self.moves]


async def row_of(bot: Bot, channel: int) -> Any:
    return await bot.client.store.latest_game(channel)


async def seat_users(bot: Bot, game_id: int) -> dict[int, int | None]:
    return {s.seat: s.user_id for s in await bot.client.store.seats(game_id) if s.seat is not None}


async def to_move(bot: Bot, people: list[Member]) -> Member:
    """The member of ``people`` the game in the stand-in's channel waits on."""
    row = await row_of(bot, bot.stand_in.channel)
    users = await seat_users(bot, row.id)
    waiting = {users[seat] for seat in row.active_seats}
    return next(p for p in people if p.id in waiting)


async def open_table(bot: Bot, game: str, humans: list[Member], bots: int = 0,
                     played: Played | None = None, channel: int | None = None,
                     level: str = "easy", variants: str | None = None,
                     language: str | None = None) -> None:
    """``humans[0]`` opens a table of ``game`` (in ``language``, else the server's), the
    others join, ``bots`` AI seats are added, and it starts in the order joined; each
    interaction is recorded in ``played`` where given."""
    creator = humans[0]
    played = played if played is not None else Played()
    values: dict[str, Any] = {"game": game}
    if variants:
        values["variants"] = variants
    if language:
        values["language"] = language
    played.other.append(await creator.command("game new", channel, **values))
    for member in humans[1:]:
        played.other.append(await member.command("game join", channel))
    for _ in range(bots):
        played.other.append(await creator.command("game add-bot", channel, level=level))
    played.other.append(await creator.command("game start", channel, order="joined"))


async def pair_at_table(bot: Bot, game: str, lang: str, bots: int = 0
                        ) -> tuple[Member, Member, Member]:
    """Anna and Bert, their Discord clients in ``lang`` ("en" or "de"), at a new table of
    ``game`` said in it, with ``bots`` AI seats: (anna, bert, the one to move)."""
    locale = "de" if lang == "de" else "en-US"
    anna, bert = Member(bot, "Anna", locale), Member(bot, "Bert", locale)
    await open_table(bot, game, [anna, bert], bots=bots, language=lang)
    return anna, bert, await to_move(bot, [anna, bert])


async def refused_play(bot: Bot, mover: Member, typed: str) -> str:
    """The first line ``mover`` alone reads after ``/play move:typed``, checking that the game
    did not change."""
    channel = bot.stand_in.channel
    before = (await row_of(bot, channel)).state
    record = await mover.command("play", channel, move=typed)
    assert (await row_of(bot, channel)).state == before, typed
    [said] = [m.text.split("\n")[0] for m in record.private]
    return said


async def normal_moves_until(bot: Bot, members: list[Member], game: Any,
                             wanted: Callable[[Any, Any, int, Member], bool],
                             limit: int = 200) -> tuple[Any, Any, int, Member]:
    """The normal AI's moves, typed by the humans whose turn it is, until ``wanted(row, state,
    seat, member)`` holds; returns those four."""
    from engine import ai

    channel = bot.stand_in.channel
    for step in range(limit):
        row = await row_of(bot, channel)
        state = game.load(row.state)
        seat = game.active(state)[0]
        users = await seat_users(bot, row.id)
        member = next(m for m in members if m.id == users[seat])
        if wanted(row, state, seat, member):
            return row, state, seat, member
        move = ai.choose(game, state, seat, "normal", step)
        await member.command("play", channel, move=game.format(state, move))
    raise AssertionError(f"not reached in {limit} moves")


def turn_prompt(bot: Bot, channel: int, member: Member, version: int,
                last: Interaction | None = None) -> Message | None:
    """The newest channel post that pings ``member`` and carries buttons of this version,
    or the prompt only they saw after their own last move (``last``) when their turn went
    on."""
    if last is not None:
        for message in reversed(last.private):
            ids = [c for c in message.custom_ids if c.startswith(BUTTON)]
            if ids and all(c.split(":")[2] == str(version) for c in ids):
                return message
    for message in reversed(bot.stand_in.posts(channel)):
        ids = [c for c in message.custom_ids if c.startswith(BUTTON)]
        if ids and f"<@{member.id}>" in message.text and \
                all(c.split(":")[2] == str(version) for c in ids):
            return message
    return None


async def play_turn(bot: Bot, member: Member, channel: int, rng: random.Random,
                    played: Played, press_every: int = 3) -> Interaction:
    """One move of ``member``: a button of their turn prompt now and then, otherwise
    /play with a choice from the autocomplete list (walked further while a choice is only a
    step of a bigger move, as 18Rhl's lays are)."""
    row = await row_of(bot, channel)
    last = played.moves[-1] if played.moves else None
    prompt = turn_prompt(bot, channel, member, row.version,
                         last if last is not None and last.user_id == member.id else None)
    if prompt is not None and len(played.moves) % press_every == 0:
        hand = [c for c in prompt.custom_ids if c.startswith(BUTTON) and c.endswith(":hand")]
        if hand:  # a hidden hand: its moves come privately, under the player's own hand
            shown = await member.press(prompt, hand[0])
            played.other.append(shown)
            assert not shown.visible_posts, "showing a hand posted in the channel"
            # (none when the answer could not be ephemeral and went by DM: type the move)
            prompt = next((m for m in shown.private if m.custom_ids), None)
            played.pressed_hand += prompt is not None
        moves = [c for c in prompt.custom_ids if c.startswith(BUTTON) and
                 c.split(":")[3].isdigit()] if prompt is not None else []
        menus = [c for c in prompt.custom_ids if c.endswith((":pick", ":step"))] \
            if prompt is not None else []
        if menus and (not moves or rng.random() < 0.5):
            assert prompt is not None
            record = await _walk_menu(bot, member, channel, prompt, menus[0], rng, row.version)
            if record is not None:
                played.moves.append(record)
                played.picked += 1
                return record
        if moves:
            record = await member.press(prompt, rng.choice(moves))
            played.moves.append(record)
            played.pressed += 1
            played.pressed_own += prompt.ephemeral
            return record
    typed = ""
    for _ in range(6):
        choices = await member.autocomplete("play", "move", typed, channel)
        played.other.append(member.last_autocomplete)
        assert choices, f"{member.name} has no move to pick (typed {typed!r})"
        pick = rng.choice(choices)["value"]
        record = await member.command("play", channel, move=pick)
        sure = [(m, c) for m in record.private for c in m.custom_ids if ":sure-" in c]
        if sure:  # a move asked about first (18Rhl's bankruptcy): picked, so meant
            record = await member.press(*sure[0])
        after = await row_of(bot, channel)
        if after.version != row.version:
            played.moves.append(record)
            return record
        played.other.append(record)
        refusal = " / ".join(m.text for m in record.private)
        assert pick != typed, f"{pick!r} from the list did not play: {refusal}"
        typed = pick  # a step of a longer move: the list now continues it
    raise AssertionError(f"{member.name}: no move after walking the list ({typed!r})")


async def _walk_menu(bot: Bot, member: Member, channel: int, message: Any, menu_id: str,
                     rng: random.Random, version: int) -> Interaction | None:
    """Picks in a select menu, and in each private menu its answer brings (a step menu's
    next step), until the game moves; None if the walk ends without a move."""
    for _ in range(6):
        menu = message.select(menu_id)
        values = [option["value"] for option in menu["options"]]
        record = await member.select(message, menu_id, rng.sample(values, menu["min_values"]))
        assert record.errors == [], record.errors
        if (await row_of(bot, channel)).version != version:
            return record
        message = next((m for m in record.private if menu_id in m.custom_ids), None)
        if message is None:
            return None
    return None


async def play_out(bot: Bot, humans: list[Member], channel: int, rng: random.Random,
                   played: Played, max_moves: int = 2000,
                   leave_after: int | None = None) -> Played:
    """Humans play until the game ends (or, with ``leave_after``, until they have made that
    many moves, then leave one after the other so that AI seats finish the game)."""
    by_id = {m.id: m for m in humans}
    left: set[int] = set()
    for _ in range(max_moves):
        row = await row_of(bot, channel)
        if row.status != "active":
            played.status = row.status
            return played
        if leave_after is not None and len(played.moves) >= leave_after:
            for member in humans:
                if member.id not in left:
                    left.add(member.id)
                    played.other.append(await member.command("game leave", channel))
            continue
        users = await seat_users(bot, row.id)
        waiting = [by_id[users[s]] for s in row.active_seats if users.get(s) in by_id]
        assert waiting, f"active seats {row.active_seats} have no human and no AI moved"
        await play_turn(bot, waiting[0], channel, rng, played)
    raise AssertionError("the game did not end")


async def game_of_two(bot: Bot, game: str, leave_after: int | None, bots: int = 1,
                      level: str = "easy", second_locale: str = "en-US") -> Played:
    """Anna and Bert open a table of ``game`` with AI seats and play it out (with
    ``leave_after``: that many moves, then they leave and the AI seats finish it)."""
    anna, bert = Member(bot, "Anna"), Member(bot, "Bert", locale=second_locale)
    played = Played()
    await open_table(bot, game, [anna, bert], bots=bots, played=played, level=level)
    return await play_out(bot, [anna, bert], bot.stand_in.channel, random.Random(7), played,
                          leave_after=leave_after)
