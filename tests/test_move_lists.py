"""Move lists read as choices: labels that differ only in their numbers are one label."""

from __future__ import annotations

import engine
from bot.service.move_lists import compacted, spread
from tests.service_pebbles import ctx


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
    padded = [f"Play gem{n:02d}" for n in range(5)]  # a name, not a count
    assert [label for label, _ in compacted(padded)] == padded
    apart = ["Card 10: knight on 10 left", "Card 10: knight on 10 right",
             "Card 13: knight on 13 left"]
    assert [label for label, _ in compacted(apart)] == apart
    jumps = ["Bid 0 on 7", "Bid 1 on 7", "Bid 1 on 8"]  # a different number changes
    assert [label for label, _ in compacted(jumps)] == jumps
    crossed = ["Load 1 (cost 9)", "Load 2 (cost 5)", "Load 3 (cost 7)"]  # which cost is whose?
    assert [label for label, _ in compacted(crossed)] == crossed
    names = ["Discard #6, #14", "Discard #6, #25", "Discard #6, #98"]  # cards, not a count
    assert [label for label, _ in compacted(names)] == names
    trains = ["Buy train 2-0 for 80M", "Buy train 2-4 for 80M", "Buy train 2-5 for 80M"]
    assert [label for label, _ in compacted(trains)] == trains
    dearer = [f"Load {n} (cost {2 * n})" for n in range(1, 4)]
    assert compacted(dearer) == [("Load 1–3 (cost 2–6)", 3)]


def test_uneven_choices_are_listed_value_by_value():
    """18Rhl's par prices used to fill a phone's list one price at a time (42 entries for
    six corporations); a choice that does not count by one is listed, never a range that
    would offer values the list skips ("rotation 0–4" offering 1 and 3)."""
    pars = [f"Float ADR at {p}M a share (costs {2 * p}M) · par adr {p}"
            for p in (100, 90, 80, 75, 70, 65, 60)]
    assert compacted(pars) == [
        ("Float ADR at 100/90/80/75/70/65/60M a share (costs 120–200M) · par adr "
         "100/90/80/75/70/65/60", 7)]
    even = ["Lay 8 on J9, rotation 0", "Lay 8 on J9, rotation 2", "Lay 8 on J9, rotation 4"]
    assert compacted(even) == [("Lay 8 on J9, rotation 0/2/4", 3)]
    falling = ["Take 3", "Take 2", "Take 1"]
    assert compacted(falling) == [("Take 1–3", 3)]
    uneven_cost = ["Load 1 (cost 2)", "Load 2 (cost 4)", "Load 3 (cost 5)"]
    assert compacted(uneven_cost) == [("Load 1–3 (cost 2–5)", 3)]


def test_labels_apart_in_the_list_group_by_the_one_number_they_differ_in():
    """Rheinländer's list goes card by card, each with the same reinforcement spaces, and
    the bastions space by space, left and right bank in turn: 128 moves in one position,
    which a phone showed as 20 of them and "..."."""
    cards, spaces = (3, 34, 44), (39, 42)
    labels = [label for card in cards for label in
              [f"Card {card}: knight on {card} left bank"] +
              [f"Card {card} as reinforcement: knight on {space} left bank" for space in spaces]]
    labels += [f"Bastion on {n} {bank} bank" for n in (1, 2, 3, 4, 7, 9) for bank in
               ("left", "right") if (n, bank) != (2, "right")] + ["Done"]
    assert compacted(labels) == [
        ("Card 3: knight on 3 left bank", 1),
        ("Card 3/34/44 as reinforcement: knight on 39 left bank", 3),  # by card: 3, not 2
        ("Card 3/34/44 as reinforcement: knight on 42 left bank", 3),
        ("Card 34: knight on 34 left bank", 1),
        ("Card 44: knight on 44 left bank", 1),
        ("Bastion on 1–4/7/9 left bank", 6),
        ("Bastion on 1/3/4/7/9 right bank", 5),
        ("Done", 1)]
    order = spread(labels)
    assert sorted(order) == list(range(len(labels)))
    assert [labels[i] for i in order[:4]] == [
        "Card 3: knight on 3 left bank", "Card 3 as reinforcement: knight on 39 left bank",
        "Card 3 as reinforcement: knight on 42 left bank", "Card 34: knight on 34 left bank"]


