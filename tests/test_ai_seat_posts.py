"""What the channel gets of AI seats' moves: their text, and a board when a phase ends,
not a picture per move. A phone-player review counted six pictures in one post after a
human move at an 18Rhl table: a full-height map of each AI corporation's routes run. It
also found the new phase said at the end of an AI seat's line, after its train buy."""

from __future__ import annotations

import re

import engine
from bot.i18n import t
from engine import text as texts
from tests.service_pebbles import ctx, play_meaning_it


async def test_ai_corporations_run_their_routes_without_a_map_each(tmp_path):
    from bot.service import TablesService
    from bot.store import Store

    key = "18rhl"
    store = await Store.open(str(tmp_path / "routes.sqlite3"))
    drawn: list[dict] = []

    def render(game_key: str, view: dict) -> bytes:
        drawn.append(view)
        return b"\x89PNG"

    service = TablesService(store, games={key: engine.get_game(key)}, render=render,
                            seed_source=lambda: 5, ai_limit=700)
    await service.new(ctx(1), key, min_players=3, max_players=3)
    await service.leave(ctx(1))
    for _ in range(3):
        await service.add_bot(ctx(1), "normal")
    replies = await service.start(ctx(1), order="joined")
    row = await store.latest_game(500)
    runs = [a for a in await store.actions(row.id) if "run" in a.notation.split()[:2]]
    assert runs, "the AI seats ran no routes within the move limit"
    kinds = [(view.get("image") or {}).get("kind") for view in drawn]
    assert "routes" not in kinds
    said = "\n".join(reply.text for reply in replies)
    assert "-train runs for " in said  # the run is said: "DEE's 2-train runs for 60M: F13-F9"
    phase = texts.render("rhl18.log.phase", {"phase": 3, "limit": 4}, "en")
    assert phase in said.splitlines(), "phase 3 is a line of its own"
    await store.close()


async def knocked_out(tmp_path) -> tuple[list[str], str]:
    """A 3-seat Rhein table whose human takes the first move offered until they go bankrupt
    and the AI seats finish the game in the same call: that call's channel posts, and the
    bankruptcy's text."""
    from bot.service import TablesService
    from bot.store import Store

    key = "rhein"
    game = engine.get_game(key)
    store = await Store.open(str(tmp_path / "out.sqlite3"))
    service = TablesService(store, games={key: game}, render=lambda k, v: b"\x89PNG",
                            seed_source=lambda: 3)
    await service.new(ctx(1), key, min_players=3, max_players=3)
    for _ in range(2):
        await service.add_bot(ctx(1), "normal")
    await service.start(ctx(1), order="joined")
    bankrupt = ""
    for _ in range(200):  # the human takes the first move offered, and soon cannot pay
        row = await store.latest_game(500)
        state = game.load(row.state)
        replies = await play_meaning_it(service, ctx(1),
                                        game.format(state, game.legal(state, 0)[0]))
        # the line names what went unpaid ("U1 cannot pay 4 for expired orders (has 2), …")
        said = [re.search(r"U1 cannot pay [^\n]*? goes bankrupt and is out of the game\.",
                          reply.text) for reply in replies]
        if any(said):
            bankrupt = next(found[0] for found in said if found)
            break
    else:
        raise AssertionError("the human never went bankrupt")
    row = await store.latest_game(500)
    assert row.status == "finished"
    await store.close()
    return [reply.text for reply in replies if reply.is_public], bankrupt


async def test_a_knocked_out_human_gets_the_knock_out_and_the_result_not_every_later_round(
        tmp_path):
    """The review's human went bankrupt in round 4 of 10; the AI seats then played six
    rounds on in one go, four posts of about 2,000 characters with the bankruptcy and its
    ping in the middle of the second."""
    posts, bankrupt = await knocked_out(tmp_path)
    [told] = [post for post in posts if bankrupt in post]
    after = told.split(bankrupt, 1)[1].splitlines()[1:]
    more = t("svc.ai_more", "en", count=0).split("0")[0]  # "… and "
    assert after and after[0].startswith(more), told  # the rounds after, as a count
    assert len(posts) <= 3 and sum(map(len, posts)) < 2500, posts


