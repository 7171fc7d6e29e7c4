"""Through the Discord stand-in: Rheinländer's bastions in /play's list go along the river,
each number's left bank, right bank, then island, as a card's knight spaces do. Once a knight
took a space, a review's newcomer read "…2 right, 4 left, 3 right, 5 left, 4 right…": the
list of more than 25 took each bank in turn, and the board's order put the islands 10/11 and
44/45 right after "1 right bank". The spaces by the mover's knights come first (a newcomer's
first list read "Bastion on 1 left bank" to "6 right bank", far from any knight), the rest
along the river."""

from __future__ import annotations

import pytest
from discord_standin import running_bot
from discord_standin.table import pair_at_table

BANKS = {"left": 0, "right": 1, "island": 2}


def _along(value: str) -> tuple[int, int]:
    _, number, where = value.split()
    return int(number), BANKS[where]


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_bastions_are_listed_along_the_river(tmp_path, monkeypatch, lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        _, _, mover = await pair_at_table(bot, "rheinlaender", lang, bots=1)
        choices = await mover.autocomplete("play", "move", "")
        # a knight on a low bank space, so one bank's list has a gap near its start
        knight = min((c["value"] for c in choices if c["value"].startswith("play ")
                      and c["value"].split()[-1] in ("left", "right")),
                     key=lambda v: int(v.split()[1]))
        await mover.command("play", move=knight)
        choices = await mover.autocomplete("play", "move", "")
        bastions = [c["value"] for c in choices if c["value"].startswith("bastion ")]
        assert len(bastions) > 10, choices
        _, number, bank = knight.split()
        # the doors of the new knight's duchy first, then along the river
        assert bastions[:2] == [f"bastion {int(number) - 1} {bank}",
                                f"bastion {int(number) + 1} {bank}"], bastions
        rest = bastions[2:]
        assert rest == sorted(rest, key=_along), bastions
        assert "island" not in rest[2], bastions  # no island between 1 and 2
