"""Shared helpers for the engine tests: actions, deals, scripted exchanges, random games.

The rules the helpers rely on to *choose* moves (who takes a trick) are written here again,
independently of ``games.xix.engine``, so a scripted scenario cannot agree with an engine bug.
"""

import random

from hypothesis import strategies as st

from games.xix.engine import State, cards_of, new_game

CARDS = list(range(1, 19))
ALL_CARDS_MASK = sum(1 << c for c in CARDS)
STAKES = {"standard": (0, 1, 2, 3, 5, 8), "talon": (0, 1, 3, 6, 10, 15)}


# --- actions ---------------------------------------------------------------------------


def play(seat, card):
    return {"seat": seat, "type": "play", "card": card}


def raise_(seat):
    return {"seat": seat, "type": "raise"}


def abandon(seat):
    return {"seat": seat, "type": "abandon"}


def draft(seat, card):
    return {"seat": seat, "type": "draft", "card": card}


def trade(seat, card, position):
    return {"seat": seat, "type": "trade", "card": card, "position": position}


def slide(seat, position):
    return {"seat": seat, "type": "slide", "position": position}


def action_of(kind, seat, card=0, position=0):
    """The action dict of a (type, seat, card, position) tuple, built without the engine."""
    builders = {
        "slide": lambda: slide(seat, position),
        "play": lambda: play(seat, card),
        "raise": lambda: raise_(seat),
        "abandon": lambda: abandon(seat),
        "draft": lambda: draft(seat, card),
        "trade": lambda: trade(seat, card, position),
    }
    return builders[kind]()


def every_action_shape():
    """Every well-formed action for either seat: 2 x (18 plays, 18 drafts, 90 trades, 2)."""
    out = []
    for seat in (0, 1):
        out += [raise_(seat), abandon(seat)]
        for card in CARDS:
            out += [play(seat, card), draft(seat, card)]
            out += [trade(seat, card, position) for position in range(5)]
    return out


# --- deals and states ------------------------------------------------------------------


def make_deal(seat0=(), seat1=(), row=(), discard=None):
    """A deal laid out as in ruling 1; short groups are filled with the lowest unused cards."""
    given = [*seat0, *seat1, *row, *([] if discard is None else [discard])]
    assert len(set(given)) == len(given), f"card given twice: {given}"
    spare = iter(c for c in CARDS if c not in given)

    def fill(group, size):
        return list(group) + [next(spare) for _ in range(size - len(group))]

    deal = fill(seat0, 6) + fill(seat1, 6) + fill(row, 5)
    return deal + ([discard] if discard is not None else [next(spare)])


# Seat 0 holds 1-3 (lose to everything) and 16-18 (beat everything); seat 1 holds 4-6 and
# 13-15; the row is 7-11 and 12 is discarded. No card of one seat sums to 19 with a card of
# the other, so in the first exchange the higher card always takes, in both variants.
SPLIT = make_deal([1, 2, 3, 16, 17, 18], [4, 5, 6, 13, 14, 15], [7, 8, 9, 10, 11], 12)


def run(state, actions):
    """Apply the actions one by one; every one must be legal."""
    for action in actions:
        state, _ = state.apply(action)
    return state


def snapshot(state):
    """Every field of a state, to compare before and after. Lists (of ints and bools) are
    copied; every other field holds immutable values (ints, strings, tuples, None)."""
    fields = {name: getattr(state, name) for name in State.__slots__}
    return {name: list(v) if isinstance(v, list) else v for name, v in fields.items()}


def hands(state, seat):
    return set(cards_of(state.closed[seat] | state.open[seat]))


def expected_taker(variant, leader, led, followed):
    """Who takes a trick, written from the rule texts (rulings 9 and 12)."""
    follower = 1 - leader
    if led + followed == 19:
        if variant == "talon":
            return follower
        return leader if led < followed else follower
    return leader if led > followed else follower


# --- scripted exchanges ----------------------------------------------------------------


def _ordered(state, seat, prefer):
    """The seat's cards, lowest first; with prefer[seat] = 'closed' or 'open' that hand first."""
    closed = set(cards_of(state.closed[seat]))
    wanted = prefer.get(seat)

    def key(card):
        if wanted is None:
            return (0, card)
        return ((card in closed) != (wanted == "closed"), card)

    return sorted(hands(state, seat), key=key)


