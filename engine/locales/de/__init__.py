"""German texts of the engine (one JSON file per area)."""
