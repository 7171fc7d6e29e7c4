"""What the channel gets once an undo vote ends, through the Discord stand-in: the turn card
after an accepted undo marks no place the taken-back moves had changed (it tagged empty
spaces under "Keine neuen Spielzüge"), the undo is one post with the board it changed (the
line and an empty board were two), a refusal is said where the vote was and posted nowhere
else, and the players whose moves go with the asker's are named with "und"/"and"."""

from __future__ import annotations

import random

from discord_standin import Member, running_bot
from discord_standin.table import Played, play_turn, row_of, seat_users

from render import changes

YES, NO = "undo-yes", "undo-no"


async def after_a_round(bot, cards: list[dict]):
    """Anna and Bert (German) and an AI seat at Rheinländer, played until Anna's turn comes
    with a card that shows the others' moves since her own (a card the undo makes out of
    date). ``cards``: every turn card's view, in order."""
    service = bot.client.adapter.service
    draw = service.card_render
    service.card_render = lambda key, view: cards.append(view) or draw(key, view)
    anna, bert = Member(bot, "Anna", "de"), Member(bot, "Bert", "de")
    channel = bot.stand_in.channel
    await anna.command("game new", channel, game="rheinlaender", language="de")
    await bert.command("game join", channel)
    await anna.command("game add-bot", channel, level="easy")
    await anna.command("game start", channel, order="joined")
    by_id = {anna.id: anna, bert.id: bert}
    played, rng = Played(), random.Random(3)
    for _ in range(40):
        row = await row_of(bot, channel)
        users = await seat_users(bot, row.id)
        anna_seat = next(s for s, u in users.items() if u == anna.id)
        waiting = [by_id[users[s]] for s in row.active_seats if users.get(s) in by_id]
        others = {m["seat"] for m in cards[-1]["card"]["moves"]} - {anna_seat}
        if waiting == [anna] and len(others) == 2 and \
                any(record.user_id == anna.id for record in played.moves):
            assert changes.places(cards[-1]["card"]["changed"])
            return anna, bert
        await play_turn(bot, waiting[0], channel, rng, played)
    raise AssertionError("Anna's turn never came round again")


def request_of(record):
    [request] = [m for m in record.visible_posts if any(c.endswith(YES) for c in m.custom_ids)]
    return request


def button(message, suffix):
    return next(c for c in message.custom_ids if c.endswith(suffix))


async def test_an_accepted_undo_is_one_post_and_its_card_marks_no_taken_back_move(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        cards: list[dict] = []
        anna, bert = await after_a_round(bot, cards)
        request = request_of(await anna.command("game undo", bot.stand_in.channel))
        assert "mit den Spielzügen danach von Bert und Bot 1 (" in request.text, request.text
        drawn = len(cards)
        done = await bert.press(request, button(request, YES))
        assert not done.errors
        assert request.text.startswith("Rücknahme angenommen: Der letzte Spielzug von **Anna**")
        # the board it changed (the request's post says the undo: no line says it again),
        # then the prompt with its card
        posts = done.visible_posts
        assert len(posts) == 2, [m.text for m in posts]
        board, prompt = posts
        assert board.embeds and board.files and "nimmt" not in board.text
        assert f"<@{anna.id}>" in prompt.text and any("turn-card" in name
                                                      for name, _ in prompt.files)
        # the card lists the latest moves that stand (Anna's, of the turn the undo went
        # back into) and marks their places: none of those of Bert's and Bot 1's knights,
        # taken back, which it tagged on empty spaces under "Keine neuen Spielzüge"
        assert len(cards) == drawn + 1
        card, taken_back = cards[-1]["card"], changes.places(cards[drawn - 1]["card"]["changed"])
        anna_seat = card["acting"][0]
        assert [move["seat"] for move in card["moves"]] == [anna_seat], card["moves"]
        assert changes.places(card["changed"]) and \
            not set(changes.places(card["changed"])) & set(taken_back), card["changed"]

async def test_a_refused_undo_is_said_where_the_vote_was(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert = await after_a_round(bot, [])
        channel = bot.stand_in.channel
        request = request_of(await anna.command("game undo", channel))
        row = await row_of(bot, channel)
        refused = await bert.press(request, button(request, NO))
        # no second post saying it again ("Bert lehnt ab; die Rücknahme fällt aus."): the
        # request's post, edited, says it, and nothing on the board changed
        assert refused.visible_posts == [] and not refused.errors
        assert request.text == ("**Bert** hat die Rücknahme des letzten Spielzugs von **Anna** "
                                "abgelehnt; es wurde nichts zurückgenommen.")
        assert request.custom_ids == []
        assert (await row_of(bot, channel)).version == row.version
