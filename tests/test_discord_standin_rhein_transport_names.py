"""Rhein's transports typed in German, through the Discord stand-in.

The German buttons say "Lade 8 auf das rote Schiff", but a typed "laden rotes schiff 8" was
read word by word as "load red ship 8" and refused: the notation's name is one word,
``red-ship``. And the refusal of a transport the bot does not know listed the notation's
names, clipped after two: "Transportmittel: white-plane, red-plane,…." (the service cut
every long value of a refusal as if it were what the player typed)."""

from __future__ import annotations

import copy

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import row_of, seat_users

from bot.i18n import english_move
from engine.core import RuleError
from engine.text import say
from tests.rhein_helpers import GAME, LoadingRhein

# every way a German player names one transport: inflections, case, a hyphen, a space
TYPED = {
    "red-train": ["roten Zug", "roter-zug", "rote zug"],
    "red-ship": ["rotes Schiff", "Rotes-Schiff", "roten schiff"],
    "white-train": ["weißen Zug", "weisser zug"],
    "white-ship": ["weiße Schiff", "weißes schiff"],
    "black-ship": ["schwarzes Schiff", "schwarze-schiff"],
    "black-train": ["schwarzen Zug"],
    "white-plane": ["weißes Flugzeug"],
}
GERMAN_NAMES = ["weißes Flugzeug", "rotes Flugzeug", "schwarzes Flugzeug", "weißer Zug",
                "roter Zug", "schwarzer Zug", "weißes Schiff", "rotes Schiff",
                "schwarzes Schiff"]
# a two-player game leaves the red and black Planes and the black Ship in the box: an
# unknown name is answered with the transports of the game only
IN_A_PAIR_GAME = [name for name in GERMAN_NAMES
                  if name not in ("rotes Flugzeug", "schwarzes Flugzeug", "schwarzes Schiff")]


async def loading_table(bot, locales: tuple[str, str] = ("de", "de")):
    """Anna and Bert at a German Rhein table in Phase 2; the member to load, the other."""
    service = bot.client.adapter.service
    service.games = {**service.games, "rhein": LoadingRhein()}
    channel = bot.stand_in.channel
    people = [Member(bot, "Anna", locale=locales[0]), Member(bot, "Bert", locale=locales[1])]
    await people[0].command("game new", channel, game="rhein", language="de")
    await people[1].command("game join", channel)
    await people[0].command("game start", channel, order="joined")
    row = await row_of(bot, channel)
    mover = (await seat_users(bot, row.id))[row.active_seats[0]]
    return next(m for m in people if m.id == mover), next(m for m in people if m.id != mover)


async def loaded(bot) -> dict[str, int]:
    """Containers aboard each shared transport."""
    state = GAME.load((await row_of(bot, bot.stand_in.channel)).state)
    return {key: sum(t["load"]) for key, t in state["transports"].items()}


async def test_a_german_transport_name_loads_onto_that_transport(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover, _ = await loading_table(bot)
        channel = bot.stand_in.channel
        before = await loaded(bot)
        typed = [(key, name) for key, names in TYPED.items() if key in before
                 for name in names]
        assert len({key for key, _ in typed}) >= 4, before  # the test names several
        for verb, (key, name) in zip(["laden", "lade", "Lade"] * len(typed), typed,
                                     strict=False):
            record = await mover.command("play", channel, move=f"{verb} {name} 1")
            after = await loaded(bot)
            assert after[key] == before[key] + 1, ([m.text for m in record.private], name)
            before = after


def reason(state: dict, english: str) -> str:
    """The rules' German reason against the notation's ``english``."""
    seat = GAME.active(state)[0]
    with pytest.raises(RuleError) as refused:
        GAME.apply(copy.deepcopy(state), seat, GAME.parse(state, seat, english))
    return say(refused.value.text, "de")


async def test_english_names_typed_apart_and_every_move_that_names_a_transport(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover, _ = await loading_table(bot)
        channel = bot.stand_in.channel
        await mover.command("play", channel, move="load red ship 2")  # English, two words
        await mover.command("play", channel, move="load red-train 1")  # the notation still
        assert (await loaded(bot))["red-ship"] == 2 and (await loaded(bot))["red-train"] == 1
        # not now in Phase 2: refused for the rule, as the notation is, not as unreadable
        for typed, english in [("entladen rotes schiff 1", "unload red-ship 1"),
                               ("reservieren weißer zug koblenz", "reserve white-train koblenz"),
                               ("umladen roten Zug Lkw A 1", "transfer red-train truck-a 1"),
                               ("umladen rotes schiff weißen zug 1",
                                "transfer red-ship white-train 1")]:
            state = GAME.load((await row_of(bot, channel)).state)
            record = await mover.command("play", channel, move=typed)
            assert [m.text for m in record.private] == [reason(state, english)], typed


async def test_an_unknown_transport_is_refused_with_every_name_a_german_can_type(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover, _ = await loading_table(bot, ("de", "en-US"))
        channel = bot.stand_in.channel
        record = await mover.command("play", channel, move="laden grünes-schiff 4")
        [said] = [m.text.split("\n")[0] for m in record.private]  # then "Meintest du …"
        assert said == ("Es gibt kein Transportmittel namens „grünes-schiff“. Transportmittel "
                        "in dieser Partie: " + ", ".join(IN_A_PAIR_GAME) + "."), said
        for name in IN_A_PAIR_GAME:  # each name listed is one the bot reads
            record = await mover.command("play", channel, move=f"laden {name} 999")
            assert not any("Transportmittel" in m.text for m in record.private), name


async def test_an_english_player_reads_the_notations_names_whole(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover, _ = await loading_table(bot, ("en-US", "en-US"))
        record = await mover.command("play", bot.stand_in.channel, move="load green-ship 4")
        [said] = [m.text.split("\n")[0] for m in record.private]
        assert said == ("There is no transport called 'green-ship'. Transports in this game: "
                        "white-plane, white-train, red-train, black-train, white-ship, "
                        "red-ship."), said


def test_rhein_transports_typed_in_german_or_apart_become_the_notations_names():
    assert english_move("rhein", "laden rotes schiff 8") == "load red-ship 8"
    assert english_move("rhein", "Lade roten Zug 4") == "load red-train 4"
    assert english_move("rhein", "laden roter-zug 4") == "load red-train 4"
    assert english_move("rhein", "reserviere weiße Flugzeug london") == \
        "reserve white-plane london"
    assert english_move("rhein", "umladen schwarzes Schiff Lkw B 2") == \
        "transfer black-ship truck-b 2"
    assert english_move("rhein", "load red ship 8") == "load red-ship 8"
    # the verb is never half of a name: "lkw a" places truck a
    assert english_move("rhein", "lkw a koblenz 2") == "truck a koblenz 2"
    assert english_move("rhein", "beleihe lkw-a") == "mortgage truck-a"
    assert english_move("troedler", "Zug beenden") == "end"  # Trödler's "Zug" is no train


def test_the_joined_names_are_the_notations():
    from bot.i18n import _joined
    from engine.rhein import data

    assert _joined("rhein") == {t.key for t in data.TRANSPORTS} | \
        {f"truck-{letter}" for letter in data.TRUCK_LETTERS}
