"""Fast random playouts: the same rules as ``State``, in one tight loop.

Search bots play thousands of games per move and the benchmark plays thousands per
second, which the immutable ``State`` (a copy per action, events, knowledge tracking) is
too slow for. ``random_playout`` keeps only what decides the outcome in local variables.

It chooses exactly as a reference random player does: for every decision it draws one
number ``r = rand()`` and takes ``legal[int(r * len(legal))]`` from the legal actions in
``State.legal_tuples`` order. The tests play the same seeds both ways and require the same
actions and results, so this loop cannot drift from the reference rules unnoticed.
"""

from . import rules
from .actions import ABANDON, DRAFT, PLAY, RAISE, SLIDE, TRADE

_PLAY, _DECIDE, _DRAFT, _TRADE, _OVER, _SLIDE = range(6)
_PHASE_CODES = {
    rules.PLAY: _PLAY,
    rules.DECIDE: _DECIDE,
    rules.DRAFT: _DRAFT,
    rules.TRADE: _TRADE,
    rules.OVER: _OVER,
    rules.SLIDE: _SLIDE,
}
_ALL_POSITIONS = (0, 1, 2, 3, 4)


def _bits_table(offset: int, width: int) -> tuple:
    return tuple(
        tuple(offset + b for b in range(width) if mask >> b & 1) for mask in range(1 << width)
    )


# Cards of a hand bitmask in increasing order: _LOW[mask & 1023] + _HIGH[mask >> 10].
_LOW = _bits_table(0, 10)
_HIGH = _bits_table(10, 9)


def random_playout(state, rand, record=None) -> tuple[list[int], int | None]:
    """Play ``state`` to its end with uniformly random legal actions.

    ``rand`` is a zero-argument callable giving floats in [0, 1), such as
    ``random.Random(seed).random``. Returns (final scores, winner), winner None for a
    talon draw; every variant, v2 included. When ``record`` is a list, each action is
    appended to it as a (type, seat, card, position) tuple. ``state`` itself is not changed.
    """
    talon = state.variant == rules.TALON
    # XIX 2.0: a slide after every strike, the exchange scored at the third strike, before
    # that slide (rulings 19-22). Its single hand is kept here as closed | open: drafted
    # cards go to ``hand_open`` as in the other variants, which changes no choice.
    v2 = state.variant == rules.V2
    table = rules.STAKES[state.variant]
    low, high = _LOW, _HIGH
    closed = state.closed[:]
    hand_open = state.open[:]
    row = state.row[:]
    row_up = state.row_up[:]
    scores = state.scores[:]
    strikes = state.strikes[:]
    phase = _PHASE_CODES[state.phase]
    seat = state.to_move
    leader = state.leader
    led = state.led
    pool = state.pool
    ex_loser = state.ex_loser
    down = row_up.count(False)
    slid = sum(1 << p for p in _ALL_POSITIONS if state.slid[p] >= 0)  # v2: positions slid
    keep = record is not None
    winner = None
    while phase != _OVER:
        if phase == _PLAY:
            hand = closed[seat] | hand_open[seat]
            cards = low[hand & 1023] + high[hand >> 10]
            card = cards[int(rand() * len(cards))]
            bit = 1 << card
            if closed[seat] & bit:
                closed[seat] ^= bit
            else:
                hand_open[seat] ^= bit
            pool |= bit
            if keep:
                record.append((PLAY, seat, card, 0))
            if not led:
                led = card
                seat = 1 - seat
                continue
            if led + card == 19:
                taker = seat if talon else (leader if led < card else seat)
            else:
                taker = leader if led > card else seat
            led = 0
            loser = 1 - taker
            strikes[loser] += 1
            leader = taker
            if v2:
                phase = _SLIDE
                seat = loser
                if strikes[loser] < 3:
                    continue
            elif strikes[loser] < 3:
                phase = _DECIDE
                seat = loser
                continue
            winner = taker
        elif phase == _DECIDE:
            if rand() < 0.5:
                if keep:
                    record.append((RAISE, seat, 0, 0))
                phase = _PLAY
                seat = leader
                continue
            if keep:
                record.append((ABANDON, seat, 0, 0))
            winner = 1 - seat
        elif phase == _SLIDE:
            free = [p for p in _ALL_POSITIONS if not slid >> p & 1]
            position = free[int(rand() * len(free))]
            slid |= 1 << position
            if keep:
                record.append((SLIDE, seat, 0, position))
            phase = _DRAFT if strikes[seat] == 3 else _PLAY
            if phase == _PLAY:
                seat = leader
            continue
        elif phase == _DRAFT:
            cards = low[pool & 1023] + high[pool >> 10]
            card = cards[int(rand() * len(cards))]
            pool ^= 1 << card
            hand_open[seat] |= 1 << card
            if keep:
                record.append((DRAFT, seat, card, 0))
            if pool:
                seat = 1 - seat
            else:
                phase = _TRADE
                seat = ex_loser
            continue
        else:  # trade
            if talon:
                hand = hand_open[seat]
                positions = (
                    [p for p in _ALL_POSITIONS if not row_up[p]] if down else (_ALL_POSITIONS)
                )
            else:
                hand = closed[seat] | hand_open[seat]
                positions = _ALL_POSITIONS
            cards = low[hand & 1023] + high[hand >> 10]
            count = len(positions)
            # One product, as the reference's int(r * len(legal)): (r * a) * b can round
            # across an integer where r * (a * b) does not, and pick another action.
            index = int(rand() * (len(cards) * count))
            card = cards[index // count]
            position = positions[index % count]
            bit = 1 << card
            from_closed = closed[seat] & bit
            if from_closed:
                closed[seat] ^= bit
            else:
                hand_open[seat] ^= bit
            taken = row[position]
            if row_up[position]:
                hand_open[seat] |= 1 << taken
            else:
                closed[seat] |= 1 << taken
                down -= 1
            face_up = talon or not from_closed
            if not face_up:
                down += 1
            row[position] = card
            row_up[position] = face_up
            if keep:
                record.append((TRADE, seat, card, position))
            strikes = [0, 0]
            slid = 0
            pool = 0
            phase = _PLAY
            seat = leader
            continue
        # The exchange is over: ``winner`` won it.
        scores[winner] += table[strikes[0] + strikes[1]]
        ex_loser = 1 - winner
        leader = winner
        a, b = scores
        if v2:
            if a >= 19 or b >= 19:
                return scores, winner
            continue  # the loser's slide comes first: phase and seat are set
        if talon:
            if not down and (not closed[0] or not closed[1]):
                return scores, (None if a == b else (0 if a > b else 1))
        elif a + b == 19:
            return scores, (0 if a < b else 1)
        elif a >= 19 or b >= 19:
            return scores, (0 if a > b else 1)
        phase = _DRAFT
        seat = ex_loser
    return scores, state.winner
