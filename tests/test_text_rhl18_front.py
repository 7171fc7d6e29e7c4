"""18Rhl's front end speaks English and German: the pictures draw their labels from
``render.rhl18.*`` in ``view["lang"]``, the Discord steps, previews, run-auto offers, zoom and
import texts come from ``rhl18.discord.*`` / ``rhl18.import.*`` / ``extras.*`` in the language
asked for, and every key the code names exists in both catalogues."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from PIL import ImageDraw

import bot.i18n  # noqa: F401  (registers the bot's catalogue)
from bot import imports
from bot.service import rhl18_steps as ST
from bot.service.extras import NoZoom, extras_for
from engine.rhl18 import importer as I
from engine.rhl18 import tiles as TL
from engine.rhl18.game import GAME
from engine.text import LANGUAGES, catalogue, say, text_of
from render import rhl18, rhl18_views
from tests.test_rhl18discord_steps import FIXTURE, live

ROOT = Path(__file__).resolve().parent.parent
ENGLISH_LABELS = ("Stock market", "President", "Treasury", "Trains", "Stations", "Players",
                  "Certs", "Cash", "Left in the", "coal", "around", "Preview", "Player ")


@pytest.fixture(scope="module")
def positions() -> dict[str, dict]:
    """A tile-lay position, a route position (both mid-game) and the final one."""
    found: dict[str, dict] = {}
    counts = {"Track": 0, "Route": 0}
    state = None
    for state, _ in I.replay_iter(I.load_json(FIXTURE)):
        rnd = state["round"]
        step = rnd.get("step") if rnd["type"] == "Operating" and not rnd["discard"] else None
        if step in counts:
            counts[step] += 1
            if counts[step] == 20:
                found[step] = live(state)
    assert state is not None
    found["final"] = live(state)
    return found


# -- pictures ----------------------------------------------------------------------------------


class Drawn:
    """Every text drawn while active, with whether it stayed inside its picture."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        self.outside: list[str] = []
        original = ImageDraw.ImageDraw.text

        def text(draw, xy, value, *args, **kwargs):
            box = draw.textbbox(xy, value, font=kwargs.get("font"), anchor=kwargs.get("anchor"),
                                stroke_width=kwargs.get("stroke_width", 0))
            width, height = draw.im.size
            if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
                self.outside.append(value)
            self.texts.append(value)
            return original(draw, xy, value, *args, **kwargs)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)

    def joined(self) -> str:
        return "\n".join(self.texts)


def _pictures(view: dict, lang: str) -> dict[str, bytes | list[bytes]]:
    view = {**view, "lang": lang}
    return {"board": rhl18_views.render(view),
            "zoom": rhl18_views.render({**view, "image": {"kind": "zoom", "hex": "F9"}}),
            "lay": rhl18_views.render({**view, "image": {"kind": "lay", "hex": "E4",
                                                         "tile": "57", "rotation": 1}})}


def test_german_and_english_pictures_differ_and_german_ones_draw_no_english(positions,
                                                                            monkeypatch):
    view = GAME.view(positions["final"], None)
    english = _pictures(view, "en")
    drawn = Drawn(monkeypatch)
    german = _pictures(view, "de")
    for kind in english:
        assert german[kind] != english[kind], kind
    text = drawn.joined()
    for word in ("Rheinland", "Kurstabelle", "Direktor", "Kasse", "Züge", "Bahnhöfe",
                 "Spieler", "Geld", "Noch im Depot", "Kohle", "um F9",
                 "Vorschau: Plättchen 57 auf E4"):
        assert word in text, word
    assert not [label for label in ENGLISH_LABELS if label in text]
    assert not drawn.outside, drawn.outside  # every label stays inside its picture


def test_round_names_and_depot_entries_are_said_in_the_language():
    assert rhl18.round_label("OR 3.2", "de") == "BR 3.2"
    assert rhl18.round_label("SR 4", "de") == "AR 4"
    assert rhl18.round_label("Auction", "de") == "Versteigerung"
    assert rhl18.round_label("OR 3.2", "en") == "OR 3.2"


# -- Discord texts -----------------------------------------------------------------------------


def test_german_lay_steps_and_preview_read_german(positions):
    state = positions["Track"]
    seat = GAME.active(state)[0]
    first = ST.step_choices(GAME, state, seat, "lay", "de")
    assert first and all("Plättchen auf" in label and " on " not in label for label, _ in first)
    tiles = ST.step_choices(GAME, state, seat, first[0][1], "de")
    rotations = [c for c in tiles if len(c[1].split()) == 4] or \
        ST.step_choices(GAME, state, seat, tiles[0][1], "de")
    assert all("Ausgänge" in label and "exits" not in label for label, _ in rotations)
    assert any(" nach " in label for label, _ in rotations)
    many = [label for label, value in tiles if len(value.split()) == 3]
    assert all("Drehungen möglich" in label for label in many)
    move = GAME.parse(state, seat, rotations[0][1])
    text, view = extras_for("18rhl").preview(GAME, state, seat, move, lang="de")
    assert text.startswith("Vorschau: ") and "Ausgänge" in text
    assert view["lang"] == "de" and view["image"]["kind"] == "lay"
    english, _ = extras_for("18rhl").preview(GAME, state, seat, move)
    assert english.startswith("Preview: ") and "exits" in english
    hint = extras_for("18rhl").incomplete(GAME, state, seat, first[0][1])
    assert hint is not None and "ist erst ein Teil" in say(hint, "de")


