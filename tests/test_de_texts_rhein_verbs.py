"""Rhein's truck moves typed as a German reader is shown them, through the Discord stand-in.

The German lists said "Verpfände Lkw A (+6)", "Fahre Lkw B nach Bonn" and "Löse Lkw A aus",
but typing `verpfände a`, `verpfänden a` or `fahre b bonn` was refused ("Das verstehe ich
nicht"); the bot knew only `beleihen`, `ziehen` and `tilgen`, and the hand called repaying a
third name ("verpfändet (tilgen 9)"). The verbs the lists use are read now, the typed forms
the bot teaches are those verbs, and repaying is "auslösen" everywhere."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import row_of, seat_users

from bot.i18n import english_move, typed_move
from engine.rhein import Rhein
from engine.text import msg, say
from tests.rhein_helpers import GAME, LoadingRhein, at_step, fresh, place_truck


class TruckingRhein(Rhein):
    """Rhein that opens on the trucks' turn in Phase 4, each truck B in Koblenz."""

    def setup(self, num_players, options, seed):
        state = fresh(num_players, options, seed=3)
        for seat in range(num_players):
            place_truck(state, seat, "b", 6, 1)
        at_step(state, 4, "trucks", list(range(num_players)))
        return state


async def _mover(bot, game: Rhein) -> Member:
    service = bot.client.adapter.service
    service.games = {**service.games, "rhein": game}
    channel = bot.stand_in.channel
    people = [Member(bot, "Anna", locale="de"), Member(bot, "Bert", locale="de")]
    await people[0].command("game new", channel, game="rhein", language="de")
    await people[1].command("game join", channel)
    await people[0].command("game start", channel, order="joined")
    row = await row_of(bot, channel)
    mover = (await seat_users(bot, row.id))[row.active_seats[0]]
    return next(m for m in people if m.id == mover)


async def _truck(bot, letter: str) -> dict:
    row = await row_of(bot, bot.stand_in.channel)
    state = GAME.load(row.state)
    return state["trucks"][row.active_seats[0]][letter]


async def test_mortgage_and_repay_typed_as_the_german_list_says(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover = await _mover(bot, LoadingRhein())
        channel = bot.stand_in.channel
        for typed, letter in [("verpfände a", "a"), ("verpfänden b", "b")]:
            record = await mover.command("play", channel, move=typed)
            truck = await _truck(bot, letter)
            assert truck["where"] == "mortgaged", (typed, [m.text for m in record.private])
        record = await mover.command("play", channel, move="auslösen a")
        assert (await _truck(bot, "a"))["where"] == "reserve", [m.text for m in record.private]
        record = await mover.command("play", channel, move="quatsch")
        [said] = [m.text for m in record.private]
        assert "verpfänden a, auslösen a" in said and "beleihen" not in said, said


async def test_a_truck_drives_as_the_german_list_says(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover = await _mover(bot, TruckingRhein())
        labels = [c["name"] for c in await mover.autocomplete("play", "move", "")]
        assert "Fahre Lkw B nach Bonn (Kosten 1)" in labels, labels
        record = await mover.command("play", bot.stand_in.channel, move="fahre b bonn")
        assert (await _truck(bot, "b"))["pos"] == 7, [m.text for m in record.private]


def test_the_typed_forms_and_texts_use_one_verb_each():
    assert english_move("rhein", "verpfände a") == "mortgage a"
    assert english_move("rhein", "verpfaenden lkw-b") == "mortgage truck-b"
    assert english_move("rhein", "fahr a koeln") == "move a koeln"
    assert english_move("rhein", "auslösen a") == "repay a"
    assert english_move("rhein", "beleihe a") == "mortgage a"  # the old words still work
    assert english_move("rhein", "tilgen a") == "repay a"
    assert typed_move("rhein", "mortgage a", "de") == "verpfänden a"
    assert typed_move("rhein", "move b bonn", "de") == "fahren b bonn"
    assert typed_move("rhein", "repay a", "de") == "auslösen a"
    state = fresh(2, seed=3)
    hand = say(GAME.label(state, {"type": "repay", "truck": "a"}), "de")
    assert hand.startswith("Löse Lkw A aus"), hand
    topics = " ".join(say(msg(f"rhein.topic.{t}"), "de") for t in ("moves", "moving", "loading"))
    assert "beleihen" not in topics and "tilgen" not in topics and "ziehen a" not in topics
