"""A turn of several steps: the player's step goes to them alone with a private prompt ("Your
turn goes on") whose buttons carry the game's version. A moderator kicking another seat
meanwhile moved the version without touching the game, and a press on that prompt was told
"The game moved on: nothing was played. The newest prompt … has your moves now", though
no newer private prompt existed. A press stays refused where a move came since. Both
backends: the store keeps the version of the last change to the game (migration 022)."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.server import Interaction, Message
from discord_standin.table import BUTTON, Played, open_table, row_of, to_move
from test_discord_restart_catch_up import use_backend
from test_discord_standin_picker import SEED, discard_prompt

import engine

STALE = "The game moved on"


async def _mid_turn(bot) -> tuple[list[Member], Member, Member, Interaction, Message]:
    """Three players at Rheinländer; the one to move places a knight, which leaves them a
    bastion or the turn's end to choose on a prompt only they see. Returns the players, the
    mover, a moderator, the knight's interaction and that prompt."""
    people = [Member(bot, name) for name in ("Anna", "Bert", "Cara")]
    mona = Member(bot, "Mona", manage=True)
    await open_table(bot, "rheinlaender", people)
    mover = await to_move(bot, people)
    choices = await mover.autocomplete("play", "move", "")
    knight = next(c["value"] for c in choices if c["value"].startswith("play "))
    played = await mover.command("play", move=knight)
    assert played.errors == []
    [prompt] = [m for m in played.private if any(c.startswith(BUTTON) for c in m.custom_ids)]
    assert "Your turn goes on" in prompt.text, prompt.text
    return people, mover, mona, played, prompt


def _move_buttons(prompt: Message) -> list[str]:
    return [c for c in prompt.custom_ids if c.startswith(BUTTON) and c.split(":")[3].isdigit()]


async def _kick_other(bot, people: list[Member], mover: Member, mona: Member) -> int:
    """The moderator kicks a seat that is not to move; the game's version after it."""
    before = await row_of(bot, bot.stand_in.channel)
    victim = next(p for p in people if p is not mover)
    kicked = await mona.command("game kick", player=victim.id)
    assert kicked.errors == []
    after = await row_of(bot, bot.stand_in.channel)
    assert after.version > before.version and after.active_seats == before.active_seats
    return after.version


async def test_the_private_prompt_works_after_another_seat_is_kicked(
        tmp_path, monkeypatch, store_target) -> None:
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        store = bot.client.store
        people, mover, mona, _, prompt = await _mid_turn(bot)
        row = await row_of(bot, bot.stand_in.channel)
        logged = len(await store.actions(row.id))
        kicked_at = await _kick_other(bot, people, mover, mona)
        press = await mover.press(prompt, _move_buttons(prompt)[0])
        said = " / ".join(m.text for m in press.private)
        assert press.errors == [] and STALE not in said, said
        assert len(await store.actions(row.id)) > logged, said
        assert (await row_of(bot, bot.stand_in.channel)).version > kicked_at


async def test_the_private_prompt_is_refused_after_a_move_since(tmp_path, monkeypatch) -> None:
    """The kick alone leaves the prompt good; a move typed after it does not, and pressing
    the older prompt then changes nothing."""
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        store = bot.client.store
        people, mover, mona, _, prompt = await _mid_turn(bot)
        await _kick_other(bot, people, mover, mona)
        choices = await mover.autocomplete("play", "move", "")
        step = next(c["value"] for c in choices if c["value"] != "done")
        typed = await mover.command("play", move=step)
        assert typed.errors == [] and not any(STALE in m.text for m in typed.private)
        row = await row_of(bot, bot.stand_in.channel)
        logged = len(await store.actions(row.id))
        press = await mover.press(prompt, _move_buttons(prompt)[0])
        assert [m.text for m in press.private if STALE in m.text], \
            [m.text for m in press.private]
        assert (await row_of(bot, bot.stand_in.channel)).version == row.version
        assert len(await store.actions(row.id)) == logged


async def test_the_private_select_menu_works_after_another_seat_is_kicked(
        tmp_path, monkeypatch) -> None:
    """Trödler's hand-limit discard: its menu, on a prompt only the mover sees, is a menu
    of the game's version as the buttons are."""
    game = engine.get_game("troedler")
    async with running_bot(tmp_path, monkeypatch, seed=SEED) as bot:
        people = [Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Cora")]
        mona = Member(bot, "Mona", manage=True)
        seat, _, prompt = await discard_prompt(bot, people, Played(), game)
        mover = people[seat]
        kicked_at = await _kick_other(bot, people, mover, mona)
        [menu_id] = prompt.custom_ids
        options = prompt.select(menu_id)["options"]
        picked = await mover.select(prompt, menu_id, [o["value"] for o in options[:3]])
        said = " / ".join(m.text for m in picked.private)
        assert picked.errors == [] and STALE not in said, said
        row = await row_of(bot, bot.stand_in.channel)
        assert row.version > kicked_at
        assert len(game.load(row.state)["hands"][seat]) == 4
