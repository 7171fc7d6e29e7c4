"""``/game board text:True``: the whole board as text, to its asker alone, for a player who
cannot see the picture. A blind reviewer learnt from the alt text that Anna held "6 duchies"
and nowhere which; of Rhein not where a transport stood, of Trödler not which villages still
had goods, of 18Rhl no corporation's price, treasury or trains.

Through the Discord stand-in, a few turns of each game in English and German: the answer is
ephemeral, every message within Discord's 2,000 characters, in the asker's language, names
what the game's board holds (per game below), and nothing any seat alone sees (hands,
face-down coins and orders): its text is the same however the hidden parts of the state lie.
"""

from __future__ import annotations

import copy
import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users
from test_discord_standin_alt_text import secrets

from engine import get_game
from engine.text import say
from render import board_text

MOVES = {"rhein": 10, "rheinlaender": 8, "troedler": 10, "18rhl": 8}
# what the text must say, per game and language: the board's parts a blind player asked for
NAMES = {
    ("rheinlaender", "en"): ("points on the board", "knights on the board", "Archbishop:",
                             "Realms in no duchy"),
    ("rheinlaender", "de"): ("Punkte auf dem Brett", "Ritter auf dem Brett", "Erzbischof:",
                             "Gebiete in keinem Herzogtum"),
    ("rhein", "en"): ("The white Plane: in Basel", "Orders on display", "containers pay",
                      "in the warehouse"),
    ("rhein", "de"): ("Das weiße Flugzeug: in Basel", "Ausliegende Aufträge",
                      "Container bringen", "im Lager"),
    ("troedler", "en"): ("Goods in the villages:", "cart in ", "cards in hand"),
    ("troedler", "de"): ("Waren in den Dörfern:", "Wagen in ", "auf der Hand"),
    ("18rhl", "en"): ("M cash", "private companies", "Bank "),
    ("18rhl", "de"): ("M Geld", "Privatbahnen", "Bank "),
}
HEAD = {"en": "Board as text, only you see this", "de": "Spielbrett als Text, nur du siehst"}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", list(MOVES))
async def test_the_board_as_text_goes_to_its_asker_alone(tmp_path, monkeypatch, game: str,
                                                         lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        locale = "de" if lang == "de" else "en-US"
        anna, bert = Member(bot, "Anna", locale), Member(bot, "Bert", locale)
        played = Played()
        await open_table(bot, game, [anna, bert], bots=1, played=played, language=lang)
        by_id = {anna.id: anna, bert.id: bert}
        rng = random.Random(5)
        for _ in range(MOVES[game]):
            row = await row_of(bot, fake.channel)
            users = await seat_users(bot, row.id)
            waiting = [by_id[users[s]] for s in row.active_seats if users.get(s) in by_id]
            if row.status != "active" or not waiting:
                break
            await play_turn(bot, waiting[0], fake.channel, rng, played)
        posts_before = len(fake.posts())
        asked = await bert.command("game board", fake.channel, text=True)
        assert not asked.visible_posts and len(fake.posts()) == posts_before
        pages = [m.content for m in asked.private]
        assert pages and all(0 < len(page) <= 2000 for page in pages), [len(p) for p in pages]
        said = "\n".join(pages)
        assert said.startswith(HEAD[lang]), said
        assert "Anna" in said and "Bert" in said, said
        missing = [word for word in NAMES[(game, lang)] if word not in said]
        assert not missing, (missing, said)
        hidden = await secrets(bot, lang, " ".join(m.text for m in fake.posts()))
        assert not [s for s in hidden if s in said], said


# the parts of each game's state only a seat sees (hands, face-down coins and orders, the
# decks): moved around, the text of the board must stay as it was
HIDDEN = {"rheinlaender": ("hands", "coins", "payments", "deck"),
          "troedler": ("hands",),
          "rhein": ("fulfilled", "deck")}


@pytest.mark.parametrize("game", list(HIDDEN))
def test_no_hidden_part_of_the_state_reaches_the_text(game: str) -> None:
    engine = get_game(game)
    state = engine.setup(3, None, 7)
    rng = random.Random(2)
    for _ in range(30):
        seat = engine.active(state)[0]
        moves = [m for m in engine.legal(state, seat) if m.get("type") != "mortgage"]
        engine.apply(state, seat, rng.choice(moves or engine.legal(state, seat)))
        if engine.is_over(state):
            break
    shaken = copy.deepcopy(state)
    for key in HIDDEN[game]:
        value = shaken.get(key)
        if isinstance(value, list) and value and isinstance(value[0], list):
            # the same counts (public), other cards in them
            cards = [card for part in value for card in part]
            cards = iter(cards[1:] + cards[:1])
            shaken[key] = [[next(cards) for _ in part] for part in value]
        elif isinstance(value, list):
            shaken[key] = list(reversed(value))
    assert shaken != state

    def text(of: dict) -> list[str]:
        return board_text.describe(game, engine.view(of, None), "en", title=say(engine.title),
                                   phase=say(engine.phase(of)), acting=engine.active(of))

    assert text(shaken) == text(state)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_rheinlaender_hand_says_where_the_seats_duchies_lie(tmp_path, monkeypatch,
                                                                  lang: str) -> None:
    """/game hand said "Knights left 6 · Bastions left 0 of 3" and nothing of the six
    duchies the standings gave the seat."""
    from render.board_text.rheinlaender import duchies_of

    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        locale = "de" if lang == "de" else "en-US"
        anna, bert = Member(bot, "Anna", locale), Member(bot, "Bert", locale)
        played = Played()
        await open_table(bot, "rheinlaender", [anna, bert], bots=1, played=played,
                         language=lang)
        by_id = {anna.id: anna, bert.id: bert}
        rng = random.Random(5)
        game = get_game("rheinlaender")
        for _ in range(60):
            row = await row_of(bot, fake.channel)
            state = game.load(row.state)
            users = await seat_users(bot, row.id)
            if any(users.get(d["owner"]) in by_id for d in game.view(state, None)["duchies"]):
                break
            waiting = [by_id[users[s]] for s in row.active_seats if users.get(s) in by_id]
            await play_turn(bot, waiting[0], fake.channel, rng, played)
        view = game.view(state, None)
        owner = next(d["owner"] for d in view["duchies"] if users.get(d["owner"]) in by_id)
        member = by_id[users[owner]]
        hand = "\n".join(m.content for m in (await member.command("game hand",
                                                                   fake.channel)).private)
        line = duchies_of(view, owner, lang)
        assert line in hand, hand
        assert line.startswith("Your duchies: " if lang == "en" else "Deine Herzogtümer: ")
        assert line.split(": ", 1)[1] not in ("none", "keine"), line


async def test_a_finished_games_text_board_says_the_result_first(tmp_path, monkeypatch):
    """A finished game's text says who won, as the result post does, not "The game is
    over" alone."""
    from discord_standin.table import play_out

    async with running_bot(tmp_path, monkeypatch, seed=1) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        played = Played()
        await open_table(bot, "troedler", [anna], bots=2, played=played)
        await play_out(bot, [anna], fake.channel, random.Random(7), played, leave_after=0)
        assert (await row_of(bot, fake.channel)).status == "finished"
        said = "\n".join(m.content for m in (await anna.command(
            "game board", fake.channel, text=True)).private)
        lines = said.splitlines()
        assert lines[0].startswith(HEAD["en"]) and lines[0].endswith(" wins!"), said
        assert "out of the scoring (total damage: " in said and "**" not in said, said
        assert "Goods in the villages:" in said, said
