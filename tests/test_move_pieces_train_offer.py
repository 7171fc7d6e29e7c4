"""A turn card cut short keeps a train sold between corporations: the review's card cut
"ADR offers GVE 300M for a 4-train; GVE accepts" out of an AI seat's entry, the one thing
that had changed for GVE's president, while a purchase from the bank was kept (a train
bought is decisive; a train sold on an offer was not)."""

from __future__ import annotations

import pytest

from render.move_pieces import cut_entry, decisive
from render.turn_card import SMALL

OFFER = "ADR offers GVE 300M for a 4-train; GVE accepts"
RUN = ("ADR lays tile 930 on K2 (30M terrain) · ADR's 4-train runs for 120M: K6-K4-K2-L1 · "
       "ADR pays out 120M (12M a share); ADR's share price: 60M → 65M · ")


@pytest.mark.parametrize("piece", ["ADR offers GVE 300M for a 4-train", "GVE accepts"])
def test_a_train_offer_and_its_acceptance_are_decisive(piece: str) -> None:
    assert decisive(piece, "18rhl")


def test_a_cut_entry_keeps_the_offer_and_its_acceptance() -> None:
    lines = cut_entry(RUN + OFFER, SMALL, 420, 3, "18rhl")
    said = " ".join(lines)
    assert "offers GVE 300M for a 4-train" in said and "GVE accepts" in said, lines
