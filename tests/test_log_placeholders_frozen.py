"""The texts a store keeps are frozen like migrations: a move log, a result and a game's phase
are stored as a text key with its values, so a line written by an older bot comes back with
the values of its time, texts nested in its values too (a transport, a good, a colour: the
keys random games of every game put there). tests/fixtures/frozen_log_placeholders.json lists,
for every such text, each set of placeholders it has been shipped with; each must still be
worded, by today's
template or by a past one kept in engine/locales/legacy.json, in every language. Changing a
stored text's placeholders without either fails here, not on a player's /game log after an
upgrade ("buys {percent}% of {corp} …")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.text import LANGUAGES, catalogue, catalogue_files, legacy, placeholders

FROZEN_FILE = Path(__file__).resolve().parent / "fixtures" / "frozen_log_placeholders.json"
FROZEN: dict[str, list[list[str]]] = json.loads(FROZEN_FILE.read_text(encoding="utf-8"))
# the engine's texts a store keeps: move-log lines, results, phases
STORED = re.compile(r"\.(log|result|phase)(\.|$)")
HOW = ("give the new wording a new key, or move the old template (en and de) into "
       "engine/locales/legacy.json")


def _wordings(key: str, lang: str) -> list[str]:
    today = catalogue(lang).get(key)
    return ([today] if today is not None else []) + list(legacy(lang).get(key, ()))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_frozen_placeholder_set_is_still_worded(lang: str) -> None:
    lost = []
    for key, shipped in FROZEN.items():
        wordings = [placeholders(template) for template in _wordings(key, lang)]
        for names in shipped:
            if not any(found <= set(names) for found in wordings):
                now = sorted(placeholders(catalogue(lang)[key])) if key in catalogue(lang) \
                    else "nothing (the key is gone)"
                lost.append(f"{key!r} ({lang}) now takes {now}; lines stored by older bots "
                            f"hold {names}")
    assert not lost, f"Stored log lines would show raw placeholders or keys: {HOW}.\n" + \
        "\n".join(lost)


def test_every_stored_text_is_frozen() -> None:
    english = {key: template for table in catalogue_files("engine.locales", "en").values()
               for key, template in table.items()}
    new = [f"{key!r}: {sorted(placeholders(template))}" for key, template in english.items()
           if STORED.search(key) and sorted(placeholders(template)) not in FROZEN.get(key, [])]
    assert not new, ("Stored texts with placeholders not frozen yet: if the text is new, add "
                     f"it to {FROZEN_FILE.name}; if its placeholders changed, {HOW} and add "
                     "the new set beside the old one.\n" + "\n".join(new))


def test_past_wordings_match_in_every_language() -> None:
    english = legacy("en")
    for lang in LANGUAGES:
        theirs = legacy(lang)
        assert set(theirs) == set(english), (lang, set(theirs) ^ set(english))
        for key, templates in english.items():
            assert [placeholders(t) for t in theirs[key]] == \
                [placeholders(t) for t in templates], (lang, key)


def test_a_past_wording_never_shadows_todays() -> None:
    """A kept template with today's placeholders would never be used: it belongs nowhere."""
    for lang in LANGUAGES:
        for key, templates in legacy(lang).items():
            if key in catalogue(lang):
                now = placeholders(catalogue(lang)[key])
                assert all(placeholders(t) != now for t in templates), (lang, key)



def test_past_wordings_are_kept_only_for_stored_or_removed_texts() -> None:
    """A past wording of a text that is said live (a refusal, a label, a score note) would be
    taken whenever a caller misses a value, hiding that bug behind an old rule's words
    ("(use discard-pile)"): past wordings are for texts a store keeps (frozen here) or texts
    no longer in the catalogue, which no live caller says."""
    for lang in LANGUAGES:
        today = catalogue(lang)
        live = [key for key in legacy(lang)
                if key.removesuffix(".one") not in FROZEN
                and (key in today or key.removesuffix(".one") in today)]
        assert not live, (lang, live)


def test_a_line_said_in_a_past_wording_is_logged_for_the_developer(caplog) -> None:
    import logging

    from engine.text import render

    with caplog.at_level(logging.DEBUG, logger="engine.text"):
        said = render("rhein.log.done.stop", {"player": "Bert"}, "en")  # as of Dec 6
    assert said == "Bert keeps the rest aboard.", said
    assert any("past wording" in r.getMessage() for r in caplog.records), caplog.records
