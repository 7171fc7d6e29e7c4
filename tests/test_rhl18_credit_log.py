"""/game log says a train offer and an AI seat's answer to it as one entry, credited to whoever
made the offer, as the channel does (``Game.merged_line`` through ``Table.merged``): apart,
the answer read "Bot 1 (orange): GVE buys a 2-train from RhE for 35M", as if the AI seat had
bought. The entry is numbered by the moves it covers ("1–2."). A player's answer stays their
own entry, as it is their own line in the channel; Rhein's run of loads onto one transport is
one entry too, as in the channel; the other games' logs list one entry per move."""

from __future__ import annotations

import re
from dataclasses import replace

import engine
from tests.service_pebbles import ctx, started_table
from tests.test_ai_seat_posts import TRAIN_OFFER, _offer_table
from tests.test_rhein_channel_lines import _loading_table

ENTRY = re.compile(r"^(\d+)(?:–(\d+))?\\\. (.*)$")  # "17\." no list item


def entries(text: str) -> list[tuple[int, int, str]]:
    """The log's entries as (first move, last move, text)."""
    found = [ENTRY.match(line) for line in text.splitlines()]
    assert all(found), text
    return [(int(m[1]), int(m[2] or m[1]), m[3]) for m in found if m]


async def _log(service, locale: str = "en") -> list[tuple[int, int, str]]:
    [log] = await service.log(replace(ctx(1), locale=locale), lines=100)
    return entries(log.text)


async def test_a_players_offer_and_an_ai_seats_answer_are_one_entry_of_the_players(
        tmp_path, monkeypatch):
    game = engine.get_game("18rhl")
    for answer, said in [("accept", "GVE offers RhE 35M for a 2-train; RhE accepts"),
                         ("decline", "GVE offers RhE 35M for a 2-train; RhE declines")]:
        store, _ = await _offer_table(tmp_path, answer, 2, monkeypatch, answer=answer)
        service = _offer_table.service  # type: ignore[attr-defined]
        state = game.load((await store.latest_game(500)).state)
        await service.play(ctx(1), game.format(state, TRAIN_OFFER))
        log = await _log(service)
        [(first, last, text)] = [entry for entry in log if "GVE offers" in entry[2]]
        assert last == first + 1 and text == f"U1 (green): {said}", log
        # the answer is no entry of its own, and no AI seat bought anything
        assert not any("buys a 2-train from RhE" in text or "declines GVE's offer" in text
                       for _, _, text in log), log
        assert [entry[:2] for entry in log] == sorted(entry[:2] for entry in log)
        if answer == "decline":
            german = await _log(service, "de")
            assert (first, last, "U1 (Grün): GVE bietet RhE 35M für einen 2-Zug; RhE lehnt ab") \
                in german, german
        await store.close()


async def test_an_offer_between_ai_seats_is_one_entry_of_the_buyers(tmp_path, monkeypatch):
    store, _ = await _offer_table(tmp_path, "ai", 1, monkeypatch)
    service = _offer_table.service  # type: ignore[attr-defined]
    log = await _log(service)
    [(first, last, text)] = [entry for entry in log if "GVE offers" in entry[2]]
    # Bot 2 presides GVE, the buyer; Bot 1 (RhE) answered
    assert (last, text) == (first + 1, "Bot 2 (green): GVE offers RhE 35M for a 2-train; "
                                       "RhE declines"), log
    assert log[log.index((first, last, text)) + 1][0] == last + 1, log  # numbering goes on
    await store.close()


async def test_a_players_answer_to_an_ai_seats_offer_stays_their_own_entry(tmp_path,
                                                                          monkeypatch):
    """The channel says the AI's offer, stops, and says the player's answer as their own
    line: so does the log."""
    game = engine.get_game("18rhl")
    store, _ = await _offer_table(tmp_path, "human", 0, monkeypatch)
    service = _offer_table.service  # type: ignore[attr-defined]
    state = game.load((await store.latest_game(500)).state)
    decline = next(move for move in game.legal(state, 0) if move["type"] == "decline")
    await service.play(ctx(1), game.format(state, decline))
    log = await _log(service)
    offer = next(n for n, entry in enumerate(log) if "GVE offers" in entry[2])
    assert log[offer][2] == "Bot 2 (green): GVE offers RhE 35M for a 2-train", log
    assert log[offer + 1][2] == "U1 (orange): RhE declines GVE's offer of 35M for a 2-train"
    assert [entry[0] for entry in log] == [entry[1] for entry in log], log  # no ranges
    await store.close()


