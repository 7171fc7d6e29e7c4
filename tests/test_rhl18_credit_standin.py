"""Through the Discord stand-in: Anna imports an 18Rhl game, seats two normal AI players before
her own seat and offers RhE, an AI's corporation, 35M for its 2-train; the AI declines. The
channel says the pair as Anna's one line, and /game log now says it as her one entry too
("3–4. Anna (green): GVE offers RhE 35M for a 2-train; RhE declines"), where it had a
second entry crediting the AI seat with the answer."""

from __future__ import annotations

import gzip
import json
import re

from discord_standin import Member, running_bot
from discord_standin.table import row_of

from bot.service import ai
from engine import get_game
from engine.rhl18 import flow as F
from engine.rhl18 import importer
from tests.test_ai_seat_posts import OFFER_FIXTURE, TRAIN_OFFER

GAME = get_game("18rhl")


def _declining_ai(monkeypatch) -> None:
    """AI seats that decline any offer for their trains (their other moves their own)."""
    chosen = ai.choose

    def scripted(game, state, seat, level, seed, version):
        if state["round"].get("offer"):
            return next(m for m in game.legal(state, seat) if m["type"] == "decline")
        return chosen(game, state, seat, level, seed, version)

    monkeypatch.setattr(ai, "choose", scripted)


async def test_a_players_offer_and_the_ais_answer_are_one_log_entry_through_discord(
        tmp_path, monkeypatch) -> None:
    _declining_ai(monkeypatch)
    export = importer.load_json(OFFER_FIXTURE)
    # before its action 39: GVE (the third seat's) may buy RhE's 2-train
    cut = gzip.compress(json.dumps(dict(export, actions=export["actions"][:38])).encode())
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        records = [await anna.command("game import", file=fake.attachment("g.json.gz", cut))]
        records.append(await anna.command("game add-bot", level="normal"))
        records.append(await anna.command("game add-bot", level="normal"))
        records.append(await anna.command("game join"))
        records.append(await anna.command("game start", order="joined"))
        row = await row_of(bot, fake.channel)
        state = GAME.load(row.state)
        assert row.active_seats == [2] and F.current_corp(state) == "GVE"
        offered = await anna.command("play", move=GAME.format(state, TRAIN_OFFER))
        records.append(offered)
        said = [line for post in offered.visible_posts for line in post.text.splitlines()]
        assert "**Anna** (green): GVE offers RhE 35M for a 2-train; RhE declines" in said, said

        shown = await anna.command("game log")
        records.append(shown)
        [log] = [message.text for message in shown.private]
        assert not shown.visible_posts
        lines = log.splitlines()
        [entry] = [line for line in lines if "GVE offers RhE" in line]
        first, last = map(int, re.match(r"(\d+)–(\d+)\\\. ", entry).groups())
        assert last == first + 1, log
        assert entry == f"{first}–{last}\\. Anna (green): GVE offers RhE 35M for a 2-train; " \
            "RhE declines", log
        assert not any(line.startswith(f"{last}. ") for line in lines), log
        assert not any("declines GVE's offer" in line for line in lines), log
        assert all(record.errors == [] for record in records)
