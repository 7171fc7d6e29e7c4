"""No channel post has a phase heading with nothing under it, through the Discord stand-in.
A Rhein board post after a player's move that ended a phase ended on "__Round 3/8 · Phase 2:
Load Containers__", nothing under it; the next post opened on the same heading again."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users

from tests.test_discord_standin_phase_titles import headed


def bare_headings(text: str) -> list[str]:
    """The headings in ``text`` that the text ends on or another heading follows."""
    lines = text.splitlines()
    heading = [line.startswith("__") and line.endswith("__") for line in lines]
    return [line for n, line in enumerate(lines)
            if heading[n] and (n + 1 == len(lines) or heading[n + 1])]


async def test_no_post_ends_on_a_heading_with_nothing_under_it(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        channel = bot.stand_in.channel
        people = [Member(bot, name) for name in ("Anna", "Bert")]
        await open_table(bot, "rhein", people)
        phases = set()
        for _ in range(30):  # into round 2
            row = await row_of(bot, channel)
            mover_id = (await seat_users(bot, row.id))[row.active_seats[0]]
            mover = next(m for m in people if m.id == mover_id)
            values = [c["value"] for c in await mover.autocomplete("play", "move", "")]
            # ending each step at once ends the phases quickly
            move = next((v for v in values if v in ("done", "pass")), values[0])
            await mover.command("play", channel, move=move)
        for post in bot.stand_in.posts(channel):
            title, headings = headed(post)
            phases.update(headings)
            text = "\n".join(e.get("description") or "" for e in post.embeds) or post.content
            assert not bare_headings(text), (title, text)
        assert len(phases) > 3, phases
