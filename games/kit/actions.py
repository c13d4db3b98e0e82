"""Actions an engine makes once and hands out again: dicts nobody can change.

An engine's ``legal_actions`` may list the same ``Action`` objects every time (one per
seat and card, say) instead of building new dicts for every state: since nobody can change
them, sharing them is safe, and ``apply`` may trust an ``Action`` it made (its ``key``) and
check only what depends on the state (is it this seat's turn, is the card in its hand)
instead of the action's shape. To the rest of the site an ``Action`` is a dict: equal to
the same plain dict, written by ``json`` as one, copied (``dict(action)``, ``copy``,
``deepcopy``, ``pickle``) into a plain dict that may be changed.

The same goes for events: an engine may answer the event of a usual move (a card onto the
pile, a follow) with one ``Frozen`` dict made once per seat and card, and a list inside it
is a ``FrozenList``.
"""

from copy import deepcopy


class _Unchangeable:
    """What ``Frozen`` and ``FrozenList`` share: any change raises ``TypeError``, and a
    copy (``copy``, ``deepcopy``, ``pickle``) is a plain object of the base type (a deep
    copy's items plain too)."""

    __slots__ = ()
    plain = dict

    def _refuse(self, *args, **kwargs):
        raise TypeError("an engine's action or event cannot be changed: change a copy of it")

    def __reduce__(self):
        return (self.plain, (self.plain(self),))

    def __copy__(self):
        return self.plain(self)

    def __deepcopy__(self, memo):
        return deepcopy(self.plain(self), memo)


class Frozen(_Unchangeable, dict):
    """A dict that refuses every change: what an engine hands out again and again (an
    action, or an event every state answers the same way, made once)."""

    __slots__ = ()
    _refuse = _Unchangeable._refuse
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse


class FrozenList(_Unchangeable, list):
    """A list that refuses every change, for the lists inside a ``Frozen`` event (equal
    to the same plain list)."""

    __slots__ = ()
    plain = list
    _refuse = _Unchangeable._refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse


class Action(Frozen):
    """An action nobody can change; ``key`` is what its engine reads of it."""

    __slots__ = ("key",)

    def __init__(self, key, /, **fields):
        dict.__init__(self, fields)
        self.key = key
