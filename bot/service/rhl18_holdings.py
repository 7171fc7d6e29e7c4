"""A seat's 18Rhl holdings as ``/game hand`` lists them: cash and worth, certificates against
the limit, shares with the presidencies, privates, and each corporation the seat runs with its
treasury and trains. All of it is public and on the board picture, but a phone shows that
picture too small to read a share count from it."""

from __future__ import annotations

from typing import Any

from engine.core import Game, State
from engine.rhl18 import data
from engine.rhl18 import rules as R
from engine.rhl18 import words as W
from engine.text import Msg, msg, say


def holdings(game: Game, state: State, seat: int, lang: str) -> list[str]:
    view = game.view(state, None)
    me = next(p for p in view["players"] if p["seat"] == seat)
    runs = [c for c in view["corporations"] if c.get("president_seat") == seat]
    lines: list[Msg] = [msg("rhl18.hand.cash", cash=me["cash"], value=me["value"],
                            certs=me["certs"], limit=me["cert_limit"])]
    free = _free(me)
    shares = [_share(sym, certs, any(c["id"] == sym for c in runs), free)
              for sym, certs in sorted(me["shares"].items())]
    lines.append(msg("rhl18.hand.shares", shares=shares) if shares else
                 msg("rhl18.hand.no_shares"))
    if me["companies"]:
        lines.append(msg("rhl18.hand.privates", companies=list(me["companies"])))
    for corp in runs:
        lines.append(_runs(corp))
    return [say(line, lang) for line in lines]


def _runs(corp: dict[str, Any]) -> Msg:
    """A corporation the seat presides over. Before it floats its treasury is empty, and
    "0M in its treasury" read as money lost: the line says how far it is from floating."""
    sym = corp["id"]
    if not corp["floated"]:
        unsold = sum(R.units(c) for c in corp["treasury_or_ipo_shares"]) * 10
        return msg("rhl18.hand.runs_unfloated", corp=sym, sold=100 - unsold,
                   float=data.corporations()[sym]["float_percent"])
    trains = [W.train_name(t) for t in corp["trains"]]
    return msg("rhl18.hand.runs", corp=sym, cash=corp["cash"],
               trains=trains or msg("rhl18.hand.no_trains"))


def _free(me: dict[str, Any]) -> dict[str, str]:
    """The certificates a private the seat owns brought them free (NLK's 10% of GVE, from
    its ``shares`` ability in the game data), certificate -> private. "Shares: GVE 10%"
    beside "Privates: NLK" said nothing of the link. Said only while the seat still owns
    the private and holds that certificate: the state keeps no buyer once a private closes,
    and the certificate itself may pass through the pool or a presidency swap to a player
    who paid for it. A president's certificate is never a gift (RhE's is bought)."""
    return {cert: company for company in me["companies"]
            for cert in data.private_certs().get(company, ())
            if not cert.endswith("_0") and cert in me["shares"].get(cert.rsplit("_", 1)[0], ())}


def _share(sym: str, certs: list[Any], president: bool, free: dict[str, str]) -> Msg:
    percent = sum(R.units(c) for c in certs) * 10
    gifts = [(cert, free[cert]) for cert in certs if cert in free]
    if not gifts:
        return msg("rhl18.hand.share_president" if president else "rhl18.hand.share",
                   corp=sym, percent=percent)
    # one private brings one corporation's certificate (NLK's GVE share): name the first
    company = gifts[0][1]
    given = sum(R.units(cert) for cert, _ in gifts) * 10
    if president:
        return msg("rhl18.hand.share_president_free", corp=sym, percent=percent, free=given,
                   company=company)
    if given == percent:
        return msg("rhl18.hand.share_free", corp=sym, percent=percent, company=company)
    return msg("rhl18.hand.share_part_free", corp=sym, percent=percent, free=given,
               company=company)
