"""What a German reader of every text the bot says found wrong, fixed (and English kept in
step where it had the same flaw).

- A join said "**Bert** spielt mit als Lila (diese Farbe gibt es erst ab 4 Spielern) (2/5)":
  word order, and two brackets in a row (English "joins as purple (…) (2/5)").
- The three games' refusals of an unreadable move opened three ways ("Das verstehe ich
  nicht: 'x'", "Schreibe einen Zug so:", "Diesen Zug verstehe ich nicht"); now alike.
- "Zug" meant both a move and a train: texts about moves say "Spielzug".
- 18Rhl log lines joined by "; " opened with a capital article ("…; Die Privatbahn RhE wird
  geschlossen"); /regeln thema:Zugnotation taught the English words only.
- Smaller: "wählt die KI" to one person, "spielt … 'random' oder 'joined'", "Futter" for
  Kraftfutter, "Bank-Pool", straight quotes, clumsy word order."""

from __future__ import annotations

import re

import pytest
from discord_standin import Member, running_bot

from bot.i18n import english_move
from engine.text import catalogue_files, msg, say

# every German text of the bot, the rules engines and the pictures
DE = {key: text for package in ("engine.locales", "bot.locales", "render.locales")
      for table in catalogue_files(package, "de").values() for key, text in table.items()}


@pytest.mark.parametrize(("lang", "joined"), [
    ("de", r"\*\*Bert\*\* spielt als Lila mit \(2/\d; diese Farbe gibt es erst ab 4 Spielern\)\."),
    ("en", r"\*\*Bert\*\* joins as purple \(2/\d; this colour plays only with 4 or more "
           r"players\)\.")])
async def test_a_join_with_a_colour_for_more_players_says_it_in_one_bracket(
        tmp_path, monkeypatch, lang, joined):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        channel = bot.stand_in.channel
        locale = "de" if lang == "de" else "en-US"
        anna, bert = Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)
        await anna.command("game new", channel, game="rhein", language=lang)
        record = await bert.command("game join", channel, colour="purple")
        posts = [m.text for m in record.visible_posts]
        assert any(re.search(joined, text) for text in posts), posts


async def _refusal(bot, game: str, lang: str, typed: str) -> str:
    channel = bot.stand_in.channel
    locale = "de" if lang == "de" else "en-US"
    anna, bert = Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)
    await anna.command("game new", channel, game=game, language=lang)
    await bert.command("game join", channel)
    if game == "rheinlaender":  # three players at least
        await anna.command("game add-bot", channel)
    await anna.command("game start", channel, order="joined")
    for member in (anna, bert):
        record = await member.command("play", channel, move=typed)
        texts = [m.text for m in record.private]
        # not "It is not your turn" ("Du bist nicht dran"); the answer itself names the
        # turn prompt's buttons
        if texts and "dran" not in texts[0] and "not your turn" not in texts[0]:
            return texts[0]
    raise AssertionError("no refusal")


@pytest.mark.parametrize("game", ["rhein", "rheinlaender", "troedler"])
async def test_an_unreadable_move_is_refused_alike_in_every_game(tmp_path, monkeypatch, game):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        german = await _refusal(bot, game, "de", "quatsch 99")
    assert german.startswith("Diesen Spielzug verstehe ich nicht"), german
    assert "Spielzüge sehen so aus: " in german and "'" not in german.split("(")[0], german
    (tmp_path / "en").mkdir()
    async with running_bot(tmp_path / "en", monkeypatch, seed=3) as bot:
        english = await _refusal(bot, game, "en", "nonsense 99")
    assert english.startswith("I cannot read that move"), english
    assert "Moves look like: " in english, english


