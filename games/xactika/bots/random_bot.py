"""The random Xactika bot: the kit's uniformly random legal action (from a seed or a
``random.Random``)."""

from games.kit.play import RandomBot

__all__ = ["RandomBot"]
