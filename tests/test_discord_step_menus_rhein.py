"""Rhein's loading through the real discord.py client: the turn prompt's step menu names
each transport a load can go onto, and picking one answers privately with every number it
takes, so each of the 70-odd loads is two picks. The five buttons held one or two loads: in
5 of 6 load turns of a review's games the load wanted was on none of them."""

from __future__ import annotations

import pytest
from discord_standin import running_bot
from discord_standin.table import normal_moves_until, pair_at_table, row_of, turn_prompt

import engine

MENU = {"en": "Load: pick the transport, then how many",
        "de": "Laden: wähle das Transportmittel, dann wie viele"}
ONTO = {"en": "Onto the white Train: 1 to", "de": "Auf den weißen Zug: 1 bis"}
COUNT = {"en": "How many containers onto the {}?", "de": "Wie viele Container auf {}?"}


async def _load_turn(bot, members, game):
    """Normal-AI moves, typed, until a human's turn starts with loads to make."""
    def wanted(row, state, seat, member) -> bool:
        return turn_prompt(bot, bot.stand_in.channel, member, row.version) is not None and \
            any(m["type"] == "load" for m in game.legal(state, seat))

    row, state, seat, member = await normal_moves_until(bot, members, game, wanted)
    return row, state, seat, member, turn_prompt(bot, bot.stand_in.channel, member, row.version)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_any_load_is_two_picks_from_the_turn_prompt(tmp_path, monkeypatch, lang) -> None:
    game = engine.get_game("rhein")
    async with running_bot(tmp_path, monkeypatch, seed=4) as bot:
        anna, bert, _ = await pair_at_table(bot, "rhein", lang, bots=1)
        row, state, seat, mover, prompt = await _load_turn(bot, [anna, bert], game)
        [menu_id] = [c for c in prompt.custom_ids if c.endswith(":step")]
        menu = prompt.select(menu_id)
        assert menu["placeholder"] == MENU[lang]
        loads = [m for m in game.legal(state, seat) if m["type"] == "load"]
        onto = list(dict.fromkeys(m["transport"] for m in loads))
        assert [o["value"] for o in menu["options"]] == [f"load {key}" for key in onto]
        option = next(o for o in menu["options"] if o["value"] == "load white-train")
        top = max(m["n"] for m in loads if m["transport"] == "white-train")
        assert option["label"] == f"{ONTO[lang]} {top} " + "Container" * (lang == "de") + \
            "containers" * (lang == "en")
        record = await mover.select(prompt, menu_id, ["load white-train"])
        assert record.errors == [] and (await row_of(bot, bot.stand_in.channel)).version == \
            row.version
        [step] = [m for m in record.private if menu_id in m.custom_ids]
        counts = step.select(menu_id)
        train = "white Train" if lang == "en" else "den weißen Zug"
        assert counts["placeholder"] == COUNT[lang].format(train)
        values = [o["value"] for o in counts["options"]]
        assert values == [f"load white-train {n}" for n in range(1, top + 1)]
        # the most it takes: never among the prompt's five buttons
        assert all("white" not in label or f" {top} " not in label
                   for label in prompt.labels.values())
        record = await mover.select(step, menu_id, [values[-1]])
        assert record.errors == []
        after = await row_of(bot, bot.stand_in.channel)
        assert after.version == row.version + 1
        assert game.load(after.state)["transports"]["white-train"]["load"][seat] == top