MOVES_MEANT = ["svc.preview.draws", "rem.news", "svc.status.moves", "svc.log.none",
               "svc.ai_more", "svc.ai_more.one", "svc.ai_more_moves", "svc.ai_more_moves.one",
               "svc.rebuilt", "svc.rebuilt.one", "svc.export_done", "svc.export_done.one",
               "cmd.game.log.desc", "cmd.game.undo.desc", "cmd.game.export.desc",
               "svc.undo.ask", "svc.undo.ask.one", "svc.undo.ask_after", "svc.undo.done",
               "svc.undo.done.one", "svc.undo.done_own", "svc.undo.none",
               "svc.undo.post_agreed", "svc.undo.post_agreed.one",
               "svc.undo.post_lapsed_move", "svc.undo.post_lapsed_rebuilt",
               "svc.undo.post_refused", "svc.undo.over_moved_on"]


def test_a_move_is_a_spielzug_never_a_zug():
    for key in MOVES_MEANT:
        text = DE[key]
        assert not re.search(r"\b(Zug|Züge|Zügen|Zugs|Zugprotokoll|gezogen)\b", text), (key, text)


def test_18rhl_log_lines_joined_by_a_semicolon_open_without_an_article():
    for key in ["rhl18.log.private_closes", "rhl18.log.runs", "rhl18.log.runs_one",
                "rhl18.log.declares_bankrupt_unforced", "rhl18.log.bank_broken"]:
        assert not DE[key].startswith(("Die ", "Der ", "Das ")), (key, DE[key])
    line = say(msg("rhl18.log.runs_one", train="2-Zug", who="GVE", revenue=50,
                   route="E2-F5-G6"), "de")
    assert line == "GVE fährt mit ihrem 2-Zug 50M ein: E2-F5-G6", line


def test_the_18rhl_notation_topic_teaches_the_german_words_each_read_back():
    topic = DE["rhl18.topic.notation"]
    german, _, english = topic.partition("Die englische Schreibweise geht auch:")
    assert english and not re.search(r"\b(bid|buy|par|sell|lay|token|run|payout|withhold|"
                                     r"bankrupt|pass)\b", german), topic
    expected = {"bieten nlk 125": "bid nlk 125", "gründen rhe 80": "par rhe 80",
                "kaufen gve ipo": "buy gve ipo", "verkaufen dee 2": "sell dee 2",
                "legen 9 F11 1": "lay 9 F11 1", "bahnhof K6": "token K6",
                "fahren auto": "run auto", "fahren keine": "run none",
                "ausschütten": "payout", "einbehalten": "withhold",
                "zug-kaufen 3 depot": "buy-train 3 depot",
                "zug-kaufen 2-3 von dee 150": "buy-train 2-3 from dee 150",
                "abgeben 3-1": "discard 3-1", "bankrott": "bankrupt", "passen": "pass"}
    for typed, notation in expected.items():
        assert typed in german, typed
        assert english_move("18rhl", typed) == notation, typed


@pytest.mark.parametrize(("key", "wrong", "right"), [
    ("clock.no_pass", "wählt", "wähle die KI"),
    ("svc.order", "'random'", "„zufällig“ oder „wie beigetreten“"),
    ("hidden.value_feed", None, "Kraftfutter in deinem Wertungsstapel"),
    ("rhl18_labels.source.pool", "Bank-Pool", "dem Bankpool"),
    ("rem.turn_again", "immer noch dran in", "du bist in **{title}** ({phase}) immer noch dran"),
    ("svc.no_dm", "wohnen", "Spiele laufen in"),
    ("svc.join_started", "wer den Tisch führt ihn", "wenn die Person, die den Tisch führt, ihn"),
    ("troedler.log.must_discard", "um 4 zu behalten", "abwerfen und behält 4"),
    ("troedler.log.must_discard.one", "um 4 zu behalten", "abwerfen und behält 4"),
    ("adp.bad_value", "'", "„{value}“"),
    ("core.rules.no_topic", "'", "„{topic}“"),
    ("svc.bot_joins", "spielt mit als", "spielt als {colour} mit"),
    ("rhein.topic.overview", None, "4 Fahren und entladen ("),
    ("render.rhein.mats.cost", "Preis", "Kosten"),
])
def test_the_german_reviewers_smaller_findings(key, wrong, right):
    text = DE[key]
    assert right in text, (key, text)
    assert wrong is None or wrong not in text, (key, text)
    assert DE["rhein.phase_name.4"] in DE["rhein.topic.overview"]