async def test_rheinlaenders_hand_lists_every_choice(tmp_path):
    store, service, _ = await _three_players(tmp_path, "rheinlaender")
    game = engine.GAMES["rheinlaender"]
    for _ in range(40):  # to a turn with knights on the board: reinforcements, bastions
        state = game.load((await store.latest_game(500)).state)
        seat = game.active(state)[0]
        moves = game.legal(state, seat)
        labels = [str(game.label(state, m)) for m in moves]
        if any("reinforcement" in label for label in labels) and \
                any("Bastion" in label for label in labels):
            break
        await service.play(ctx(seat + 1), game.format(state, moves[0]))
    text = (await service.hand(ctx(seat + 1)))[-1].text
    listed = text.split(f"({len(moves)} in ", 1)[1].split("): ", 1)[1]
    assert len(moves) > 40 and " ..." not in listed  # every move within the 20 lines
    assert "Bastion on " in listed and " as reinforcement on " in listed
    await store.close()


async def test_rheins_hand_lists_its_bids_as_ranges(tmp_path):
    store, service, _ = await _three_players(tmp_path, "rhein")
    game = engine.GAMES["rhein"]
    state = game.load((await store.latest_game(500)).state)
    seat = game.active(state)[0]
    text = (await service.hand(ctx(seat + 1)))[-1].text
    moves = game.legal(state, seat)
    assert f"({len(moves)} in 7 entries)" in text and "Bid 0–" in text, text
    assert text.count("Bid ") < 20  # each order once, not twenty bids on the first
    await store.close()


def test_spread_takes_each_runs_members_in_turn():
    labels = [f"Bid {n} on order 7" for n in range(20)] + \
        [f"Bid {n} on order 11" for n in range(20)] + ["Mortgage truck A", "Pass"]
    order = spread(labels)
    assert sorted(order) == list(range(len(labels)))  # every move, once
    assert [labels[i] for i in order[:6]] == [
        "Bid 0 on order 7", "Bid 0 on order 11", "Mortgage truck A", "Pass",
        "Bid 1 on order 7", "Bid 1 on order 11"]


async def test_rheins_autocomplete_offers_every_order_first(tmp_path):
    """The first 25 autocomplete choices used to be bids 0-19 on one order and 5 on the
    next; a phone's list now starts with a bid on every order, the mortgages and the pass."""
    store, service, started = await _three_players(tmp_path, "rhein")
    game = engine.GAMES["rhein"]
    state = game.load((await store.latest_game(500)).state)
    seat = game.active(state)[0]
    prompt = next(r for r in started if r.buttons)
    assert len({b.label.split(" on order ")[1][:6] for b in prompt.buttons}) == 5, \
        [b.label for b in prompt.buttons]  # the five buttons bid on five orders
    choices = await service.move_choices(ctx(seat + 1), "")
    orders = {label.split(" on order ")[1].split(":")[0] for label, _ in choices
              if " on order " in label}
    assert len(choices) == 25 and len(orders) == 5, choices
    assert any(value.startswith("mortgage") for _, value in choices)
    bids_13 = await service.move_choices(ctx(seat + 1), "bid 13")  # typing still narrows
    assert bids_13 and all("13" in value for _, value in bids_13)
    await store.close()


async def _three_players(tmp_path, key: str):
    """A started table of users 1-3 (in the order they joined), and the start's replies."""
    from bot.service import TablesService
    from bot.store import open_store

    store = await open_store(str(tmp_path / f"{key}.sqlite3"))
    service = TablesService(store, render=lambda key, view: b"\x89PNG", seed_source=lambda: 4)
    await service.new(ctx(1), key, min_players=3, max_players=3)
    for user in (2, 3):
        await service.join(ctx(user))
    return store, service, await service.start(ctx(1), order="joined")
