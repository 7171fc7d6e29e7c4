"""The turn card draws an 18Rhl move under its corporation's colour and mark only when the
move is made for that corporation, as the move itself says (``Game.acting_for``), never
because of the move's first word: a player named "GVE" buying a share was drawn in GVE's
grey with GVE's "G" beside it, as if the corporation had moved."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest
from PIL import Image

from bot.service import TablesService
from bot.store import Store
from engine import GAMES, ai
from render import turn_card
from render.rhl18_tiles import CORP_COLOURS, CORP_MARKS
from render.text_draw import recording
from tests.service_pebbles import ctx
from tests.test_render_colour_vision_rhl18 import _card, _laying_track


def _square(png: bytes, line_box: tuple[float, ...]) -> set[tuple[int, int, int]]:
    """The colours of the square left of a move's line, at the line's middle."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    y = int((line_box[1] + line_box[3]) // 2)
    x0 = turn_card.COLUMN[0]
    return {image.getpixel((x, y)) for x in range(x0 + 2, x0 + 6)}


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _near(seen: set[tuple[int, int, int]], colour: str) -> bool:
    want = _rgb(colour)
    return any(sum(abs(a - b) for a, b in zip(pixel, want, strict=True)) < 30 for pixel in seen)


def _drawn(view: dict, lang: str, move: dict) -> tuple[bytes, list]:
    card = _card(view, lang, [move])
    card["seats"][2] = {**card["seats"][2], "name": "GVE"}
    with recording() as texts:
        png = turn_card.render("18rhl", card)
    return png, texts


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "GVE buys 10% of ADR from the IPO for 70M"),
    ("de", "GVE kauft 10 % ADR aus der Erstausgabe für 70M"),
])
def test_a_player_named_like_a_corporation_keeps_their_seat_colour(lang: str, said: str) -> None:
    view = _laying_track()
    png, texts = _drawn(view, lang, {"seat": 2, "text": said})
    line = next(t for t in texts if t.text.startswith(said[:12]))  # its first line
    beside = [t for t in texts if t.text == CORP_MARKS["GVE"] and t.box[2] <= line.box[0]
              and abs((t.box[1] + t.box[3]) / 2 - (line.box[1] + line.box[3]) / 2) < 12]
    assert not beside, "the player's move carries GVE's mark"
    seen = _square(png, line.box)
    assert not _near(seen, CORP_COLOURS["GVE"]), seen
    assert _near(seen, turn_card.colour_of("18rhl", _card(view, lang, []), 2)), seen


def test_a_corporations_move_is_drawn_by_its_corp_not_its_words() -> None:
    view = _laying_track()
    said = "lays tile 9 on J9"  # no corporation named first: the record says whose it is
    png, texts = _drawn(view, "en", {"seat": 2, "text": said, "corp": "ADR"})
    line = next(t for t in texts if t.text == said)
    assert any(t.text == CORP_MARKS["ADR"] and t.box[2] <= line.box[0] for t in texts)
    assert _near(_square(png, line.box), CORP_COLOURS["ADR"])


async def test_the_cards_moves_say_which_corporation_they_are_made_for(tmp_path) -> None:
    """Through the service: a player named "GVE" plays the auction and stock round and a
    corporation's operating moves follow; only the latter come with ``corp``."""
    store = await Store.open(str(tmp_path / "corp.sqlite3"))
    cards: list[dict] = []
    service = TablesService(store, games={"18rhl": GAMES["18rhl"]},
                            render=lambda key, view: b"\x89PNG", seed_source=lambda: 5)
    service.card_render = lambda key, view: cards.append(view) or b"\x89PNG card"
    people = {1: replace(ctx(1), user_name="GVE"), 2: ctx(2), 3: ctx(3)}
    await service.new(people[1], "18rhl", min_players=3, max_players=3)
    for user in (2, 3):
        await service.join(people[user])
    await service.start(people[1], order="joined")
    game = GAMES["18rhl"]
    seen_corp = seen_gve = False
    for step in range(400):
        state = game.load((await store.latest_game(500)).state)
        seat = game.active(state)[0]
        move = ai.choose(game, state, seat, "normal", step)
        await service.play(people[seat + 1], game.format(state, move))
        for entry in cards[-1]["card"]["moves"] if cards else []:
            if entry["text"].startswith("GVE ") and "corp" not in entry:
                seen_gve = True
            if "corp" in entry:
                assert entry["corp"] in CORP_MARKS, entry
                assert not entry["text"].startswith("GVE buys a"), entry
                seen_corp = True
        if seen_corp and seen_gve:
            break
    assert seen_gve and seen_corp, cards[-1]["card"]["moves"]
    await store.close()


async def test_through_discord_a_member_named_gve_is_no_corporation_on_the_card(
        tmp_path, monkeypatch) -> None:
    """The same through the real discord.py client: the cards the channel is posted list
    the member "GVE"'s own moves without a corporation, a corporation's with it."""
    from discord_standin import Member, running_bot
    from discord_standin.table import open_table, row_of, seat_users

    game = GAMES["18rhl"]
    async with running_bot(tmp_path, monkeypatch, seed=7) as bot:
        service = bot.client.adapter.service
        drawn, cards = service.card_render, []
        service.card_render = lambda key, view: cards.append(view) or drawn(key, view)
        members = [Member(bot, name, locale="de" if name == "Cora" else "en-US")
                   for name in ["GVE", "Bert", "Cora"]]
        await open_table(bot, "18rhl", members)
        own = corporation = False
        for step in range(300):
            for entry in (cards[-1]["card"]["moves"] if cards else []):
                own |= entry["text"].startswith("GVE ") and "corp" not in entry
                corporation |= entry.get("corp") in CORP_MARKS
            if own and corporation:
                break
            row = await row_of(bot, bot.stand_in.channel)
            state = game.load(row.state)
            seat = game.active(state)[0]
            users = await seat_users(bot, row.id)
            member = next(m for m in members if m.id == users[seat])
            move = ai.choose(game, state, seat, "normal", step)
            await member.command("play", bot.stand_in.channel, move=game.format(state, move))
        assert own and corporation, cards[-1]["card"]["moves"] if cards else "no card"
        # the member's share purchases and bids ("GVE buys 10% of ADR", "GVE bids ...") are
        # theirs, not the corporation's
        assert not any(entry.get("corp") and re.match(r"GVE (buys \d+% of|bids) ", entry["text"])
                       for view in cards for entry in view["card"]["moves"])
