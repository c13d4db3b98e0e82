"""Pure helpers every game engine may use: standard library only, no Django.

A game's engine (``games/<kind>/engine/``) imports from here and from the standard
library, nothing else; the platform reads every game through the same shapes:
``IllegalAction`` / ``InvalidSetup`` for refusals, ``Outcome`` for results, ``VariantInfo``
for what a variant is, and ``check_action_shape`` for the record rule that an action has
exactly its keys, each of the right type (``../shared/rules/GAMES.md``).
"""
