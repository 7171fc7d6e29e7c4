"""The bot's texts in English and German: catalogues in ``bot/locales/<lang>/*.json``, part of
the one catalogue per language of :mod:`engine.text`.

``t(key, locale, **kw)`` looks the key up in the language of ``locale`` (any Discord locale
string, e.g. ``"de"``, ``"en-US"``), falls back to English, and fills ``{name}`` placeholders.
Keys are dotted names grouped by where the text is used (``cmd.`` slash command names and
descriptions, ``svc.`` service replies, ``rem.`` reminders, ...).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from importlib import resources
from typing import Any

from engine import text as texts
from engine.core import clip_word
from engine.text import (
    DEFAULT,
    LANGUAGES,
    Msg,
    catalogue,
    has,
    language,
    msg,
    placeholders,
    say,
)

__all__ = ["DEFAULT", "LANGUAGES", "catalogue", "fitted_label", "has", "language",
           "placeholders", "say", "t", "typed_label", "typed_move"]

texts.register("bot.locales")


def t(key: str, locale: object = DEFAULT, /, **kw: Any) -> str:
    """The text ``key`` in the language of ``locale`` with ``{placeholders}`` filled in."""
    return texts.render(key, kw, language(locale))


def names_said(names: Sequence[str]) -> Msg | str:
    """Names as a sentence lists them, ``Bert, Bot 1 and Bot 2`` (German ``und``), in the
    language of the text it fills (a refusal's is its reader's); one name as it is."""
    if len(names) < 2:
        return "".join(names)
    return msg("common.and", names=list(names[:-1]), last=names[-1])


@functools.cache
def _moves_json() -> dict[str, Any]:
    text = resources.files("bot.locales").joinpath("moves.json").read_text(encoding="utf-8")
    return json.loads(text)


@functools.cache
def _move_words() -> dict[str, dict[str, dict[str, str]]]:
    return {lang: table for lang, table in _moves_json().items() if lang in LANGUAGES}


@functools.cache
def _joined(game_key: str) -> frozenset[str]:
    return frozenset(_moves_json()["joined"].get(game_key, ()))


# a German word as a keyboard without umlauts types it: "füttere" as "fuettere"
_ASCII = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


@functools.cache
def _game_words(game_key: str) -> dict[str, str]:
    """The German words a move of ``game_key`` may use, each also in its ASCII spelling
    ("fuettere", "bruecke"), to the English word the notation reads; and each beginning of
    one spelt in ASCII ("fue", "fae") to that beginning with its umlaut ("fü", "fä"), so
    that autocomplete finds "füttere weg fähre …" for it, as it found "bruecke" for a whole
    word. Only a beginning that names one German beginning is folded."""
    words: dict[str, str] = {}
    for table in _move_words().values():
        words.update(table.get("*", {}))
        words.update(table.get(game_key, {}))
    for word, english in list(words.items()):
        words.setdefault(word.translate(_ASCII), english)
    starts: dict[str, set[str]] = {}
    for word in words:
        for end in range(1, len(word)):
            start = word[:end]
            if start.translate(_ASCII) != start:
                starts.setdefault(start.translate(_ASCII), set()).add(start)
    for ascii_start, umlauts in starts.items():
        if len(umlauts) == 1 and ascii_start not in words:
            words[ascii_start] = umlauts.pop()
    return words


def english_move(game_key: str, text: str) -> str:
    """``text`` with German move keywords swapped for the engine's English ones
    (``"nehmen 17"`` -> ``"take 17"``), typed with umlauts or without (``"fuettere"``);
    words it does not know stay as they are. A name the
    notation writes with a hyphen is joined however it was typed: ``"lade rotes Schiff 8"``,
    ``"load red ship 8"`` and ``"laden roter-zug 8"`` all name ``red-ship``/``red-train``."""
    words = _game_words(game_key)
    joined = _joined(game_key)
    said: list[str] = []
    for word in text.split():
        swapped = _swapped(word, words, joined)
        if not swapped:  # a word the notation does without ("Zug" in "Zug beenden")
            continue
        pair = f"{said[-1]}-{swapped}".lower() if len(said) > 1 else ""
        # the first word is the verb, never half of a name: "lkw a koblenz 2" places truck a
        if pair in joined:
            said[-1] = pair
        else:
            said.append(swapped)
    return " ".join(said)


def _swapped(word: str, words: dict[str, str], joined: frozenset[str]) -> str:
    """One typed word in the notation's English; a hyphenated one ("roter-zug") by its
    halves when that makes one of the notation's names."""
    if word.lower() in words:
        return words[word.lower()]
    halves = "-".join(words.get(half, half) for half in word.lower().split("-"))
    return halves if "-" in word and halves in joined else word


