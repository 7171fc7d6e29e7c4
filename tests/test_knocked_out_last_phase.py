"""A human knocked out of the game reads how it ended: after the count of the AI seats'
moves in between, the game's last phase is said whole under its heading. A reviewer's Rhein
post read "**Anna cannot pay, goes bankrupt and is out of the game.** … and 23 more moves
(/game log lists every move)." and one fulfilment, so how the last round scored was never
told to the player who had left it."""

from __future__ import annotations

from bot.i18n import t
from tests.test_ai_seat_posts import knocked_out


async def test_the_last_phase_is_said_whole_after_the_count(tmp_path):
    posts, bankrupt = await knocked_out(tmp_path)
    [told] = [post for post in posts if bankrupt in post]
    after = told.split(bankrupt, 1)[1].splitlines()[1:]
    more = t("svc.ai_more", "en", count=0).split("0")[0]  # "… and "
    assert after[0].startswith(more), told
    # the last round's last phase with moves under its heading, and the round's end
    assert after[1].startswith("__Round 10/10 · Phase ") and after[1].endswith("__"), told
    last = after[2:]
    assert any(line.startswith("**Bot ") for line in last), told
    assert last[-2] == "__Round 10/10 · Phase 6: End of Round__", told
    assert not any(line.startswith(more) for line in last), told
    assert len(posts) <= 3 and sum(map(len, posts)) < 3000, posts
