"""Rheinländer: the complete game on a house-made board (see board.json)."""

from engine.rheinlaender.game import COLOURS, Rheinlaender

GAME = Rheinlaender()

__all__ = ["COLOURS", "GAME", "Rheinlaender"]
