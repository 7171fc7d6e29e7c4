"""18Rhl's tile lay on a phone, through the real discord.py client: the answer to a hex pick
carries a picture of the tiles that hex takes, each drawn as it would lie and numbered as
the menu beside it numbers it. The picture goes to the mover alone, in the same private
message as the menu (no extra post), and draws exactly the lays ``legal()`` offers there."""

from __future__ import annotations

import io

from discord_standin import Member, running_bot
from discord_standin.table import normal_moves_until, open_table
from PIL import Image

import engine
from bot.service.rhl18_steps import distinct_tracks
from render import rhl18_lay_options


def _hex_prompt(bot, row):
    """The channel prompt of ``row``'s version whose step menu offers hexes to lay on."""
    for message in reversed(bot.stand_in.posts()):
        ids = [c for c in message.custom_ids if c.endswith(f":{row.version}:step")]
        if ids:
            first = message.select(ids[-1])["options"][0]["value"].split()
            return message if first[0] == "lay" and len(first) == 2 else None
    return None


async def test_the_hex_pick_answer_carries_the_numbered_tiles_it_offers(tmp_path, monkeypatch):
    game = engine.get_game("18rhl")
    drawn: list[dict] = []
    draw = rhl18_lay_options.picture

    def recorded(view: dict) -> Image.Image:
        drawn.append(view["image"])
        return draw(view)

    monkeypatch.setattr(rhl18_lay_options, "picture", recorded)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        members = [Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Cora", locale="de")]
        await open_table(bot, "18rhl", members)
        row, state, seat, member = await normal_moves_until(
            bot, members, game, lambda row, *_: _hex_prompt(bot, row) is not None)
        prompt = _hex_prompt(bot, row)
        menu_id = prompt.custom_ids[-1]
        hex_value = prompt.select(menu_id)["options"][0]["value"]
        hex_id = hex_value.split()[1]
        channel_before = len(fake.posts())

        record = await member.select(prompt, menu_id, [hex_value])

        assert record.errors == []
        # one private message: the menu and its picture together, nothing in the channel
        [answer] = record.private
        assert record.visible_posts == [] and len(fake.posts()) == channel_before
        assert menu_id in answer.custom_ids and answer.ephemeral
        [(name, png)] = answer.files
        assert name.endswith(".png") and Image.open(io.BytesIO(png)).width >= 550
        # the picture draws the menu's lays, in its order, with its numbers
        options = answer.select(menu_id)["options"]
        # its alt text says them so to a screen reader (it had said the board's, no tile)
        alt = answer.descriptions[0]
        assert alt.startswith(answer.select(menu_id)["placeholder"])
        assert options[0]["label"] in alt
        assert len(alt) <= 1024
        [image] = drawn
        assert image["hex"] == hex_id
        german = member is members[2]  # Cora reads German
        for n, (option, cell) in enumerate(zip(options, image["options"], strict=True), 1):
            _, tile, where, rotation = option["value"].split()
            assert where == hex_id and (cell["tile"], cell["rotation"]) == (tile, int(rotation))
            assert cell["number"] == n and option["label"].startswith(f"{n} · ")
            assert cell["caption"] == ("Plättchen " if german else "Tile ") + tile
        # ...which are legal()'s lays there, one per track each tile makes
        lays = [m for m in game.legal(state, seat)
                if m["type"] == "lay_tile" and m["hex"] == hex_id]
        names = {m["tile"].rsplit("-", 1)[0] for m in lays}
        wanted = {(m["tile"].rsplit("-", 1)[0], m["rotation"]) for name in names
                  for m in distinct_tracks([x for x in lays
                                            if x["tile"].rsplit("-", 1)[0] == name])}
        assert {(c["tile"], c["rotation"]) for c in image["options"]} == wanted
        assert len(image["options"]) == len(wanted)
        # the picked lay is played as before: the picture changes nothing
        record = await member.select(answer, menu_id, [options[0]["value"]])
        assert record.errors == []
        laid = game.load((await _row(bot)).state)["board"][hex_id]["tile"]
        assert laid.rsplit("-", 1)[0] == options[0]["value"].split()[1]


async def _row(bot):
    from discord_standin.table import row_of

    return await row_of(bot, bot.stand_in.channel)
