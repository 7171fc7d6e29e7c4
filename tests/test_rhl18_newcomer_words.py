"""18Rhl words a newcomer without the rulebook met and misread (a review's game):

* the auction's first button "Bid 20M for PWB ... (pays 5M)" bought PWB at once, and "pays
  5M" did not say to whom or how often: now "Buy PWB for 20M: ... (pays you 5M each
  operating round)";
* one action was "Float DEE at 65M" in the list, "Found a corporation" in the menu and
  "pars DEE" in the log, and DEE floats only once 50% is sold: now "Start DEE: president's
  20% at 65M a share (costs 130M; it floats when 50% is sold)" and "starts DEE";
* /game hand said "You run DEE: 0M in its treasury" before DEE floated;
* the track step's "Pass" of a corporation without a train went on to a run of nothing and
  a falling share price, unexplained: its prompt now says so, and the pass is "Lay no track"
  (it skips only the lay: the station, run and train steps follow)."""

from __future__ import annotations

from discord_standin import running_bot

import engine
from bot import i18n  # noqa: F401  (registers the bot's catalogue)
from bot.i18n import typed_move
from bot.service.pictures import button_label
from bot.service.rhl18_holdings import holdings
from engine.text import say
from tests.test_rhl18_card_lays import seated

GAME = engine.get_game("18rhl")
# the recorded game before its action 27: GVE (the third seat's) lays track, with no train
NO_TRAIN_CUT = 27


def _auction_labels(state: dict, lang: str) -> dict[str, str]:
    moves = GAME.legal(state, GAME.active(state)[0])
    return {m["company"]: say(GAME.label(state, m), lang) for m in moves if m["type"] == "bid"}


def test_the_cheapest_private_is_bought_and_every_revenue_is_per_operating_round() -> None:
    state = GAME.setup(3, {}, 1)
    english, german = _auction_labels(state, "en"), _auction_labels(state, "de")
    # (with what each private does: test_rhl18_learner_privates)
    assert english["PWB"].startswith(
        "Buy PWB for 20M: blocks E14 (pays you 5M each operating round)"), english
    assert german["PWB"].startswith(
        "PWB für 20M kaufen: blockiert E14 (5M Ertrag je Betriebsrunde)"), german
    assert english["Szl"].startswith(
        "Bid 55M for Szl: an extra free mountain tile (pays you 15M each operating round)"), \
        english
    assert english["KEO"].startswith("Bid 35M for KEO: free tile on E8"), english
    while state["round"]["type"] == "Auction":  # each button whole, NLK's the longest
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        for move in moves:
            for lang in ("en", "de"):
                label = button_label(say(GAME.label(state, move), lang),
                                     GAME.format(state, move))
                assert len(label) <= 80 and not label.endswith("…"), label
        GAME.apply(state, seat, moves[0])  # the cheapest private, bought


def _stock_round() -> dict:
    state = GAME.setup(3, {}, 1)
    for _ in range(40):  # each seat buys the cheapest private (its first move) in turn
        if state["round"]["type"] == "Stock":
            return state
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, GAME.legal(state, seat)[0])
    raise AssertionError("no stock round")


def test_starting_a_corporation_is_one_verb_and_says_when_it_floats() -> None:
    state = _stock_round()
    seat = GAME.active(state)[0]
    pars = {(m["corporation"], GAME.format(state, m)): m
            for m in GAME.legal(state, seat) if m["type"] == "par"}
    dee = say(GAME.label(state, pars["DEE", "par dee 65"]), "en")
    assert dee == ("Start DEE: president's 20% at 65M a share (costs 130M; it floats when "
                   "50% is sold) · par dee 65"), dee
    keg = say(GAME.label(state, pars["KEG", "par keg 65"]), "en")
    assert "it floats when 60% is sold" in keg, keg
    german = say(GAME.label(state, pars["DEE", "par dee 65"]), "de")
    assert german.startswith("DEE gründen: 20% zu 65M je Aktie (kostet 130M; in Betrieb "
                             "ab 50% verkauft)"), german
    for move in pars.values():  # the typed form still fits Discord's 100 characters
        for lang in ("en", "de"):
            label = say(GAME.label(state, move), lang).removesuffix(GAME.format(state, move))
            typed = typed_move("18rhl", GAME.format(state, move), lang)
            assert label.endswith(" · ") and len(label + typed) <= 100, (label, typed)
    lines = GAME.apply(state, seat, pars["DEE", "par dee 65"])
    assert any("starts DEE at 65M" in say(line, "en") for line in lines), lines
    assert any("gründet DEE zum Kurs 65M" in say(line, "de") for line in lines), lines


def test_hand_says_an_unfloated_corporation_has_no_treasury_yet() -> None:
    state = _stock_round()
    seat = GAME.active(state)[0]
    dee = next(m for m in GAME.legal(state, seat) if GAME.format(state, m) == "par dee 65")
    GAME.apply(state, seat, dee)
    english = holdings(GAME, state, seat, "en")
    assert "You run DEE: not floated yet (20% of 50% sold): no treasury until then" \
        in english, english
    assert not any("0M in its treasury" in line for line in english), english
    german = holdings(GAME, state, seat, "de")
    assert "Du leitest DEE: noch nicht in Betrieb (20% von 50% verkauft): bis dahin keine " \
        "Kasse" in german, german


async def test_the_track_step_of_a_corporation_without_a_train_says_what_follows(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, records = await seated(bot, NO_TRAIN_CUT)
        records.append(await anna.command("game start", order="joined"))
        assert all(record.errors == [] for record in records)
        [prompt] = [m for m in fake.posts(fake.channel) if m.custom_ids and
                    f"<@{anna.id}>" in m.text]
        assert ("Lay track for GVE. GVE has no train: it earns nothing this round and its "
                "share price drops; trains are bought at the end of its turn") in prompt.text, \
            prompt.text
        labels = [label for cid, label in prompt.labels.items() if not cid.endswith(":step")]
        assert "Lay no track" in labels and "Pass" not in labels, labels
