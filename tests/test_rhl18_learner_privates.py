"""Through the Discord stand-in: the auction says what each private brings, and buying NLK
says that its 10% of GVE came with it.

A learner's list read "Bid 125M for NLK (pays you 25M each operating round)" and "Bid 145M
for RhE Rheinische Eisenbahn": nothing said that NLK brings a free GVE share or that RhE
makes its buyer RhE's president. After buying NLK the log said only "Lena buys NLK for
120M", and /game hand then showed "Shares: GVE 10%" with no word of where it came from.
"""

from __future__ import annotations

import gzip
import json

from discord_standin import Member, running_bot
from discord_standin.table import row_of

from engine import get_game
from engine.rhl18 import game as rhl18_game
from engine.rhl18 import importer, labels
from engine.text import say
from tests.test_ai_seat_posts import OFFER_FIXTURE

GAME = get_game("18rhl")
# the auction up to NLK: seats 1, 2, 3 (18xx.games entities) buy PWB, KEO, Szl and Tjt in
# turn, the second passes, and the third seat (Anna's) finds NLK the cheapest private left
BEFORE_NLK = [("bid", 1, "PWB", 20), ("bid", 2, "KEO", 30), ("bid", 3, "Szl", 50),
              ("bid", 1, "Tjt", 80), ("pass", 2, None, None)]


def _export() -> dict:
    export = importer.load_json(OFFER_FIXTURE)
    actions = []
    for n, (kind, entity, company, price) in enumerate(BEFORE_NLK, start=1):
        action = {"type": kind, "entity": entity, "entity_type": "player", "id": n,
                  "created_at": export["created_at"] + n}
        if kind == "bid":
            action.update(company=company, price=price)
        actions.append(action)
    return dict(export, actions=actions)


async def anna_at_nlk(bot, locale: str = "en-US") -> Member:
    """Anna, seated third beside two normal AI seats at the imported auction, to bid: NLK is
    the cheapest private left."""
    anna = Member(bot, "Anna", locale=locale)
    blob = gzip.compress(json.dumps(_export()).encode())
    records = [await anna.command("game import",
                                  file=bot.stand_in.attachment("g.json.gz", blob))]
    for _ in range(2):
        records.append(await anna.command("game add-bot", level="normal"))
    records.append(await anna.command("game join"))
    records.append(await anna.command("game start", order="joined"))
    assert all(record.errors == [] for record in records)
    assert (await row_of(bot, bot.stand_in.channel)).active_seats == [2]
    return anna


async def test_buying_nlk_says_what_it_brings_before_and_after(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna = await anna_at_nlk(bot)

        offered = {c["value"]: c["name"] for c in await anna.autocomplete("play", "move", "")}
        assert offered["bid nlk 120"].startswith(
            "Buy NLK for 120M: +10% of GVE free (pays you 25M each operating round)"), offered
        assert offered["bid rhe 145"].startswith(
            "Bid 145M for RhE: makes you RhE's president (no income)"), offered
        [prompt] = [m for m in fake.posts(fake.channel) if m.custom_ids and
                    f"<@{anna.id}>" in m.text]
        assert "Buy NLK for 120M: +10% of GVE free (pays you 25M each operating round)" in \
            prompt.labels.values(), prompt.labels

        played = await anna.command("play", move="bid nlk 120")
        said = "\n".join(m.text for m in played.visible_posts)
        # (an imported game's lines name its seats as the export did: "Player 3")
        assert "**Anna** (" in said and "buys NLK for 120M; Player 3 gets 10% of GVE free " \
            "with private NLK" in said, said
        [hand] = (await anna.command("game hand")).private
        assert "GVE 10%" in hand.text, hand.text


def test_the_labels_and_the_line_in_german() -> None:
    state = GAME.setup(3, {}, 1)
    for text in ("bid pwb 20", "bid keo 30", "bid szl 50", "bid tjt 80"):
        GAME.apply(state, GAME.active(state)[0], GAME.parse(state, GAME.active(state)[0], text))
    seat = GAME.active(state)[0]
    nlk = GAME.parse(state, seat, "bid nlk 120")
    assert say(GAME.label(state, nlk), "de").startswith(
        "NLK für 120M kaufen: +10 % GVE gratis (25M Ertrag je Betriebsrunde)")
    rhe = GAME.parse(state, seat, "bid rhe 145")
    assert say(GAME.label(state, rhe), "de").startswith(
        "145M für RhE bieten: macht dich zum Direktor der RhE (kein Ertrag)")
    lines = [say(line, "de") for line in rhl18_game.play_logged(state, nlk)]
    assert lines[:2] == ["Spieler 2 kauft NLK für 120M",
                         "Spieler 2 erhält mit der Privatbahn NLK gratis 10 % der GVE"], lines


def test_the_notes_come_from_the_game_data() -> None:
    """Each note is a private's ability in companies.json: one without a note of its own
    (a close on par, a display-only block) adds nothing; every other private says one."""
    from engine.rhl18 import data

    for sym, company in data.companies().items():
        kinds = {a["type"] for a in company["abilities"]}
        notes = labels.private_notes(sym)
        assert bool(notes) == bool(kinds & {"shares", "blocks_hexes", "tile_lay", "teleport"})
        for note in notes:
            assert say(note, "en") != say(note, "de"), note
    assert [say(n, "en") for n in labels.private_notes("ATB")] == [
        "blocks E12", "an extra free tile on E12"]
