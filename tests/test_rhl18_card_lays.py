"""Through the Discord stand-in: the turn card of an 18Rhl track step names the hexes the
prompt's lay menu offers, each in a tag framed in the colour that outlines it on the map.

Before, the card tagged the acting corporation's stations and the hexes the last moves
changed, and a player whose menu offered "E14", "G12" ... found them on the map only by the
full board's hex ids, about 4 px high on a phone.
"""

from __future__ import annotations

import gzip
import io
import json

from discord_standin import Member, running_bot
from discord_standin.table import row_of
from PIL import Image, ImageColor

from engine import get_game
from engine.rhl18 import importer
from render import turn_card
from render.text_draw import recording
from tests.test_ai_seat_posts import OFFER_FIXTURE
from tests.test_card_map_tags import frame_colour
from tests.test_discord_standin_card_numbers import cards

GAME = get_game("18rhl")
# the recorded game before its action 106: BME (the third seat's) lays track, on five hexes
CUT = 106


async def seated(bot, cut: int) -> tuple[Member, list]:
    """Anna imports the recorded game before its action ``cut`` and takes its third seat
    after two AI seats (not yet started); the interactions."""
    export = importer.load_json(OFFER_FIXTURE)
    data = gzip.compress(json.dumps(dict(export, actions=export["actions"][:cut])).encode())
    anna = Member(bot, "Anna")
    records = [await anna.command("game import",
                                  file=bot.stand_in.attachment("g.json.gz", data))]
    for _ in range(2):
        records.append(await anna.command("game add-bot", level="normal"))
    records.append(await anna.command("game join"))
    return anna, records


async def test_the_track_steps_card_names_every_hex_the_lay_menu_offers(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, records = await seated(bot, CUT)
        with recording() as texts:
            records.append(await anna.command("game start", order="joined"))
        assert all(record.errors == [] for record in records)
        row = await row_of(bot, fake.channel)
        state = GAME.load(row.state)
        assert row.active_seats == [2] and state["round"]["step"] == "Track"

        [prompt] = [m for m in fake.posts(fake.channel) if m.custom_ids and
                    f"<@{anna.id}>" in m.text]
        [menu] = [c for c in prompt.custom_ids if c.endswith(":step")]
        offered = {option["value"].split()[-1] for option in prompt.select(menu)["options"]}
        assert len(offered) >= 3, offered  # ("lay E14": a hex's first step)
        [(_name, png)] = [f for m in fake.posts(fake.channel) for f in m.files
                          if f[0].endswith("turn-card.png")]
        card = cards(texts)[-1]
        left, top, right, bottom = turn_card.MAP_BOX
        tags = {t.text: t.box for t in card if t.bold and left <= t.box[0] and
                t.box[2] <= right and top <= t.box[1] and t.box[3] <= bottom}
        assert offered <= set(tags), (offered, sorted(tags))
        image = Image.open(io.BytesIO(png)).convert("RGB")
        for hex_id in offered:
            assert frame_colour(image, tags[hex_id]) == ImageColor.getrgb(turn_card.CHOICE)
