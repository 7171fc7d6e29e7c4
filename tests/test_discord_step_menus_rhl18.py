"""18Rhl's track lay in two picks through the real discord.py client: the hex on the channel
prompt's step menu, then one private menu of every tile and the way it lies there (the tile
and its rotation were two more menus: three picks for the usual lay). Each option is a lay
``legal()`` offers, and picking one lays it."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of

import engine
from bot.service import rhl18_steps
from bot.service.rhl18_steps import distinct_tracks, step_menu
from engine import ai


async def _hex_menu(bot, members, game):
    """Normal-AI moves, typed, until the channel prompt's step menu offers hexes to lay on."""
    fake = bot.stand_in
    for step in range(200):
        row = await row_of(bot, fake.channel)
        prompt = next((m for m in reversed(fake.posts())
                       if any(c.endswith(f":{row.version}:step") for c in m.custom_ids)), None)
        if prompt is not None:
            first = prompt.select(prompt.custom_ids[-1])["options"][0]["value"].split()
            if first[0] == "lay" and len(first) == 2:
                return row, prompt
        state = game.load(row.state)
        seat = game.active(state)[0]
        move = ai.choose(game, state, seat, "normal", step)
        await members[seat].command("play", fake.channel, move=game.format(state, move))
    raise AssertionError("no menu of hexes in 200 moves")


async def test_a_lay_is_the_hex_then_tile_and_rotation_in_one_menu(tmp_path, monkeypatch):
    game = engine.get_game("18rhl")
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        members = [Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Cora", locale="de")]
        await open_table(bot, "18rhl", members)
        row, prompt = await _hex_menu(bot, members, game)
        state = game.load(row.state)
        seat = game.active(state)[0]
        menu_id = prompt.custom_ids[-1]
        hex_value = prompt.select(menu_id)["options"][0]["value"]
        hex_id = hex_value.split()[1]
        record = await members[seat].select(prompt, menu_id, [hex_value])
        assert record.errors == [] and (await row_of(bot, fake.channel)).version == row.version
        [step] = [m for m in record.private if menu_id in m.custom_ids]
        menu = step.select(menu_id)
        german = seat == 2  # Cora reads German
        title = (f"Wähle das Plättchen für {hex_id} und wie es liegt" if german
                 else f"Pick the tile for {hex_id} and how it lies")
        assert menu["placeholder"] == title and step.text == f"**{title}**"
        # every tile and every track it can lay there, as legal() has them: final moves
        lays = [m for m in game.legal(state, seat)
                if m["type"] == "lay_tile" and m["hex"] == hex_id]
        tiles = {m["tile"].rsplit("-", 1)[0] for m in lays}
        wanted = {game.format(state, m) for name in tiles
                  for m in distinct_tracks([x for x in lays if x["tile"].startswith(name + "-")])}
        offered = [o["value"] for o in menu["options"]]
        assert set(offered) == wanted and len(offered) == len(wanted)
        # numbered as the picture sent with the menu numbers the tiles
        assert all(o["label"].startswith(f"{n} · " + ("Plättchen " if german else "Tile "))
                   for n, o in enumerate(menu["options"], 1))
        # the second pick lays it
        record = await members[seat].select(step, menu_id, [offered[-1]])
        assert record.errors == []
        after = await row_of(bot, fake.channel)
        assert after.version == row.version + 1
        tile, where = offered[-1].split()[1:3]
        assert game.load(after.state)["board"][where]["tile"].rsplit("-", 1)[0] == tile



def test_one_hex_to_lay_on_offers_its_tiles_at_once():
    game = engine.get_game("18rhl")
    state = game.setup(3, {}, 1)
    lays = [{"type": "lay_tile", "hex": "F5", "tile": "1-0", "rotation": r, "entity": "RhE"}
            for r in range(6)] + [{"type": "lay_tile", "hex": "F5", "tile": "55-0",
                                   "rotation": r, "entity": "RhE"} for r in range(6)]
    menu = step_menu(game, state, lays, "en")
    assert menu is not None and menu.placeholder.startswith("Lay track on F5")
    values = [v for _, v in menu.options]
    # no menu of one hex: each option a lay, one per track it makes
    assert all(v.startswith("lay ") and len(v.split()) == 4 for v in values)
    tile1 = [m for m in lays if m["tile"] == "1-0"]
    tile55 = [m for m in lays if m["tile"] == "55-0"]
    assert values == [game.format(state, m) for m in distinct_tracks(tile1)] + \
        [game.format(state, m) for m in distinct_tracks(tile55)]
    de = step_menu(game, state, lays, "de")
    assert de is not None and de.placeholder.startswith("Strecke auf F5 legen")


def test_more_tracks_than_a_menu_holds_keep_the_tile_then_rotation_menus(monkeypatch):
    game = engine.get_game("18rhl")
    state = game.setup(3, {}, 1)
    lays = [{"type": "lay_tile", "hex": "F5", "tile": "1-0", "rotation": r, "entity": "RhE"}
            for r in range(6)] + [{"type": "lay_tile", "hex": "G6", "tile": "1-0",
                                   "rotation": r, "entity": "RhE"} for r in range(6)]
    monkeypatch.setattr(rhl18_steps, "LIMIT", 2)
    menu = step_menu(game, state, lays[:6], "en")
    assert menu is not None and [v for _, v in menu.options] == ["lay F5"]
    lays_obj = rhl18_steps.Lays(game, state, lays, "en", menu=True)
    assert lays_obj.placements("", "F5") is None
