"""Actions an engine makes once and hands out again: dicts nobody can change.

An engine's ``legal_actions`` may list the same ``Action`` objects every time (one per
seat and card, say) instead of building new dicts for every state: since nobody can change
them, sharing them is safe, and ``apply`` may trust an ``Action`` it made (its ``key``) and
check only what depends on the state (is it this seat's turn, is the card in its hand)
instead of the action's shape. To the rest of the site an ``Action`` is a dict: equal to
the same plain dict, written by ``json`` as one, copied (``dict(action)``, ``copy``,
``deepcopy``, ``pickle``) into a plain dict that may be changed.
"""


class Action(dict):
    """A dict that refuses every change; ``key`` is what its engine reads of it."""

    __slots__ = ("key",)

    def __init__(self, key, /, **fields):
        dict.__init__(self, fields)
        self.key = key

    def _refuse(self, *args, **kwargs):
        raise TypeError("an engine's action cannot be changed: change a copy, dict(action)")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self):
        return (dict, (dict(self),))

    def __copy__(self):
        return dict(self)

    def __deepcopy__(self, memo):
        return dict(self)
