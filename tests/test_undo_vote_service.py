"""The undo vote in the service: one request at a time, the asker's own Agree, and what a
button of a vote that is over says."""

from __future__ import annotations

import asyncio

import pytest

from bot.replies import Audience
from tests.service_pebbles import GAME, ctx

CH = 500


async def asked(svc, players: int = 3, lang: str | None = None):
    """``players`` players; U1 plays a gem (a draw: taking it back needs the others'
    votes)."""
    await svc.new(ctx(1), "pebbles", **({"lang": lang} if lang else {}))
    for user in range(2, players + 1):
        await svc.join(ctx(user))
    await svc.start(ctx(1), order="joined")
    for user in range(1, players + 1):
        await svc.play(ctx(user), "ready")
    row = await svc.store.live_game(CH)
    gem = GAME.load(row.state)["hands"][0][0]
    await svc.play(ctx(1), f"play {gem}")
    [request] = await svc.undo(ctx(1))
    return request


async def test_a_second_request_is_refused_while_one_is_open(svc):
    request = await asked(svc)
    assert request.buttons
    again = await svc.undo(ctx(1))
    assert [r.audience for r in again] == [Audience.EPHEMERAL]
    assert "still open" in again[0].text and "(waiting for U2 and U3)" in again[0].text
    row = await svc.store.live_game(CH)
    assert len(await svc.store.votes(row.id, row.version)) == 1  # nothing changed


async def test_the_askers_own_agree_is_a_private_note(svc):
    request = await asked(svc)
    agree = request.buttons[0].custom_id
    for answer in (await svc.press_vote(ctx(1), agree), await svc.vote_undo(ctx(1), True)):
        assert [r.audience for r in answer] == [Audience.EPHEMERAL]
        assert "already counted" in answer[0].text
    assert await svc.undo_vote_open(agree) is True
    # a voter who already agreed is told the same
    await svc.press_vote(ctx(2), agree)
    assert "already counted" in (await svc.press_vote(ctx(2), agree))[0].text


async def test_a_button_of_a_vote_that_is_over_says_so(svc):
    request = await asked(svc)
    agree, refuse = (b.custom_id for b in request.buttons)
    refused = await svc.press_vote(ctx(2), refuse)
    assert "undo is off" in refused[0].text
    assert await svc.undo_vote_open(agree) is False
    late = await svc.press_vote(ctx(3), agree)
    assert [r.audience for r in late] == [Audience.EPHEMERAL]
    assert "over" in late[0].text and "refused" in late[0].text
    # a refused move is not asked again: U1 ends the turn, whose undo is asked and made,
    # and the first request's button now says the game moved on
    await svc.play(ctx(1), "end")
    request = (await svc.undo(ctx(1)))[0]
    await svc.press_vote(ctx(2), request.buttons[0].custom_id)
    await svc.press_vote(ctx(3), request.buttons[0].custom_id)
    late = await svc.press_vote(ctx(2), agree)
    assert "over" in late[0].text and "moved on" in late[0].text
    assert await svc.undo_vote_open("rb:1:2:7") is None  # not an undo button
    assert "not one of mine" in (await svc.press_vote(ctx(2), "rb:x:2:undo-yes"))[0].text


async def test_two_players_agreeing_at_once_make_the_undo(svc):
    """Each vote read the others before adding its own, so two at once each found the other
    missing: three votes, no undo, and the vote stuck open."""
    request = await asked(svc)
    before = await svc.store.live_game(CH)
    agree = request.buttons[0].custom_id
    answers = await asyncio.gather(svc.press_vote(ctx(2), agree), svc.press_vote(ctx(3), agree))
    said = " ".join(r.text for replies in answers for r in replies)
    assert "takes back 1 move" in said, said
    after = await svc.store.live_game(CH)
    assert after.version > before.version and not await svc.store.votes(after.id, after.version)


async def test_two_requests_at_once_post_one(svc):
    """The open-request check came before the vote was cast, so two /game undo at the same
    moment both posted a request and pinged everyone twice."""
    request = await asked(svc)
    await svc.press_vote(ctx(2), request.buttons[1].custom_id)  # refused: no request open
    await svc.play(ctx(1), "end")  # a new move to ask about (the refused one is not asked)
    answers = await asyncio.gather(svc.undo(ctx(1)), svc.undo(ctx(1)))
    posts = [r for replies in answers for r in replies if r.audience is Audience.CHANNEL]
    assert len(posts) == 1 and posts[0].buttons, posts
    assert any("still open" in r.text for replies in answers for r in replies)


