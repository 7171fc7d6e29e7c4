"""Text catalogues, one flat JSON file per language (en.json, de.json); see bot/i18n.py."""
