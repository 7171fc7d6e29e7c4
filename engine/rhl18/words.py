"""Words that go into 18Rhl's texts and need translating: move kinds, round steps and tile
colours, each a catalogue text (``engine.text.msg``) to nest in a sentence."""

from __future__ import annotations

import re

from engine.rhl18 import data
from engine.text import Msg, has, msg

KINDS = ("bid", "par", "buy_shares", "sell_shares", "pass", "lay_tile", "place_token",
         "run_routes", "dividend", "buy_train", "discard_train", "bankrupt", "accept",
         "decline",
         # only in imported 18xx.games records:
         "destination_connection", "program_share_pass", "program_buy_shares",
         "program_disable")
STEPS = ("SpecialToken", "Track", "RheBonusCheck", "Token", "Route", "Dividend", "BuyTrain")
COLOURS = ("white", "yellow", "green", "brown", "gray", "orange", "red", "blue")


def kind(name: str) -> Msg:
    """A kind of move ("lay tile"); one we do not know is named as typed."""
    if name in KINDS:
        return msg(f"rhl18.kind.{name}")
    return msg("rhl18.kind.other", txt=str(name).replace("_", " "))


def step(name: str) -> Msg:
    if name in STEPS:
        return msg(f"rhl18.step.{name}")
    return msg("rhl18.kind.other", txt=str(name))


def colour(name: str | None) -> Msg:
    """A tile colour; None (nothing follows gray) is "no"."""
    if name is None:
        return msg("rhl18.colour.none")
    key = f"rhl18.colour.{name}"
    return msg(key) if has(key) else msg("rhl18.kind.other", txt=str(name))


def train_name(train: str) -> Msg:
    """A train as players name it: "4-train" for the depot's train "4-1"."""
    return msg("rhl18.log.train_name", name=train_kind(train))


def a_train(train: str) -> Msg:
    """A train with its article: "a 4-train", "an 8-train" ("einen 8-Zug")."""
    name = train_kind(train)
    return msg("rhl18.log.an_train" if name.startswith("8") else "rhl18.log.a_train", name=name)


def train_kind(train: str) -> str:
    """The kind of a train copy: "4" for "4-1"."""
    return str(train).split("-")[0]


def private_name(sym: str) -> Msg | str:
    """A private company's name without the number the listing's order repeats ("No. 4
    Trajektanstalt" -> "Trajektanstalt"); a name that is English prose (RhE's "Director's
    Certificate of ...") is worded per language (``rhl18.private.name.<sym>``)."""
    key = f"rhl18.private.name.{sym}"
    if has(key):
        return msg(key)
    return re.sub(r"^No\. \d+ ", "", data.companies()[sym]["name"])
