"""A German Trödler player may type umlauts as ae/oe/ue/ss, in every word and in the
autocomplete: "ziehe bruecke glenmore" worked (listed spelling by spelling) while
"fuettere extra topf" and "fuettere weg faehre glenmore" were refused, and autocomplete found
nothing for "fue", "fuet" or "fae"."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users

import engine
from bot.i18n import english_move, typed_move

GAME = engine.get_game("troedler")


def test_every_german_word_reads_the_same_without_umlauts():
    for typed, english in [("fuettere extra topf", "feed extra pot"),
                           ("Fuettere weg faehre glenmore", "feed route ferry glenmore"),
                           ("fuettere ersatz amboss topf", "feed replace anvil pot"),
                           ("ziehe bruecke glenmore", "move bridge glenmore"),
                           ("fuettern zusatz topf", "feed extra pot")]:
        assert english_move("troedler", typed) == english, typed


async def _in_play(bot, members):
    """Plays the pile phase with each seat's first legal move; the member to move then."""
    channel = bot.stand_in.channel
    while True:
        row = await row_of(bot, channel)
        state = GAME.load(row.state)
        seat = GAME.active(state)[0]
        user = (await seat_users(bot, row.id))[seat]
        member = next(m for m in members if m.id == user)
        if state["stage"] != "take":
            return member, state, seat
        move = GAME.format(state, GAME.legal(state, seat)[0])
        await member.command("play", channel, move=move)


async def test_a_german_player_types_and_finds_moves_without_umlauts(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=4) as bot:
        channel = bot.stand_in.channel
        people = [Member(bot, "Anna", locale="de"), Member(bot, "Bert", locale="de")]
        await open_table(bot, "troedler", people, language="de")
        mover, state, seat = await _in_play(bot, people)
        feeds = [GAME.format(state, move) for move in GAME.legal(state, seat)
                 if move["type"].startswith("feed-")]
        assert feeds
        for typed in ("fue", "fuet", "fuettere"):
            found = [c["value"] for c in await mover.autocomplete("play", "move", typed)]
            assert found and set(found) <= set(feeds), (typed, found)
        # a route kind's beginning: "fae" for Fähre, "brue" for Brücke
        for kind, start in (("ferry", "fae"), ("bridge", "brue")):
            routes = [move for move in feeds if f" {kind} " in move]
            if routes:
                found = [c["value"] for c in await mover.autocomplete("play", "move", start)]
                assert set(routes) <= set(found), (start, found)
        # a feed move in its German typed form, every umlaut spelt out
        typed = typed_move("troedler", feeds[0], "de").translate(
            str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}))
        assert typed.startswith("fuettere "), typed
        version = (await row_of(bot, channel)).version
        record = await mover.command("play", channel, move=typed)
        assert (await row_of(bot, channel)).version > version, [m.text for m in record.private]
