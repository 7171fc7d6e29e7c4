"""Rules help for ``/rules topic:``, in our own words; the texts are catalogue entries
``troedler.topic.<name>`` (display names ``troedler.topic_name.<name>``) in every language."""

from __future__ import annotations

from engine.text import Msg, msg

NAMES = ("overview", "piles", "turn", "feed", "hand-limit", "scoring", "notation", "components")

TOPICS: dict[str, Msg] = {name: msg(f"troedler.topic.{name}") for name in NAMES}
