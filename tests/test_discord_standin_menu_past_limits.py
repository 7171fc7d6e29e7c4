"""A select menu or buttons past Discord's limits are dropped by one check (``fitting_picker``
and ``fitted``), never silently: the log says what went, by counts and kinds only (an
option's label may be a card in a player's hand). A background post (a reminder, a clock's
run-out notice, a watcher's DM) skips ``fitted``; its view runs the same menu check, so
Discord takes the post, buttons and text and all, without the menu it would refuse."""

from __future__ import annotations

import logging

from discord_standin import running_bot

from bot.replies import (
    PICKER_OPTIONS_LIMIT,
    Button,
    Picker,
    Reply,
    fitted,
    fitting_picker,
)

SECRET = "Whisky"  # a card in a hand: its name must not reach the log


def menu(options: int, kind: str = "pick") -> Picker:
    return Picker("Discard 2 cards", f"rb:7:3:{kind}", 2,
                  tuple((f"{SECRET} {n}", str(n)) for n in range(options)))


def buttons(count: int) -> list[Button]:
    return [Button(f"{SECRET} {n}", f"rb:7:3:{n}") for n in range(count)]


def warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


def test_fitted_says_in_the_log_which_menu_it_dropped(caplog) -> None:
    caplog.set_level(logging.WARNING)
    reply = fitted(Reply("Your hand is over the limit", picker=menu(PICKER_OPTIONS_LIMIT + 5),
                         buttons=buttons(3)))
    assert reply.picker is None and len(reply.buttons) == 3
    said = warnings(caplog)
    assert said == ["dropped a pick select menu (30 options, pick 2) past Discord's limits"]
    assert not [line for line in said if SECRET in line]


def test_fitted_says_in_the_log_how_many_buttons_it_dropped(caplog) -> None:
    caplog.set_level(logging.WARNING)
    assert len(fitted(Reply("Pick one", buttons=buttons(30))).buttons) == 25
    fits = fitted(Reply("Pick one", buttons=buttons(23), picker=menu(4, "step")))
    assert len(fits.buttons) == 20 and fits.picker is not None  # the menu takes a row
    said = warnings(caplog)
    assert said == ["dropped 5 of 30 buttons past Discord's limits (no select menu)",
                    "dropped 3 of 23 buttons past Discord's limits (next to a select menu)"]
    assert not [line for line in said if SECRET in line]


def test_a_menu_within_the_limits_passes_without_a_word(caplog) -> None:
    caplog.set_level(logging.WARNING)
    picker = menu(PICKER_OPTIONS_LIMIT)
    assert fitting_picker(picker) is picker
    assert fitted(Reply("ok", picker=picker, buttons=buttons(20))).picker is picker
    assert not warnings(caplog)


async def test_a_background_post_drops_a_menu_over_25_options(tmp_path, monkeypatch,
                                                              caplog) -> None:
    caplog.set_level(logging.WARNING)
    async with running_bot(tmp_path, monkeypatch) as bot:
        fake = bot.stand_in
        reminder = Reply("Anna, it is still your turn", buttons=buttons(2),
                         picker=menu(PICKER_OPTIONS_LIMIT + 1))
        sent = await bot.client.delivery.post_channel(fake.channel, reminder)
        posted = fake.messages[sent]
        assert posted.text == "Anna, it is still your turn"
        assert posted.custom_ids == ["rb:7:3:0", "rb:7:3:1"]
        assert not [row for row in posted.components
                    for child in row["components"] if child["type"] == 3]
        said = [line for line in warnings(caplog) if "select menu" in line]
        assert said == ["dropped a pick select menu (26 options, pick 2) past Discord's limits"]
        fits = menu(PICKER_OPTIONS_LIMIT)
        sent = await bot.client.delivery.post_channel(fake.channel, Reply("Discard", picker=fits))
        assert len(fake.messages[sent].select("rb:7:3:pick")["options"]) == 25
