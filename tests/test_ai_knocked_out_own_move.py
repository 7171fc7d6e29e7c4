"""Through the Discord stand-in: a player who goes bankrupt by their own move reads the
knock-out, a count of the AI seats' moves, the game's last phase and the result, as a
player knocked out within the AI seats' moves does (Rhein's shortened run). A reviewer's
18Rhl "Declare bankruptcy" was followed by twelve posts of the AI seats' five operating
rounds in full: the knock-out came before any AI move, so the run saw no alert, and the
seat, still the player's, did not count as one whose player left."""

from __future__ import annotations

import gzip
import json

from discord_standin import Member, running_bot
from discord_standin.table import row_of

from bot.i18n import t
from engine import get_game
from engine.rhl18 import importer

GAME = get_game("18rhl")
# a 6-player recorded game before its action 550: the sixth seat's corporation must buy a
# train it cannot pay for, and its president declares bankruptcy (the game ends ~140
# actions later, after the bank breaks)
FIXTURE = "tests/fixtures/18rhl/rhl_gen_6p_61012_all.json.gz"
CUT = 550


async def test_a_players_own_bankruptcy_is_followed_by_a_count_not_every_round(
        tmp_path, monkeypatch):
    export = importer.load_json(FIXTURE)
    data = gzip.compress(json.dumps(dict(export, actions=export["actions"][:CUT])).encode())
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        await anna.command("game import", file=fake.attachment("g.json.gz", data))
        for _ in range(5):
            await anna.command("game add-bot", level="normal")
        await anna.command("game join")  # the sixth seat
        await anna.command("game start", order="joined")
        row = await row_of(bot, fake.channel)
        state = GAME.load(row.state)
        assert row.active_seats == [5]
        [bankrupt] = [m for m in GAME.legal(state, 5) if m["type"] == "bankrupt"]
        asked = await anna.command("play", move=GAME.format(state, bankrupt))
        [sure] = [(m, c) for m in asked.private for c in m.custom_ids if ":sure-" in c]
        record = await anna.press(*sure)
        assert record.errors == []
        assert (await row_of(bot, fake.channel)).status == "finished"
        posts = [post.text for post in record.visible_posts]
        said = "\n".join(posts)
        lines = said.splitlines()
        [out] = [n for n, line in enumerate(lines) if line.endswith(
            "goes bankrupt and leaves the game.**")]
        more = t("svc.ai_more", "en", count=0).split("0")[0]  # "… and "
        assert lines[out + 1].startswith(more), said  # the rounds after it, as a count
        # the game's last phase said whole, then the result
        assert "__Phase 6 · OR 20.3__" in lines[out + 2:], said
        assert "final result" in posts[-1], posts
        assert len(posts) <= 3 and len(said) < 3000, [len(post) for post in posts]
