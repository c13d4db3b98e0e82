"""Per game, what the post-game analysis needs of its search (``analysis.engine``).

Each module offers ``adapter(variant, seats)``: an object with
- ``sampler(view)``: ``draw(rng)``, a full engine state consistent with a seat's view (the
  game's own determinization, as its search bot draws them);
- ``value(state, action, rng)``: per seat, the expected share of the game after ``action``
  is played in ``state`` (one playout with ``rng``, scored as a share of the game);
- ``samples``: a multiplier of the budget's samples for this game (1.0 by default).
Pure: standard library and the games' engines and bots only.
"""
