"""18Rhl: Rhineland (engine key ``18rhl``), replaying 18xx.games recordings exactly."""

from engine.rhl18.game import GAME, Rhl18Game

__all__ = ["GAME", "Rhl18Game"]
