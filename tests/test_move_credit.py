"""A channel line names its mover once (Table.credited)."""

from types import SimpleNamespace

from bot.service.base import Table


def _table(language: str, *seats: tuple[str, str]) -> Table:
    rows = [SimpleNamespace(seat=n, name=name, colour=colour)
            for n, (name, colour) in enumerate(seats)]
    return Table(row=SimpleNamespace(language=language), game=None, seats=rows)  # type: ignore[arg-type]


def test_the_mover_named_first_leads_the_line_once():
    table = _table("en", ("Anna", "orange"), ("Bert", "blue"))
    assert table.credited(0, "Anna bids 20M on PWB; Anna gets private PWB") == \
        "**Anna** (orange) bids 20M on PWB; Anna gets private PWB"
    assert table.credited(1, "Blue opens on order 34 with 0.") == \
        "**Bert** (blue) opens on order 34 with 0."
    assert table.credited(0, "Anna bids", lead="Anna") == "Anna bids"  # /game log


def test_german_colours_and_other_subjects_keep_the_colon():
    table = _table("de", ("Anna", "orange"), ("Bert", "blue"))
    assert table.credited(1, "Blau eröffnet mit 0 auf Auftrag 13.") == \
        "**Bert** (Blau) eröffnet mit 0 auf Auftrag 13."
    # a line about someone else, or a label, is the mover's line after a colon
    assert table.credited(1, "GVE lays tile 9 on F11") == "**Bert** (Blau): GVE lays tile 9 on F11"
    assert table.credited(0, "Annabell passes") == "**Anna** (Orange): Annabell passes"


def test_a_name_that_is_another_seats_colour_is_not_taken_for_the_mover():
    # Anna sits as orange but is called "Blue"; "Blue passes" is about the blue seat
    table = _table("en", ("Blue", "orange"), ("Bert", "blue"))
    assert table.credited(0, "Blue passes.") == "**Blue** (orange): Blue passes."


def test_a_run_names_the_mover_again_after_a_sentence_about_someone_else():
    table = _table("en", ("Anna", "green"), ("Bert", "yellow"))
    said = table.run_said(1, ["Bert passes. Green wins order 37 for 25.",
                              "Bert opens on order 46 with 3."])
    assert said == "Bert passes. Green wins order 37 for 25 · Bert opens on order 46 with 3."
    said = table.run_said(1, ["Bert ends the turn. Yellow must discard 1 card.",
                              "Yellow discards #91 moor path.", "Bert takes pile 2."])
    assert said == "Bert ends the turn. Yellow must discard 1 card · discards #91 moor path · " \
        "takes pile 2."
