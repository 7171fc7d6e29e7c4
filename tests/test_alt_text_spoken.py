"""Alt text short enough to listen to, in words a screen reader says well.

A review heard a Trödler turn card at the start of round 2 run to 1,023 characters and stop
mid-word ("… oben #93 Moorweg; Stapel…"): its "Latest moves" listed every move and the deal
card by card. Now the moves come newest first, as many as fit (the rest counted), and a pile
is said by its top card and how many cards it holds. Rheinländer's standings read "0 P.,
0 Herzogt." ("Herzogt" read as a word) and its changed places "2L, 3L, Burg": now "0 Punkte,
0 Herzogtümer", "2 links" as the game's own texts name a space, "Burg bei 3 links"."""

from __future__ import annotations

import re

import pytest

import engine
from render import alt_text

LISTENABLE = 500  # TARGET, or a long head (four piles, German) and the newest move


def troedler_view(lang: str) -> dict:
    game = engine.get_game("troedler")
    state = game.setup(3, {}, 3)
    view = {**game.view(state, None), "lang": lang,
            "seats": [{"seat": n, "name": name, "colour": None}
                      for n, name in enumerate(("Anna", "Bot 1", "Bot 2"))]}
    return view


DEAL = {"en": ("Anna plays #69 bridge: Ballindrum to Bracklin · plays #85 moor path: Bracklin "
               "to Ardvane · plays #103 moor path: Ardvane to Bracklin · plays #70 bridge: "
               "Bracklin to Ballindrum · plays #80 ferry: Bracklin to Glenmore · takes an anvil "
               "in Glenmore · ends the turn. Round 2: Bot 1 deals 4 piles, one card on each in "
               "turn (everyone sees every card): Pile 1 (bottom to top): #59 mountain trail, "
               "#15 request 3 chairs (5 pts), #83 ferry, top #76 ferry; Pile 2 (bottom to top): "
               "#96 extra good, #18 request 3 vases (5 pts), #23 request 3 bottles + anvil (7 pts), "
               "top #93 moor path; Pile 3 (bottom to top): #84 moor path, #55 mountain trail, "
               "#46 special feed, top #72 bridge; Pile 4 (bottom to top): #1 request 2 anvils "
               "(3 pts), #2 request 2 anvils (3 pts), #3 request 2 cups (3 pts), top #74 ferry"),
        "de": ("Anna spielt #69 Brücke: von Ballindrum nach Bracklin · spielt #85 Moorweg: von "
               "Bracklin nach Ardvane · spielt #80 Fähre: von Bracklin nach Glenmore · nimmt "
               "einen Amboss in Glenmore · beendet den Zug. Runde 2: Bot 1 bildet 4 "
               "Trödelstapel, reihum je eine Karte auf jeden (alle sehen jede Karte): Stapel 1 "
               "(von unten nach oben): #59 Bergpfad, #15 Auftrag 3 Stühle (5 P.), #83 Fähre, oben "
               "#76 Fähre; Stapel 2 (von unten nach oben): #96 Extratrödel, #18 Auftrag 3 Vasen "
               "(5 P.), #23 Auftrag 3 Flaschen + Amboss (7 P.), oben #93 Moorweg; Stapel 3 (von unten "
               "nach oben): #84 Moorweg, #55 Bergpfad, #46 Kraftfutter, oben #72 Brücke; "
               "Stapel 4 (von unten nach oben): #1 Auftrag 2 Ambosse (3 P.), oben #74 Fähre")}
EARLIER = {"en": "Bot 2 takes pile 3 (top #72 bridge).", "de": "Bot 2 nimmt Stapel 3."}


def card_alt(game_key: str, view: dict, lang: str, moves: list[str], earlier: int = 0) -> str:
    view = {**view, "card": {"acting": [0], "earlier": earlier,
                             "moves": [{"seat": 1, "text": text} for text in moves]}}
    return alt_text.describe(game_key, view, lang, kind="card", title="Trödler",
                             phase="Round 2", acting=[0])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_trodler_deal_is_said_by_top_cards_and_counts_and_fits_an_ear(lang: str) -> None:
    view = troedler_view(lang)
    alt = card_alt("troedler", view, lang, [EARLIER[lang]] * 5 + [DEAL[lang]], earlier=2)
    assert len(alt) <= LISTENABLE, (len(alt), alt)
    assert not alt.endswith("…") and "Stapel…" not in alt and "Pile…" not in alt, alt
    assert "bottom to top" not in alt and "von unten nach oben" not in alt, alt
    pile = {"en": "pile 1, 4 cards, top ", "de": "Stapel 1, 4 Karten, oben "}[lang]
    assert pile in alt, alt
    # the newest move first, the older ones counted: 5 listed here and 2 before them
    newest = alt.index({"en": "Latest move", "de": "Letzte"}[lang])
    assert "#69" in alt[newest:] and " · " not in alt[newest:], alt
    count = re.search({"en": r"And (\d+) earlier moves?\.", "de": r"Dazu (\d+) frühere"}[lang],
                      alt)
    assert count and 1 <= int(count.group(1)) <= 7, alt


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_move_fits_when_they_are_short(lang: str) -> None:
    alt = card_alt("troedler", troedler_view(lang), lang, [EARLIER[lang]])
    assert alt.endswith(EARLIER[lang]) and len(alt) <= LISTENABLE, alt


def rheinlaender_view(lang: str) -> tuple[dict, list[str]]:
    """A Rheinländer board after AI moves until a castle was taken."""
    from engine.ai import choose

    game = engine.get_game("rheinlaender")
    state = game.setup(3, {}, 3)
    for n in range(200):
        before = dict(game.view(state, None).get("knights") or {})
        seat = game.active(state)[0]
        game.apply(state, seat, choose(game, state, seat, "normal", n))
        view = game.view(state, None)
        realms = {s for s, r in (view.get("realms") or {}).items() if r.get("kind") == "castle"}
        if realms & set(view.get("knights") or {}) - set(before):
            changed = sorted(set(view["knights"]) - set(before))
            return {**view, "lang": lang}, changed
    raise AssertionError("no castle was taken")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rheinlaender_is_said_in_words(lang: str) -> None:
    view, changed = rheinlaender_view(lang)
    view = {**view, "changed": {"places": changed}}
    alt = alt_text.describe("rheinlaender", view, lang, kind="board", title="Rheinländer",
                            phase="Turn 5", acting=[0])
    assert not re.search(r"\bP\.|Herzogt\.|\bpts\b|\b\d+[LR]\b", alt), alt
    # the running score is said as what the board would give if the game ended now
    assert {"en": " points if it ended now (plus coins), ",
            "de": " Punkte, wenn es jetzt endete (plus Münzen), "}[lang] in alt, alt
    assert re.search({"en": r"\d+ (?:left|right)\b|island \d+/\d+",
                      "de": r"\d+ (?:links|rechts)\b|Insel \d+/\d+"}[lang], alt), alt
    assert {"en": "castle by ", "de": "Burg bei "}[lang] in alt, alt
