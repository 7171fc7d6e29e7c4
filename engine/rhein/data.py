"""Components of Rhein: River Trade: the board, the transports, the trucks and the 50 orders.

Every record says where its values come from: ``"rulebook"`` (printed in the English rulebook),
``"review"`` (a published review), or ``"house"`` (designed by this project because the
rulebook does not print it; chosen to fit the facts we know). A table owning the printed game
can correct the house values here, in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

PLANE, TRAIN, SHIP, ROAD = "plane", "train", "ship", "road"
SERVICES = (PLANE, TRAIN, SHIP, ROAD)


@dataclass(frozen=True)
class City:
    number: int  # distance from Basel; movement is counted in these numbers
    name: str
    slug: str  # the notation's name (ASCII, so it is easy to type)
    services: frozenset[str]
    source: str


def _city(number: int, name: str, slug: str, services: str, source: str) -> City:
    return City(number, name, slug, frozenset(services.split()), source)


# Names 0-10 and 14 are printed; services of 0-3, London's "plane only" and the airports of
# Frankfurt and Düsseldorf are published. Rotterdam's number (12) and the ports of cities
# 4-12 are house-made: ports only on the Rhine (Frankfurt lies on the Main), trains everywhere
# but London, and every road city within 2 of another so trucks can reach it.
CITIES: tuple[City, ...] = (
    _city(0, "Basel", "basel", "plane train ship road", "rulebook"),
    _city(1, "Strasbourg", "strasbourg", "train road", "rulebook"),
    _city(2, "Karlsruhe", "karlsruhe", "train ship road", "rulebook"),
    _city(3, "Mannheim", "mannheim", "train road", "rulebook"),
    _city(4, "Mainz", "mainz", "train ship road", "house"),
    _city(5, "Frankfurt", "frankfurt", "plane train road", "house; airport from a review"),
    _city(6, "Koblenz", "koblenz", "train ship road", "house"),
    _city(7, "Bonn", "bonn", "train ship road", "house"),
    _city(8, "Köln", "koeln", "train ship road", "house"),
    _city(9, "Düsseldorf", "duesseldorf", "plane train ship road", "house; airport from a review"),
    _city(10, "Duisburg", "duisburg", "train ship road", "house"),
    _city(12, "Rotterdam", "rotterdam", "train ship road", "house (number and services)"),
    _city(14, "London", "london", "plane", "rulebook"),
)
CITY_BY_NUMBER: dict[int, City] = {city.number: city for city in CITIES}
BASEL, LONDON = 0, 14
MAX_POSITION = 14

# Extra spellings the notation accepts for a city.
CITY_ALIASES: dict[str, int] = {
    "köln": 8, "koln": 8, "cologne": 8, "düsseldorf": 9, "dusseldorf": 9,
    "strassburg": 1, "straßburg": 1, "strasburg": 1,
}


@dataclass(frozen=True)
class Transport:
    key: str  # notation name, e.g. "red-train"
    name: str  # e.g. "red Train"
    kind: str  # plane, train or ship
    initiative: int
    cost: int  # reservation cost
    speed: int
    stops: int  # stops per round
    markers: int  # reservation markers
    min_load: int  # containers needed to leave Basel
    capacity: int
    source: str


# Initiative, cost, speed and stops of the planes, white and red Train are printed; so are the
# red Train's minimum load (4) and capacity (10) and the marker counts. The rest is house-made:
# capacities 6-14, planes dearest, ships cheapest, faster is dearer.
TRANSPORTS: tuple[Transport, ...] = (
    Transport("white-plane", "white Plane", PLANE, 1, 12, 9, 1, 2, 3, 8,
              "rulebook; min load and capacity house"),
    Transport("red-plane", "red Plane", PLANE, 2, 10, 7, 1, 2, 3, 7,
              "rulebook; min load and capacity house"),
    Transport("black-plane", "black Plane", PLANE, 3, 8, 5, 1, 2, 2, 6,
              "rulebook; min load and capacity house"),
    Transport("white-train", "white Train", TRAIN, 4, 6, 4, 2, 4, 4, 10,
              "rulebook; min load and capacity house"),
    Transport("red-train", "red Train", TRAIN, 5, 4, 3, 2, 4, 4, 10, "rulebook"),
    Transport("black-train", "black Train", TRAIN, 6, 3, 2, 2, 4, 3, 8,
              "initiative and stops rulebook; cost, speed, min load, capacity house"),
    Transport("white-ship", "white Ship", SHIP, 7, 3, 3, 2, 4, 5, 14,
              "initiative and stops rulebook; cost, speed, min load, capacity house"),
    Transport("red-ship", "red Ship", SHIP, 8, 2, 2, 2, 4, 4, 12,
              "initiative and stops rulebook; cost, speed, min load, capacity house"),
    Transport("black-ship", "black Ship", SHIP, 9, 2, 3, 1, 4, 4, 12,
              "initiative and stops rulebook; cost, speed, min load, capacity house"),
)
TRANSPORT_BY_KEY: dict[str, Transport] = {t.key: t for t in TRANSPORTS}

# Transports put back in the box by player count (rulebook, set-up step 4).
REMOVED_TRANSPORTS: dict[int, tuple[str, ...]] = {
    2: ("black-plane", "red-plane", "black-ship"),
    3: ("black-plane", "red-plane"),
    4: ("black-plane",),
    5: (),
}


@dataclass(frozen=True)
class TruckSpec:
    initiative: int = 10
    move_cost: int = 1
    speed: int = 2
    stops: int = 1
    min_load: int = 1
    capacity: int = 2
    mortgage: int = 6
    repay: int = 9
    mortgaged_at_end: int = 9  # R55: lost at the final score per truck still mortgaged
    source: str = "rulebook"


TRUCK = TruckSpec()
TRUCK_LETTERS = ("a", "b")

# Set-up by player count (rulebook): rounds, cards revealed per round, cards discarded.
ROUNDS: dict[int, int] = {2: 10, 3: 10, 4: 8, 5: 7}
REVEALED: dict[int, int] = {2: 5, 3: 5, 4: 6, 5: 7}
SETUP_DISCARDS: dict[int, int] = {2: 0, 3: 0, 4: 2, 5: 1}
START_CAPITAL = 20
CONTAINERS = 15
RETAKE_COST = 3  # last round: re-taking a fulfilled order
COLOURS = ("green", "yellow", "blue", "purple", "brown")


@dataclass(frozen=True)
class Card:
    id: int
    city: int
    options: tuple[tuple[int, int], ...]  # (containers, Capital earned)
    time: int  # time tokens
    penalty: int
    source: str


# The 50 order cards. Only the Karlsruhe card (4) is printed in full; 41 keeps the printed
# Duisburg option 4 -> 20 and 23 the reviewed Koblenz option 6 -> 18 in 3 rounds. Everything
# else is house-made: per-city counts keep the printed Strasbourg 3, Karlsruhe 4, Mannheim 3,
# income per container grows with distance, penalties about a fifth of the best income.
CARDS: tuple[Card, ...] = (
    Card(1, 1, ((2, 5), (3, 7), (4, 8)), 2, 2, "house"),
    Card(2, 1, ((3, 7), (5, 10)), 3, 2, "house"),
    Card(3, 1, ((4, 8), (6, 12)), 1, 2, "house"),
    Card(4, 2, ((2, 5), (3, 7), (4, 9)), 2, 2, "rulebook"),
    Card(5, 2, ((5, 11), (7, 16)), 4, 3, "house"),
    Card(6, 2, ((3, 8), (4, 9), (5, 11)), 3, 2, "house"),
    Card(7, 2, ((6, 14), (8, 18)), 2, 4, "house"),
    Card(8, 3, ((2, 6), (4, 10)), 3, 2, "house"),
    Card(9, 3, ((2, 6), (3, 8), (4, 10)), 2, 2, "house"),
    Card(10, 3, ((3, 8), (5, 12)), 3, 2, "house"),
    Card(11, 4, ((4, 11), (6, 16)), 1, 3, "house"),
    Card(12, 4, ((2, 6), (3, 9)), 2, 2, "house"),
    Card(13, 4, ((5, 13), (7, 18)), 4, 4, "house"),
    Card(14, 4, ((3, 9), (4, 10), (5, 13)), 3, 3, "house"),
    Card(15, 5, ((6, 17), (8, 23)), 2, 5, "house"),
    Card(16, 5, ((2, 7), (4, 12)), 3, 2, "house"),
    Card(17, 5, ((2, 7), (3, 10), (4, 12)), 2, 2, "house"),
    Card(18, 5, ((3, 10), (5, 14)), 3, 3, "house"),
    Card(19, 5, ((4, 12), (6, 18)), 1, 4, "house"),
    Card(20, 6, ((2, 7), (3, 10)), 2, 2, "house"),
    Card(21, 6, ((5, 15), (7, 21)), 4, 4, "house"),
    Card(22, 6, ((3, 10), (4, 12), (5, 15)), 3, 3, "house"),
    Card(23, 6, ((6, 18), (8, 24)), 3, 5, "house; 6->18 in 3 rounds from a review"),
    Card(24, 6, ((2, 7), (4, 12)), 3, 2, "house"),
    Card(25, 7, ((2, 7), (3, 11), (4, 13)), 2, 3, "house"),
    Card(26, 7, ((3, 11), (5, 16)), 3, 3, "house"),
    Card(27, 7, ((4, 13), (6, 20)), 1, 4, "house"),
    Card(28, 7, ((2, 7), (3, 11)), 2, 2, "house"),
    Card(29, 8, ((5, 17), (7, 24)), 4, 5, "house"),
    Card(30, 8, ((3, 11), (4, 14), (5, 17)), 3, 3, "house"),
    Card(31, 8, ((6, 20), (8, 27)), 2, 5, "house"),
    Card(32, 8, ((2, 8), (4, 14)), 3, 3, "house"),
    Card(33, 8, ((2, 8), (3, 11), (4, 14)), 2, 3, "house"),
    Card(34, 9, ((3, 12), (5, 19)), 3, 4, "house"),
    Card(35, 9, ((4, 16), (6, 23)), 1, 5, "house"),
    Card(36, 9, ((2, 9), (3, 12)), 2, 2, "house"),
    Card(37, 9, ((5, 19), (7, 27)), 4, 5, "house"),
    Card(38, 9, ((3, 12), (4, 15), (5, 19)), 3, 4, "house"),
    Card(39, 10, ((6, 28), (8, 37)), 2, 7, "house"),
    Card(40, 10, ((2, 10), (4, 18)), 3, 4, "house"),
    Card(41, 10, ((2, 10), (3, 15), (4, 20)), 2, 4, "house; 4->20 from the rulebook"),
    Card(42, 10, ((3, 15), (5, 23)), 3, 5, "house"),
    Card(43, 12, ((4, 20), (6, 30)), 2, 6, "house"),
    Card(44, 12, ((2, 11), (3, 16)), 2, 3, "house"),
    Card(45, 12, ((5, 25), (7, 35)), 4, 7, "house"),
    Card(46, 12, ((3, 16), (4, 20), (5, 25)), 3, 5, "house"),
    Card(47, 14, ((6, 37),), 2, 7, "house"),
    Card(48, 14, ((2, 13), (4, 25)), 3, 5, "house"),
    Card(49, 14, ((2, 13), (3, 20), (4, 25)), 2, 5, "house"),
    Card(50, 14, ((3, 20), (5, 31)), 3, 6, "house"),
)
CARD_BY_ID: dict[int, Card] = {card.id: card for card in CARDS}

assert len(CARDS) == 50
assert len(CITIES) == 13
