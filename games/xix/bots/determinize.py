"""Determinization: a full ``State`` consistent with everything a seat's view shows.

The cards the seat cannot place (``Knowledge.unknown``) are dealt at random into the
opponent's closed slots not covered by ``known_closed``, the face-down row positions whose
card the view hides, and the discard, each only where it may be: a card the seat has never
seen anywhere among them, a card it has seen and lost track of (``Knowledge.lost``) only in
the opponent's closed hand or at one of its ``Knowledge.lost_places``. Every other slot is
read from the view, so ``apply``, ``legal_tuples`` and ``random_playout`` work on the
result as on a real position, and the seat's own view of it matches the original on
everything the seat knows.
"""

import random

from games.xix.engine import State
from games.xix.engine.rules import (
    ALL_CARDS,
    DECIDE,
    DRAFT,
    OVER,
    PLAY,
    ROW_SIZE,
    SLIDE,
    TRADE,
    V2,
)

from .knowledge import Knowledge, mask_of


class Determinizer:
    """Reads a view once, then deals as many consistent states as wanted."""

    def __init__(self, view: dict, know: Knowledge | None = None):
        self.know = know = know or Knowledge(view)
        self.view = view
        me, opp = know.me, know.opp
        phase = view["phase"]
        to_move = view["to_move"]
        trick = view["trick"]
        last_exchange = view["last_exchange"]
        # The leader of the current (or next) trick, which the view gives only mid-trick.
        if trick is not None:
            leader = trick["leader"]
        elif phase == PLAY:
            leader = to_move
        elif phase in (DECIDE, SLIDE):
            leader = 1 - to_move  # the seat that just took the trick leads next
        elif last_exchange is not None:
            leader = last_exchange["winner"]  # draft, trade and over: the exchange winner
        else:
            leader = 0
        self.leader = leader
        self.led = trick["card"] if trick is not None else 0
        self.my_closed = mask_of(know.my_closed)
        self.my_open = mask_of(know.my_open)
        self.opp_open = mask_of(know.opp_open)
        self.opp_known = mask_of(know.opp_known_closed)
        self.public = (
            self.my_open
            | self.opp_open
            | mask_of(view["pool"])
            | mask_of(s["card"] for s in view["row"] if s["face_up"])
        )
        # Everything but the "unseen" list, including cards seen and since lost track of.
        self.seen_me = ALL_CARDS & ~mask_of(view["unseen"])
        last = view["last_trick"]
        self.last_trick = (
            (last["leader"], last["led"], last["followed"], last["taker"]) if last else None
        )
        result = view["result"]
        self.winner = result["winner"] if result else None
        self.reason = result["reason"] if result else None
        self.phase = phase
        self.me, self.opp = me, opp
        self.unseen = [c for c in know.unknown if c not in know.lost_places]
        # The lost cards, most constrained first: dealing them in this order into free
        # places they may take never leaves a later one without a place, since their sets
        # of places are nested (a card lost later has fewer positions filled since).
        self.lost = sorted(know.lost_places.items(), key=lambda item: len(item[1]))
        if len(self.lost) > know.opp_hidden_slots + len(
            {p for _card, places in self.lost for p in places}
        ):
            raise ValueError("the view is inconsistent: lost cards do not fit their places")

    def deal(self, rng) -> State:
        """A random state consistent with the view; ``rng`` is a ``random.Random``."""
        know, view = self.know, self.view
        me, opp = self.me, self.opp
        opp_hidden, at_position = self._place(rng)
        row, row_up, row_by = [0] * ROW_SIZE, [False] * ROW_SIZE, [-1] * ROW_SIZE
        row_known, slid = [0] * ROW_SIZE, [-1] * ROW_SIZE
        if know.variant == V2:
            # Who knows each position's card and who slid it are public (ruling 28).
            for slot in view["row"]:
                p = slot["position"]
                row_known[p] = sum(1 << seat for seat in slot["known_to"])
                if slot["slid_by"] is not None:
                    slid[p] = slot["slid_by"]
        for slot in view["row"]:
            p = slot["position"]
            row_up[p] = slot["face_up"]
            if slot["card"] is None:
                row[p] = at_position[p]
            else:
                row[p] = slot["card"]
                if slot["yours"]:
                    row_by[p] = me
        discard = at_position[None]
        closed = [0, 0]
        opened = [0, 0]
        closed[me] = self.my_closed
        opened[me] = self.my_open
        closed[opp] = self.opp_known | mask_of(opp_hidden)
        opened[opp] = self.opp_open
        s = State.__new__(State)
        s.variant = know.variant
        # A set-up that could have led here is unknowable; record the current layout.
        layout = _layout(closed, opened, row, discard)
        s.deal = tuple(layout)
        s.first_leader = self.leader
        s.closed = closed
        s.open = opened
        s.row = row
        s.row_up = row_up
        s.row_by = row_by
        s.row_known = row_known
        s.slid = slid
        s.discard = discard
        s.scores = list(view["scores"])
        s.exchange = view["exchange"]
        s.phase = self.phase
        s.to_move = view["to_move"]
        s.leader = self.leader
        s.led = self.led
        s.strikes = list(view["strikes"])
        s.pool = mask_of(view["pool"])
        last_exchange = view["last_exchange"]
        s.ex_winner = last_exchange["winner"] if last_exchange else -1
        s.ex_loser = last_exchange["loser"] if last_exchange else -1
        s.winner = self.winner
        s.reason = self.reason
        s.n_actions = view["n_actions"]
        seen = [0, 0]
        seen[me] = self.seen_me
        # The opponent's knowledge is not ours to know; what it surely has seen will do.
        seen[opp] = self.public | closed[opp]
        s.seen = seen
        s.public = self.public
        known = [0, 0]
        known[me] = self.opp_known
        s.known = known
        s.last_trick = self.last_trick
        s.log = (None, (("start", self.leader, view["exchange"]),))
        return s

    def _place(self, rng) -> tuple[list[int], dict]:
        """(the opponent's hidden closed cards, {hidden position or None for the discard:
        card}): the lost cards each into a free place it may take, then the never-seen
        cards shuffled into the rest."""
        free_closed = self.know.opp_hidden_slots
        opp_hidden = []
        at_position = {}
        for card, places in self.lost:
            free = [p for p in places if p not in at_position]
            pick = rng.randrange(free_closed + len(free))
            if pick < free_closed:
                opp_hidden.append(card)
                free_closed -= 1
            else:
                at_position[free[pick - free_closed]] = card
        rest = self.unseen[:]
        rng.shuffle(rest)
        opp_hidden += rest[:free_closed]
        rest = rest[free_closed:]
        for p in [*self.know.hidden_positions, None]:
            if p not in at_position:
                at_position[p] = rest.pop()
        return opp_hidden, at_position


def _layout(closed, opened, row, discard) -> list[int]:
    """All 18 cards: both seats' hands, the row, the discard, then the played pool."""
    out = []
    for seat in (0, 1):
        out += [c for c in range(1, 19) if (closed[seat] | opened[seat]) >> c & 1]
    out += row
    out.append(discard)
    placed = set(out)
    out += [c for c in range(1, 19) if c not in placed]
    return out


def determinize(view: dict, variant: str | None = None, rng=None) -> State:
    """One random ``State`` consistent with ``view`` (see the module docstring).

    ``variant`` defaults to the view's own; ``rng`` is a ``random.Random``.
    """
    if variant is not None and variant != view["variant"]:
        raise ValueError("the variant does not match the view")
    if view["phase"] == OVER:
        raise ValueError("the game is over")
    if view["phase"] not in (PLAY, DECIDE, SLIDE, DRAFT, TRADE):
        raise ValueError(f"unknown phase {view['phase']!r}")
    return Determinizer(view).deal(rng or random.Random())
