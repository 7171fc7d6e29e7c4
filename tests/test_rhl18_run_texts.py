"""Through the Discord stand-in: 18Rhl's run texts name trains as the routes picture and the
log do ("2-train"), two of a kind by their order ("2-train (1)", "2-train (2)"), and a player
writes their own routes with those names ("run 2: ...; 2: ..."). The channel and the log say a
run once, each train with its route and revenue.

Before, the channel said "BME would run 80M: 2-4: ...; 2-0: ...", the ids of the depot's
copies, which no picture or log line shows.
"""

from __future__ import annotations

import re

from discord_standin import running_bot
from discord_standin.table import row_of

from engine import get_game
from tests.test_rhl18_card_lays import seated

GAME = get_game("18rhl")
ROUTE_CUT = 108  # the recorded game before its action 108: BME, with two 2-trains, runs
COPY_ID = re.compile(r"\b\d-\d+: ")  # "2-4: " (a stop's part, "F9-1", is no train)


async def test_the_run_texts_name_two_2_trains_by_name_and_order(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, records = await seated(bot, ROUTE_CUT)
        records.append(await anna.command("game start", order="joined"))
        row = await row_of(bot, fake.channel)
        state = GAME.load(row.state)
        assert row.active_seats == [2] and state["round"]["step"] == "Route"
        [auto] = [m for m in GAME.legal(state, 2) if m["type"] == "run_routes"]
        assert [r["train"].split("-")[0] for r in auto["routes"]] == ["2", "2"]
        offer = [m.text for m in fake.posts(fake.channel) if "would run" in m.text]
        assert offer and "2-train (1): " in offer[-1] and "2-train (2): " in offer[-1], offer
        assert not COPY_ID.search(offer[-1]), offer[-1]

        # the same routes written by the trains' names
        typed = "run " + "; ".join(f"2: {' '.join(r['stops'])}" for r in auto["routes"])
        ran = await anna.command("play", move=typed)
        records.append(ran)
        assert (await row_of(bot, fake.channel)).version == row.version + 1, \
            [m.text for m in ran.private]
        said = "\n".join(m.text for m in ran.visible_posts)
        assert "BME's trains run for " in said, said
        assert not COPY_ID.search(said), said
        # the run is said once, in full: each train by name with its route and revenue
        # (the routes picture's caption said it a second time, in other words)
        for train in ("2-train (1): ", "2-train (2): "):
            assert said.count(train) == 1, said
            assert re.search(re.escape(train) + r"\S+ = \d+M", said), said
        shown = await anna.command("game log")
        records.append(shown)
        [log] = [message.text for message in shown.private]
        # typed by stops, the run is valued as the rules value it, its stops named as on
        # the map (it said "runs for 0M: 2-train D9-0-E8-1-E8-0")
        found = re.search(r"BME's trains run for (\d+)M: 2-train \(1\): ([A-L]\d+\S*) = (\d+)M; "
                          r"2-train \(2\): ([A-L]\d+\S*) = (\d+)M", log)
        assert found, log
        total, first, second = (int(found[n]) for n in (1, 3, 5))
        assert total == first + second > 0 and sum(r["revenue"] for r in auto["routes"]) == total
        assert not re.search(r"[A-L]\d+-\d", found[2] + found[4]), log
        assert all(record.errors == [] for record in records)
