"""``rheinbot``: the command-line front doors.

``run`` and ``sync`` talk to Discord (through bot.discord.app, imported only when needed);
``demo``, ``play`` and ``replay`` drive the same tables service from a terminal, so every
game can be tried without a token; ``backup`` copies a live database.

``demo`` and ``play`` speak the language of ``--lang`` (or RHEINBOT_LANG; default English):
their own prompts come from ``bot/locales/<lang>/cli.json`` (keys ``cli.*``), the table is
opened in that language, so the service's replies, log lines and board pictures follow it, and
the engine's texts (move labels, phases) are said in it with ``engine.text.say``. Command words
of the hot-seat are understood in English and German alike. The ``--help`` texts are English
(they are for the one who runs the bot).

Exit codes (``run``, ``sync``, ``backup``; a supervisor can tell them apart):
0 done; 1 the command failed (a backup that could not be written, a demo that did not
finish); 2 no token, a token Discord refused, or bad arguments; 3 Discord cannot be reached
(the network); 4 the database cannot be opened (PostgreSQL down or refusing, an SQLite file
that cannot be opened, a database made by a newer Rheinbot, a DATABASE_URL that is not
PostgreSQL's); 130 stopped with Ctrl-C. Each failure is one line saying what to do.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from bot.i18n import language, t, typed_move
from bot.replies import Audience, Reply, asks_first
from engine.ai import LEVELS as AI_LEVELS
from engine.core import Game, Standing
from engine.text import DEFAULT, LANGUAGES, msg, naming, say

# What only some commands use (asyncio, sqlite3, the service, the store, Pillow, discord.py)
# is imported inside them: ``rheinbot import-18xx`` and ``replay`` start without it.

DEFAULT_DB = "rheinbot.sqlite3"

TOKEN_HELP = """\
No DISCORD_TOKEN is set, so the bot cannot connect to Discord.

To get one: open https://discord.com/developers/applications, create an application,
open "Bot", press "Reset Token" and copy it. Invite the bot with the OAuth2 URL generator
(scopes: bot applications.commands; no privileged intents needed). Then:

    export DISCORD_TOKEN=...      (or put it in .env, see .env.example)
    rheinbot sync                 (publish the slash commands once)
    rheinbot run

Without a token you can still play in the terminal:

    rheinbot demo rhein           (a whole game of AI seats, with a board PNG per phase)
    rheinbot play rhein           (hot-seat: several people at one keyboard)
