"""Through the Discord stand-in: a share move typed in its notation's shape that the rules
do not allow now says which rule stands in the way.

Before, a newcomer's `buy adr ipo` (ADR not started) and `sell adr 1` (in the first stock
round, when no corporation has operated) were both answered "I could not read that move.
Moves now start with: buy, par, pass.", though the bot had read them perfectly well."""

from __future__ import annotations

from engine import get_game
from engine.core import RuleError
from engine.rhl18 import notation
from engine.text import say
from tests.test_rhl18_refusals import STOCK_CUT, refusals

GAME = get_game("18rhl")


async def test_buying_an_unstarted_corporation_says_it_is_not_started(tmp_path, monkeypatch):
    buy, sell, sell_rhe = await refusals(tmp_path, monkeypatch, STOCK_CUT,
                                         ["buy adr ipo", "sell adr 1", "sell rhe 1"])
    for said in (buy, sell, sell_rhe):
        assert "could not read" not in said, said
        assert "Moves now start with: buy, par, pass." in said, said
    assert buy.startswith("ADR has not been started: no shares to buy yet."), buy
    assert "`par adr <price>`" in buy, buy
    # no ADR share held: that is what stands in the way, before any rule of operating
    assert sell.startswith("You hold no ADR shares."), sell
    assert sell_rhe.startswith("RhE has not operated yet: a corporation's shares can be sold "
                               "only after it has had its first turn in an operating round."), \
        sell_rhe


def test_share_refusals_read_in_german_and_leave_other_text_unread() -> None:
    state = GAME.setup(3, {}, 1)
    for _ in range(40):  # each seat buys the cheapest private (its first move) in turn
        if state["round"]["type"] == "Stock":
            break
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, GAME.legal(state, seat)[0])
    assert state["round"]["type"] == "Stock"
    seat = GAME.active(state)[0]
    said = {}
    for text in ("buy adr ipo", "sell adr 1", "buy adr ipo 30", "buy adr bank"):
        try:
            notation.parse(state, seat, text)
        except RuleError as error:
            said[text] = error.args[0]
    assert say(said["buy adr ipo"], "de").startswith("ADR ist noch nicht gegründet"), \
        say(said["buy adr ipo"], "de")
    assert say(said["sell adr 1"], "de").startswith("Du hast keine Aktien der ADR."), \
        say(said["sell adr 1"], "de")
    # a count after the source is no notation, but ADR not being started is still the
    # obstacle (test_discord_rhl18_veteran_wording)
    assert say(said["buy adr ipo 30"], "de").startswith("ADR ist noch nicht gegründet")
    assert str(said["buy adr bank"]).startswith("I could not read that move")
