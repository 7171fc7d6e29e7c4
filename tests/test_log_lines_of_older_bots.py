"""/game log of a game an older bot stored reads as it did when the lines were written.

A move log keeps each line as a text key with its values. Several log texts changed their
placeholders since (18Rhl's 'buys' took {certs}, now {percent}, {corp}, {source}, {price}) or
went ('rhl18.log.the_market'), so after an upgrade an 18Rhl table begun by the bot of Dec 2
read '9. Anna (orange) buys {percent}% of {corp} from the {source} for {price}M' and a Rhein
table of Dec 6 'Bert (yellow) keeps {count} aboard {transport} in {city}.'. The lines below
are copied from stores those bots wrote (the self-hoster review's upgrade run), or built as
their code built them; each now reads in full from a past wording kept in
engine/locales/legacy.json."""

from __future__ import annotations

import json
import sqlite3

import pytest
from discord_standin import running_bot
from discord_standin.table import normal_moves_until, pair_at_table, row_of

from engine import get_game
from engine.text import from_json, say

PLAYER_1 = {"key": "rhl18.player", "params": {"n": 1}}
OLD_LINES = [
    # 899c27c (Dec 2), 18Rhl
    ({"key": "rhl18.log.buys", "params": {"who": PLAYER_1, "certs": ["RhE_1"]}},
     "Player 1 buys RhE_1", "Spieler 1 kauft RhE_1"),
    ({"key": "rhl18.log.sells", "params": {"who": {"key": "rhl18.player", "params": {"n": 3}},
                                           "certs": ["RhE_2"]}},
     "Player 3 sells RhE_2", "Spieler 3 verkauft RhE_2"),
    ({"key": "rhl18.log.runs", "params": {"who": "GVE", "routes": {
        "key": "rhl18.log.run_train", "params": {
            "t": "2-0", "r": {"key": "rhl18.log.route", "params": {"hx": "E2-F5-G6"}}}}}},
     "GVE runs 2-0 E2-F5-G6", "GVE fährt 2-0 E2-F5-G6"),
    ({"key": "rhl18.log.payout", "params": {"who": "GVE"}},
     "GVE chooses payout", "GVE schüttet aus"),
    ({"key": "rhl18.log.withhold", "params": {"who": "RhE"}},
     "RhE chooses withhold", "RhE behält ein"),
    ({"key": "rhl18.log.president", "params": {
        "who": {"key": "rhl18.log.the_market", "params": {}}, "corp": "ADR"}},
     "the market (receivership) becomes president of ADR",
     "Die Bank (Zwangsverwaltung) wird Direktor der ADR"),
    ({"key": "rhein.log.bankrupt", "params": {
        "player": {"key": "rhein.player.green", "params": {}}}},
     "Green cannot pay, goes bankrupt and is out of the game.",
     "Grün kann nicht zahlen, geht bankrott und scheidet aus dem Spiel aus."),
    # dec9499 (Dec 6), Rhein
    ({"key": "rhein.log.done.stop", "params": {
        "player": {"key": "rhein.player.yellow", "params": {}}}},
     "Yellow keeps the rest aboard.", "Gelb lässt den Rest an Bord."),
    ({"key": "rhein.log.still_in_basel", "params": {"count": 2, "transports": {
        "key": "rhein.and", "params": {
            "first": [{"key": "rhein.transport.subject.white-plane", "params": {}}],
            "last": {"key": "rhein.transport.nom.black-train", "params": {}}}}}},
     "The white Plane and the black Train are still in Basel at the end of the round: "
     "unloaded, their containers go back to the warehouses.",
     "Das weiße Flugzeug und der schwarze Zug sind am Rundenende noch in Basel: entladen, "
     "ihre Container kommen zurück ins Lager."),
    ({"key": "rhein.log.still_in_basel", "params": {"count": 1, "transports": {
        "key": "rhein.transport.subject.red-ship", "params": {}}}},
     "The red Ship is still in Basel at the end of the round: unloaded, its containers go "
     "back to the warehouses.",
     "Das rote Schiff ist am Rundenende noch in Basel: entladen, seine Container kommen "
     "zurück ins Lager."),
]


@pytest.mark.parametrize(("stored", "english", "german"), OLD_LINES,
                         ids=[line[0]["key"] for line in OLD_LINES])
def test_a_line_stored_by_an_older_bot_reads_in_full(stored, english, german, caplog) -> None:
    line = from_json(json.loads(json.dumps(stored)))  # as the store gives it back
    assert say(line, "en") == english
    assert say(line, "de") == german
    assert "does not fit" not in caplog.text and "missing text key" not in caplog.text


RHL18_LINES = [OLD_LINES[0][0], OLD_LINES[2][0], OLD_LINES[3][0]]
LOGGED = {"en": ["buys RhE_1", "GVE runs 2-0 E2-F5-G6", "GVE chooses payout"],
          "de": ["kauft RhE_1", "GVE fährt 2-0 E2-F5-G6", "GVE schüttet aus"]}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_game_log_of_a_table_an_older_bot_played_reads_in_full(tmp_path, monkeypatch,
                                                                      lang) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=1) as bot:
        anna, bert, _ = await pair_at_table(bot, "18rhl", lang, bots=1)
        asked: list[int] = []
        await normal_moves_until(bot, [anna, bert], get_game("18rhl"),
                                 lambda *_: bool(asked.append(1)) or len(asked) > 1)
        row = await row_of(bot, bot.stand_in.channel)
        # the table's first move, as the bot of Dec 2 stored its lines
        with sqlite3.connect(tmp_path / "standin.sqlite3") as db:
            first = db.execute("SELECT MIN(id) FROM actions WHERE game_id = ?",
                               (row.id,)).fetchone()[0]
            db.execute("UPDATE actions SET lines = ? WHERE id = ?",
                       (json.dumps(RHL18_LINES), first))
        answer = "\n".join(m.text for m in (await anna.command("game log", lines=100)).private)
        for said in LOGGED[lang]:
            assert said in answer, answer
        assert "{" not in answer and "rhl18.log" not in answer, answer
