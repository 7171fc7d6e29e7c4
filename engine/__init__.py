"""Pure rules engines for the four Rhine games, behind one contract (see ``engine.core``)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from engine.core import Action, Game, Option, RuleError, Standing, State
from engine.text import msg

__all__ = ["GAMES", "Action", "Game", "Option", "RuleError", "Standing", "State", "get_game"]

# Each game package exposes ``GAME``; they are imported on first use so that starting the
# bot or running one game's tests does not load the other three.
_MODULES = {
    "rhein": "engine.rhein",
    "rheinlaender": "engine.rheinlaender",
    "troedler": "engine.troedler",
    "18rhl": "engine.rhl18",
}


class _Registry(Mapping[str, Game]):
    def __init__(self) -> None:
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, key: str) -> Game:
        if key not in _MODULES:
            raise KeyError(key)
        if key not in self._loaded:
            self._loaded[key] = importlib.import_module(_MODULES[key]).GAME
        return self._loaded[key]

    def __iter__(self) -> Iterator[str]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)


GAMES: Mapping[str, Game] = _Registry()


def get_game(key: str) -> Game:
    """The game with this key (``rhein``, ``rheinlaender``, ``troedler``, ``18rhl``)."""
    try:
        return GAMES[key]
    except KeyError:
        raise RuleError(msg("core.no_game", key=key, games=list(_MODULES))) from None
