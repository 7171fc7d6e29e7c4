"""A select menu's pick whose defer Discord refuses (the 3-second window missed): nothing
runs, as with a button, and nothing fails after. ``Adapter.run`` returns None then; the
button's handler checked for it, the menu's iterated None and logged a TypeError (found by
a type checker)."""

from __future__ import annotations

import logging

from discord_standin import Member, running_bot
from discord_standin.table import Played, row_of
from test_discord_standin_picker import discard_prompt

import engine

SEED = 2
CALLBACK = r"interactions/\d+/[^/]+/callback"


async def test_a_pick_whose_defer_discord_refuses_raises_nothing(tmp_path, monkeypatch,
                                                                caplog) -> None:
    game = engine.get_game("troedler")
    async with running_bot(tmp_path, monkeypatch, seed=SEED) as bot:
        fake = bot.stand_in
        members = [Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Cora", locale="de")]
        seat, _, prompt = await discard_prompt(bot, members, Played(), game)
        cora = members[seat]
        [menu_id] = prompt.custom_ids
        menu = prompt.select(menu_id)
        version = (await row_of(bot, fake.channel)).version
        # Discord answers the defer "Unknown interaction" (the 3-second window missed,
        # e.g. a slow event loop): the operation is not run, as designed
        fake.inject("POST", CALLBACK, 404, 10062, "Unknown interaction")
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            await cora.select(prompt, menu_id, [o["value"] for o in menu["options"][:3]])
        assert (await row_of(bot, fake.channel)).version == version  # nothing ran: right
        crashes = [r for r in caplog.records if r.exc_info and
                   isinstance(r.exc_info[1], TypeError)]
        assert crashes == [], [(r.name, r.getMessage(), repr(r.exc_info[1])) for r in crashes]