async def test_the_request_post_is_told_the_outcome_once(svc):
    """Once the adapter says which message a request became, the reply that ends its vote
    carries that message's new text (``Reply.edits``); without it (the terminal) none."""
    request = await asked(svc)
    agree, refuse = (b.custom_id for b in request.buttons)
    assert await svc.undo_posted(agree, 4242) == []  # kept with the votes
    refused = await svc.press_vote(ctx(2), refuse)
    [edit] = [r for r in refused if r.edits is not None]
    assert (edit.edits, edit.audience, edit.buttons) == (4242, Audience.CHANNEL, [])
    assert edit.text == "**U2** refused the undo of **U1**'s last move; nothing was taken back."
    # asked again (for a new move: the refused one is not asked again): a vote already
    # over when its post is known is said over at once
    await svc.play(ctx(1), "end")
    again = (await svc.undo(ctx(1)))[0]
    await svc.press_vote(ctx(2), again.buttons[1].custom_id)
    [late] = await svc.undo_posted(again.buttons[0].custom_id, 4343)
    assert (late.edits, late.text) == (4343, "This undo vote is over: it ended before this "
                                             "post went out.")
    # and one whose post nobody kept (the terminal's) ends with no edit at all
    row = await svc.store.live_game(CH)
    await svc.play(ctx(2), f"play {GAME.load(row.state)['hands'][1][0]}")
    third = (await svc.undo(ctx(2)))[0]
    ended = await svc.press_vote(ctx(1), third.buttons[1].custom_id)
    assert not any(r.edits for r in ended)


async def test_the_call_to_vote_speaks_to_one_voter_as_du(svc):
    """German called a single voter "<@2>: stimmt zu oder lehnt ab", the plural."""
    request = await asked(svc, 2, "de")
    assert request.text.startswith("<@2>: stimm zu oder lehn ab, einen Zug in "), request.text



@pytest.mark.parametrize(("lang", "words"), [
    (None, "**U1** asks to take back their last move, with the moves after it by U2 and U3 "
           "(4 moves would be undone)."),
    ("de", "**U1** möchte den letzten Spielzug zurücknehmen, mit den Spielzügen danach von U2 und U3 "
           "(4 Spielzüge würden zurückgenommen).")])
async def test_the_request_names_whose_moves_go_with_the_askers(svc, lang, words):
    """Voters decide on more than the asker's move when others have played since: the
    request said only "asks to take back their last move (4 moves would be undone)"."""
    request = await asked(svc, 3, lang)
    assert "after it" not in request.text and "danach" not in request.text  # U1's alone
    await svc.press_vote(ctx(2), request.buttons[1].custom_id)  # refused: play on
    await svc.play(ctx(1), "end")
    for user in (2, 3):
        row = await svc.store.live_game(CH)
        await svc.play(ctx(user), f"play {GAME.load(row.state)['hands'][user - 1][0]}")
        if user == 2:
            await svc.play(ctx(user), "end")
    [again] = await svc.undo(ctx(1))
    # (under the call to vote, which leads: a push shows it)
    assert again.text.split("\n")[1].startswith(words), again.text


async def test_a_refusal_by_command_is_told_to_the_voter(svc):
    """Refused by /game undo-vote, the voter's "thinking…" went and only the request's post
    above changed; by the request's button, that post is what they pressed."""
    request = await asked(svc)
    await svc.undo_posted(request.buttons[0].custom_id, 4242)
    replies = await svc.vote_undo(ctx(2), False)
    [told] = [r for r in replies if r.audience is Audience.EPHEMERAL]
    assert told.user_id in (None, 2) and told.text == "You refused the undo; nothing was " \
        "taken back."
    assert [r.edits for r in replies if r.edits] == [4242]
    await svc.play(ctx(1), "end")  # a new move to ask about (the refused one is not asked)
    again = await svc.undo(ctx(1))
    await svc.undo_posted(again[0].buttons[0].custom_id, 4343)
    pressed = await svc.press_vote(ctx(2), again[0].buttons[1].custom_id)
    assert not [r for r in pressed if r.audience is Audience.EPHEMERAL]


async def test_a_request_that_takes_back_a_draw_already_seen_says_so(svc):
    """A replay deals the same cards: the asker would draw what they saw again, so the
    voters are told before they agree (a review drew card 37, undid, and drew it again)."""
    request = await asked(svc)  # U1's gem play drew a new gem, which U1 has seen
    assert "already drawn or shown, which comes again the same" in request.text
    await svc.abandon(ctx(1, manage=True))
    de = await asked(svc, lang="de")
    assert "schon gezogene oder gezeigte Karte zurück; sie kommt genauso wieder" in de.text


async def test_a_request_with_nothing_seen_says_nothing_of_draws(svc):
    await svc.new(ctx(1), "pebbles")
    for user in (2, 3):
        await svc.join(ctx(user))
    await svc.start(ctx(1), order="joined")
    for user in (1, 2, 3):
        await svc.play(ctx(user), "ready")
    await svc.play(ctx(1), "take 1")
    await svc.play(ctx(1), "end")
    await svc.play(ctx(2), "take 1")  # another's move after: the undo needs a vote
    [request] = await svc.undo(ctx(1))
    assert request.buttons and "drawn" not in request.text

