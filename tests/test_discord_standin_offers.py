"""18Rhl train offers through the Discord stand-in (issue 15): AI corporations with normal AI
seats do not offer trains again and again. Read from the game's log (the players leave
early, and the channel then sums up the AI seats' play as a count): within one operating
round, no train is offered again at a price its seller has declined (or less), and the log
never reads offer after offer (one 4-player demo once had 96 lines). The offers checked are the
normal AI seats' (the seats of the players who left play at normal too). Seed 1 trades
once; with every seat at normal none of seeds 1-17 had an offer declined, so the
declined-price check below has nothing to bite on in this game."""

from __future__ import annotations

import re

from discord_standin import running_bot
from discord_standin.table import game_of_two, row_of

from engine.text import say

OFFER = re.compile(r"(\w+) offers (\w+) (\d+)M for an? ([\w-]+)")
DECLINE = re.compile(r"(\w+) declines (\w+)'s offer of (\d+)M for an? ([\w-]+)")
HEADING = re.compile(r"^-- Operating Round (.+) --$", re.M)


def operating_rounds(text: str) -> list[str]:
    """The log cut at its operating rounds' headings."""
    return [part for part in HEADING.split(text) if "offers" in part or "declines" in part]


async def test_ai_corporations_do_not_repeat_train_offers(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=1) as bot:
        fake = bot.stand_in
        played = await game_of_two(bot, "18rhl", 6, bots=2, level="normal")
        assert played.status == "finished"
        row = await row_of(bot, fake.channel)
        normal = {s.seat for s in await bot.client.store.seats(row.id)
                  if s.is_ai and s.ai_level == "normal"}
        said = [(action.seat, say(line, "en"))
                for action in await bot.client.store.actions(row.id) for line in action.lines]
        text = "\n".join(line for seat, line in said if seat in normal or not OFFER.search(line))
        offers = OFFER.findall(text)
        for part in operating_rounds(text):
            declined: dict[tuple[str, str, str], int] = {}
            seen: set[tuple[str, str, str, str]] = set()
            for line in re.split(r" · |\n", part):
                if found := DECLINE.search(line):
                    _, buyer, price, train = found.groups()
                    declined[(buyer, train, "")] = int(price)
                elif found := OFFER.search(line):
                    buyer, seller, price, train = found.groups()
                    assert (buyer, seller, price, train) not in seen, line
                    seen.add((buyer, seller, price, train))
                    assert int(price) > declined.get((buyer, train, ""), -1), line
        assert offers  # this seeded table does trade (one offer, none declined, when written)
        assert len(offers) <= 10, offers
