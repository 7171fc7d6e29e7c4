"""Importing an 18xx.games export of 18Rhl as a table that play continues on Discord.

How seats are mapped: the export's players become seats 1..n in the export's order. The
import opens a lobby for exactly n players that nobody sits in yet; members take the seats
with ``/game join`` in that order (the first to join plays the export's first player, and so
on; ``/game add-bot`` puts an AI in the next seat), and who runs the table (the importer,
seated or not; for an import on no member's behalf the first to join), whom the post names,
starts it with ``/game start`` (the join order is always kept). Seats can be handed over
later with ``/game kick player: replacement:`` like in any game. The board and charters keep the
18xx.games names of the players, so the history stays readable.

Replays (undo, a snapshot that no longer loads) start from the imported state, which the store
keeps (``game_origins``); moves before the import cannot be undone.

Texts are catalogue keys ``rhl18.import.*`` (bot/locales/<lang>/rhl18.json): a refusal is a
``Msg`` the front door says in the caller's language, the lobby post is in the table's, and
``rheinbot import-18xx`` writes in ``--lang`` (or RHEINBOT_LANG).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import zlib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TextIO

from bot.i18n import language
from engine.rhl18.importer import import_game
from engine.text import DEFAULT, LANGUAGES, msg, say, text_of

GAME_KEY = "18rhl"
# An 18xx.games export of a long game is well under 2 MB (gzip: ~150 KB); the bounds leave
# room for that many times over and keep a hostile upload from costing memory or time.
MAX_UPLOAD = 8 * 1024 * 1024     # bytes of the uploaded file (Discord says its size first)
MAX_INFLATED = 32 * 1024 * 1024  # bytes a .json.gz may inflate to
MAX_DEPTH = 16  # an export nests 7 deep (game, actions, action, routes, route, lists, pairs)
_CHUNK = 1024 * 1024
_TOKENS = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class BadExport(ValueError):
    """An upload that is not an 18Rhl export we can replay; the message (a catalogue
    ``Msg``, kept by ``text_of``) says why."""


def decode_export(raw: bytes) -> dict[str, Any]:
    """The export dict from an uploaded file (JSON, or gzip-compressed JSON), within the
    bounds above: a file too big, a gzip that inflates too far or JSON nested deeper than an
    export is refused with a message saying which (before json.loads could exhaust memory or
    recursion)."""
    if len(raw) > MAX_UPLOAD:
        raise BadExport(msg("rhl18.import.too_big", mib=MAX_UPLOAD // 2**20))
    if raw[:2] == b"\x1f\x8b":
        raw = inflate(raw)
    depth = json_depth(raw)
    if depth > MAX_DEPTH:
        raise BadExport(msg("rhl18.import.too_deep", depth=MAX_DEPTH))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise BadExport(msg("rhl18.import.not_json")) from None
    check_export(data)
    return data


def inflate(raw: bytes, limit: int = MAX_INFLATED) -> bytes:
    """Gzip data inflated chunk by chunk, refused as soon as it passes ``limit`` bytes."""
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    out = bytearray()
    pending = raw
    try:
        while pending:
            out += inflater.decompress(pending, _CHUNK)
            if len(out) > limit:
                raise BadExport(msg("rhl18.import.inflates", mib=limit // 2**20))
            pending = inflater.unconsumed_tail
            if inflater.eof:
                break
        out += inflater.flush()
    except zlib.error:
        raise BadExport(msg("rhl18.import.not_gzip")) from None
    if not inflater.eof or len(out) > limit:
        raise BadExport(msg("rhl18.import.not_gzip") if not inflater.eof else
                        msg("rhl18.import.inflates", mib=limit // 2**20))
    return bytes(out)


def json_depth(raw: bytes) -> int:
    """How deep brackets nest in JSON text (strings skipped), without parsing it."""
    depth = deepest = 0
    for token in _TOKENS.finditer(raw):
        char = token.group()
        if char in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif char in (b"]", b"}"):
            depth -= 1
    return deepest


def check_export(data: Any) -> None:
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list) or \
            not isinstance(data.get("players"), list):
        raise BadExport(msg("rhl18.import.not_export"))
    if str(data.get("title", "")).lower() != "18rhl":
        raise BadExport(msg("rhl18.import.other_game", title=str(data.get("title"))))


def replay(data: dict[str, Any]) -> dict[str, Any]:
    """Strict replay of the export (every lay, token and route checked by our rules)."""
    check_export(data)
    try:
        return import_game(data)
    except Exception as error:  # noqa: BLE001 - any failure means: this export does not replay
        raise BadExport(msg("rhl18.import.no_replay", error=text_of(error))) from error


def game_moves(actions: list[dict[str, Any]]) -> int:
    """How many of an export's effective actions are moves of the game: chat messages and
    standing orders (``program_*``, e.g. auto-pass) change nothing on the board, so they are
    neither counted nor stored as moves."""
    return sum(1 for a in actions
               if a.get("type") != "message" and not str(a.get("type")).startswith("program_"))


def source_text(data: dict[str, Any]) -> Any:
    return msg("rhl18.import.source", id=str(data.get("id", "?")))


def where_text(imported: dict[str, Any], phase: str) -> Any:
    """"finished" or "now at <phase>" (the phase said in the reader's language)."""
    return msg("rhl18.import.finished") if imported["result"] else \
        msg("rhl18.import.now_at", phase=phase)


def lobby_text(title: str, imported: dict[str, Any], game_id: int, phase: str,
               source: Any, runner: str | None, lang: str = DEFAULT) -> str:
    """The channel post opening an imported table, in the table's language ``lang``.
    ``runner``: who runs the table and so starts it, as ``runner_label`` names them (a host
    without a seat by a mention), or None when no one does yet (an import on no member's
    behalf: the first to join runs it)."""
    names = imported["names"]
    seats = ", ".join(f"{n}. {name}" for n, name in enumerate(names, 1))
    text = msg("rhl18.import.lobby", title=title, source=source, id=game_id,
               moves=game_moves(imported["actions"]), where=where_text(imported, phase),
               seats=seats, first=names[0], start=runner_words(runner))
    return say(text, lang)


def runner_words(name: str | None) -> Any:
    """Who runs a lobby and so starts it, as an import's post and /game status say it
    ("**Anna** runs the table and starts it with /game start."), ``name`` as
    ``runner_label`` gives it; None: "The first to join runs …" (an import on no member's
    behalf). The post had ended "Then /game start.", and a member who had not imported it
    could not tell whether that was theirs to do."""
    if name is None:
        return msg("svc.status.first_runs")
    return msg("svc.status.runner", name=name)


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
    command.add_argument("--lang", choices=LANGUAGES, default=None,
                         help="the language of the summary and the table (default: "
                              "RHEINBOT_LANG or en)")


def cmd_import_18xx(args: argparse.Namespace, out: TextIO,
                    render: Callable[[str, dict], bytes],
                    open_in_db: Callable[[argparse.Namespace, dict[str, Any], TextIO],
                                         Awaitable[int]]) -> int:
    """Replay an export strictly and summarise it; optionally save its board and, with
    ``--db``, open it as a table (``open_in_db``: the CLI's, so this module never needs the
    service), where players join in the export's order."""
    from engine import get_game

    lang = language(getattr(args, "lang", None) or os.environ.get("RHEINBOT_LANG") or DEFAULT)
    args.lang = lang
    try:
        data = decode_export(Path(args.export).read_bytes())
        imported = replay(data)
    except OSError as error:
        out.write(f"{args.export}: {error}\n")
        return 1
    except BadExport as error:
        out.write(f"{args.export}: {say(text_of(error), lang)}\n")
        return 1
    game, state = get_game(GAME_KEY), imported["state"]
    summary = msg("rhl18.import.summary", title=game.title, players=imported["num_players"],
                  names=", ".join(imported["names"]), moves=game_moves(imported["actions"]),
                  where=msg("rhl18.import.finished") if imported["result"] else game.phase(state))
    out.write(say(summary, lang) + "\n")
    # what the strict replay checked: our rules on every step, not reference states (an
    # export carries none), so the line says exactly that
    out.write(say(msg("rhl18.import.checked", moves=game_moves(imported["actions"])), lang)
              + "\n")
    for standing in game.result(state) or []:
        out.write(f"  {standing.rank}. {imported['names'][standing.seat]}: "
                  f"{standing.score}{game.score_unit}\n")
    if args.out:
        folder = Path(args.out)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"18rhl-import-{data.get('id', 'game')}.png"
        from render import write_board  # Pillow only when a picture is asked for

        write_board(path, render(GAME_KEY, {**game.view(state, None), "lang": lang}))
        out.write(say(msg("rhl18.import.board", path=str(path)), lang) + "\n")
    if args.db:
        if args.channel is None or args.guild is None:
            out.write(say(msg("rhl18.import.db_needs"), lang) + "\n")
            return 2
        import asyncio

        return asyncio.run(open_in_db(args, data, out))
    return 0
