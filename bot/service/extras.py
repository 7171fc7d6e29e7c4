"""Per-game additions to the front doors: step-by-step move choices, which moves get a button,
pictures shown before a move (previews) and after it (a corporation's routes), board zoom,
a seat's public holdings in ``/game hand``.

The tables service asks :func:`extras_for` for a game key; games without additions get
:class:`Extras`, whose answers keep the service's generic behaviour. Nothing here changes a
state: every hook reads the state (or a copy) and returns text and views to draw. A view to
draw carries ``view["image"]`` (``{"kind": "routes" | "zoom" | "lay", ...}``) for renderers
that draw more than the whole board (render/rhl18_views.py); without it the whole board.

Languages: hooks that return texts take ``lang`` (the caller's language for private answers
such as autocomplete and previews, the table's for channel posts) and return the texts said in
it; the views they return carry ``view["lang"]`` for the renderer. :meth:`Extras.incomplete`
returns an ``engine.text.Msg`` and :class:`NoZoom` carries one: the service says them in the
caller's language as it does any refusal.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from bot.i18n import language, typed_label
from bot.service.move_lists import LISTED, STEP_ENDS, spread
from engine.core import Action, Game, State
from engine.text import DEFAULT, Msg, msg, say

MAX_BUTTONS = 5  # the generic prompt in the channel: one row
# A prompt only its player sees (their hand's moves, a turn that goes on) adds nothing to
# the channel, so it offers more of the moves to tap: a Rheinländer hand of five cards had
# buttons for one or two of them.
PRIVATE_BUTTONS = 15


class NoZoom(ValueError):
    """A ``near:`` the board cannot show; the message is a sentence for the player (a
    catalogue ``Msg``: ``engine.text.text_of(error)`` keeps it)."""


@dataclass(frozen=True)
class Pick:
    """One move made of ``count`` picks from a list: the values of the picked ``options``
    (label, value) follow ``command`` as a typed move would ("discard 3 17 40")."""

    placeholder: str
    command: str
    count: int
    options: tuple[tuple[str, str], ...]


class Extras:
    """The generic behaviour (what every game gets)."""

    def choices(self, game: Game, state: State, seat: int, typed: str, *,
                lang: str = DEFAULT) -> list[tuple[str, str]] | None:
        """Autocomplete (label in ``lang``, value) pairs, or None for the service's plain
        filter."""
        return None

    def incomplete(self, game: Game, state: State, seat: int, text: str) -> str | None:
        """A hint (a ``Msg``, said in the caller's language by the service) when ``text`` is
        one of the partial values :meth:`choices` fills in (a step, not yet a move), or
        None."""
        return None

    def button_indexes(self, game: Game, state: State, seat: int, moves: list[Action],
                       room: int = MAX_BUTTONS) -> list[int]:
        """Indexes into ``moves`` (= ``game.legal``) that get a button on the turn prompt,
        at most ``room``: all of them if they fit, else spread (Rhein: a bid on each order,
        not five on the first), the move that ends the step always among them (a player
        loading seven containers found no button to finish loading)."""
        if len(moves) <= room:
            return list(range(len(moves)))
        closing = next((i for i, m in enumerate(moves) if m.get("type") in STEP_ENDS), None)
        labels = [str(game.label(state, m)) for m in moves[:LISTED]]
        if closing is None:
            return spread(labels)[:room]
        others = [i for i in range(len(labels)) if i != closing]
        chosen = spread([labels[i] for i in others])[:room - 1]
        return [others[n] for n in chosen] + [closing]

    def button_label(self, game: Game, state: State, seat: int, action: Action, label: str,
                     *, lang: str = DEFAULT) -> str:
        """A move's button label (``label``, said in ``lang``) with what the game adds for
        the player who taps it (Rhein: the order a load fills)."""
        return label

    def then_buttons(self, game: Game, state: State, seat: int, moves: list[Action], *,
                     lang: str = DEFAULT) -> list[tuple[int, str, str]]:
        """Buttons that make two moves in one tap, where the second is the usual answer to
        the first (18Rhl: run the routes, then pay out): (index into ``moves`` of the first,
        a word naming the second for :meth:`then_move`, the label in ``lang``). They stand
        in place of the first move's own button."""
        return []

    def then_move(self, game: Game, state: State, seat: int, then: str) -> Action | None:
        """The second move of a :meth:`then_buttons` button, on the state after the first;
        the service plays it only if ``legal()`` still has it, else it stops after the
        first and shows the prompt."""
        return None

    def confirm(self, game: Game, state: State, seat: int, action: Action) -> Msg | None:
        """What a move that cannot be taken back does, when ``action`` is one: the player is
        asked once more, with a button, before it is made (18Rhl: going bankrupt)."""
        return None

    def prompt_images(self, game: Game, state: State, seat: int, *,
                      lang: str = DEFAULT) -> list[tuple[str, dict]]:
        """(text, view) pictures posted with the turn prompt, e.g. the routes ``run auto``
        would run, so the player sees them before confirming (``lang``: the table's)."""
        return []

    def previewed(self, game: Game, before: State, seat: int, action: Action) -> bool:
        """Whether ``action`` is the move the turn prompt's picture showed before it was
        made (:meth:`prompt_images`): a player who makes it gets no second picture of it."""
        return False

    def images_after(self, game: Game, before: State, seat: int, action: Action,
                     after: State, *, lang: str = DEFAULT) -> list[tuple[str, dict]]:
        """(text, view) pictures posted after a move, e.g. the routes just run (``lang``:
        the table's)."""
        return []

    def preview(self, game: Game, state: State, seat: int, action: Action, *,
                lang: str = DEFAULT) -> tuple[str, dict | None]:
        """What ``/game preview`` shows for a legal move: text in ``lang`` (the caller's) and
        a view to draw (or None)."""
        return say(game.label(state, action), language(lang)), None

    def zoom(self, game: Game, state: State, near: str, *, lang: str = DEFAULT) -> dict:
        """The public view to draw for ``/game board near:`` (labelled in ``lang``, the
        table's); raises :class:`NoZoom`."""
        raise NoZoom(msg("extras.no_zoom", title=game.title))

    def picker(self, game: Game, state: State, seat: int, moves: list[Action], room: int, *,
               lang: str = DEFAULT) -> Pick | None:
        """A select menu (texts in ``lang``) that makes every one of ``moves`` where they
        are more than ``room`` buttons, or None (buttons, as by default). A prompt with a
        pick has no move buttons: the pick covers all the moves."""
        return None

    def step_menu(self, game: Game, state: State, seat: int, moves: list[Action], *,
                  lang: str = DEFAULT) -> Pick | None:
        """A select menu (``count`` 1, texts in ``lang``) of first steps towards the moves
        buttons leave out: each value is a move, or a step the autocomplete continues
        (:meth:`choices` with it typed), as the next menu. None: no menu."""
        return None

    def next_step(self, game: Game, state: State, seat: int, value: str, *,
                  lang: str = DEFAULT) -> tuple[str, list[tuple[str, str]]] | None:
        """The menu after a step menu's ``value`` (one that is not yet a move): what to
        pick (a placeholder) and the options (label in words, value), in ``lang``. None:
        the autocomplete's choices for it, under a plain placeholder."""
        return None

    def step_view(self, game: Game, state: State, seat: int, value: str, *,
                  lang: str = DEFAULT) -> dict | None:
        """A public view to draw and send with the menu after ``value`` (18Rhl: the tiles
        a picked hex takes, drawn and numbered as the menu), labelled in ``lang``; None:
        the menu alone."""
        return None

    def ordered(self, game: Game, state: State, moves: list[Action]) -> list[Action]:
        """``moves`` in the order a list a player reads shows them (``/game hand``, the
        turn DM, ``/play``'s autocomplete): the game's own order unless a game puts the
        usual choice first. Buttons keep indexes into ``game.legal``."""
        return moves

    def reader_label(self, game: Game, state: State, action: Action, *,
                     lang: str = DEFAULT) -> Any:
        """A move's label for a reader of ``lang`` (autocomplete, buttons), not yet said
        (players still named by seat), the notation it shows in that reader's typed form.
        A game whose labels are fitted to a choice's room per language words them here."""
        return typed_label(game.key, game.label(state, action), game.format(state, action),
                           lang)

    def list_labels(self, game: Game, state: State, moves: list[Action], *,
                    lang: str = DEFAULT) -> list[str] | None:
        """Labels in ``lang`` for ``moves`` in a list a player reads (``/game hand``, the
        turn DM), where moves labelled alike are one entry; None: each move's own label."""
        return None

    def holdings(self, game: Game, state: State, seat: int, *,
                 lang: str = DEFAULT) -> list[str]:
        """Lines in ``lang`` for ``/game hand``: what a seat holds that is public but hard
        to find on a big board from a phone (18Rhl: cash, shares, privates, the
        corporations it runs). Hidden holdings are the view's own private part."""
        return []


_REGISTRY = {"18rhl": "bot.service.rhl18_steps", "rhein": "bot.service.rhein_extras",
             "rheinlaender": "bot.service.rheinlaender_extras",
             "troedler": "bot.service.troedler_extras"}
_LOADED: dict[str, Extras] = {}
_GENERIC = Extras()


def extras_for(game_key: str) -> Extras:
    """The additions for a game (loaded on first use), or the generic behaviour."""
    if game_key not in _REGISTRY:
        return _GENERIC
    if game_key not in _LOADED:
        _LOADED[game_key] = importlib.import_module(_REGISTRY[game_key]).EXTRAS
    return _LOADED[game_key]


def image_kind(view: dict[str, Any]) -> str:
    """Which picture a view asks for ("board" unless ``view["image"]`` says otherwise)."""
    image = view.get("image")
    return str(image.get("kind", "board")) if isinstance(image, dict) else "board"
