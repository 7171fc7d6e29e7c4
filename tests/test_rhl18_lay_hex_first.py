"""A tile lay typed hex first ("lay J9 7 2", German "lege J9 7 2") is the lay typed tile first
("lay 7 J9 2"): the step menu and the lay list teach the hex first ("· lay F11"), where the
hex was read as a tile ("There is no tile “j9”")."""

from __future__ import annotations

from discord_standin.table import row_of

from engine.rhl18 import notation
from engine.rhl18.game import GAME
from tests.test_rhl18_card_lays import CUT, seated


def hex_first(typed: str) -> str:
    """``[<private>] lay <tile> <hex> <rotation>`` with the hex before the tile."""
    words = typed.split()
    at = words.index("lay")
    words[at + 1], words[at + 2] = words[at + 2], words[at + 1]
    return " ".join(words)


def _lays(state: dict, seat: int) -> list[dict]:
    return [m for m in GAME.legal(state, seat) if m["type"] == "lay_tile"]


async def test_a_lay_typed_hex_first_is_the_lay_typed_tile_first(tmp_path, monkeypatch):
    from discord_standin import running_bot

    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, records = await seated(bot, CUT)
        fake.locales[anna.id] = "de"  # she types German ("lege")
        records.append(await anna.command("game start", order="joined"))
        before = await row_of(bot, fake.channel)
        state = GAME.load(before.state)
        assert before.active_seats == [2] and state["round"]["step"] == "Track"
        lays = _lays(state, 2)
        assert {lay["entity"] for lay in lays} == {"BME", "KEO"}  # a private's lays too
        for lay in lays:  # every offered lay, typed in either order, is one action
            typed = notation.format_action(state, lay)
            assert notation.parse(state, 2, typed) == lay, typed
            assert notation.parse(state, 2, hex_first(typed)) == lay, hex_first(typed)
            assert notation.parse(state, 2, hex_first(typed).lower()) == lay, typed
        lay = next(lay for lay in lays if lay["entity"] == "BME")
        typed = hex_first(notation.format_action(state, lay)).replace("lay", "lege")
        record = await anna.command("play", move=typed)
        records.append(record)
        assert all(r.errors == [] for r in records)
        assert not any("Plättchen „" in m.text for m in record.private), \
            [m.text for m in record.private]
        after = await row_of(bot, fake.channel)
        assert after.version > before.version
        cell = GAME.load(after.state)["board"][lay["hex"]]
        assert cell["id"] == lay["tile"] and cell["rotation"] == lay["rotation"], cell
