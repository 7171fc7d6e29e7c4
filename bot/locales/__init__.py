"""Catalogues of the bot's texts, one folder per language (see engine/text.py).

moves.json holds the German move keywords."""
