"""German players read the moves they may type in German: a Trödler label ended
"· move trail bracklin", 18Rhl's "· bid pwb 20", a typo was answered "Meintest du
`discard-pile 1`?", the button's own words "Stapel 1 nehmen" were refused, and /game hand's
way out said the notation twice ("Zug beenden · end (end)"). English reads as it did. Also:
the turn DM counted the entries left ("and 11 more") where /game hand counted moves
("Your moves (120)") above 14 entries; both say entries now."""

from __future__ import annotations

from dataclasses import replace

from discord_standin import Member, running_bot
from discord_standin.table import row_of, seat_users

import engine
from bot.i18n import english_move
from engine.text import say
from tests.service_pebbles import ctx
from tests.test_move_suggestions import seated


async def _table(bot, game: str, lang: str):
    """Anna and Bert at a ``lang`` table of ``game``, in that language; the one to move."""
    channel = bot.stand_in.channel
    locale = "de" if lang == "de" else "en-US"
    people = [Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)]
    await people[0].command("game new", channel, game=game, language=lang)
    await people[1].command("game join", channel)
    await people[0].command("game start", channel, order="joined")
    row = await row_of(bot, channel)
    mover = (await seat_users(bot, row.id))[row.active_seats[0]]
    return next(m for m in people if m.id == mover)


async def test_a_german_troedler_player_reads_german_typed_forms(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=4) as bot:
        mover = await _table(bot, "troedler", "de")
        channel = bot.stand_in.channel
        choices = [(c["name"], c["value"]) for c in await mover.autocomplete("play", "move", "")]
        # two players open by discarding a pile; the value sent back stays the notation
        assert choices and all(value.startswith("discard-pile ") for _, value in choices)
        assert all(label.endswith(f" · stapel-abwerfen {value.split()[-1]}")
                   for label, value in choices), choices
        record = await mover.command("play", channel, move="stapel-abwerfen")
        [said] = [m.text for m in record.private]
        assert said.endswith("\nMeintest du `stapel-abwerfen 1`, `stapel-abwerfen 2`, "
                             "`stapel-abwerfen 3`?"), said
        # the button's own words, typed
        version = (await row_of(bot, channel)).version
        record = await mover.command("play", channel, move="Stapel 2 abwerfen")
        assert (await row_of(bot, channel)).version > version, record.private


async def test_an_english_troedler_player_reads_the_notation_as_before(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=4) as bot:
        mover = await _table(bot, "troedler", "en")
        choices = [(c["name"], c["value"]) for c in await mover.autocomplete("play", "move", "")]
        assert choices and all(label.endswith(f" · {value}") for label, value in choices)
        record = await mover.command("play", bot.stand_in.channel, move="discard-pile")
        [said] = [m.text for m in record.private]
        assert said.endswith("\nDid you mean `discard-pile 1`, `discard-pile 2`, "
                             "`discard-pile 3`?"), said


async def test_18rhl_german_labels_end_in_german(tmp_path):
    store, service, game, row, state, seat, user = await seated(tmp_path, "18rhl", 3)
    german = await service.move_choices(replace(ctx(user), locale="de"), "")
    english = await service.move_choices(ctx(user), "")
    bids = [label for label, value in german if value.startswith("bid ")]
    assert bids and all(" · bieten " in label and " · bid " not in label for label in bids)
    assert [value for _, value in german] == [value for _, value in english]
    for label, value in english:
        if value.startswith("bid "):
            assert label == say(game.label(state, game.parse(state, seat, value)), "en")
    await store.close()


def test_the_hand_says_how_to_stop_once(tmp_path):
    """The way out of a cut list: its label without the typed form, then the typed form in
    the reader's words (it read "End the turn · end (end)")."""
    from tests.test_cli_play_terminal import ManyMoves, run

    class Ending(ManyMoves):
        def label(self, state, action):
            return "End the turn · end" if action["type"] == "end" else super().label(state, action)

    code, text = run(["play", "pebbles", "--players", "2", "--seed", "3", "--out",
                      str(tmp_path)], "ready\n\nready\n\nquit\n", games={"pebbles": Ending()})
    assert "– to stop: End the turn · end" in text, text
    code, text = run(["play", "pebbles", "--players", "2", "--seed", "3", "--lang", "de",
                      "--out", str(tmp_path / "de")], "ready\n\nready\n\nbeenden\n",
                     games={"pebbles": Ending()})
    assert "– zum Aufhören: End the turn · ende" in text, text


async def test_the_turn_dm_and_the_hand_count_the_same_entries(tmp_path):
    from bot.service.base import _expected

    store, service, game, row, state, seat, user = await seated(tmp_path, "rheinlaender", 3)
    moves = game.legal(state, seat)
    hand = (await service.hand(ctx(user)))[-1].text
    line = next(line for line in hand.splitlines() if line.startswith("Your moves ("))
    entries = line.split(": ", 1)[1].split("; ")
    assert line.startswith(f"Your moves ({len(moves)} in {len(entries)} entries): "), line
    said = _expected(game, state, seat, "en")
    assert f"(and {len(entries) - 3} more entries: /game hand lists them)" in said, said
    german = (await service.hand(replace(ctx(user), locale="de")))[-1].text
    assert f"Deine Spielzüge ({len(moves)} in {len(entries)} Einträgen): " in german, german
    assert f"(und {len(entries) - 3} weitere Einträge: " in _expected(game, state, seat, "de")
    await store.close()


def test_the_german_troedler_help_teaches_words_it_reads():
    """The help led with the English notation and left out stapel-abwerfen and füttere."""
    help_de = say(engine.text.msg("troedler.help.moves"), "de")
    assert help_de.startswith("Spielzüge sehen so aus: stapel-nehmen N, stapel-abwerfen N, fahre ART DORF")
    game = engine.get_game("troedler")
    state = game.setup(3, None, 1)
    for example, english in [("stapel-nehmen 3", "take-pile 3"),
                             ("fahre moorweg glenmore", "move moor glenmore"),
                             ("nimm stuhl", "take chair"), ("liefere 12", "deliver 12"),
                             ("abwerfen 12 15", "discard 12 15"), ("ende", "end"),
                             ("füttere weg bergpfad glenmore", "feed route trail glenmore"),
                             ("füttere zusatz tasse", "feed extra cup"),
                             ("füttere ersatz amboss flasche", "feed replace anvil bottle"),
                             ("stapel-abwerfen 2", "discard-pile 2")]:
        assert example.split()[0] in help_de
        assert english_move("troedler", example) == english
        assert game.format(state, game.parse(state, 0, english)) == english


async def test_the_pickers_example_is_in_the_readers_words(tmp_path):
    """The terminal's "e.g." under Trödler's discard menu said "discard 12 15 40" to a German
    player."""
    from tests.test_troedler_discard_picker import _at_the_discard

    service, store, game, state, seat, _ = await _at_the_discard(tmp_path)
    english = game.format(state, game.legal(state, seat)[0])
    [hand] = await service.hand(ctx(seat + 1))
    assert hand.picker.example == english
    [hand] = await service.hand(replace(ctx(seat + 1), locale="de"))
    assert hand.picker.example == english.replace("discard", "abwerfen"), hand.picker.example
    await store.close()
