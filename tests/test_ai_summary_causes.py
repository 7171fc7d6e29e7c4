"""An AI summary's phase too long for its post is cut to "… and N more moves", but the
records the game says apart (18Rhl's "Phase 6 begins", the rusts) stay: a German 5-player
review read them right after the count, the first 6-train's purchase cut away with the moves
around it, so nobody seemed to have started phase 6. The move a record follows stays too."""

from __future__ import annotations

from types import SimpleNamespace

import engine
from bot.service.ai_seats import AiSeats
from bot.service.base import Table


def _table() -> Table:
    seats = [SimpleNamespace(seat=n, name=name, colour=colour, is_ai=True, user_id=None)
             for n, (name, colour) in enumerate([("Bot 1", "red"), ("Bot 2", "blue")])]
    return Table(SimpleNamespace(language="en", game_key="18rhl"),  # type: ignore[arg-type]
                 engine.get_game("18rhl"), seats)  # type: ignore[arg-type]


def test_the_move_a_record_follows_stays_after_the_count() -> None:
    runs = [(n % 2, f"{'ADR' if n % 2 == 0 else 'CCE'} runs for {n}0M and pays out, a line "
                    f"long enough that a dozen of them fill the summary's phase before its end")
            for n in range(20)]
    moves = [*runs, (1, "CCE buys a 6-train from the bank for 600M"),
             (None, "Phase 6 begins: train limit 2."), (None, "CME's trains rust: 3-train"),
             (0, "ADR withholds")]
    lines = AiSeats._seat_lines(_table(), moves)
    count = next(n for n, line in enumerate(lines) if line.startswith("… and "))
    # of the 22 moves, those said before the count (a line each) and the purchase said
    # after it, before the records it caused, are not counted
    assert lines[count:] == [f"… and {22 - count - 1} more moves (/game log lists every move).",
                             "**Bot 2** (blue): CCE buys a 6-train from the bank for 600M",
                             "Phase 6 begins: train limit 2.", "CME's trains rust: 3-train"]
