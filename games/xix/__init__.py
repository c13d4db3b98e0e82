"""XIX, Michael Purcell's card game for two: its pure engine (``engine``) and bots (``bots``).

Standard library only; the site reaches it through ``games.registry``.
"""