def trick_plays(state, taker, prefer=None):
    """The two plays (leader first) after which ``taker`` takes the trick."""
    prefer = prefer or {}
    leader = state.to_move
    for led in _ordered(state, leader, prefer):
        for followed in _ordered(state, 1 - leader, prefer):
            if expected_taker(state.variant, leader, led, followed) == taker:
                return [play(leader, led), play(1 - leader, followed)]
    raise AssertionError(f"seat {taker} cannot take a trick here")


def play_exchange(state, takers, prefer=None, finish=abandon):
    """Play tricks taken by ``takers`` in turn. The loser raises after each trick but the
    last; after the last it calls ``finish`` (abandon by default) unless the third strike
    already ended the exchange. ``finish=None`` stops in the decide phase."""
    for number, taker in enumerate(takers, start=1):
        state = run(state, trick_plays(state, taker, prefer))
        assert state.last_trick[3] == taker
        if state.phase != "decide":
            assert number == len(takers), "the exchange ended before the script did"
            break
        if number < len(takers):
            state = run(state, [raise_(1 - taker)])
        elif finish is not None:
            state = run(state, [finish(1 - taker)])
    return state


# Who takes each trick so that the exchange winner W gets the stakes for 1..5 strikes.
WIN_PATTERNS = {1: "W", 2: "LW", 3: "WWW", 4: "WWLW", 5: "LLWWW"}


def win_exchange(state, winner, points, prefer=None):
    """Play one exchange that ``winner`` wins for ``points`` points."""
    strikes = STAKES[state.variant].index(points)
    takers = [winner if c == "W" else 1 - winner for c in WIN_PATTERNS[strikes]]
    before = list(state.scores)
    state = play_exchange(state, takers, prefer)
    before[winner] += points
    assert state.scores == before
    return state


def finish_draft(state, trade_action=None):
    """Draft the lowest card each time, then trade (the first legal trade by default)."""
    while state.phase == "draft":
        state = run(state, [draft(state.to_move, min(cards_of(state.pool)))])
    assert state.phase == "trade"
    return run(state, [trade_action or state.legal_actions()[0]])


def play_exchanges(state, winners_and_points, prefer=None):
    """Win exchanges in turn; draft and trade between them while the game goes on."""
    for winner, points in winners_and_points:
        if state.phase == "draft":
            state = finish_draft(state)
        state = win_exchange(state, winner, points, prefer)
    return state


# --- random games ----------------------------------------------------------------------


def choose(state, rng, raise_odds=0.5):
    """A random legal action; in the decide phase raise with probability ``raise_odds``."""
    legal = state.legal_actions()
    if state.phase == "decide":
        return legal[0] if rng.random() < raise_odds else legal[1]
    return legal[rng.randrange(len(legal))]


def random_game(variant, deal, leader, seed, raise_odds=0.5, cap=5000):
    """(states, actions) of a random game: states[i + 1] = states[i].apply(actions[i])."""
    rng = random.Random(seed)
    states = [new_game(variant, deal, leader)]
    actions = []
    while not states[-1].over:
        assert len(actions) < cap, "the game did not end"
        action = choose(states[-1], rng, raise_odds)
        actions.append(action)
        states.append(states[-1].apply(action)[0])
    return states, actions


class Game(tuple):
    """(states, actions) of a random game; its repr is the set-up that reproduces it."""

    def __new__(cls, setup):
        self = super().__new__(cls, random_game(*setup))
        self.setup = setup
        return self

    def __repr__(self):
        return "random_game" + repr(self.setup)


@st.composite
def games(draw, variants=("standard", "talon")):
    """A random finished game: (states, actions)."""
    variant = draw(st.sampled_from(variants))
    deal = draw(st.permutations(CARDS))
    leader = draw(st.integers(0, 1))
    seed = draw(st.integers(0, 2**32 - 1))
    raise_odds = draw(st.sampled_from([0.5, 0.9]))
    return Game((variant, deal, leader, seed, raise_odds))


def reference_playout(state, rng):
    """The reference random player: (actions as tuples, final state)."""
    actions = []
    while not state.over:
        legal = state.legal_tuples()
        choice = legal[int(rng.random() * len(legal))]
        actions.append(choice)
        state, _ = state.apply(action_of(*choice))
    return actions, state
