"""A review's newcomer at 18Rhl's track step read /game hand's list as "lay on F11: tile 7,
8, 9 (60M) · lay F11; …" (lowercase, where every other label starts with a capital), with
"Lay no track" only in its tail, "… (to stop: Lay no track (pass))", though autocomplete
lists it first. /game hand now lists it first as autocomplete does, and a lay's label starts
with a capital."""

from __future__ import annotations

from engine import GAMES
from tests.issue10_helpers import lctx
from tests.test_rhl18discord_service import opened, partial_export

GAME = GAMES["18rhl"]


async def _at_a_track_step(service):
    for _ in range(60):
        state = GAME.load((await service.store.latest_game(500)).state)
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        if any(m["type"] == "lay_tile" for m in moves):
            return state, seat
        await service.play(lctx(seat + 1), GAME.format(state, next(
            (m for m in moves if m["type"] in ("run_routes", "dividend", "pass")), moves[0])))
    raise AssertionError("no track step")


async def test_hand_lists_lay_no_track_first_and_lays_with_a_capital(tmp_path):
    service, _, _ = await opened(tmp_path, partial_export())
    _, seat = await _at_a_track_step(service)
    for lang, stop, lay, typed in (("en", "Lay no track · pass", "Lay on ", "lay "),
                                   ("de", "Keine Strecke legen · passen", "Plättchen auf ",
                                    "legen ")):
        [hand] = await service.hand(lctx(seat + 1, lang))
        listed = hand.text.splitlines()[-1]
        entries = listed.split(": ", 1)[1].split("; ")
        assert entries[0] == stop, listed
        assert "(to stop" not in listed and "zum Aufhören" not in listed, listed
        lays = [e for e in entries[1:] if f" · {typed}" in e or " · szl " in e]
        assert lays and all(lay in e for e in lays), lays
        assert not any(" · lay on " in e or e.startswith("lay on") for e in entries), entries
        choices = await service.move_choices(lctx(seat + 1, lang), "")
        assert choices[0][1] == "pass"
        assert all(label[0].isupper() for label, _ in choices), choices
    await service.store.close()
