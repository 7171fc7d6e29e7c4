"""Rules help for ``/rules topic:``, in our own words."""

TOPICS = {
    "overview": (
        "Rheinländer (3-5 players): place knights along the Rhine to form duchies. Two or more "
        "adjacent knights form a duchy; the player with at least two knights and strictly more "
        "than each other player owns it and places a duke. You score when you lose a duke "
        "(face-down coins) and for the dukes you still have at the end."),
    "turn": (
        "A turn: optionally a bastion, then play one card and place one knight (`play`, "
        "`reinforce`, or `convert` as archbishop), then a bastion or `done` if you have not "
        "placed one, then you draw back to five cards. Only if no card lets you place a knight "
        "may you `discard` a card instead (house rule)."),
    "placement": (
        "`play 17 left`: card 17 puts a knight on a free land space of area 17 (either bank, or "
        "an island space that belongs to 17). The river space (`play 17 river`) is only "
        "available once every land space of the area is occupied, by knights or bastions. "
        "A full area takes no knight. Islands belong to two areas: `play 10 island` or "
        "`play 11 island`."),
    "reinforcement": (
        "`reinforce 5 onto 22 right`: any card, ignoring its number, puts a knight on a free "
        "land space that borders one of your knights (castle knights count) and borders no "
        "opponent's knight. Never on the river, never a conversion."),
    "bastions": (
        "`bastion 22 right`: three per player, at most one per turn, before your card or after "
        "your knight. Any free land space. Bastions are neutral: they belong to no duchy, "
        "connect nothing, take no castle and cannot be converted; they do count as occupying "
        "their space (so a river space next to them can open)."),
    "duchies": (
        "Ownership is automatic, on anyone's turn. A tie keeps the present duke. If someone "
        "overtakes the owner without leading (e.g. 1-2-2 after a conversion) the duke leaves "
        "and the duchy becomes ownerless. A removed duke's owner is paid the duchy's value as "
        "it was before the move: 1 for the duke + church 1 + castle 1 + city 2/3/4 for every "
        "realm bordering a knight of the duchy (any colour)."),
    "joining": (
        "A knight that connects two or more duchies (owned or not; lone knights do not count) "
        "makes one duchy. The leader takes it: if he owned one of them his duke stays, if "
        "several his most valuable stays and he is paid for the others, if none he places a "
        "new duke. Every other duke leaves and is paid. If nobody leads, all dukes leave and "
        "are paid and the duchy has no owner."),
    "castles": (
        "The first knight placed next to a castle decides it: the duke of that knight's duchy "
        "gets it, or the placing player if there is no duke (a lone knight plus its castle "
        "knight is a new duchy), or the placing player if dukes of several players meet "
        "there (house rule). The castle knight comes from supply, counts in the duchy and "
        "changes colour when the duchy changes owner; in an ownerless duchy it stays. "
        "Castle knights cannot be converted."),
    "archbishop": (
        "A duke whose duchy contains a church has a bishop (one per duchy). The player with "
        "strictly the most bishops holds the archbishop, checked after every move; a tie puts "
        "it aside. The archbishop may play card 17 to `convert 17 left` (or right, river, "
        "island): an opponent's knight in area 17 goes back to its owner and one of yours "
        "takes its place. Not by reinforcement, never bastions or castle knights."),
    "dukes": (
        "Dukes are unlimited. Each player has 6 figures; with 3 or 4 players further dukes "
        "borrow the figures of an unused colour (drawn with the owner's letter). With 5 "
        "players, or when those run out too, an extra duke is drawn in the owner's colour "
        "with a + mark. It counts exactly like any duke (house rule for the picture only)."),
    "end": (
        "The game ends when a player places his last knight (also a castle knight). That turn "
        "is finished (settlement and an optional bastion, no draw) and nobody else moves. "
        "Final score: face-down coins + for each duke still on the board 5 + the duchy's "
        "realms + 5 for the archbishop. Equal totals share the place (house rule: no "
        "tie-break)."),
    "hidden": (
        "Your hand and your collected coins are shown only to you (`/game hand`); the public "
        "log says when a duke is paid, not how much. Everything is revealed at the end."),
    "components": (
        "Per player: 25/20/17 knights (3/4/5 players), 6 dukes, 3 bastions; 54 number cards, "
        "the shuffle card, the archbishop card, 7 bishops; 26 realm markers (12 cities, 7 "
        "castles, 7 churches) dealt at random. HOUSE-MADE: the whole board geometry (54 "
        "areas, islands at 10/11 and 44/45, the 26 realm spaces, the neighbours) and the city "
        "values (4 x 2, 5 x 3, 3 x 4), because the printed board is not published. A table "
        "with the printed game can correct engine/rheinlaender/board.json."),
}