def typed_move(game_key: str, notation: str, locale: object) -> str:
    """A move's typed form as a reader of ``locale`` is shown it: the engine's English
    notation with each word swapped for the word ``moves.json``'s ``said`` table gives that
    language (``"move trail bracklin"`` -> ``"ziehe bergpfad bracklin"``). A German table was
    taught the English words everywhere, though it may type its own. Only a form that
    :func:`english_move` reads back as ``notation`` is said; else the notation as it is."""
    return _typed(game_key, notation, language(locale))


@functools.lru_cache(maxsize=4096)
def _typed(game_key: str, notation: str, lang: str) -> str:
    table = {**_moves_json()["said"].get(lang, {}).get("*", {}),
             **_moves_json()["said"].get(lang, {}).get(game_key, {})}
    if not table:
        return notation
    said = " ".join(table.get(word) or "-".join(table.get(half, half) for half in word.split("-"))
                    for word in notation.split())
    return said if english_move(game_key, said) == notation else notation


def typed_label(game_key: str, label: Any, notation: str, locale: object) -> Any:
    """``label`` (a move's label, a catalogue text not yet said) with the notation it shows
    ("… · move trail bracklin", 18Rhl's bare "payout") in the reader's typed form
    (:func:`typed_move`); English as it is."""
    typed = typed_move(game_key, notation, locale)
    if typed == notation:
        return label
    if type(label) is str and label.endswith(f" · {notation}"):  # a label not from a catalogue
        return f"{label.removesuffix(notation)}{typed}"
    return _swapped_in(label, notation, typed)


def _swapped_in(text: Any, notation: str, typed: str) -> Any:
    if isinstance(text, Msg):
        return Msg(text.key, {k: _swapped_in(v, notation, typed) for k, v in text.params.items()})
    if isinstance(text, list | tuple):
        return [_swapped_in(item, notation, typed) for item in text]
    return typed if type(text) is str and text == notation else text


FORM = " · "  # what stands between a label's words and the move's typed form


def fitted_label(label: str, limit: int) -> str:
    """``label`` in at most ``limit`` characters, cut between words. A label that ends with
    its typed form ("… · ziehe bergpfad bracklin") keeps the form whole and loses words from
    the middle of its description: cut at the end, a German label (its typed form longer
    than the English one) lost the very words to type, mid-word ("… · ziehe bergp").

    >>> fitted_label("Kraftfutter als Fähre nach Glenmore (2 Tassen + Amboss + Flasche) · "
    ...              "füttere weg fähre glenmore", 80)
    'Kraftfutter als Fähre nach … + Amboss + Flasche) · füttere weg fähre glenmore'
    >>> fitted_label("Bastion on 1–9/11/16–22 left bank", 20)
    'Bastion on…'
    """
    label = " ".join(label.split())
    if len(label) <= limit:
        return label
    head, sep, form = label.rpartition(FORM)
    if sep and head:
        shortened = _middle_cut(head.split(" "), limit - len(sep) - len(form))
        if shortened:
            return f"{shortened}{sep}{form}"
    return clip_word(label, limit)


def _middle_cut(words: list[str], room: int) -> str:
    """``words`` in at most ``room`` characters with the fewest words left out, those
    nearest the middle, as "…"; the first word always stays. Empty if nothing fits."""
    best: tuple[tuple[int, float], str] | None = None
    for start in range(1, len(words)):
        for end in range(start + 1, len(words) + 1):
            said = " ".join([*words[:start], "…", *words[end:]])
            if len(said) > room:
                continue
            rank = (end - start, abs((start + end) / 2 - len(words) / 2))
            if best is None or rank < best[0]:
                best = (rank, said)
    return best[1] if best else ""


def colour_name(colour: str, locale: object) -> str:
    """A player colour in the reader's language (``"red"`` -> ``"rot"``)."""
    key = f"choice.{colour.lower()}"
    return catalogue(language(locale)).get(key, colour) if has(key) else colour
