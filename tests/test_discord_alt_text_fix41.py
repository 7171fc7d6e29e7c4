"""What a screen reader says of a picture (its alt text), where a blind reviewer found it
wanting:

- a finished game's board said "The game is over. Standings: Anna (Orange): 39 points if it
  ended now …" while the result post named Bert the winner, and listed a Trödler seat out of
  the scoring with its goods as if it had scored: it now says the result post's lines, the
  winner first;
- 18Rhl's market picture said the map's alt text and "Stock market": it now says each
  corporation's share price;
- a zoom (``/game board near:I10``) said its title twice and nothing of the area: it now
  says the title once and each hex it shows with its tile and stations;
- a turn card's newest move cut short lost "goes bankrupt and is out of the game": a
  decisive piece of it stays whole.
"""

from __future__ import annotations

import random
import re

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table
from test_discord_standin_troedler_out_of_scoring import finished_troedler

from engine import get_game
from engine.text import say
from render import alt_text

FINAL = {"en": "Final board: ", "de": "Letztes Spielbrett: "}
WINS = {"en": " wins!", "de": " gewinnt!"}
OUT = {"en": "out of the scoring (total damage: ", "de": "nicht in der Wertung (Totalschaden: "}
STANDINGS = {"en": "Standings:", "de": "Stand:"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_final_board_says_the_result_winner_first(tmp_path, monkeypatch, lang):
    async with finished_troedler(tmp_path, monkeypatch, lang) as (bot, _):
        fake = bot.stand_in
        result = next(m for m in reversed(fake.posts()) if m.files)
        alt = result.descriptions[0]
        head = alt[:alt.index(WINS[lang]) + len(WINS[lang])]
        winner = re.search(r"\*\*(.+?)\*\*", result.text).group(1)
        assert head.startswith(FINAL[lang]) and head.endswith(f"{winner}{WINS[lang]}"), alt
        assert OUT[lang] in alt and STANDINGS[lang] not in alt, alt
        assert "\\" not in alt and "**" not in alt and " · " not in alt, alt
        out = alt.index(OUT[lang])
        assert not re.search(r"\d\. ", alt[out:]), alt  # listed last, without a place


def _played(key: str, moves: int, seed: int = 5) -> tuple:
    game = get_game(key)
    state = game.setup(3, None, seed)
    rng = random.Random(1)
    for _ in range(moves):
        seat = game.active(state)[0]
        choices = [m for m in game.legal(state, seat) if m.get("type") != "mortgage"]
        game.apply(state, seat, rng.choice(choices or game.legal(state, seat)))
    return game, state


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_market_picture_says_each_share_price(lang):
    game, state = _played("18rhl", 150)
    view = game.view(state, None)
    alt = alt_text.describe("18rhl", view, lang, kind="board", title=say(game.title, lang),
                            phase=say(game.phase(state), lang), acting=game.active(state),
                            page=(1, 2))
    started = [c for c in view["corporations"] if c.get("share_price") and not c.get("closed")]
    assert started
    for corporation in started:
        price = str(corporation["share_price"]).split(",")[0]
        assert f"{corporation['id']} {price}M" in alt, alt


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_zoom_says_its_title_once_and_what_it_shows(tmp_path, monkeypatch, lang):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna", locale=lang)
        await open_table(bot, "18rhl", [anna], bots=2, language=lang)
        asked = await anna.command("game board", fake.channel, near="F9")
        posts = asked.visible_posts or asked.private
        alt = next(d for m in posts for d in m.descriptions or [] if d)
        title = say(get_game("18rhl").title, lang)
        assert alt.count(title) == 1, alt
        shown = {"en": "Hexes shown: F9 ", "de": "Gezeigte Felder: F9 "}[lang]
        assert shown in alt and "F7" in alt and "F11" in alt, alt


def test_a_cut_bankruptcy_keeps_its_end():
    game, state = _played("rhein", 3)
    view = game.view(state, None)
    bankrupt = ("Anna cannot pay 5 for expired orders (has 0), goes bankrupt and is out of "
                "the game.")
    routine = " ".join(f"Bert loads {n} onto the white Train." for n in range(1, 12))
    view["card"] = {"moves": [{"text": f"{routine} {bankrupt} {routine}"}]}
    # a long head (standings, changed places) leaves the moves their least room
    phase = say(game.phase(state)) + " ·" + " round" * 60
    alt = alt_text.describe("rhein", view, "en", kind="card", title="Rhein",
                            phase=phase, acting=game.active(state))
    assert bankrupt in alt, alt
    assert len(alt) <= alt_text.LIMIT
