"""Die Trödler aus den Highlands: collect goods, deliver them where there are none, and do
not use up more special feed than the others. Rules in the phase modules, components in
``data.json``."""

from engine.troedler.game import Troedler

GAME = Troedler()

__all__ = ["GAME", "Troedler"]
