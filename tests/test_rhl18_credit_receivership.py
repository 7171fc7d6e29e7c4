"""A move an AI seat made for a corporation in receivership (18Rhl operates it: any player may
make its moves) is the corporation's in a turn DM's news and on the turn card's latest moves,
as it is in the channel, the AI seats' summary and /game log: both credited it to the AI's
seat ("**Bot 1** (sky): ADR (in receivership); ADR runs no trains", under Bot 1's colour on
the card), which read as that seat's own corporation. A player's move for it stays theirs."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from bot.service.base import Table
from bot.service.pictures import card_entries
from bot.store.rows import ActionRow, SeatRow
from engine import get_game
from engine.rhl18 import move_line as ML
from engine.text import msg
from tests.service_pebbles import ctx

# rhl_gen_6p_61007 before its action 143: ADR, in receivership since its president went
# bankrupt, is about to run
FIXTURE = "tests/fixtures/18rhl/rhl_gen_6p_61007.json.gz"
GAME = get_game("18rhl")


async def _receivership_table(tmp_path, locale: str = "en", reminded=None):
    """U1 (seat 0, a client in ``locale``) and five normal AI seats at that position, started;
    returns the service, its store and the turn cards' views drawn so far. ``reminded``:
    (clock, outbox) for reminders that DM into the outbox."""
    from bot.service import TablesService
    from bot.service.reminders import Reminders
    from bot.store import Store
    from engine.rhl18 import importer

    store = await Store.open(str(tmp_path / f"receivership-{locale}.sqlite3"))
    kwargs = {}
    if reminded is not None:
        clock, box = reminded
        kwargs = {"clock": clock, "reminders": Reminders(store, box.send_dm, box.post_channel,
                                                         clock)}
    service = TablesService(store, games={"18rhl": GAME}, render=lambda key, view: b"\x89PNG",
                            **kwargs)
    views: list[dict] = []
    service.card_render = lambda key, view: views.append(view) or b"\x89PNG card"
    export = importer.load_json(FIXTURE)
    me = replace(ctx(1), locale=locale)
    await service.import_18xx(me, dict(export, actions=export["actions"][:143]))
    await service.join(me)
    for _ in range(5):
        await service.add_bot(me, "normal")
    await service.start(me, order="joined")
    return service, store, views


async def test_the_turn_card_lists_an_ai_seats_receivership_move_as_the_corporations(tmp_path):
    service, store, views = await _receivership_table(tmp_path)
    moves = views[-1]["card"]["moves"]
    # under no seat's colour, the corporation named as the channel names it
    assert {"seat": None, "text": "ADR (in receivership): ADR runs no trains", "corp": "ADR"} \
        in moves, moves
    assert not any("receivership" in move["text"] for move in moves
                   if move["seat"] is not None), moves
    await store.close()


async def test_the_turn_dm_news_credits_an_ai_seats_receivership_move_to_the_corporation(
        tmp_path):
    from tests.test_pace_service import Clock, Outbox

    for locale, corporation in [("en", "**ADR (in receivership)**: ADR runs no trains"),
                                ("de", "**ADR (unter Zwangsverwaltung)**: ADR lässt keine Züge fahren")]:
        clock, box = Clock(), Outbox()
        service, store, _ = await _receivership_table(tmp_path, locale, (clock, box))
        reminders = service.reminders
        news = ""
        for _ in range(40):  # U1 plays on until ADR has run since their last move
            row = await store.latest_game(500)
            state = GAME.load(row.state)
            legal = GAME.legal(state, 0)
            move = next((m for m in legal if m.get("type") == "pass"), legal[0])
            await service.play(replace(ctx(1), locale=locale), GAME.format(state, move))
            clock.now += 13 * 3600  # past the last DM's repeat
            await reminders.run_due()
            dms = [text for user, text in box.dms if user == 1]
            news = dms[-1] if dms else ""
            if "ADR (" in news:
                break
        lines = news.splitlines()
        assert corporation in lines, news
        assert not any(line.startswith("**Bot") and "ADR (" in line for line in lines), news
        await store.close()


def _table() -> Table:
    seats = [SeatRow(1, n, n, None if n else 7, f"Bot {n}" if n else "Anna", colour,
                     bool(n), "normal" if n else None)
             for n, colour in enumerate(("orange", "sky"))]
    return Table(row=SimpleNamespace(language="en"), game=GAME, seats=seats)  # type: ignore[arg-type]


def _row(number: int, seat: int, user_id: int | None, lines: list) -> ActionRow:
    return ActionRow(number, 1, seat, user_id, "pass", lines, 0.0, 0, 0)


def test_a_move_is_the_corporations_only_when_an_ai_made_it():
    table = _table()
    lines = [msg(ML.RECEIVERSHIP, who="ADR"), msg("rhl18.log.runs_none", who="ADR")]
    assert table.credited_to(_row(1, 1, None, lines)) == ("ADR (in receivership)", lines[1:])
    # a player's move for the corporation stays the player's, every line kept
    assert table.credited_to(_row(2, 0, 7, lines)) == (0, lines)
    plain = [msg("rhl18.log.runs_none", who="CME")]
    assert table.credited_to(_row(3, 1, None, plain)) == (1, plain)


def test_an_ai_seats_own_moves_and_its_moves_for_a_corporation_are_runs_apart():
    """card_entries joined one seat's moves in a row into one entry, whoever they were for:
    Bot 1's CME run and the ADR moves it made next read as one run of Bot 1's."""
    table = _table()
    adr = [msg(ML.RECEIVERSHIP, who="ADR"), msg("rhl18.log.runs_none", who="ADR")]
    rows = [_row(1, 1, None, [msg("rhl18.log.runs_none", who="CME")]),
            _row(2, 1, None, adr), _row(3, 1, None, adr), _row(4, 0, 7, adr)]
    movers = [table.credited_to(row)[0] for row in rows]
    assert card_entries(rows, movers) == [[0], [1, 2], [3]]
    assert card_entries(rows) == [[0, 1, 2], [3]]  # by seat alone, as before