async def test_when_the_last_human_leaves_the_ai_seats_play_on_without_a_post_per_turn(
        tmp_path):
    """A review's Rheinländer table got 60 AI turns in four posts, each under its own
    heading, when its last player left; the result came under 16 more of them."""
    from bot.service import TablesService
    from bot.store import Store

    key = "rheinlaender"
    game = engine.get_game(key)
    store = await Store.open(str(tmp_path / "left.sqlite3"))
    service = TablesService(store, games={key: game}, render=lambda k, v: b"\x89PNG",
                            seed_source=lambda: 2)  # a game whose last move says it ends
    await service.new(ctx(1), key, min_players=3, max_players=3, lang="de")
    for _ in range(2):
        await service.add_bot(ctx(1), "normal")
    await service.start(ctx(1), order="joined")
    for _ in range(3):  # U1 plays a turn, then leaves
        state = game.load((await store.latest_game(500)).state)
        await service.play(ctx(1), game.format(state, game.legal(state, 0)[0]))
    replies = await service.leave(ctx(1))
    row = await store.latest_game(500)
    assert row.status == "finished"
    posts = [reply.text for reply in replies if reply.is_public]
    more = t("svc.ai_more", "de", count=0).split("0")[0]  # "… und "
    said = "\n".join(posts)
    lines = said.splitlines()
    assert sum(line.startswith(more) for line in lines) == 1, said
    assert "__" not in said  # no phase headings: one count for the whole run
    # the game's last move after the count: how it ended, which the result does not say
    last = lines[next(n for n, line in enumerate(lines) if line.startswith(more)) + 1]
    assert last.startswith("**Bot ") and "das spiel endet" in last.lower(), said
    assert len(posts) <= 3 and len(said) < 1500, posts
    await store.close()


def test_an_18rhl_bankruptcy_is_an_alert_that_pings_the_player():
    """"-- Bert goes bankrupt --" ran on mid-line, pinged nobody, and the AI seats' play
    after it filled nine posts (the knock-out count needs it to be an alert)."""
    from types import SimpleNamespace

    from bot.service.base import Table
    from engine.text import msg, player

    game = engine.get_game("18rhl")
    seats = [SimpleNamespace(seat=n, name=name, colour=colour, user_id=n + 1, is_ai=False)
             for n, (name, colour) in enumerate([("Anna", "orange"), ("Bert", "sky")])]
    table = Table(row=SimpleNamespace(language="en"), game=game, seats=seats)  # type: ignore[arg-type]
    said, [record] = table.said_apart([msg("rhl18.log.bankrupt", who=player(1))])
    assert said == "" and record == "**Bert goes bankrupt and leaves the game.** <@2>"


# -- 18Rhl train offers among AI seats --------------------------------------------------------
# rhl_gen_3p_31001 before its action 39: GVE (seat 2 presides) may buy RhE's 2-1 (seat 0's).
OFFER_FIXTURE = "tests/fixtures/18rhl/rhl_gen_3p_31001.json.gz"
TRAIN_OFFER = {"type": "buy_train", "entity": "GVE", "train": "2-1", "price": 35}


async def _offer_table(tmp_path, name: str, human_seat: int, monkeypatch,
                       cards_for_ai: bool = False, lang: str = "en", answer: str = "decline"):
    """The imported position with U1 at ``human_seat`` and AI seats at the others, whose
    GVE offers RhE 35M for its 2-train and whose RhE, if an AI's, declines (``answer``; the
    other AI moves are their own), at a table in ``lang``. Returns the store and the
    start's replies; ``_offer_table.service`` is the service."""
    from dataclasses import replace

    from bot.service import TablesService, ai
    from bot.store import Store
    from engine.rhl18 import flow as F
    from engine.rhl18 import importer

    game = engine.get_game("18rhl")
    chosen = ai.choose

    def scripted(game_, state, seat, level, seed, version):
        offer = state["round"].get("offer")
        if offer:
            return next(m for m in game_.legal(state, seat) if m["type"] == answer)
        if state["round"]["type"] == "Operating" and state["round"]["step"] == "BuyTrain" \
                and F.current_corp(state) == "GVE" and \
                "2-1" not in state["round"]["t"].get("declined", {}):
            return TRAIN_OFFER
        return chosen(game_, state, seat, level, seed, version)

    monkeypatch.setattr(ai, "choose", scripted)
    store = await Store.open(str(tmp_path / f"{name}.sqlite3"))
    service = TablesService(store, games={"18rhl": game}, render=lambda k, v: b"\x89PNG",
                            seed_source=lambda: 3)
    service.cards_for_ai = cards_for_ai
    export = importer.load_json(OFFER_FIXTURE)
    await service.import_18xx(replace(ctx(1), guild_locale=lang, locale=lang),
                              dict(export, actions=export["actions"][:38]))
    _offer_table.service = service  # type: ignore[attr-defined]
    for seat in range(3):
        await (service.join(ctx(1)) if seat == human_seat else service.add_bot(ctx(1), "normal"))
    return store, await service.start(ctx(1), order="joined")


