"""Autocomplete choice names longer than Discord's 100 characters were cut mid-word, and the
end a label loses is its typed form: a German label "Kraftfutter als Fähre nach Glenmore
(2 Tassen + Amboss + Flasche + Vase) · füttere weg fähre glenmore" showed
"… · füttere weg fähre glenmo…", not the move to type. The cut keeps the form and drops
words from the middle of the description."""

from __future__ import annotations

from bot.discord.commands import game_choices, to_choices
from tests.discord_standin.limits import CHOICE_TEXT

FEED = ("Kraftfutter als Fähre nach Glenmore (2 Tassen + Amboss + Flasche + Vase) · "
        "füttere weg fähre glenmore")
PAR = ("RhE zum Kurs 80M gründen (kostet nichts: die Direktorenaktie kam mit der Privatbahn) "
       "· gründen rhe 80")


def _whole_words(cut: str, label: str) -> bool:
    return all(word in label.split() for word in cut.replace("…", " ").split())


def test_a_long_label_keeps_its_typed_form_and_whole_words():
    for label, value in ((FEED, "feed route ferry glenmore"), (PAR, "par rhe 80")):
        assert len(label) > CHOICE_TEXT
        [choice] = to_choices([(label, value)])
        form = label.rsplit(" · ", 1)[1]
        assert len(choice.name) <= CHOICE_TEXT and choice.value == value
        assert choice.name.endswith(f" · {form}"), choice.name
        assert choice.name.startswith(label.split()[0]) and "…" in choice.name
        assert _whole_words(choice.name, label), choice.name


def test_a_label_without_a_form_is_cut_after_a_word():
    from bot.i18n import fitted_label

    label = "Karte 3/34/44 als Verstärkung: Ritter auf Abschnitt 39 am linken Ufer neben " \
            "deinem Ritter in Abschnitt 38, Herzogtum Berg"
    cut = fitted_label(label * 2, CHOICE_TEXT)
    assert len(cut) <= CHOICE_TEXT and cut.endswith("…")
    assert _whole_words(cut, label * 2), cut
    # one word too long to cut between words is still cut to fit
    assert len(fitted_label("x" * 300, CHOICE_TEXT)) == CHOICE_TEXT
    # a form too long to keep with any description: the label cut as any other
    long_form = f"Zug · {'y' * 120}"
    assert len(fitted_label(long_form, CHOICE_TEXT)) <= CHOICE_TEXT


def test_labels_that_fit_are_as_they_were():
    from bot.i18n import fitted_label

    short = "Zug beenden · ende"
    assert fitted_label(short, CHOICE_TEXT) == short
    assert fitted_label("  Zug   beenden ", CHOICE_TEXT) == "Zug beenden"
    [choice] = to_choices([(short, "end")])
    assert choice.name == short
    assert [c.name for c in game_choices({"x": None})] == ["x"]


def test_18rhls_step_choices_keep_the_typed_form_too():
    """18Rhl's step menus and lay autocomplete fit their own labels (``rhl18_steps._fit``);
    they cut at 99 characters, mid-word."""
    from bot.service.rhl18_steps import _fit

    cut = _fit(PAR)
    assert len(cut) <= CHOICE_TEXT and cut.endswith(" · gründen rhe 80"), cut
    assert _whole_words(cut, PAR), cut


async def test_the_services_autocomplete_keeps_the_typed_form(tmp_path, monkeypatch):
    """``move_choices`` cut every label at 100 characters before the adapter saw it."""
    from bot.service import Ctx
    from engine import ai
    from tests.service_pebbles import started_table

    service, store, game, _ = await started_table(tmp_path / "cut.sqlite3", "troedler", 5,
                                                  players=3, lang="de")
    # Trödler's own labels now fit (a label too long for its typed form goes without it):
    # every label is made long, as another game's may be
    monkeypatch.setattr(game, "label", lambda state, action:
                        f"{'Lange Worte ' * 8}· {game.format(state, action)}")
    # a choice's label is the one fitted to its reader (TroedlerExtras.reader_label)
    monkeypatch.setattr("bot.service.troedler_extras.reader_label",
                        lambda state, action, lang: game.label(state, action))
    long_seen = 0
    for number in range(120):
        state = game.load((await store.latest_game(500)).state)
        seat = game.active(state)[0]
        member = Ctx(guild_id=1, channel_id=500, user_id=seat + 1, user_name=f"U{seat + 1}",
                     can_manage=False, locale="de")
        for name, _value in await service.move_choices(member, ""):
            assert len(name) <= CHOICE_TEXT
            if "…" in name and " · " in name:
                long_seen += 1
                assert not name.endswith("…"), name  # the typed form, whole, ends it
        move = ai.choose(game, state, seat, "normal", number)
        await service.play(member, game.format(state, move))
    await store.close()
    assert long_seen, "no label needed cutting in these 120 moves"