"""


def _games(games: Mapping[str, Any] | None) -> Mapping[str, Any]:
    if games is not None:
        return games
    import engine

    return engine.GAMES


def _renderer(render: Callable[[str, dict], bytes] | None) -> Callable[[str, dict], bytes]:
    if render is not None:
        return render
    from render import render_board

    return render_board


def _first_picture(key: str, view: dict) -> bytes:
    return _renderer(None)(key, view)


def _say(lang: str, text: Any) -> str:
    return say(text, lang)


def cli_language(args: argparse.Namespace | None = None) -> str:
    """``--lang``, else RHEINBOT_LANG, else English."""
    chosen = getattr(args, "lang", None) or os.environ.get("RHEINBOT_LANG") or DEFAULT
    return language(chosen)


def player_name(user: int, lang: str) -> str:
    return say(msg("cli.player", n=user), lang)


_ASCII = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def _slug(text: str) -> str:
    """A file name part in plain ASCII: ``"Zölle: Runde 2"`` -> ``"zoelle-runde-2"``."""
    plain = unicodedata.normalize("NFKD", text.lower().translate(_ASCII))
    return re.sub(r"[^a-z0-9]+", "-", plain.encode("ascii", "ignore").decode()).strip("-") \
        or "board"


# == run / sync ================================================================================
def cmd_run(args: argparse.Namespace, out: TextIO) -> int:
    if not os.environ.get("DISCORD_TOKEN", "").strip():
        out.write(TOKEN_HELP)
        return 2
    from bot.discord import app as discord_app  # late: discord.py is only needed for the real bot

    return _talking_to_discord(out, discord_app.run)


def cmd_sync(args: argparse.Namespace, out: TextIO) -> int:
    if not os.environ.get("DISCORD_TOKEN", "").strip():
        out.write(TOKEN_HELP)
        return 2
    import asyncio

    from bot.discord import app as discord_app

    return _talking_to_discord(out, lambda: asyncio.run(discord_app.sync(args.guild)))


BAD_TOKEN = ("Discord refused the token in DISCORD_TOKEN ({error}). Reset it at "
             "https://discord.com/developers/applications (your application -> Bot -> Reset "
             "Token), put the new one in .env and start again.\n")
NO_NETWORK = ("Rheinbot cannot reach Discord ({error}). Check this machine's network "
              "connection (and any proxy or firewall for discord.com), then start again.\n")
EXIT_NO_STORE = 4  # the database cannot be opened (see the module's exit codes)


def _talking_to_discord(out: TextIO, action: Callable[[], Any]) -> int:
    """Run ``action``; a refused token or an unreachable Discord is one clear line for the
    one who runs the bot, not an aiohttp traceback; so is a database that will not open
    (opened before Discord is contacted: its OSError is no network problem). Anything else
    stays a traceback: that is a bug to report."""
    import aiohttp
    import discord

    from bot.store import StoreUnavailable

    try:
        action()
    except StoreUnavailable as error:
        out.write(f"{error}\n")
        return EXIT_NO_STORE
    except discord.LoginFailure as error:
        out.write(BAD_TOKEN.format(error=str(error).strip() or "401 Unauthorized"))
        return 2
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound, TimeoutError,
            OSError) as error:
        # ClientConnectorError and its DNS/SSL kinds; an OSError when no route exists
        out.write(NO_NETWORK.format(error=" ".join(str(error).split()) or type(error).__name__))
        return 3
    return 0


# == demo ======================================================================================
class Recorder:
    """Writes channel replies as a transcript and their pictures as numbered PNGs."""

    def __init__(self, folder: Path, out: TextIO, echo: bool = True,
                 names: Mapping[int, str] | None = None, lang: str = DEFAULT) -> None:
        self.folder = folder
        self.out = out
        self.echo = echo
        self.names = dict(names or {})  # user id -> name, for mentions in the terminal
        self.lang = language(lang)
        self.images: list[Path] = []
        # a resumed hot-seat game writes into its folder again: numbering on from the
        # pictures already there keeps the earlier sittings' pictures and the play order
        self.numbered = max((int(p.name[:4]) for p in folder.glob("[0-9][0-9][0-9][0-9]-*")),
                            default=0)
        self.lines: list[str] = []
        self.private: list[str] = []  # answers only the asker would see (refusals...)

    def take(self, replies: list[Reply], who: str = "") -> None:
        from bot.service import TURN_HINT

        for reply in replies:
            if reply.audience is Audience.DM:
                # On a shared screen a DM would show one player's secrets to all; each
                # player's hidden information is shown when their turn comes instead.
                continue
            # at one keyboard the prompt says whose turn it is: no "(only Player 1)" there
            prefix = "" if reply.audience is Audience.CHANNEL or self.names else \
                self._only(who)
            if reply.audience is not Audience.CHANNEL:
                self.private.append(reply.text)
            titled = f"[{reply.title}] " if reply.title else ""
            if reply.files and reply.text:
                # the title names the picture (the board at "Turn 4"), not the recap above
                # it, which began "[Turn 4: Player 1] Turn 1: Player 1"
                text = prefix + reply.text + ("\n" + titled.rstrip() if titled else "")
            else:
                text = prefix + titled + reply.text
            # an alert's ping ("**… goes bankrupt …** <@1>") reaches a Discord player who is
            # not looking; at the keyboard it only read as a stray name after the sentence
            text = ALERT_PING.sub("", text)
            text = re.sub(r"<@(\d+)>", lambda m: self.names.get(int(m[1]), m[0]), text)
            # the result post's "/game rematch" is the channel's: the terminal has none
            text = text.replace("\n" + t("svc.rematch_hint", self.lang), "")
            if self.names:  # a terminal game: no slash commands here
                hint = say(msg("cli.turn_hint"), self.lang)
                for said in {TURN_HINT, *(t("svc.turn_hint", self.lang, count=count)
                                          for count in (1, 2))}:  # to one player, to several
                    text = text.replace(said, hint)
                # a turn that goes on: "More moves: /play move:" where buttons leave some out
                text = text.replace(t("svc.turn_hint_more", self.lang),
                                    say(msg("cli.turn_hint_more"), self.lang))
                text = terminal_wording(text)
                if reply.picker is not None and reply.picker.example:  # no menus here
                    text += "".join(f"\n  {value}: {label}"
                                    for label, value in reply.picker.options)
                    text += "\n" + say(msg("cli.pick_hint", example=reply.picker.example),
                                       self.lang)
            for attachment in reply.files:
                # zero-padded so that a listing sorts in play order (a long game posts
                # hundreds of pictures); a turn card says so in its name
                kind = "turn-card-" if "turn-card" in attachment.filename else ""
                path = self.folder / (f"{self.numbered + len(self.images) + 1:04d}-{kind}"
                                      f"{_slug(reply.title or '')}")
                path = path.with_suffix(Path(attachment.filename).suffix or ".png")
                path.write_bytes(attachment.data)
                self.images.append(path)
                text += f"  -> {path}"
            self.lines.extend(text.splitlines())
            if self.echo:  # the transcript is Markdown; a terminal shows no marks or escapes
                self.out.write(terminal_wording(text) + "\n")

    def _only(self, who: str) -> str:
        if who:
            return say(msg("cli.only_for", who=who), self.lang)
        return say(msg("cli.only_you"), self.lang)


async def _demo(args: argparse.Namespace, out: TextIO, games: Mapping[str, Any],
                render: Callable[[str, dict], bytes]) -> int:
    import secrets
    import shutil

    from bot.service import Ctx, TablesService
    from bot.store import Store

    game = games[args.game]
    lang = cli_language(args)
    players = args.players if args.players is not None else \
        min(max(3, game.min_players), game.max_players)
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    folder = Path(args.out or f"demo-out/{args.game}-{seed}")
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    store = await Store.open(str(folder / "demo.sqlite3"))
    service = TablesService(store, games=games, render=render, seed_source=lambda: seed,
                            ai_limit=1_000_000)
    service.cards_for_ai = True  # every seat is AI: each turn is shown as its turn card
    host = Ctx(guild_id=1, channel_id=1, user_id=1, user_name="Host", locale=lang)
    recorder = Recorder(folder, out, echo=not args.quiet, lang=lang)
    try:
        # the lobby's posts tell Discord players how to join and start with slash commands:
        # a demo has no one to join, only a refusal is kept
        for opened in (await service.new(host, args.game, min_players=players,
                                         max_players=players, lang=lang),
                       await service.leave(host)):  # the host only watches: every seat is AI
            recorder.take([r for r in opened if r.audience is not Audience.CHANNEL])
        for _ in range(players):
            recorder.take(await service.add_bot(host, args.level))
        recorder.take(await service.start(host, order="joined"))
        row = await store.latest_game(1)
        errors = recorder.private
        if row is None or row.status != "finished" or errors:
            status = row.status if row else "not created"
            out.write(say(msg("cli.demo.unfinished", status=status, errors=" ".join(errors)),
                          lang) + "\n")
            return 1
        export = await service.export_data(row)
        (folder / "export.json").write_text(json.dumps(export, indent=1, ensure_ascii=False))
        title = msg("cli.demo.transcript_title", title=game.title, players=players, seed=seed)
        (folder / "transcript.md").write_text(
            say(title, lang) + "\n\n"
            + "\n".join(f"- {line}" for line in recorder.lines) + "\n", encoding="utf-8")
        summary = msg("cli.demo.summary", title=game.title, moves=len(export["actions"]),
                      images=len(recorder.images), folder=str(folder))
        out.write("\n" + say(summary, lang) + "\n")
        if args.quiet:  # the result post was not printed: who won is said all the same
            names = {seat["seat"]: seat["name"] for seat in export.get("seats", [])}
            out.write(standings(game, game.result(game.load(row.state)) or [], names, lang))
        return 0
    finally:
        await store.close()


def standings(game: Game, result: list[Standing], names: Mapping[int, str], lang: str) -> str:
    """A result as lines, "  1. Bot 2: 45". A seat the rules put out of the scoring has no
    place: "4. Bot 4: 23" under "3. Bot 3: 15" read as a mistake (Trödler's total damage)."""
    lines = []
    for standing in result:
        name = names.get(standing.seat, str(standing.seat))
        if game.unscored(standing):
            lines.append("  " + say(msg("cli.standing.unscored", name=name,
                                        score=f"{standing.score}{game.score_unit}"), lang))
        else:
            lines.append(f"  {standing.rank}. {name}: {standing.score}{game.score_unit}")
    return "".join(line + "\n" for line in lines)


# == play (hot-seat) ===========================================================================
PLAY_HELP = say(msg("cli.play.help"), DEFAULT)

# Discord commands the service's texts name, and the hot-seat word that does the same here
# (English and German command names alike).
TERMINAL_WORDS = {
    "/game hand": "hand", "/spiel hand": "hand", "/game board": "board",
    "/spiel brett": "brett", "/game status": "status", "/spiel status": "stand",
    "/spiel stand": "stand", "/game log": "log", "/spiel verlauf": "protokoll",
    "/game undo": "undo", "/spiel rücknahme": "zurück", "/rules": "rules", "/regeln": "regeln",
}
UNDERLINE = re.compile(r"__(\S(?:.*?\S)?)__")
ALERT_PING = re.compile(r"(?<=\*\*)(?: <@\d+>)+(?=\n|$)")
ESCAPED = re.compile(r"\\([.*_~`>#|-])")
SLASH_COMMAND = re.compile(r"/(?:game|spiel|rules|regeln)(?: [\w-]+)?(?= |\b|$)")
# "/rules topic:overview" is typed "rules overview" here
RULES_TOPIC = re.compile(r"/(rules|regeln) (?:topic|thema):")


def terminal_wording(text: str) -> str:
    """A service text as the terminal shows it: Discord's **bold**, __underline__ and
    `code` marks and its escapes ("17\\." in /game log, no list item) go, and a slash
    command the hot-seat has a word for becomes that word."""
    text = UNDERLINE.sub(r"\1", text.replace("**", ""))
    text = ESCAPED.sub(r"\1", re.sub(r"(?<!\\)`", "", text))
    text = RULES_TOPIC.sub(lambda m: TERMINAL_WORDS[f"/{m[1]}"] + " ", text)
    return SLASH_COMMAND.sub(lambda m: TERMINAL_WORDS.get(m[0], m[0]), text)


def typed_moves(table: Any, seat: int, text: str, lang: str) -> str:
    """``text``, a ``/game hand`` reply, with what to type after each entry of its move list:
    "Card 10: knight on 10 left bank · play 10 left", and for moves listed as one group its
    first as an example, "Bastion on 1–54 left bank · e.g. bastion 1 left". At a keyboard
    typing is the only way to move, and the notation was only in the 110-line 'moves'. The
    entries are the hand's and the turn DM's (``Table.list_labels``, grouped by move_lists);
    labels that end with their notation already (18Rhl's, Trödler's) stay as they are."""
    from bot.service.extras import extras_for
    from bot.service.move_lists import compacted, entry_count, first_choices, moves_head, spread

    game, state = table.game, table.state
    moves = extras_for(game.key).ordered(game, state, game.legal(state, seat))
    listed = table.list_labels(state, moves, lang)
    every, _ = first_choices(game, state, moves, lang, len(moves), listed)
    head = moves_head(len(moves), entry_count(every, moves), lang)
    lines = text.split("\n")
    at = next((i for i, line in enumerate(lines) if line.startswith(head)), None)
    if at is None:
        return text
    first: dict[str, int] = {}
    for index, label in enumerate(listed):
        first.setdefault(label, index)
    unique = list(first)
    # spread takes every group's first member before any second: the groups' leads in order
    leads = spread(unique)
    typed: dict[str, str] = {}
    for (label, count), lead in zip(compacted(unique), leads, strict=False):
        if " · " in label:
            continue
        many = count > 1 or listed.count(unique[lead]) > 1
        key = "cli.play.typed_example" if many else "cli.play.typed"
        move = typed_move(game.key, game.format(state, moves[first[unique[lead]]]), lang)
        typed[label] = say(msg(key, label=label, move=move), lang)
    entries = lines[at][len(head):].split("; ")
    for n, entry in enumerate(entries):
        # the last entry may go on: " ... or: End the turn (done)"
        label = next((k for k in typed if entry == k or entry.startswith(k + " ...")), None)
        if label is not None:
            entries[n] = typed[label] + entry[len(label):]
    lines[at] = head + "; ".join(entries)
    return "\n".join(lines)


# The hot-seat's own command words, English and German alike (the German ones are not move
# keywords of any game: "ende" is one, so German quits with "beenden").
COMMANDS = {
    "help": ("help", "?", "", "hilfe"), "moves": ("moves", "züge", "zuege"),
    "board": ("board", "brett"), "hand": ("hand",), "status": ("status", "stand"),
    "log": ("log", "protokoll"), "undo": ("undo", "zurück", "zurueck"),
    "rules": ("rules", "regeln"), "quit": ("quit", "exit", "beenden", "aufhören"),
}
WORDS = {word: command for command, words in COMMANDS.items() for word in words}
YES = ("y", "yes", "j", "ja")
NO = ("n", "no", "nein")


class HotSeat:
    def __init__(self, service: Any, game: Any, out: TextIO, inp: TextIO, recorder: Recorder,
                 players: int, resume: str = "", lang: str = DEFAULT) -> None:
        from bot.service import Ctx

        self.service, self.game, self.out, self.inp = service, game, out, inp
        self.recorder = recorder
        self.resume = resume
        self.lang = language(lang)
        self.ctxs = {user: Ctx(guild_id=1, channel_id=1, user_id=user,
                               user_name=player_name(user, self.lang), locale=self.lang)
                     for user in range(1, players + 1)}
        self.at_keyboard: int | None = None  # the player whose hand was shown last

    def say(self, key: str, **params: Any) -> str:
        """One of the hot-seat's own texts (``cli.<key>``) in the players' language."""
        return say(msg(f"cli.{key}", **params), self.lang)

    def ask(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        try:
            line = self.inp.readline()
        except KeyboardInterrupt:  # Ctrl-C at a prompt leaves as 'quit' does: all is saved
            self.out.write("\n")
            return None
        return None if line == "" else line.strip()

    async def current(self) -> tuple[Any, Any, int | None]:
        store = self.service.store
        row = await store.latest_game(1)
        state = self.game.load(row.state) if row.state else None
        if row.status != "active" or state is None:
            return row, state, None
        seats = {s.seat: s for s in await store.seats(row.id)}
        active = self.game.active(state)
        return row, state, seats[active[0]].user_id if active else None

    async def table(self, row: Any, state: Any) -> Any:
        """The service's view of the game (its seats' names, its move lists)."""
        from bot.service.base import Table

        return Table(row, self.game, await self.service.store.seats(row.id), state)

    async def hand(self, ctx: Any, table: Any) -> None:
        """``/game hand`` for the player at the keyboard, each listed move with what to type."""
        seat = table.seat_of(ctx.user_id)
        replies = await self.service.hand(ctx)
        if seat is not None and table.state is not None:
            replies = [dataclasses.replace(r, text=typed_moves(table, seat.seat, r.text,
                                                               self.lang)) for r in replies]
        self.recorder.take(replies, ctx.user_name)

    async def loop(self) -> int:
        shown = None
        while True:
            row, state, user = await self.current()
            if user is None:
                status = msg(f"cli.status.{row.status}")
                self.out.write(self.say("play.status", status=status) + "\n")
                return 0
            ctx = self.ctxs[user]
            table = await self.table(row, state)
            if shown != (user, row.version):
                if not self.handed_over(user):
                    return self.bye()
                self.out.write("\n" + self.turn_head(ctx.user_name, table) + "\n")
                await self.hand(ctx, table)
                shown = (user, row.version)
            line = self.ask(f"{ctx.user_name}> ")
            if line is None or WORDS.get(line.lower()) == "quit":
                return self.bye()
            await self.command(ctx, table, line)

    def bye(self) -> int:
        self.out.write(self.say("play.bye", resume=self.resume) + "\n")
        return 0

    def handed_over(self, user: int) -> bool:
        """Before another human's hand is shown, the keyboard goes to them: the one who just
        moved would otherwise read it under their own. False when the input ends (or says
        quit) instead of the Enter."""
        before, self.at_keyboard = self.at_keyboard, user
        if before in (None, user) or len(self.ctxs) < 2:
            return True
        line = self.ask(self.say("play.pass_keyboard", name=self.ctxs[user].user_name))
        return line is not None and WORDS.get(line.lower()) != "quit"

    def turn_head(self, name: str, table: Any) -> str:
        """"=== Player 1: your turn (Round 2: …) ==="; where the phase names the player
        already (Rheinländer's "Turn 2: Player 1"), the name is not said twice."""
        # the phase as the service says it, players by name ("Turn 1: Player 1")
        phase = say(table.phase_now(), self.lang)
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", phase):
            return self.say("play.turn_named", phase=phase)
        return self.say("play.turn", name=name, phase=phase)

    async def command(self, ctx: Any, table: Any, line: str) -> None:
        word = WORDS.get(line.lower())
        service, who = self.service, ctx.user_name
        head, _, topic = line.partition(" ")
        if WORDS.get(head.lower()) == "rules":  # "rules" or "rules components"
            self.recorder.take(await service.rules(ctx, self.game.key, topic.strip() or None),
                               who)
        elif word == "help":
            self.out.write(self.say("play.help") + "\n")
        elif word == "moves":
            self.out.write(listed_moves(self.game, table, self.lang))
        elif word == "board":
            self.recorder.take(await service.board(ctx, repeats_alone=False), who)
        elif word == "hand":
            await self.hand(ctx, table)
        elif word in ("status", "log"):
            self.recorder.take(await getattr(service, word)(ctx), who)
        elif word == "undo":
            replies = await service.undo(ctx)
            vote = [r for r in replies
                    if any(b.custom_id.endswith(":undo-yes") for b in r.buttons)]
            # the vote's post tells Discord players to use buttons or /game undo-vote; here
            # each other player is asked in turn instead
            self.recorder.take([r for r in replies if r not in vote], who)
            if vote:
                # the request's own words say why the others vote (moves of theirs it takes
                # back, or a card already seen); its call names Discord's buttons instead
                asked = re.sub(r"\s*(<@\d+>\s*)+:[^.]*\.", "", vote[0].text)
                self.out.write(self.say("play.undo_vote", asked=terminal_wording(asked)) + "\n")
                await self.vote(ctx)
        else:
            replies = self.unshown(await service.play(ctx, line))
            asked = next((r for r in replies if asks_first(r)), None)
            if asked is None:
                self.recorder.take(replies, who)
                return
            # a move asked about first (Rhein's Phase 6 warning, an 18Rhl bankruptcy) is
            # confirmed with a button on Discord; here with a yes
            press = t("svc.confirm_press", self.lang)
            self.recorder.take([dataclasses.replace(r, text=r.text.replace(f" {press}", ""))
                                for r in replies], who)
            if self.yes_or_no(self.say("play.confirm")):
                self.recorder.take(self.unshown(await service.press(ctx, asked.buttons[0]
                                                                .custom_id)), who)
            else:
                self.out.write(self.say("play.not_made") + "\n")

    def unshown(self, replies: list[Reply]) -> list[Reply]:
        """``replies`` without the mover's hand after their move: the next turn's block
        shows a player's hand when their turn comes (printing it twice in a row when it is
        theirs again), and the screen is shared when it is another's."""
        after = t("svc.only_you_now", self.lang)
        return [r for r in replies if not (r.audience is Audience.EPHEMERAL
                                           and r.text.startswith(after))]

    async def vote(self, asker: Any) -> None:
        for user, ctx in self.ctxs.items():
            if user == asker.user_id:
                continue
            agree = self.yes_or_no(self.say("play.allow_undo", name=ctx.user_name))
            replies = await self.service.vote_undo(ctx, agree)
            self.recorder.take(replies, ctx.user_name)
            if not agree:
                return


    def yes_or_no(self, prompt: str) -> bool:
        """Asks until the answer is yes or no (in either language); the end of the input is
        a no, so a closed terminal never agrees to anything."""
        while True:
            answer = self.ask(prompt)
            if answer is None:
                return False
            if answer.lower() in YES or answer.lower() in NO:
                return answer.lower() in YES
            self.out.write(self.say("play.yes_or_no") + "\n")


MOVES_COLUMN = 40  # the widest typed moves' column in 'moves'; a longer one has its label below


def listed_moves(game: Any, table: Any, lang: str) -> str:
    """'moves': every legal move as typed, beside its label. Moves are grouped as /game hand
    groups their labels, and a group's notations are one line, "bid 44 0–20" (Rhein opens
    with 107 bids, Rheinländer offers 108 bastions); a label that ends with its notation
    (Trödler's, 18Rhl's) does not say it twice."""
    from bot.service.move_lists import compacted, grouped

    state = table.state
    moves = game.legal(state, game.active(state)[0])
    typed = [typed_move(game.key, game.format(state, action), lang) for action in moves]
    # others by name, as the turn's summary names them ("next to Bot 2")
    labels = [table.label(state, action, lang) for action in moves]
    rows = []
    for _, members in grouped(labels):
        for notation, inner in grouped([typed[i] for i in members]):
            together = compacted([labels[members[i]] for i in inner])
            label = together[0][0] if len(together) == 1 else \
                f"{labels[members[inner[0]]]} …"
            for said in (notation, typed[members[inner[0]]]):
                label = label.removesuffix(f" · {said}")
            rows.append((notation, label))
    width = min(max((len(notation) for notation, _ in rows), default=0), MOVES_COLUMN)
    return "".join(f"  {notation}\n  {'':<{width}} {label}\n" if len(notation) > width
                   else f"  {notation:<{width}}  {label}\n" for notation, label in rows)


def _interrupt_at_the_prompt() -> None:
    """Ctrl-C raises KeyboardInterrupt where the game waits for a line, as Python's own
    handler does: asyncio.run's handler cancels the game's task instead, which the blocking
    read does not notice, and the next Ctrl-C ended in a CancelledError traceback."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)


async def _open_play_db(folder: Path, db: str, out: TextIO, lang: str) -> Any:
    """The hot-seat's database, or None after one line saying why it does not open (a
    folder that cannot be made, a file that is no database)."""
    import sqlite3

    from bot.store import Store

    try:
        folder.mkdir(parents=True, exist_ok=True)
        return await Store.open(db)
    except (OSError, sqlite3.Error) as error:
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        out.write(say(msg("cli.play.bad_db", db=db, error=reason), lang) + "\n")
        return None


def play_seats(game: Any, args: argparse.Namespace) -> int:
    """Every seat of a hot-seat game: ``--players`` (humans are players - bots), by default
    the fewest the game allows with at least one human."""
    if args.players is not None:  # --players 0 is refused, not taken for the default
        return args.players
    return max(game.min_players, args.bots + 1)


async def _play(args: argparse.Namespace, out: TextIO, inp: TextIO,
                games: Mapping[str, Any], render: Callable[[str, dict], bytes]) -> int:
    import secrets

    from bot.service import TablesService

    _interrupt_at_the_prompt()
    game = games[args.game]
    seats = play_seats(game, args)  # --players counts every seat, as in demo
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    # pictures, the database and the export go to play-out/<game>-<seed>/ (the README says
    # so); a resumed game keeps the folder of its database
    folder = Path(args.out) if args.out else Path(args.db).parent if args.db else \
        Path(f"play-out/{args.game}-{seed}")
    db = args.db or str(folder / "play.sqlite3")
    store = await _open_play_db(folder, db, out, cli_language(args))
    if store is None:
        return 1
    live = await store.live_game(1)
    last = await store.latest_game(1)
    # a resumed game goes on in its table's language unless --lang (or RHEINBOT_LANG) says
    # otherwise: a German game resumed without --lang had turned English
    chosen = args.lang or os.environ.get("RHEINBOT_LANG")
    lang = language(chosen) if chosen or last is None else language(last.language)
    if last is not None and last.game_key != args.game:
        # the other game's seats and state would not load as this game's (a KeyError)
        title = say(games[last.game_key].title, lang) if last.game_key in games \
            else last.game_key
        out.write(say(msg("cli.play.other_game", db=db, title=title, game=last.game_key,
                          asked=args.game), lang) + "\n")
        await store.close()
        return 2
    if args.db and live is None and last is not None and last.status == "finished":
        # A finished game is looked at, not replaced by a new one in the same file.
        out.write(say(msg("cli.play.finished", db=db, game=args.game), lang) + "\n")
        await store.close()
        return 0
    if live is not None:  # resuming: the players are the human seats of the saved game
        seats = len(await store.seats(live.id))
        players = sum(1 for s in await store.seats(live.id) if not s.is_ai)
    else:
        players = seats - args.bots
    service = TablesService(store, games=games, render=render, seed_source=lambda: seed)
    recorder = Recorder(folder, out, lang=lang,
                        names={u: player_name(u, lang) for u in range(1, players + 1)})
    resume = f"rheinbot play {args.game} --db {db}"  # its language is the table's
    hot = HotSeat(service, game, out, inp, recorder, players, resume=resume, lang=lang)
    args.resume = resume  # for a Ctrl-C that reaches main() past the game's own loop
    try:
        if live is None:
            host = hot.ctxs[1]
            steps = [lambda: service.new(host, args.game, min_players=seats,
                                         max_players=seats, lang=lang)]
            steps += [lambda user=user: service.join(hot.ctxs[user])
                      for user in range(2, players + 1)]
            steps += [lambda: service.add_bot(host, args.level)] * args.bots
            for step in steps:
                refused = [r for r in await step() if r.audience is Audience.EPHEMERAL]
                if refused:  # one error, not one more for every seat after it
                    recorder.take(refused[:1])
                    return 1
            # the lobby's posts tell Discord players to /game join: only the start is shown
            replies = await service.start(host, order="joined")
            recorder.take(replies)
            if any(r.audience is Audience.EPHEMERAL for r in replies):
                return 1
        else:
            out.write(hot.say("play.resuming", db=db) + "\n")
        out.write(hot.say("play.help") + "\n" + hot.say("play.pictures", folder=str(folder))
                  + "\n")
        try:
            code = await hot.loop()
        except KeyboardInterrupt:  # Ctrl-C while a move is worked out: it is saved or not made
            hot.out.write("\n")
            code = hot.bye()
        row = await store.latest_game(1)
        if row is not None and row.status == "finished":
            data = await service.export_data(row)
            (folder / "export.json").write_text(json.dumps(data, indent=1))
            out.write(hot.say("play.export", path=str(folder / "export.json")) + "\n")
        return code
    finally:
        await store.close()


# == replay ====================================================================================
def cmd_replay(args: argparse.Namespace, out: TextIO, games: Mapping[str, Any],
               render: Callable[[str, dict], bytes]) -> int:
    from bot.i18n import colour_name
    from bot.service.base import joined_lines, predicate
    from engine import RuleError
    from engine.text import text_of

    lang = cli_language(args)

    def write(key: str, **params: Any) -> None:
        out.write(say(msg(f"cli.replay.{key}", **params), lang) + "\n")

    try:
        data = json.loads(Path(args.export).read_text(encoding="utf-8"))
    except OSError as error:  # no such file, a folder, no permission
        write("unreadable", path=args.export, error=error.strerror or type(error).__name__)
        return 1
    except ValueError:  # not JSON, not text (JSONDecodeError, UnicodeDecodeError)
        data = None
    if not isinstance(data, dict) or data.get("format") != "rheinbot-export":
        write("not_export", path=args.export)
        return 1
    game = games.get(data.get("game"))
    if game is None:
        out.write(say(msg("cli.no_game", name=data.get("game"), games=", ".join(games)), lang)
                  + "\n")
        return 1
    names = {s["seat"]: s["name"] for s in data.get("seats", [])}
    # the colour's key too: Trödler's rules call the sky seat "Sky", the texts "sky blue"
    words = {s["seat"]: [s["name"], colour_name(s.get("colour") or "", lang),
                         s.get("colour") or ""] for s in data.get("seats", [])}
    state = game.load(data["origin"]["state"]) if data.get("origin") else \
        game.setup(data["players"], data["options"], data["seed"])  # origin: an import
    write("title", title=game.title, players=data["players"], seed=data["seed"])
    for number, entry in enumerate(data["actions"], 1):
        seat = entry["seat"]
        try:
            action = game.parse(state, seat, entry["move"])
            label = game.label(state, action)  # before the move: it describes the move
            lines = game.apply(state, seat, action)
        except RuleError as error:
            write("refused", number=number, move=entry["move"],
                  error=say(text_of(error), lang))
            return 1
        who = names.get(seat) or say(msg("cli.replay.seat", seat=seat), lang)
        if words.get(seat):
            who = f"{who} ({words[seat][1]})"
        # a move the rules log nothing for (``done``, ``pass``) shows its label and notation
        said = joined_lines([say(naming(line, names), lang) for line in lines]) or \
            f"{say(label, lang)} ({entry['move']})"
        rest = predicate(said, words.get(seat, []), [w for other, own in words.items()
                                                      if other != seat for w in own])
        out.write(f"{number}. {who}: {said}\n" if rest is None else f"{number}. {who} {rest}\n")
    result = game.result(state)
    if result:
        out.write(standings(game, result, names, lang))
    else:
        write("unfinished", phase=say(game.phase(state), lang))
    if not _verify_result(data, result, names, write, lang):
        return 1
    if args.out:
        folder = Path(args.out)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{data['game']}-final.png"
        from render import write_board  # Pillow only when a picture is asked for

        write_board(path, render(data["game"], {**game.view(state, None), "lang": lang}))
        write("board", path=str(path))
    return 0


def _verify_result(data: Mapping[str, Any], result: Any, names: Mapping[int, str],
                   write: Callable[..., None], lang: str) -> bool:
    """Compare the replay's standings with the ones the export recorded; False if they
    differ. An export without them (an older one, an unfinished game) has nothing to check."""
    replayed = {s.seat: (s.rank, s.score) for s in result or []}
    if "result" not in data:
        if data.get("status") == "finished":
            write("no_result")
        return True
    exported = {int(s["seat"]): (s["rank"], s["score"]) for s in data["result"]}
    # JSON turns tuples into lists: compare both sides in their JSON form
    if json.loads(json.dumps(replayed, sort_keys=True)) == \
            json.loads(json.dumps(exported, sort_keys=True)) and replayed:
        write("verified", count=len(replayed))
        return True
    differences = [
        msg("cli.replay.difference",
            who=names.get(seat) or msg("cli.replay.seat", seat=seat),
            rank=exported.get(seat, ("-", "-"))[0], score=str(exported.get(seat, ("-", "-"))[1]),
            replayed_rank=replayed.get(seat, ("-", "-"))[0],
            replayed_score=str(replayed.get(seat, ("-", "-"))[1]))
        for seat in sorted(set(replayed) | set(exported))
        if json.dumps(replayed.get(seat)) != json.dumps(exported.get(seat))]
    write("differs", differences="; ".join(say(d, lang) for d in differences) or
          say(msg("cli.replay.no_standings"), lang))
    return False


# == fuzz ======================================================================================
def cmd_fuzz(args: argparse.Namespace, out: TextIO, games: Mapping[str, Any]) -> int:
    from engine import fuzz

    if args.game is not None and args.game not in games:
        out.write(f"There is no game called {args.game!r}. Games: {', '.join(games)}.\n")
        return 2
    keys = [args.game] if args.game else list(games)
    return fuzz.command(games, keys, args.games, args.seed, args.out, args.stride,
                        args.workers, out.write, bad_input=not args.no_bad_input)


# == backup ====================================================================================
def cmd_backup(args: argparse.Namespace, out: TextIO) -> int:
    from bot.store import StoreUnavailable, check_target, is_postgres

    url = os.environ.get("DATABASE_URL", "").strip()
    if not args.db and url:
        try:
            check_target(url)
        except StoreUnavailable as error:
            out.write(f"{error}\n")
            return EXIT_NO_STORE
    if not args.db and is_postgres(url):
        out.write("This bot's database is PostgreSQL (DATABASE_URL): back it up with "
                  "pg_dump (see the README's Database section).\n")
        return 1
    source = args.db or os.environ.get("RHEINBOT_DB", DEFAULT_DB)
    if not Path(source).exists():
        out.write(f"There is no database at {source} (set RHEINBOT_DB or --db).\n")
        return 1
    if Path(args.path).exists():
        out.write(f"{args.path} exists already; choose a new file.\n")
        return 1
    folder = Path(args.path).absolute().parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        why = "does not exist" if not folder.is_dir() else "is not writable by this user"
        out.write(f"Cannot write the backup {args.path}: the directory {folder} {why}. "
                  "Choose a file in a directory that exists and this user may write.\n")
        return 1
    import sqlite3

    try:
        check, games = _online_backup(source, args.path)
    except sqlite3.Error as error:  # a full disk, a file that is no database...
        out.write(f"Could not back up {source} to {args.path}: {error}.\n")
        Path(args.path).unlink(missing_ok=True)  # half a copy is no backup
        return 1
    counted = "1 game" if games == 1 else f"{games} games"
    out.write(f"Backed up {source} to {args.path}: {counted}, integrity {check}.\n")
    return 0 if check == "ok" else 1


def _online_backup(source: str, path: str) -> tuple[str, int]:
    """SQLite's online backup copies a consistent snapshot while the bot keeps writing:
    (its integrity check, how many games the copy holds)."""
    import sqlite3

    src = sqlite3.connect(source)
    try:
        dst = sqlite3.connect(path)
        try:
            src.backup(dst)
            check = dst.execute("PRAGMA integrity_check").fetchone()[0]
            games = dst.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        finally:
            dst.close()
    finally:
        src.close()
    return check, games


# == entry point ===============================================================================
def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="rheinbot", description="Rhine board games on Discord.")
    sub = top.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    sync = sub.add_parser("sync", help="publish the slash commands to Discord")
    sync.add_argument("--guild", type=int, default=None,
                      help="a server id: publish there only, instantly (for development)")
    demo = sub.add_parser("demo", help="a whole game of AI seats, with board PNGs")
    play = sub.add_parser("play", help="hot-seat play in the terminal")
    players_help = {
        demo: "how many AI seats play (default: 3 where the game allows, else the nearest it "
              "allows)",
        play: "every seat at the table, --bots of them AI (default: the fewest the game "
              "allows)"}
    for command in (demo, play):
        command.add_argument("game", help="rhein, rheinlaender, troedler or 18rhl")
        command.add_argument("--players", type=int, default=None, help=players_help[command])
        command.add_argument("--seed", type=int, default=None,
                             help="the shuffle's seed: the same seed deals the same game "
                                  "(default: a random one, shown in the output folder's name)")
        command.add_argument("--out", default=None, help="folder for pictures and files")
        command.add_argument("--lang", default=None, choices=LANGUAGES,
                             help="the players' language (default: RHEINBOT_LANG or en)")
    demo.add_argument("--quiet", action="store_true", help="print only the summary")
    for command in (demo, play):
        command.add_argument("--level", default="normal", choices=AI_LEVELS,
                             help="how the AI seats play (default: normal)")
    play.add_argument("--db", default=None, help="a database file; resumes its game")
    play.add_argument("--bots", type=int, default=0,
                      help="how many of the --players seats are AI (default: 0, every seat "
                           "is played at this keyboard in turn)")
    replay = sub.add_parser("replay", help="replay an exported game")
    replay.add_argument("export", help="the JSON file from /game export or a demo")
    replay.add_argument("--out", default=None, help="also save the final board here")
    replay.add_argument("--lang", default=None, choices=LANGUAGES,
                        help="the language of the moves and results (default: RHEINBOT_LANG "
                             "or en)")
    from bot.imports import add_arguments as import_arguments

    import_arguments(sub.add_parser("import-18xx", help="import an 18xx.games export of 18Rhl"))
    backup = sub.add_parser("backup", help="copy the live database (online backup)")
    backup.add_argument("path", help="the new file to write")
    backup.add_argument("--db", default=None, help="the database (default: RHEINBOT_DB)")
    fuzz = sub.add_parser("fuzz", help="random legal play of every game, checking the rules")
    fuzz.add_argument("--games", type=int, default=100, help="games per game (default 100)")
    fuzz.add_argument("--game", default=None, help="only this game (default: all)")
    fuzz.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    fuzz.add_argument("--out", default="fuzz-failures", help="folder for failing games")
    fuzz.add_argument("--stride", type=int, default=1, help="full checks every N moves")
    fuzz.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    fuzz.add_argument("--no-bad-input", action="store_true",
                      help="skip the mistyped-notation check (other checks still run)")
    from bench.options import add_arguments as bench_arguments  # light: argparse only

    bench_arguments(sub.add_parser("bench", help="measure the hot paths against targets"))
    return top


async def _import_into_db(render: Callable[[str, dict], bytes], args: argparse.Namespace,
                          data: dict[str, Any], out: TextIO) -> int:
    """``import-18xx --db``: open the export as a table in that bot database."""
    from bot.service import Ctx, TablesService
    from bot.store import StoreUnavailable, open_store_or_say

    try:
        store = await open_store_or_say(args.db)  # a file, or a postgresql:// URL
    except StoreUnavailable as error:
        out.write(f"{error}\n")
        return EXIT_NO_STORE
    try:
        service = TablesService(store, render=render)
        ctx = Ctx(guild_id=args.guild, channel_id=args.channel, user_id=args.user,
                  user_name="rheinbot import-18xx", can_manage=True, locale=args.lang,
                  guild_locale=args.lang)
        # without --user the table is no member's to host: the first to sit runs it
        replies = await service.import_18xx(ctx, data, hosted=args.user != 0)
    finally:
        await store.close()
    for reply in replies:
        out.write(reply.text + "\n")
    return 0 if replies and replies[0].is_public else 1


def load_env_file(path: Path, env: dict[str, str] | Any = None) -> int:
    """Read ``KEY=value`` lines from a .env file into the environment; real variables win.

    Empty values are skipped, so the blank lines of a copied .env.example change nothing.
    """
    env = os.environ if env is None else env
    if not path.is_file():
        return 0
    count = 0
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = (part.strip() for part in line.removeprefix("export ").split("=", 1))
        value = value.strip("\"'")
        if key and value and key not in env:
            env[key] = value
            count += 1
    return count


def main(argv: list[str] | None = None, *, games: Mapping[str, Any] | None = None,
         render: Callable[[str, dict], bytes] | None = None, out: TextIO | None = None,
         inp: TextIO | None = None) -> int:
    """Run one command; ``games``, ``render`` and the streams can be swapped for tests."""
    args = parser().parse_args(argv)
    out = out or sys.stdout
    load_env_file(Path(".env"))
    if args.command == "run":
        return cmd_run(args, out)
    if args.command == "sync":
        return cmd_sync(args, out)
    if args.command == "backup":
        return cmd_backup(args, out)
    if args.command == "bench":
        from bench.run import execute  # late: the bench imports every game and renderer

        return execute(args, out)
    known = _games(games)
    # Pillow loads with the first picture drawn: most runs of these commands draw none.
    draw = render or _first_picture
    if args.command == "replay":
        return cmd_replay(args, out, known, draw)
    if args.command == "fuzz":
        return cmd_fuzz(args, out, known)
    if args.command == "import-18xx":
        from bot.imports import cmd_import_18xx

        return cmd_import_18xx(args, out, draw, functools.partial(_import_into_db, draw))
    draw = _renderer(render)
    lang = cli_language(args)
    if args.game not in known:
        out.write(_say(lang, msg("cli.no_game", name=args.game, games=", ".join(known))) + "\n")
        return 2
    game = known[args.game]
    seats = args.players if args.command == "demo" else play_seats(game, args)
    if seats is not None and not game.min_players <= seats <= game.max_players:
        out.write(_say(lang, msg("cli.player_count", title=game.title, low=game.min_players,
                                 high=game.max_players)) + "\n")
        return 2
    if args.command == "play" and args.bots < 0:
        out.write(_say(lang, msg("cli.bots_negative", bots=args.bots)) + "\n")
        return 2
    if args.command == "play" and not 0 <= args.bots < seats:
        out.write(_say(lang, msg("cli.bots_count", seats=seats, most=seats - 1)) + "\n")
        return 2
    import asyncio

    if args.command == "demo":
        return asyncio.run(_demo(args, out, known, draw))
    try:
        return asyncio.run(_play(args, out, inp or sys.stdin, known, draw))
    except KeyboardInterrupt:  # Ctrl-C while the store was busy: each move is saved as made
        resume = getattr(args, "resume", "")
        if resume:
            out.write("\n" + _say(lang, msg("cli.play.bye", resume=resume)) + "\n")
        return 130 if not resume else 0


if __name__ == "__main__":
    raise SystemExit(main())
