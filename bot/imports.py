"""Importing an 18xx.games export of 18Rhl as a table that play continues on Discord.

How seats are mapped: the export's players become seats 1..n in the export's order. The
import opens a lobby for exactly n players that nobody sits in yet; members take the seats
with ``/game join`` in that order (the first to join plays the export's first player, and so
on; ``/game add-bot`` puts an AI in the next seat), and the creator starts it with
``/game start`` (the join order is always kept). Seats can be handed over later with
``/game kick player: replacement:`` like in any game. The board and charters keep the
18xx.games names of the players, so the history stays readable.

Replays (undo, a snapshot that no longer loads) start from the imported state, which the store
keeps (``game_origins``); moves before the import cannot be undone.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from bot.i18n import language
from bot.replies import Reply
from bot.store import ChannelBusy
from engine.rhl18.importer import import_game
from engine.text import text_of

if TYPE_CHECKING:
    from bot.service import Ctx, TablesService

GAME_KEY = "18rhl"
MAX_EXPORT = 20 * 1024 * 1024  # an 18xx.games export of a long game is well under 2 MB


class BadExport(ValueError):
    """An upload that is not an 18Rhl export we can replay; the message says why."""


def decode_export(raw: bytes) -> dict[str, Any]:
    """The export dict from an uploaded file (JSON, or gzip-compressed JSON)."""
    if len(raw) > MAX_EXPORT:
        raise BadExport("That file is too big for an 18xx.games export.")
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise BadExport("That file is not JSON: download the game from 18xx.games "
                        "(Tools -> Download game data) and upload that file.") from None
    check_export(data)
    return data


def check_export(data: Any) -> None:
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list) or \
            not isinstance(data.get("players"), list):
        raise BadExport("That is not an 18xx.games game export (players and actions missing).")
    if str(data.get("title", "")).lower() != "18rhl":
        raise BadExport(f"That export is a game of {data.get('title')!r}; only 18Rhl exports "
                        "can be imported.")


def replay(data: dict[str, Any]) -> dict[str, Any]:
    """Strict replay of the export (every lay, token and route checked by our rules)."""
    check_export(data)
    try:
        return import_game(data)
    except Exception as error:  # noqa: BLE001 - any failure means: this export does not replay
        raise BadExport(f"The export does not replay under our rules: {error}") from error


def lobby_text(title: str, imported: dict[str, Any], game_id: int, phase: str,
               source: str) -> str:
    names = imported["names"]
    seats = ", ".join(f"{n}. {name}" for n, name in enumerate(names, 1))
    state = "finished" if imported["result"] else f"now at {phase}"
    return (f"**{title}** imported from {source} as table {game_id}: "
            f"{len(imported['actions'])} moves replayed, {state}.\n"
            f"Seats in the export's order: {seats}.\nTake them with /game join in this "
            f"order (the first to join plays {names[0]}); /game add-bot puts an AI in the "
            f"next seat. Then /game start.")


async def open_imported(service: TablesService, ctx: Ctx, data: dict[str, Any]
                        ) -> list[Reply]:
    """The service operation behind ``/game import`` and ``rheinbot import-18xx``."""
    from bot.service import Refusal, _public

    if ctx.guild_id is None:
        raise Refusal("svc.no_dm")
    try:
        imported = await asyncio.to_thread(replay, data)
    except BadExport as error:
        raise Refusal(text_of(error)) from None
    game = service._game(GAME_KEY)
    state = imported["state"]
    count = imported["num_players"]
    now = service.clock()
    try:
        row = await service.store.create_game(
            guild_id=ctx.guild_id, channel_id=ctx.channel_id, game_key=GAME_KEY,
            options=game.normalise_options(imported["options"]), seed=imported["seed"],
            creator_id=ctx.user_id, min_players=count, max_players=count, now=now,
            language=language(ctx.guild_locale or "en"))
    except ChannelBusy:
        raise Refusal("svc.busy") from None
    source = f"18xx.games game {data.get('id', '?')}"
    await service.store.save_origin(row.id, source, game.dump(state),
                                    len(imported["actions"]), now)
    text = lobby_text(game.title, imported, row.id, game.phase(state), source)
    return [_public(text, title=game.title)]


# == rheinbot import-18xx ======================================================================
def add_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("export", help="an 18xx.games export of 18Rhl (.json or .json.gz)")
    command.add_argument("--out", default=None, help="save the board PNG here (a folder)")
    command.add_argument("--db", default=None,
                         help="also open the table in this bot database (needs --channel)")
    command.add_argument("--guild", type=int, default=None, help="the server id (with --db)")
    command.add_argument("--channel", type=int, default=None,
                         help="the channel or thread id the table opens in (with --db)")
    command.add_argument("--user", type=int, default=0,
                         help="the Discord user id of the table's creator (with --db)")


def cmd_import_18xx(args: argparse.Namespace, out: TextIO,
                    render: Callable[[str, dict], bytes]) -> int:
    """Replay an export strictly and summarise it; optionally save its board and open it as a
    table in a bot database, where players join in the export's order."""
    from engine import get_game

    try:
        data = decode_export(Path(args.export).read_bytes())
        imported = replay(data)
    except (OSError, BadExport) as error:
        out.write(f"{args.export}: {error}\n")
        return 1
    game, state = get_game(GAME_KEY), imported["state"]
    out.write(f"{game.title}: {imported['num_players']} players "
              f"({', '.join(imported['names'])}), {len(imported['actions'])} moves replayed, "
              f"{'finished' if imported['result'] else game.phase(state)}.\n")
    for standing in game.result(state) or []:
        out.write(f"  {standing.rank}. {imported['names'][standing.seat]}: "
                  f"{standing.score}\n")
    if args.out:
        folder = Path(args.out)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"18rhl-import-{data.get('id', 'game')}.png"
        path.write_bytes(render(GAME_KEY, game.view(state, None)))
        out.write(f"Board: {path}\n")
    if args.db:
        if args.channel is None or args.guild is None:
            out.write("--db needs --guild and --channel (where the table opens).\n")
            return 2
        return asyncio.run(_open_in_db(args, data, out, render))
    return 0


async def _open_in_db(args: argparse.Namespace, data: dict[str, Any], out: TextIO,
                      render: Callable[[str, dict], bytes]) -> int:
    from bot.service import Ctx, TablesService
    from bot.store import Store

    store = await Store.open(args.db)
    try:
        service = TablesService(store, render=render)
        ctx = Ctx(guild_id=args.guild, channel_id=args.channel, user_id=args.user,
                  user_name="rheinbot import-18xx", can_manage=True)
        replies = await service.import_18xx(ctx, data)
    finally:
        await store.close()
    for reply in replies:
        out.write(reply.text + "\n")
    return 0 if replies and replies[0].is_public else 1
