"""Through the Discord stand-in, as a newcomer's first knight by a castle reads. A review's
learner read "Lena takes the castle by 48 left" in the log and "realms: castle by 47 left" in
/game hand in the same turn, one castle under two names; and "takes the duchy at 48 left
(worth 2 if lost, +4 at the end)" beside /game status's "6 pts now", the "+4" read as 4
points. A realm is named by both land spaces it borders wherever it is said, and the duchy's
line says both totals: what its owner is paid on losing it (1 for the duke and its realms,
rulebook "The Value of Duchies") and what it scores if still held at the end (5 for the
duke and its realms, "Final Scoring")."""

from __future__ import annotations

import re

import pytest
from discord_standin import running_bot
from discord_standin.table import pair_at_table

from engine.rheinlaender.words import place
from engine.text import say

CASTLE = {"en": "(by castle)", "de": "(bei Burg)"}
TAKES_CASTLE = {"en": r"takes the castle by (\d+/\d+ (?:left|right))",
                "de": r"erhält die Burg bei (\d+/\d+ (?:links|rechts))"}
HELD = {"en": "castle by {place}", "de": "Burg bei {place}"}
DUCHY = {"en": r"takes the duchy at .+? \((\d+) coins if lost, (\d+) points at the game's end\)",
         "de": r"übernimmt das Herzogtum bei .+? \(bei Verlust (\d+) Münzen, am Spielende (\d+) "
               r"Punkte\)"}
NOW = {"en": r"(\d+) pts now", "de": r"jetzt (\d+) P\."}


def _text(interaction) -> str:
    """What the caller reads: the channel's posts and those only they see."""
    return "\n".join(m.text for m in interaction.visible_posts + interaction.private)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_castle_has_one_name_and_a_duchy_says_its_totals(tmp_path, monkeypatch,
                                                                 lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        _, _, mover = await pair_at_table(bot, "rheinlaender", lang, bots=1)
        choices = await mover.autocomplete("play", "move", "")
        knight = next(c["value"] for c in choices
                      if c["value"].startswith("play ") and CASTLE[lang] in c["name"])
        said = _text(await mover.command("play", move=knight))
        castle = re.search(TAKES_CASTLE[lang], said)
        assert castle, said
        # the castle's name holds the knight's own space and its neighbour on that bank
        number = knight.split()[1]
        assert number in castle[1].split()[0].split("/"), (knight, castle[1])
        [hand] = (await mover.command("game hand")).private
        assert HELD[lang].format(place=castle[1]) in hand.text, (castle[1], hand.text)
        duchy = re.search(DUCHY[lang], said)
        assert duchy, said
        paid, end = int(duchy[1]), int(duchy[2])
        assert (paid, end) == (2, 6)  # the duke and the castle: 1 + 1 in play, 5 + 1 at the end
        status = _text(await mover.command("game status"))
        assert re.search(NOW[lang], status)[1] == str(end), status


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_realm_is_named_by_both_spaces_it_borders(lang: str) -> None:
    from engine.rheinlaender.board import get_board

    board = get_board("house")
    for realm in board.realm_spaces:
        first, second = board.spaces[realm]["borders"]
        named = say(place(board, realm), lang)
        numbers = sorted(board.spaces[s]["areas"][0] for s in (first, second))
        bank = say(place(board, first), lang).split()[-1]
        assert named == f"{numbers[0]}/{numbers[1]} {bank}", (realm, named)