async def test_a_run_of_loads_onto_one_transport_is_one_log_entry(tmp_path):
    """Rhein's channel says eight taps on "Load 1" as one load of 8: the log did not, and
    its default twenty entries were half taken by one player's loading."""
    store, service, user, name = await _loading_table(tmp_path)
    for _ in range(8):
        await service.play(ctx(user), "load white-train 1")
    await service.play(ctx(user), "done")
    log = await _log(service)
    loads = [entry for entry in log if "onto the white Train" in entry[2]]
    assert len(loads) == 1 and loads[0][1] - loads[0][0] == 7, log
    assert re.fullmatch(rf"{name} \(\w+\) loads 8 onto the white Train \(-8\)\.", loads[0][2])
    assert log[log.index(loads[0]) + 1][0] == loads[0][1] + 1  # the done after them
    await store.close()


async def test_the_other_games_log_one_entry_per_move(tmp_path):
    """Rheinländer and Trödler say no two moves as one: their logs are as they were."""
    for key in ("rheinlaender", "troedler"):
        service, store, game, _ = await started_table(tmp_path / f"{key}.sqlite3", key,
                                                      seed=5)
        for _ in range(12):
            row = await store.latest_game(500)
            state = game.load(row.state)
            seat = game.active(state)[0]
            move = game.legal(state, seat)[-1]
            await service.play(ctx(seat + 1), game.format(state, move))
        count = len(await store.actions(row.id))
        assert count >= 12
        log = await _log(service)
        assert [entry[:2] for entry in log] == [(n, n) for n in range(1, count + 1)], log
        await store.close()


async def test_the_turn_card_says_a_players_offer_and_an_ais_acceptance_as_one_entry(
        tmp_path, monkeypatch):
    """The card listed the acceptance under the AI seat's colour as "GVE buys a 2-train
    from RhE for 35M", the AI seat's purchase as it read, and cut the offer beside it."""
    game = engine.get_game("18rhl")
    store, _ = await _offer_table(tmp_path, "card", 2, monkeypatch, answer="accept")
    service = _offer_table.service  # type: ignore[attr-defined]
    views: list[dict] = []
    service.card_render = lambda key, view: views.append(view) or b"\x89PNG card"
    state = game.load((await store.latest_game(500)).state)
    await service.play(ctx(1), game.format(state, TRAIN_OFFER))
    moves = views[-1]["card"]["moves"]
    said = [move for move in moves if "GVE offers" in move["text"]]
    # U1's seat's entry, drawn as GVE's move (its president's offer for it)
    assert said == [{"seat": 2, "text": "GVE offers RhE 35M for a 2-train; RhE accepts",
                     "corp": "GVE"}], moves
    assert not any("buys a 2-train from RhE" in move["text"] for move in moves), moves
    await store.close()


def test_an_acceptance_said_alone_is_the_sellers_answer():
    """After the buyer's own move (a turn DM's news begins there), the acceptance stands
    alone under the seller's president: "RhE accepts GVE's offer: GVE buys ...", no more
    the bare trade, which read as their own purchase."""
    from engine.rhl18 import move_line as ML
    from engine.text import msg

    offer = msg("rhl18.log.offers", who="GVE", seller="RhE", train=msg("rhl18.log.a_train",
                                                                      name="2"), price=35)
    trade = msg("rhl18.log.buys_train_from", who="GVE", seller="RhE",
                train=msg("rhl18.log.a_train", name="2"), price=35)
    accepts = msg("rhl18.log.accepts", who="RhE", buyer="GVE",
                  train=msg("rhl18.log.a_train", name="2"), price=35)
    assert str(accepts) == "RhE accepts GVE's offer: GVE buys a 2-train from RhE for 35M"
    # stored games keep the trade's line for an acceptance: both merge with their offer
    for answer in (accepts, trade):
        assert str(ML.answered(offer, answer)) == "GVE offers RhE 35M for a 2-train; RhE accepts"
    assert ML.answered(offer, msg("rhl18.log.accepts", who="RhE", buyer="CME",
                                  train=msg("rhl18.log.a_train", name="2"), price=35)) is None
