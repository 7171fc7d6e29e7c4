"""English texts of the bot (one JSON file per area)."""
