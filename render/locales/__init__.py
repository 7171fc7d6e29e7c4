"""Catalogues of the board pictures' texts, one folder per language (see engine/text.py)."""
