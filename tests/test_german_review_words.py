"""Findings of a German native reviewer who played German games through the Discord stand-in.

In Trödler the cart drives ("Ein Wagen fährt"; the turn card says "fahre"), but the bot read
only "ziehe" for a move, a card game's word for drawing: "fahre bergpfad glenmore" was "Diesen
Spielzug verstehe ich nicht". A German autocomplete label too long for Discord's 100
characters was cut in its middle ("Kraftfutter als Moorweg nach Bracklin … 2 Vasen + Stuhl;
+1 Schaden)") where the label's short form fits whole."""

from __future__ import annotations

import re

import pytest
from discord_standin import running_bot
from discord_standin.table import normal_moves_until, pair_at_table, row_of

import engine
from bot.i18n import FORM, english_move, fitted_label, typed_move
from bot.service.troedler_extras import TroedlerExtras
from engine.text import catalogue, say
from engine.troedler.notation import LABEL_LIMIT


@pytest.mark.parametrize(("typed", "english"), [
    ("fahre bergpfad glenmore", "move trail glenmore"),
    ("fahr fähre glenmore", "move ferry glenmore"),
    ("Fahren faehre glenmore", "move ferry glenmore"),
    ("ziehe moorweg glenmore", "move moor glenmore"),  # the old word still works
])
def test_troedler_reads_fahre_as_a_move(typed: str, english: str) -> None:
    assert english_move("troedler", typed) == english


def test_troedler_shows_a_move_as_fahre() -> None:
    assert typed_move("troedler", "move trail bracklin", "de") == "fahre bergpfad bracklin"
    assert typed_move("troedler", "feed route ferry bracklin", "de") == \
        "füttere weg fähre bracklin"


async def test_fahre_moves_the_cart_through_discord(tmp_path, monkeypatch) -> None:
    game = engine.GAMES["troedler"]
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        anna, bert, _ = await pair_at_table(bot, "troedler", "de")
        _, state, seat, member = await normal_moves_until(
            bot, [anna, bert], game,
            lambda row, state, seat, m: any(a["type"] == "move"
                                            for a in game.legal(state, seat)))
        move = next(a for a in game.legal(state, seat) if a["type"] == "move")
        before = (await row_of(bot, bot.stand_in.channel)).version
        typed = f"fahre {typed_move('troedler', game.format(state, move), 'de').split()[1]} " \
                f"{move['to']}"
        done = await member.command("play", move=typed)
        row = await row_of(bot, bot.stand_in.channel)
        assert row.version > before, [m.text for m in done.private]
        assert game.load(row.state)["carts"][seat] == move["to"]


def test_a_long_german_label_keeps_its_typed_form_and_goods_in_a_list() -> None:
    """The long label fits in English, but the German typed form is longer: a list (no
    100-character choice) shows it whole, the goods and the typed form; autocomplete, cutting
    it, loses words of its description, never of its typed form."""
    game = engine.GAMES["troedler"]
    extras = TroedlerExtras()
    checked = 0
    for seed in range(1, 40):
        state = game.setup(3, None, seed)
        for step in range(80):
            if game.result(state) is not None:
                break
            seat = game.active(state)[0]
            moves = game.legal(state, seat)
            labels = extras.list_labels(game, state, moves, lang="de") or []
            for move, label in zip(moves, labels, strict=False):
                if move["type"] not in ("move", "feed-route", "deliver"):
                    continue  # only these have a short form
                shown = fitted_label(label, LABEL_LIMIT)  # as autocomplete shows it
                assert shown.split(FORM)[-1] == label.split(FORM)[-1], shown
                assert label.split(FORM)[-1] == typed_move(
                    "troedler", game.format(state, move), "de"), label
                if move["type"] != "deliver":  # a route's list entry names the goods there
                    assert "dort:" in label, label
                checked += 1
            game.apply(state, seat, moves[(seed * 7 + step) % len(moves)])
    assert checked > 100


@pytest.mark.parametrize("key", sorted(engine.GAMES))
def test_rules_topics_are_listed_overview_first_in_reading_order(key: str) -> None:
    """/regeln listed topics sorted by key: "Erzbischof, Bastionen, Burgen, Spielmaterial,
    …, Überblick, …"."""
    game = engine.GAMES[key]
    listing = say(game.rules("no such topic"), "de")
    titles = [say(game.topic_title(name), "de") for name in game.topics]
    overview = say(game.topic_title("overview"), "de")
    rest = [title for title in titles if title != overview]
    assert f"Themen sind {overview}, {', '.join(rest)}." in listing, listing


def test_no_player_text_shows_rule_codes_file_paths_or_share_ids() -> None:
    """The reviewer read "(L2)", "(Regel L4)", "(R35)", "engine/rheinlaender/board.json" and
    "GVE_1": the project's own bookkeeping, meaningless to a player."""
    import render  # noqa: F401  (registers the renderers' catalogue)

    for lang in ("en", "de"):
        for key, text in catalogue(lang).items():
            assert not re.search(r"\((?:Regel |ruling )?[LR]\d+\)|engine/|[A-Z]{2,4}_\d", text), \
                (lang, key, text)
