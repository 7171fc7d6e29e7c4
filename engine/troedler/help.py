"""Rules help for ``/rules topic:``, in our own words."""

from __future__ import annotations

TOPICS: dict[str, str] = {
    "overview": (
        "Travelling dealers in the Highlands. Each round: the dealer lays out one pile of 4 "
        "face-up cards per player plus one; everyone takes a pile; then each player, dealer "
        "first, plays cards to move their cart, collect goods and fulfil goods requests in "
        "villages without goods. Watch your special feed: the player with the most damage "
        "at the end loses."),
    "piles": (
        "Phase 1 deals one card on each pile in turn, 4 layers; only the top card stays "
        "visible, but everyone saw the covered ones being dealt (the deal is posted). Table "
        "option open_piles shows whole piles. Phase 2: the player left of the dealer takes a "
        "pile first, the dealer last; the leftover pile goes on the discard pile. With 2 "
        "players the dealer first discards one of the 3 piles. An empty game-round pile is "
        "refilled by shuffling the discard pile."),
    "turn": (
        "On your turn play any cards one at a time: a route card moves your cart one step "
        "along a route of that kind and lets you take one good where you arrive (while you "
        "stay there); an extra good takes a good in your village; a goods request delivers "
        "exactly its goods to your village if it holds no goods (one request per village per "
        "turn). Then 'end'."),
    "feed": (
        "A special feed does one of: cross any route ('feed route moor glenmore'), take an "
        "additional good ('feed extra pot'), or replace one good of the request you deliver "
        "next by another good you hold ('feed replace anvil pot', then 'deliver N'). Played "
        "feed goes to your value pile and counts as damage."),
    "hand-limit": (
        "After your turn, routes and extra goods you played go to the discard pile; feed and "
        "fulfilled requests to your face-down value pile. Keep at most 4 cards: discard "
        "surplus non-feed cards; feed is never discarded, and feed beyond 4 goes to your value "
        "pile (damage)."),
    "scoring": (
        "The game ends after the round in which someone has 5 (4 players), 6 (3) or 7 (2) "
        "requests in their value pile; this is not announced before the round ends. Damage = "
        "feed in value pile + half your goods rounded up. The single player with the highest "
        "damage loses (2 players: only if 3 or more above the other). The others score "
        "request points + 1 per good; ties go to fewer goods; several winners are possible."),
    "notation": (
        "take-pile 3 · discard-pile 2 · move bridge glenmore · take vase · extra chair · "
        "deliver 12 · feed route moor glenmore · feed extra pot · feed replace anvil pot · "
        "discard 12 15 · end. Route kinds: trail, bridge, ferry, moor. Card numbers are shown "
        "in your hand."),
    "components": (
        "Counts follow the rulebook: 48 goods (8 each of anvil, bottle, chair, cup, pot, "
        "vase), 110 cards (44 routes, 26 goods requests, 24 special feed, 4 extra goods, 4 "
        "starting sets of 3). House-made, because not published: the map (17 village names, "
        "positions, goods numbers, the 4 start villages, the routes and their kinds), the "
        "goods and points of the 26 requests, and the contents of the starting sets (1 request "
        "of 2 goods for 3 points, 1 route card leaving the start village, 1 special feed)."),
}