async def test_an_offer_between_ai_seats_and_its_answer_are_one_line_of_the_buyers(
        tmp_path, monkeypatch):
    """The offer, the seller's answer and the buyer's next move read as three turns of two
    seats ("Bot 1: CME offers ... / Bot 2: CME declines ... / Bot 1: ..."), and the demo,
    which shows a turn card at every change of seat, posted each apart. An offer to a
    human's corporation still stops the AI seats and asks that human, pinged, with buttons."""
    store, replies = await _offer_table(tmp_path, "ai", 1, monkeypatch)
    said = "\n".join(reply.text for reply in replies if reply.is_public)
    [line] = [line for line in said.splitlines() if "GVE offers RhE 35M" in line]
    assert line.startswith("**Bot 2** (") and \
        "GVE offers RhE 35M for a 2-train; RhE declines" in line, said
    assert not any(line.startswith("**Bot 1** (") and "RhE" in line and "decline" in line
                   for line in said.splitlines()), said
    await store.close()

    # the demo: the buyer's turn, its offer and the answer, one post (no new turn for RhE)
    store, replies = await _offer_table(tmp_path, "cards", 1, monkeypatch, cards_for_ai=True)
    [post] = [reply.text for reply in replies if "GVE offers RhE 35M" in reply.text]
    assert "GVE offers RhE 35M for a 2-train; RhE declines" in post, post
    await store.close()

    store, replies = await _offer_table(tmp_path, "human", 0, monkeypatch)
    said = "\n".join(reply.text for reply in replies if reply.is_public)
    assert "GVE offers RhE 35M for a 2-train" in said and "declines" not in said, said
    [prompt] = [reply for reply in replies if reply.text.startswith("<@1>: your turn")]
    assert [button.label.split(":")[0] for button in prompt.buttons] == ["Accept", "Decline"]
    await store.close()


async def test_a_players_offer_and_an_ai_seats_answer_are_one_line_of_the_players(
        tmp_path, monkeypatch):
    """A player's offer for a train an AI seat's corporation owns made three posts, where
    every other move makes at most two: the player's line, the AI's answer as a post of its
    own, then the prompt. The answer now ends the player's line, as between AI seats."""
    for lang, answer, line in [
            ("en", "decline", "**U1** (green): GVE offers RhE 35M for a 2-train; RhE declines"),
            ("en", "accept", "**U1** (green): GVE offers RhE 35M for a 2-train; RhE accepts"),
            ("de", "decline", "**U1** (Grün): GVE bietet RhE 35M für einen 2-Zug; RhE lehnt ab")]:
        store, _ = await _offer_table(tmp_path, f"{lang}-{answer}", 2, monkeypatch,
                                      lang=lang, answer=answer)
        service = _offer_table.service  # type: ignore[attr-defined]
        game = engine.get_game("18rhl")
        state = game.load((await store.latest_game(500)).state)
        replies = await service.play(ctx(1), game.format(state, TRAIN_OFFER))
        posts = [reply.text for reply in replies if reply.is_public]
        assert len(posts) == 2, posts  # the line with its answer, and the prompt
        assert posts[0] == line, posts
        assert posts[1].startswith("<@1>: "), posts  # U1's GVE buys on
        await store.close()
