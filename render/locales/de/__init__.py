"""German texts of the render (one JSON file per area)."""
