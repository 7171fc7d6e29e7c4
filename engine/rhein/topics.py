"""Rules help for ``/rules`` in our own words: catalogue texts ``rhein.topic.<name>``, with
display names ``rhein.topic_name.<name>`` (engine/locales/<lang>/rhein.json)."""

from __future__ import annotations

from engine.text import Msg, msg

TOPICS: dict[str, Msg] = {
    "moves": msg("rhein.topic.moves"),
    "overview": msg("rhein.topic.overview"),
    "order": msg("rhein.topic.order"),
    "orders": msg("rhein.topic.orders"),
    "loading": msg("rhein.topic.loading"),
    "reserving": msg("rhein.topic.reserving"),
    "moving": msg("rhein.topic.moving"),
    "fulfilling": msg("rhein.topic.fulfilling"),
    "money": msg("rhein.topic.money"),
    "end": msg("rhein.topic.end"),
    "variants": msg("rhein.topic.variants"),
    "components": msg("rhein.topic.components"),
}
