"""Rules help for ``/rules`` in our own words."""

from __future__ import annotations

TOPICS: dict[str, str] = {
    "moves": (
        "take 17 · retake 4 (last round, 3 Capital) · bid 17 4 · pass · load red-train 4 · "
        "load a 1 · truck a koblenz 2 (place truck A there with 2) · reserve white-ship "
        "koblenz · unload red-train 3 · transfer red-train white-ship 2 · transfer red-train "
        "a 2 · move a bonn · unload a 2 · fulfil 17 4 · mortgage a · repay a · done. Cities "
        "by name or number (koeln, köln, 8)."
    ),
    "overview": (
        "Freight firms in Basel ship containers down the Rhine to fulfil orders. Each round: "
        "1 take orders, 2 load containers (1 each), 3 reserve stops, 4 transports move and "
        "stop, 5 fulfil orders, 6 end of round (expiry, storage 1 per container lying in a "
        "city). Most Capital after 10/10/8/7 rounds (2/3/4/5 players) wins."
    ),
    "order": (
        "Players act from lowest Capital to highest. On equal Capital the marker on top acts "
        "first: a marker that moves lands on top of the stack already there."
    ),
    "orders": (
        "Players+2 cards are revealed (5 with 2 players). Each player may take one, with its "
        "time tokens. 2 players: a second pass, second card with one token less. Round 1: "
        "auctions, highest Capital opens (bid 0 allowed), raise or pass until one is left. "
        "Last round: instead re-take one of your fulfilled orders for 3."
    ),
    "loading": (
        "Load your containers onto a transport in the same city: from your warehouse onto "
        "transports on their mat (Basel), or from containers lying where a transport stands. "
        "Trucks: place one from your reserve with 1-2 containers where you have containers. "
        "1 Capital per container. `load red-train 4`, `truck a koblenz 2`, `load a 1`."
    ),
    "reserving": (
        "Reserve a stop for a plane, train or ship you have a container on: a city with its "
        "service, not Basel, not where it stands, one marker per city, markers limited (planes "
        "2, others 4). Anyone aboard may use any marker. `reserve white-ship koblenz`."
    ),
    "moving": (
        "Transports move by initiative: a transport in Basel leaves only with a marker and its "
        "minimum load; one on the board always moves. It heads for the nearest marked city "
        "above, else the nearest below; stops there (the marker goes). Speed and stops per "
        "round limit it. No markers at the start of phase 4: back to Basel. At a stop, players "
        "aboard (low Capital first) `unload red-train 3`, `transfer red-train white-ship 2`, "
        "`transfer red-train a 2` (onto own truck), then `done`. Trucks move last: "
        "`move a bonn` (1 Capital, 1-2 spaces, never London), then `unload a 2`."
    ),
    "fulfilling": (
        "From London down to Basel, players deliver containers lying in the order's city: "
        "exactly one listed quantity per card: `fulfil 17 4`. Income is paid, containers go "
        "home, the card lies face down (tie-break)."
    ),
    "money": (
        "Capital never goes below 0. On your turn in any phase, `mortgage a` (a truck in your "
        "reserve, +6) or `repay a` (9). If a penalty or storage cannot be paid, trucks are "
        "mortgaged automatically; if still short the player is bankrupt and leaves."
    ),
    "end": (
        "After the last round: lose the penalty of every open order, 1 per container aboard "
        "any transport (trucks too), 9 per mortgaged truck. Most Capital wins; ties go to "
        "more fulfilled orders, then are shared."
    ),
    "variants": (
        "Under Pressure: every order gets one time token less (2 players: every order, not 2 "
        "less). Relax: no time tokens; penalties only at the end. Not both together."
    ),
    "components": (
        "Printed values: city numbers 0-10 and London 14, services of Basel, Strasbourg, "
        "Karlsruhe, Mannheim and London; initiative, cost, speed and stops of the planes, "
        "white and red Train; the red Train's minimum 4 and capacity 10; trucks; the Karlsruhe "
        "order (card 4). House-made (ours, not printed): Rotterdam at 12, the services of "
        "cities 4-12 (Frankfurt and Düsseldorf airports are from reviews); the black Train's "
        "and Ships' cost and speed; every other minimum load and capacity; the other 49 orders "
        "(card 41 keeps the printed Duisburg 4→20, card 23 the reviewed Koblenz 6→18)."
    ),
}
