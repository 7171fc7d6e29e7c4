"""The discord.py adapter: the client and gateway (``app``), the slash commands
(``commands``), how replies reach Discord (``delivery``) and the command translations
(``translator``). Nothing here decides a rule; it turns interactions into service calls."""
