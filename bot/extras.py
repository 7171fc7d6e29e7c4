"""Per-game additions to the front doors: step-by-step move choices, which moves get a button,
pictures shown before a move (previews) and after it (a corporation's routes), board zoom.

The tables service asks :func:`extras_for` for a game key; games without additions get
:class:`Extras`, whose answers keep the service's generic behaviour. Nothing here changes a
state: every hook reads the state (or a copy) and returns text and views to draw. A view to
draw carries ``view["image"]`` (``{"kind": "routes" | "zoom" | "lay", ...}``) for renderers
that draw more than the whole board (render/rhl18_views.py); without it the whole board.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.core import Action, Game, State

MAX_BUTTONS = 5  # the generic prompt: the first five legal moves


class NoZoom(ValueError):
    """A ``near:`` the board cannot show; the message is a sentence for the player."""


class Extras:
    """The generic behaviour (what every game gets)."""

    def choices(self, game: Game, state: State, seat: int, typed: str
                ) -> list[tuple[str, str]] | None:
        """Autocomplete (label, value) pairs, or None for the service's plain filter."""
        return None

    def incomplete(self, game: Game, state: State, seat: int, text: str) -> str | None:
        """A hint when ``text`` is one of the partial values :meth:`choices` fills in (a
        step, not yet a move), or None."""
        return None

    def button_indexes(self, game: Game, state: State, seat: int, moves: list[Action]
                       ) -> list[int]:
        """Indexes into ``moves`` (= ``game.legal``) that get a button on the turn prompt."""
        return list(range(min(MAX_BUTTONS, len(moves))))

    def prompt_images(self, game: Game, state: State, seat: int) -> list[tuple[str, dict]]:
        """(text, view) pictures posted with the turn prompt, e.g. the routes ``run auto``
        would run, so the player sees them before confirming."""
        return []

    def images_after(self, game: Game, before: State, seat: int, action: Action,
                     after: State) -> list[tuple[str, dict]]:
        """(text, view) pictures posted after a move, e.g. the routes just run."""
        return []

    def preview(self, game: Game, state: State, seat: int, action: Action
                ) -> tuple[str, dict | None]:
        """What ``/game preview`` shows for a legal move: text and a view to draw (or None)."""
        return game.label(state, action), None

    def zoom(self, game: Game, state: State, near: str) -> dict:
        """The public view to draw for ``/game board near:``; raises :class:`NoZoom`."""
        raise NoZoom(f"The {game.title} board has no zoom; use /game board without near.")


_REGISTRY = {"18rhl": "bot.rhl18_steps"}
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
