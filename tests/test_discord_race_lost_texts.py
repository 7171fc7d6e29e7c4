"""An action that loses the version race to another change says that it was not done and
may be tried again, in its own words. A race review found every lost race answered with the
move's "The game moved on: nothing was played. The newest prompt, or /game hand, has your
moves now": to a /game kick or /game abandon a move came before, to an undo vote, and to
the kicked player's own press."""

from __future__ import annotations

import asyncio

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import BUTTON, open_table, row_of, seat_users
from race_helpers import private_text, unserialized

from bot.store import StaleVersion


def move_buttons(message) -> list[str]:
    return [c for c in message.custom_ids
            if c.startswith(BUTTON) and c.split(":")[3].isdigit()]


async def rhein_table(bot, names: tuple[str, ...]):
    fake = bot.stand_in
    people = [Member(bot, name) for name in names]
    await open_table(bot, "rhein", people)
    row = await row_of(bot, fake.channel)
    users = await seat_users(bot, row.id)
    mover = next(p for p in people if p.id == users[row.active_seats[0]])
    prompt = next(m for m in reversed(fake.posts()) if move_buttons(m))
    return people, mover, prompt, row


def press_of(bot, member: Member, prompt) -> dict:
    return {"custom_id": move_buttons(prompt)[0], "component_type": 2}


@pytest.mark.parametrize("one_process", [True, False])
@pytest.mark.parametrize("kick_first", [False, True])
async def test_a_kick_racing_the_kicked_players_move(tmp_path, monkeypatch, kick_first,
                                                     one_process) -> None:
    if not one_process:
        unserialized(monkeypatch)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        (anna, bert, cara), mover, prompt, row = await rhein_table(bot, ("Anna", "Bert", "Cara"))
        assert mover is not anna  # (seed 5) the kicked one is not who runs the table

        async def press():
            return await fake.interact(3, mover.id, fake.channel, press_of(bot, mover, prompt),
                                       message=prompt)

        async def kick():
            return await fake.interact(2, anna.id, fake.channel,
                                       anna._command_data("game kick", {"player": mover.id}))

        first, second = (kick, press) if kick_first else (press, kick)
        a = await first()
        b = await second()
        fake.current = None
        await asyncio.gather(bot.settle(a), bot.settle(b))
        pressed, kicked = (b, a) if kick_first else (a, b)
        seated = any(s.user_id == mover.id for s in await bot.client.store.seats(row.id))
        assert "nothing was played" not in private_text(kicked), private_text(kicked)
        if seated:  # the move came first and the kick lost the race
            assert private_text(kicked) == (
                f"The game changed while you kicked **{mover.name}**: nobody was kicked. "
                "Try again if you still want to.")
        else:  # kicked: a press that came after is not sent to a prompt of "your moves"
            assert "has your moves" not in private_text(pressed), private_text(pressed)
            moved = any(a.user_id == mover.id for a in await bot.client.store.actions(row.id))
            assert moved or private_text(pressed) == (
                "That game moved on, and you hold no seat in it now: nothing was "
                "played."), private_text(pressed)


@pytest.mark.parametrize("one_process", [True, False])
async def test_an_abandon_racing_a_move(tmp_path, monkeypatch, one_process) -> None:
    if not one_process:
        unserialized(monkeypatch)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        (anna, bert), mover, prompt, row = await rhein_table(bot, ("Anna", "Bert"))
        press = await fake.interact(3, mover.id, fake.channel, press_of(bot, mover, prompt),
                                    message=prompt)
        abandon = await fake.interact(2, anna.id, fake.channel,
                                      anna._command_data("game abandon", {}))
        fake.current = None
        await asyncio.gather(bot.settle(press), bot.settle(abandon))
        after = await bot.client.store.game(row.id)
        if one_process:  # the move, then the abandon
            assert after.status == "abandoned" and after.version == row.version + 2
        elif after.status == "active":  # another process: the move won the race
            assert private_text(abandon) == (
                "The game changed while you abandoned it: it was not abandoned. "
                "Try again if you still want to.")
        else:  # both in turn, or the abandon first: then the press is told nothing was played
            assert after.status == "abandoned", after.status
            assert after.version == row.version + 2 or \
                "nothing was played" in private_text(press), private_text(press)


async def lose_once(monkeypatch, store, name: str) -> None:
    """The store's ``name`` loses the version race once: another process changed the game
    a moment before."""
    real = getattr(store, name)
    lost = {"done": False}

    async def racing(*args, **kwargs):
        if not lost["done"]:
            lost["done"] = True
            raise StaleVersion(args[0])
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, name, racing)


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_an_undo_vote_and_an_undo_request_that_lose_the_race(tmp_path, monkeypatch,
                                                                   locale) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        (anna, bert), mover, prompt, row = await rhein_table(bot, ("Anna", "Bert"))
        other = bert if mover is anna else anna
        for member in (mover, other):
            fake.locales[member.id] = locale
        await mover.press(prompt, move_buttons(prompt)[0])
        store = bot.client.store
        await lose_once(monkeypatch, store, "cast_vote")
        asked = await mover.command("game undo")
        german = locale == "de"
        assert private_text(asked) == (
            "Das Spiel hat sich geändert, während du deinen Zug zurücknehmen wolltest: es "
            "wurde nichts zurückgenommen. Versuch es noch einmal, wenn du noch willst."
            if german else
            "The game changed while you asked to take back your move: nothing was taken "
            "back. Try again if you still want to.")
        await mover.command("game undo")  # asked again, it stands
        request = next(m for m in reversed(fake.posts()) if "undo-yes" in " ".join(m.custom_ids))
        version = (await row_of(bot, fake.channel)).version
        await lose_once(monkeypatch, store, "undo_from")
        voted = await other.press(request, next(c for c in request.custom_ids
                                                if c.endswith("undo-yes")))
        assert private_text(voted) == (
            "Das Spiel hat sich geändert, während du abgestimmt hast: deine Stimme wurde "
            "nicht gezählt, und es wurde nichts zurückgenommen. Stimm noch einmal ab, wenn "
            "die Rücknahme-Anfrage noch offen ist." if german else
            "The game changed while you voted: your vote was not counted and nothing was "
            "taken back. Vote again if the undo request is still open.")
        assert (await row_of(bot, fake.channel)).version == version  # nothing taken back


async def test_a_kick_and_an_abandon_that_lose_the_race(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        (anna, bert, cara), mover, prompt, row = await rhein_table(bot, ("Anna", "Bert", "Cara"))
        store = bot.client.store
        await lose_once(monkeypatch, store, "replace_seat")
        kicked = await anna.command("game kick", player=bert.id)
        assert private_text(kicked) == ("The game changed while you kicked **Bert**: nobody "
                                        "was kicked. Try again if you still want to.")
        assert any(s.user_id == bert.id for s in await store.seats(row.id))
        await lose_once(monkeypatch, store, "set_status")
        abandoned = await anna.command("game abandon")
        assert private_text(abandoned) == ("The game changed while you abandoned it: it was "
                                           "not abandoned. Try again if you still want to.")
        assert (await row_of(bot, bot.stand_in.channel)).status == "active"
