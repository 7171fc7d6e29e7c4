"""An 18Rhl turn card's latest move uses the lines above the company box: "GVE lays tile
942 on C12 …" stood alone with a line left empty, where the run's pay-out fits when cut
before its aside of figures ("GVE pays out 410M …"). A later piece's start may end there,
not at a bare heading or before an aside naming a place."""

from __future__ import annotations

from render import move_pieces, turn_card
from render.card_text import SMALL

# a demo's entry (6 players, seed 18), as the channel said it
RUN = ("GVE lays tile 942 on C12 · GVE's trains run for 410M: 3-train (1): "
       "B15-B13-C10-D9-E8-E6 = 230M; 3-train (2): A4-C4-E6-E8-F9 = 180M · GVE pays out 410M "
       "(41M a share); GVE's share price: 150M → 165M")
WIDTH = turn_card.COLUMN[2] - turn_card.COLUMN[0] - 30  # as the card wraps an entry


def test_two_lines_say_the_lay_and_the_pay_out():
    assert move_pieces.cut_entry(RUN, SMALL, WIDTH, 2, "18rhl") == [
        "GVE lays tile 942 on C12 …", "GVE pays out 410M …"]


def test_a_cut_start_never_ends_at_a_heading_without_a_number():
    text = "GVE lays tile 942 on C12 · GVE's share price: 150M → 165M, up two steps"
    fits = lambda candidate: len(candidate) <= len("GVE lays tile 942 on C12 · GVE's share price: …")  # noqa: E731
    assert "share price" not in move_pieces.shortened(text, fits, "18rhl")


def test_the_card_fills_both_lines_a_six_seat_card_leaves_the_moves():
    # six seats' standings and the company box leave the moves two lines (the demo's card)
    assert turn_card.shown_moves([{"seat": 1, "text": RUN}], 0, 2, WIDTH, "18rhl") == (
        0, [(1, ["GVE lays tile 942 on C12 …", "GVE pays out 410M …"])])


def test_an_aside_naming_a_place_is_not_cut_off():
    assert move_pieces._figures_aside(["beendet", "die", "Fahrt", "bei", "4", "(Mainz)."]) == 0
    assert move_pieces._figures_aside(["GVE", "pays", "out", "410M", "(41M", "a", "share);"]) == 4
