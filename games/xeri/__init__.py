"""Xeri, the Greek fishing game: its pure engine (``engine``) and its bots (``bots``)."""
