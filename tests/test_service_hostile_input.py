"""Discord-sized hostile input into every text parameter of every service operation (about
1,400 probes, bench/hostile_input.py): no reply over a Discord limit, no refusal repeating
more than a short prefix of what was typed, no exception, no table changed. How long the
probes take is a bench figure (``python -m bench.hostile_input``), not asserted here."""

from __future__ import annotations

import engine
from bench.hostile_input import HOSTILE, probe_all
from bot.discord.commands import VariantError, parse_variants
from bot.replies import (
    BUTTON_LABEL_LIMIT,
    EMBED_TITLE_LIMIT,
    MESSAGE_LIMIT,
    Audience,
    Button,
    Reply,
    fitted,
    limit_problems,
)
from engine.text import say, text_of


async def test_every_text_parameter_answers_within_discords_limits(tmp_path):
    probes, moved = await probe_all(tmp_path)
    assert len(probes) >= 1400
    failed = [(p.operation, p.value, p.lang, p.problems[:2]) for p in probes if p.problems]
    assert failed == [], f"{len(failed)} probes failed, e.g. {failed[:5]}"
    assert moved == []


def test_variants_refusals_quote_a_short_prefix():
    for key, game in engine.GAMES.items():
        for value in HOSTILE:
            for typed in (value, f"{value}=true", f"{game.options[0].name}={value}"
                          if game.options else value):
                try:
                    parse_variants(game, typed)
                except VariantError as error:
                    for lang in ("en", "de"):
                        text = say(text_of(error), lang)
                        assert len(text) <= MESSAGE_LIMIT, (key, len(text))
                        assert value[1500:1564] not in text, (key, text[:200])


def test_the_last_guard_fits_any_reply_into_one_message():
    huge = Reply("x" * 9000, Audience.CHANNEL, title="t" * 400,
                 buttons=[Button("b" * 200, f"rb:1:1:{n}") for n in range(30)])
    assert len(limit_problems(huge)) == 3 + 30  # text, title, count, every label
    fit = fitted(huge)
    assert limit_problems(fit) == []
    assert fit.text.startswith("x" * 100) and fit.text.endswith("…")
    assert len(fit.title) == EMBED_TITLE_LIMIT and len(fit.buttons) == 25
    assert all(len(b.label) == BUTTON_LABEL_LIMIT for b in fit.buttons)
    plain = Reply("y" * 2500, Audience.EPHEMERAL)
    assert len(fitted(plain).text) == MESSAGE_LIMIT
    small = Reply("fine", Audience.EPHEMERAL)
    assert fitted(small) is small
