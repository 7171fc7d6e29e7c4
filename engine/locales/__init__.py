"""Catalogues of the engines' texts, one folder per language (see engine/text.py)."""
