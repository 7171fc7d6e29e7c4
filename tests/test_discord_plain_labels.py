"""Buttons and select menus show text as written, without Markdown: a name escaped where it
came in (bot.discord.names: "Mr\\_Bean") is shown on them as Discord shows it in a message
("Mr_Bean"), as the pictures and the autocomplete show it. A move's label names other
players (Rheinländer: "Card 12: convert Mr_Bean's knight on 31 left bank")."""

from __future__ import annotations

from bot.discord.delivery import build_view
from bot.discord.names import escaped
from bot.replies import Button, Picker


def test_a_names_escapes_leave_buttons_and_menus() -> None:
    name = escaped("Mr_Bean*")
    assert name != "Mr_Bean*"  # escaped for messages
    label = f"Card 12: convert {name}'s knight on 31 left bank"
    view = build_view([Button(label, "rb:1:2:3")],
                      Picker(f"Pick for {name}", "rb:1:2:pick", 1, ((label, "convert 12 L31"),)))
    button, menu = view.children
    assert button.item.label == "Card 12: convert Mr_Bean*'s knight on 31 left bank"
    assert menu.item.options[0].label == button.item.label
    assert menu.item.options[0].value == "convert 12 L31"
    assert menu.item.placeholder == "Pick for Mr_Bean*"