def test_rotation_words_in_both_languages():
    exits = ST.describe_rotation("F7", "26", 3)
    assert exits == "exits SW to G6, NW to E6, NE to E8"  # the English players saw before
    assert say(exits, "de") == "Ausgänge SW nach G6, NW nach E6, NO nach E8"
    assert say(ST.describe_rotation("F7", "26", 0), "de").startswith("Ausgänge ")


def test_run_auto_offer_routes_and_zoom_in_german(positions):
    state = positions["Route"]
    seat = GAME.active(state)[0]
    extras = extras_for("18rhl")
    [(text, view)] = extras.prompt_images(GAME, state, seat, lang="de")
    assert "würde" in text and "oder gib eigene Strecken an" in text and view["lang"] == "de"
    [(english, _)] = extras.prompt_images(GAME, state, seat)
    assert "would run" in english
    zoom = extras.zoom(GAME, state, "f9", lang="de")
    assert zoom["lang"] == "de" and zoom["image"] == {"kind": "zoom", "hex": "F9"}
    with pytest.raises(NoZoom) as refused:
        extras.zoom(GAME, state, "Z99", lang="de")
    assert say(text_of(refused.value), "de").startswith("Auf der 18Rhl-Karte gibt es kein Feld")
    with pytest.raises(NoZoom) as generic:
        extras_for("rhein").zoom(GAME, state, "F9")
    assert "nicht vergrößern" in say(text_of(generic.value), "de")


def test_import_refusals_and_lobby_in_german():
    for raw, words in ((b"not json", "kein JSON"), (b"{}", "kein Partie-Export"),
                       (b'{"title": "1830", "players": [], "actions": []}', "nur 18Rhl")):
        with pytest.raises(imports.BadExport) as refused:
            imports.decode_export(raw)
        assert words in say(text_of(refused.value), "de")
    imported = {"names": ["Ada", "Bo"], "result": None,
                "actions": [{"type": "bid"}, {"type": "message"}, {"type": "pass"},
                            {"type": "pass"}]}  # the chat line is not a move
    lobby = imports.lobby_text("18Rhl", imported, 7, "Phase 3 · OR 4.1",
                               imports.source_text({"id": 99}), None, "de")
    assert "aus 18xx.games-Partie 99 als Tisch 7 importiert: 3 Spielzüge" in lobby
    assert "1. Ada, 2. Bo" in lobby and "/spiel beitreten" in lobby


# -- every key the front end names exists in both languages -----------------------------------

SOURCES = ("render/rhl18.py", "render/rhl18_facts.py", "render/rhl18_market.py",
           "bot/service/rhl18_steps.py", "bot/imports.py", "bot/service/extras.py", "bot/cli.py",
           "bot/service/lobby.py")
# file -> helper -> the prefix it puts before its literal argument
PICTURES = {"t": "render.rhl18."}
HELPERS = {"render/rhl18.py": PICTURES, "render/rhl18_facts.py": PICTURES,
           "render/rhl18_market.py": PICTURES,
           "bot/cli.py": {"say": "cli.", "write": "cli.replay."}}


def _named_keys() -> set[str]:
    keys = set()
    for path in SOURCES:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            literals = [a.value for a in node.args if isinstance(a, ast.Constant)
                        and isinstance(a.value, str)]
            if name == "msg" and literals:
                keys.add(literals[0])
            elif name in HELPERS.get(path, {}) and literals:
                # the key is the first literal naming a key (the picture helpers take the
                # language first)
                named = [x for x in literals if re.fullmatch(r"[a-z_.0-9]+", x)]
                if named:
                    keys.add(HELPERS[path][name] + named[0])
    # keys built from data: directions, tile colours, table statuses, depot entries
    keys |= {f"rhl18.discord.colour.{TL.tile(name).color}" for name in TL.supply()}
    keys |= {f"cli.status.{status}" for status in ("lobby", "active", "finished", "abandoned")}
    keys |= {f"render.rhl18.round.{kind}" for kind in ("operating", "stock", "auction")}
    keys |= {f"render.rhl18.players.{name}" for name in ("player", "cash", "certs")}
    keys |= {f"render.rhl18.step.{step}" for step in ("Track", "Token", "SpecialToken", "Route",
                                                      "Dividend", "BuyTrain", "DiscardTrain")}
    keys |= {f"render.rhl18.end.{reason}" for reason in ("bank", "bankrupt", "dnf", "other")}
    keys |= {f"render.rhl18.colour.{c}" for c in ("yellow", "green", "brown", "gray")}
    keys |= {f"render.rhl18.corps.cap.{c}" for c in ("incremental", "full")}
    keys |= {f"rhl18.discord.{mood}{end}" for mood in ("runs", "would_run")
             for end in ("", "_nothing")}
    return keys


def test_every_key_the_front_end_names_exists_in_both_languages():
    keys = _named_keys()
    assert len(keys) > 80
    assert any(k.startswith("render.rhl18.corps.") for k in keys)
    assert any(k.startswith("render.rhl18.who.") for k in keys)
    assert any(k.startswith("cli.play.") for k in keys)
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if k not in catalogue(lang))
        assert not missing, (lang, missing)
