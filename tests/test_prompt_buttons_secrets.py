"""Which turn prompts carry move buttons in the channel. A seat's move labels could name its
secrets, so a seat with any gets one button that shows its hand privately instead, unless
the game says no move names them: Rhein's only secret is its face-down fulfilled orders
(on the table's record anyway, R58), named only by a re-take (R14). From round 2 most Rhein
prompts had lost their move buttons to an extra tap."""

from __future__ import annotations

from bot.replies import Audience
from bot.service.base import _private_part
from tests.service_pebbles import ctx, started_table


async def test_rhein_prompts_keep_move_buttons_for_a_seat_with_face_down_orders(tmp_path):
    from engine import ai

    service, store, game, replies = await started_table(
        tmp_path / "r.sqlite3", "rhein", 1)  # seat n is user n + 1
    checked = 0
    for number in range(600):
        row = await store.latest_game(500)
        if row.status != "active":
            break
        state = game.load(row.state)
        seat = game.active(state)[0]
        prompt = [r for r in replies if r.audience is Audience.CHANNEL and r.buttons]
        hidden = _private_part(game.view(state, seat), game.view(state, None))
        if prompt and hidden:
            ids = [b.custom_id.rsplit(":", 1)[1] for b in prompt[-1].buttons]
            retake = any(m.get("type") == "retake" for m in game.legal(state, seat))
            assert (ids == ["hand"]) == retake, (number, ids)
            secret = {str(card) for card in state["fulfilled"][seat]}
            if not retake:  # no label names a face-down order
                moves = game.legal(state, seat)
                assert not any(m.get("card") is not None and str(m["card"]) in secret
                               for m in moves)
                checked += 1
        move = ai.choose(game, state, seat, "normal", number)
        replies = await service.play(ctx(seat + 1), game.format(state, move))
    assert checked > 10
    await store.close()
