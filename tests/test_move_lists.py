"""Move lists read as choices: labels counting up by a number are one label with a range."""

from __future__ import annotations

import engine
from bot.service.move_lists import compacted


def test_labels_counting_up_become_one_range_and_keep_their_move_count():
    bids = [f"Bid {n} on order 7 Karlsruhe: 6→14 8→18, time 2, pen 4" for n in range(20)]
    loads = [f"Load {n} onto the white Plane (cost {n})" for n in range(1, 9)]
    listed = compacted(bids + loads + ["Done"])
    assert listed == [("Bid 0–19 on order 7 Karlsruhe: 6→14 8→18, time 2, pen 4", 20),
                      ("Load 1–8 onto the white Plane (cost 1–8)", 8), ("Done", 1)]
    assert sum(count for _, count in listed) == len(bids) + len(loads) + 1


def test_what_is_not_a_count_stays_as_it_is():
    two = ["Take 1", "Take 2"]  # two read better as themselves
    assert compacted(two) == [("Take 1", 1), ("Take 2", 1)]
    falling = ["Float ADR at 100M", "Float ADR at 90M", "Float ADR at 80M"]
    assert [label for label, _ in compacted(falling)] == falling
    padded = [f"Play gem{n:02d}" for n in range(5)]  # a name, not a count
    assert [label for label, _ in compacted(padded)] == padded
    apart = ["Card 10: knight on 10 left", "Card 10: knight on 10 right",
             "Card 13: knight on 13 left"]
    assert [label for label, _ in compacted(apart)] == apart
    jumps = ["Bid 0 on 7", "Bid 1 on 7", "Bid 1 on 8"]  # a different number changes
    assert [label for label, _ in compacted(jumps)] == jumps
    even = ["Lay 8 on J9, rotation 0", "Lay 8 on J9, rotation 2", "Lay 8 on J9, rotation 4"]
    assert [label for label, _ in compacted(even)] == even  # "0–4" would offer 1 and 3
    dearer = [f"Load {n} (cost {2 * n})" for n in range(1, 4)]
    assert compacted(dearer) == [("Load 1–3 (cost 2–6)", 3)]


async def test_rheins_hand_lists_its_bids_as_ranges(tmp_path):
    from bot.service import TablesService
    from bot.store import open_store
    from tests.service_pebbles import ctx

    store = await open_store(str(tmp_path / "rhein.sqlite3"))
    service = TablesService(store, render=lambda key, view: b"\x89PNG", seed_source=lambda: 4)
    await service.new(ctx(1), "rhein", min_players=3, max_players=3)
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    game = engine.GAMES["rhein"]
    state = game.load((await store.latest_game(500)).state)
    seat = game.active(state)[0]
    text = (await service.hand(ctx(seat + 1)))[-1].text
    moves = game.legal(state, seat)
    assert f"({len(moves)})" in text and "Bid 0–" in text, text
    assert text.count("Bid ") < 20  # each order once, not twenty bids on the first
    await store.close()
