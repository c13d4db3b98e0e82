"""The strong and expert bots: information-set Monte Carlo tree search.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): one tree for the bot's
information set, shared by every sampled deal. In the standard and talon games (issue 33)
the search is XIX's own loop, on a small state of its own (``_Sim``: bitmask hands, the
row, the score, the exchange in progress) rather than the engine's ``State``:

- **the sampler**: ``determinize.Determinizer`` reads the view once per move; each
  iteration places the cards the seat cannot see afresh, only where they may be;
- **the horizon**: an iteration ends once an exchange is scored (the one in progress, or
  the next one when the move is a draft pick or a trade) and is scored there by the
  chance of winning the game from that score (``chance_to_win``): the exact table of the
  19-point end rules in the standard game (``heuristic.score_table``), the lead after as
  many more exchanges as there are face-down talon cards in the talon game;
- **the tree**: UCB1 with availability counts, one node added per iteration, every node
  scored for the seat that moved into it, so the opponent picks its best replies too;
- **the playout**: random cards (and draft picks and trades) until a seat takes a strike;
  that seat raises or abandons by playing the rest of the exchange out greedily with the
  sample's cards shown (each side leads its cheapest card the other cannot beat, else its
  cheapest, and follows with the cheapest card that takes, else its cheapest; later
  raises and abandons are decided the same way), keeping the better for itself, and the
  exchange ends as that play says;
- **the root**: a trade for each hand card and each class of face-down row positions the
  seat cannot tell apart (those that may hold the same cards), not for each position.

XIX 2.0 (v2) has no raise or abandon and ends on the score alone: there the search is the
kit's (``games.kit.ismcts``) with the engine's random playouts to the end of the game.

The budget is a number of iterations, so a move depends only on the view and the seed.
``seconds`` (for the benchmarks of equal time per move) stops the search after that much
CPU time instead.
"""

import random
import time

from games.kit.ismcts import Node, SearchBot, SearchGame, select
from games.xix.engine import RULES
from games.xix.engine.actions import ABANDON, DRAFT, PLAY, RAISE, TRADE
from games.xix.engine.playout import _HIGH, _LOW, random_playout
from games.xix.engine.rules import (
    DECIDE,
    DRAFT as DRAFT_PHASE,
    PLAY as PLAY_PHASE,
    STAKES,
    TALON,
    TRADE as TRADE_PHASE,
    V2,
)

from .determinize import Determinizer
from .heuristic import _STRIKE_CHANCES, score_table
from .knowledge import Knowledge, leader_takes, mask_of

STRONG_ITERATIONS = 2000
EXPERT_ITERATIONS = 15000
EXPLORATION = 0.7
# Per variant, UCB1's exploration in XIX's own search: the standard game's rewards (chances
# from the win table) lie close together, and 0.4 beat 0.7 there (docs/bots.md, issue 33).
EXPLORATIONS = {"standard": 0.4, "talon": 0.7}
# Per variant: whether an iteration plays on to the end of the game (True) or stops at the
# end of the exchange and reads the table.
TO_END = {"standard": False, "talon": True}
# Per variant: the chance of keeping a sample for each lead the opponent let pass though a
# card of the sample's closed hand would have taken it (1: every sample is kept).
KEEP = {"standard": 1.0, "talon": 1.0}

_PLAY, _DECIDE, _DRAFT, _TRADE, _END = range(5)
_PHASES = {PLAY_PHASE: _PLAY, DECIDE: _DECIDE, DRAFT_PHASE: _DRAFT, TRADE_PHASE: _TRADE}
_POSITIONS = (0, 1, 2, 3, 4)


def _cards(mask: int) -> tuple:
    return _LOW[mask & 1023] + _HIGH[mask >> 10]


def _taking(talon: bool) -> tuple:
    """For each card led, the mask of the cards that take it when followed."""
    variant = TALON if talon else "standard"
    return tuple(
        sum(1 << f for f in range(1, 19) if f != led and not leader_takes(variant, led, f))
        for led in range(19)
    )


_TAKING = {False: _taking(False), True: _taking(True)}


def _talon_tables(exchanges: int = 8) -> tuple:
    """[k][lead + offset]: the chance to win the talon game with ``lead`` after ``k`` more
    exchanges, each won by either seat with even chances (ruling 14; a draw counts 1/2)."""
    stakes = STAKES[TALON][1:]
    offset = 15 * (exchanges + 12)
    size = 2 * offset + 1
    level = [1.0 if d > offset else 0.5 if d == offset else 0.0 for d in range(size)]
    tables = [tuple(level)]
    for _ in range(exchanges):
        nxt = []
        for d in range(size):
            total = 0.0
            for chance, k in zip(_STRIKE_CHANCES[1:], stakes, strict=True):
                up = level[d + k] if d + k < size else 1.0
                down = level[d - k] if d - k >= 0 else 0.0
                total += chance * 0.5 * (up + down)
            nxt.append(total)
        level = nxt
        tables.append(tuple(level))
    return offset, tuple(tables)


_TALON_OFFSET, _TALON_TABLES = _talon_tables()


def chance_to_win(talon: bool, a: int, b: int, down: int, closed0: int, closed1: int) -> float:
    """Seat 0's chance to win the game once an exchange leaves the score at ``a`` to ``b``:
    the result if the game is over (rulings 11 and 14), else the table's chance."""
    if talon:
        if not down and (not closed0 or not closed1):
            return 1.0 if a > b else 0.5 if a == b else 0.0
        tables = _TALON_TABLES
        lead = a - b + _TALON_OFFSET
        level = tables[min(max(down, 1), len(tables) - 1)]
        if lead < 0:
            return 0.0
        return level[lead] if lead < len(level) else 1.0
    if a + b == 19:
        return 1.0 if a < b else 0.0
    if a >= 19 or b >= 19:
        return 1.0 if a > b else 0.0
    return _STANDARD[(a, b)]


_STANDARD = score_table("standard")


class _Sim:
    """A sampled position, stepped in place: only what decides play to the horizon."""

    __slots__ = (
        "talon",
        "closed",
        "opened",
        "row",
        "up",
        "scores",
        "strikes",
        "phase",
        "seat",
        "leader",
        "led",
        "pool",
        "loser",
        "value",
        "to_end",
    )

    def legal(self) -> list:
        seat, phase = self.seat, self.phase
        if phase == _PLAY:
            return [(PLAY, seat, c, 0) for c in _cards(self.closed[seat] | self.opened[seat])]
        if phase == _DECIDE:
            return [(RAISE, seat, 0, 0), (ABANDON, seat, 0, 0)]
        if phase == _DRAFT:
            return [(DRAFT, seat, c, 0) for c in _cards(self.pool)]
        if self.talon:
            cards = _cards(self.opened[seat])
            up = self.up
            positions = [p for p in _POSITIONS if not up[p]] or _POSITIONS
        else:
            cards = _cards(self.closed[seat] | self.opened[seat])
            positions = _POSITIONS
        return [(TRADE, seat, c, p) for c in cards for p in positions]

    def step(self, kind: str, card: int, position: int) -> None:
        seat = self.seat
        if kind == PLAY:
            self._play(seat, card)
        elif kind == RAISE:
            self.phase, self.seat = _PLAY, self.leader
        elif kind == ABANDON:
            self._end(1 - seat)
        elif kind == DRAFT:
            self.pool ^= 1 << card
            self.opened[seat] |= 1 << card
            if self.pool:
                self.seat = 1 - seat
            else:
                self.phase, self.seat = _TRADE, self.loser
        else:
            self._trade(seat, card, position)

    def _play(self, seat: int, card: int) -> None:
        bit = 1 << card
        if self.closed[seat] & bit:
            self.closed[seat] ^= bit
        else:
            self.opened[seat] ^= bit
        self.pool |= bit
        led = self.led
        if not led:
            self.led, self.seat = card, 1 - seat
            return
        taker = seat if _TAKING[self.talon][led] >> card & 1 else 1 - seat
        self.led, self.leader = 0, taker
        strikes = self.strikes
        strikes[1 - taker] += 1
        if strikes[1 - taker] == 3:
            self._end(taker)
        else:
            self.phase, self.seat = _DECIDE, 1 - taker

    def _trade(self, seat: int, card: int, position: int) -> None:
        bit = 1 << card
        from_closed = self.closed[seat] & bit
        if from_closed:
            self.closed[seat] ^= bit
        else:
            self.opened[seat] ^= bit
        taken = 1 << self.row[position]
        if self.up[position]:
            self.opened[seat] |= taken
        else:
            self.closed[seat] |= taken
        self.row[position] = card
        self.up[position] = self.talon or not from_closed
        self.strikes = [0, 0]
        self.phase, self.seat = _PLAY, self.leader

    def _end(self, winner: int) -> None:
        scores = self.scores
        scores[winner] += STAKES[TALON if self.talon else "standard"][sum(self.strikes)]
        value = chance_to_win(self.talon, scores[0], scores[1], self.up.count(False), *self.closed)
        if self.to_end and not _over(self):
            # On to the draft (ruling 6): the loser picks first; the winner leads next.
            self.phase, self.seat, self.loser, self.leader = _DRAFT, 1 - winner, 1 - winner, winner
            return
        self.phase = _END
        self.value = value


def _over(sim: _Sim) -> bool:
    """Whether the exchange just scored ends the game (rulings 11 and 14)."""
    a, b = sim.scores
    if sim.talon:
        return not sim.up.count(False) and (not sim.closed[0] or not sim.closed[1])
    return a + b == 19 or a >= 19 or b >= 19


def _greedy(talon, hands, leader, strikes, scores, down, closed) -> float:
    """Seat 0's chance to win after the rest of the exchange is played greedily with every
    card shown, from a trick not yet led; each struck seat keeps the better of raising and
    abandoning for itself."""
    taking = _TAKING[talon]
    table = STAKES[TALON if talon else "standard"]
    follower = 1 - leader
    lead_hand, follow_hand = hands[leader], hands[follower]
    led = 0
    rest = lead_hand
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        if not taking[card] & follow_hand:
            led = card
            break
        rest ^= low
    if not led:
        led = (lead_hand & -lead_hand).bit_length() - 1
    takes = taking[led] & follow_hand
    pick = takes or follow_hand
    followed = (pick & -pick).bit_length() - 1
    taker = follower if takes else leader
    loser = 1 - taker
    strikes = strikes[:]
    strikes[loser] += 1
    points = table[strikes[0] + strikes[1]]
    if taker:
        abandon = chance_to_win(talon, scores[0], scores[1] + points, down, *closed)
    else:
        abandon = chance_to_win(talon, scores[0] + points, scores[1], down, *closed)
    if strikes[loser] == 3:
        return abandon
    after = hands[:]
    after[leader] = lead_hand ^ 1 << led
    after[follower] = follow_hand ^ 1 << followed
    go_on = _greedy(talon, after, taker, strikes, scores, down, closed)
    if loser == 0:
        return abandon if abandon > go_on else go_on
    return abandon if abandon < go_on else go_on


def _playout(sim: _Sim, rand, greedy: int) -> float:
    """Seat 0's value: random play (and draft picks and trades) until a seat takes a
    strike, then the greedy rest of that exchange (``_greedy``) decides it. A playout to
    the end of the game (``sim.to_end``) takes only the first ``greedy`` raise-or-abandon
    decisions so, the later ones by a coin, and plays every card at random."""
    while True:
        phase = sim.phase
        if phase == _END:
            return sim.value
        if phase == _DECIDE and sim.to_end and greedy <= 0:
            if rand() < 0.5:
                sim._end(1 - sim.seat)
            else:
                sim.phase, sim.seat = _PLAY, sim.leader
            continue
        if phase == _DECIDE:
            greedy -= 1
            seat = sim.seat
            closed, opened = sim.closed, sim.opened
            hands = [closed[0] | opened[0], closed[1] | opened[1]]
            down = sim.up.count(False)
            scores = sim.scores
            points = STAKES[TALON if sim.talon else "standard"][sum(sim.strikes)]
            if seat:
                abandon = chance_to_win(sim.talon, scores[0] + points, scores[1], down, *closed)
            else:
                abandon = chance_to_win(sim.talon, scores[0], scores[1] + points, down, *closed)
            go_on = _greedy(sim.talon, hands, sim.leader, sim.strikes, scores, down, closed)
            if not sim.to_end:
                if seat == 0:
                    return abandon if abandon > go_on else go_on
                return abandon if abandon < go_on else go_on
            # To the end of the game: the decision is the greedy play's, the play random.
            if abandon != go_on and (abandon > go_on) == (seat == 0):
                sim._end(1 - seat)
            else:
                sim.phase, sim.seat = _PLAY, sim.leader
            continue
        seat = sim.seat
        if phase == _PLAY:
            cards = _cards(sim.closed[seat] | sim.opened[seat])
            sim._play(seat, cards[int(rand() * len(cards))])
        elif phase == _DRAFT:
            cards = _cards(sim.pool)
            sim.step(DRAFT, cards[int(rand() * len(cards))], 0)
        else:
            legal = sim.legal()
            _kind, _seat, card, position = legal[int(rand() * len(legal))]
            sim._trade(seat, card, position)


class _Sampler:
    """Deals ``_Sim`` positions consistent with a view (``Determinizer``'s placement)."""

    def __init__(self, view: dict, know: Knowledge, to_end: bool, keep: float = 1.0):
        self.to_end = to_end
        self.keep = keep
        self.ducked = ducked_leads(view, know) if keep < 1.0 else []
        self.det = det = Determinizer(view, know)
        me, opp = know.me, know.opp
        closed, opened = [0, 0], [0, 0]
        closed[me], opened[me] = det.my_closed, det.my_open
        opened[opp] = det.opp_open
        self.closed, self.opened = closed, opened
        self.opp = opp
        self.row = [slot["card"] or 0 for slot in view["row"]]
        self.up = [slot["face_up"] for slot in view["row"]]
        self.hidden = know.hidden_positions
        self.talon = view["variant"] == TALON
        self.scores = list(view["scores"])
        self.strikes = list(view["strikes"])
        self.phase = _PHASES[view["phase"]]
        self.seat = view["to_move"]
        self.leader = det.leader
        self.led = det.led
        self.pool = mask_of(view["pool"])
        last = view["last_exchange"]
        self.loser = last["loser"] if last else -1

    def deal(self, rng) -> _Sim:
        opp_hidden, at_position = self.det._place(rng)
        ducked, keep = self.ducked, self.keep
        tries = 1
        while ducked and tries < _TRIES:
            # Each lead the opponent let pass though a sampled closed card would have
            # taken it keeps the sample only with chance ``keep``.
            hidden = mask_of(opp_hidden)
            misses = sum(1 for takers in ducked if hidden & takers)
            if not misses or rng.random() < keep**misses:
                break
            opp_hidden, at_position = self.det._place(rng)
            tries += 1
        s = _Sim.__new__(_Sim)
        s.talon = self.talon
        s.closed = self.closed[:]
        s.closed[self.opp] = self.det.opp_known | mask_of(opp_hidden)
        s.opened = self.opened[:]
        row = self.row[:]
        for p in self.hidden:
            row[p] = at_position[p]
        s.row = row
        s.up = self.up[:]
        s.scores = self.scores[:]
        s.strikes = self.strikes[:]
        s.phase = self.phase
        s.seat = self.seat
        s.leader = self.leader
        s.led = self.led
        s.pool = self.pool
        s.loser = self.loser
        s.value = None
        s.to_end = self.to_end
        return s


_TRIES = 8  # samples drawn at most for one iteration when weighing by what play shows


def ducked_leads(view: dict, know: Knowledge) -> list[int]:
    """Per trick of the exchange in progress (or just over) that the seat led and the
    opponent did not take, the mask of the cards that would have taken it: the opponent
    most likely held none of them in its closed hand (it would have taken the trick), and
    still holds none. A trick its open hand could have taken is left out: there it chose
    to let the trick go."""
    history = view["history"]
    start = 0
    for index in range(len(history) - 1, -1, -1):
        if history[index].startswith("Exchange "):
            start = index
            break
    taking = _TAKING[view["variant"] == TALON]
    opp_open = mask_of(know.opp_open)
    out = []
    for line, reply in zip(history[start:], history[start + 1 :], strict=False):
        if not (line.startswith("You led ") and reply.startswith("Opponent played ")):
            continue
        led, followed = int(line[8:]), int(reply[16:])
        takers = taking[led]
        if not takers >> followed & 1 and not takers & opp_open:
            out.append(takers)
    return out


def root_keys(view: dict, know: Knowledge) -> set:
    """The root's actions as (type, seat, card, position) keys: every legal action but
    that a trade names only the first of each class of row positions the seat cannot tell
    apart (hidden positions that may hold the same lost cards)."""
    first = {}
    for slot in view["row"]:
        p = slot["position"]
        if slot["card"] is None:
            key = tuple(sorted(c for c, places in know.lost_places.items() if p in places))
        else:
            key = p
        first.setdefault(key, p)
    kept = set(first.values())
    return {
        action_tuple(action)
        for action in view["legal_actions"]
        if action["type"] != TRADE or action["position"] in kept
    }


def search_exchange(
    view: dict,
    rng,
    iterations: int,
    exploration: float,
    seconds=None,
    to_end=False,
    greedy=1,
    keep=1.0,
):
    """Grow the tree for ``view``'s seat (standard or talon); (root, iterations done)."""
    know = Knowledge(view)
    sampler = _Sampler(view, know, to_end, keep)
    allowed = root_keys(view, know)
    root = Node(None)
    rand = rng.random
    randrange = rng.randrange
    deadline = None if seconds is None else time.process_time() + seconds
    clock = time.process_time
    done = 0
    while done < iterations if deadline is None else not done or clock() < deadline:
        done += 1
        sim = sampler.deal(rng)
        node, path = root, []
        while sim.phase != _END:
            legal = sim.legal()
            if node is root:
                legal = [a for a in legal if a in allowed]
            children = node.children
            untried, best, action = select(children, zip(legal, legal, strict=True), exploration)
            if untried:
                action = untried[randrange(len(untried))][1]
                node = children[action] = Node(sim.seat)
                path.append(node)
                sim.step(action[0], action[2], action[3])
                break
            path.append(best)
            sim.step(action[0], action[2], action[3])
            node = best
        value = _playout(sim, rand, greedy)
        for child in path:
            child.visits += 1
            child.total += value if child.mover == 0 else 1.0 - value
    return root, done


class XixSearchBot(SearchBot):
    """The strong and expert bots: ``iterations`` per move (or ``seconds`` of CPU); the
    kit's ``SearchBot`` for its choice, XIX's own search in the standard and talon games."""

    def __init__(
        self,
        level: str,
        iterations: int,
        exploration: float | None = None,
        seconds=None,
        to_end=None,
        greedy=1,
        keep=None,
    ):
        super().__init__(
            XIX_GAME, level, iterations, EXPLORATION if exploration is None else exploration
        )
        self.exploration_option = exploration
        self.keep = keep
        self.seconds = seconds
        self.to_end = to_end
        self.greedy = greedy
        self.last_iterations = 0

    def root(self, view: dict, seed=None) -> Node:
        if view["variant"] == V2:
            self.last_iterations = self.iterations
            return super().root(view, seed)
        to_end = self.to_end
        if to_end is None:
            to_end = TO_END[view["variant"]]
        root, self.last_iterations = search_exchange(
            view,
            random.Random(seed),
            self.iterations,
            EXPLORATIONS[view["variant"]]
            if self.exploration_option is None
            else self.exploration_option,
            self.seconds,
            to_end,
            self.greedy,
            KEEP[view["variant"]] if self.keep is None else self.keep,
        )
        return root


# --- XIX 2.0: the kit's search with random playouts to the end of the game ----------------


class _Position:
    """A tree position: an engine ``State`` whose actions are (type, seat, card, position)
    tuples, applied by the engine's own step without building action dicts."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def to_move(self):
        return self.state.to_move

    def legal_actions(self) -> list[tuple]:
        return self.state.legal_tuples()

    def apply(self, action: tuple):
        new = self.state.copy()
        new._step(*action)
        return _Position(new), ()


class _Ended:
    __slots__ = ("winner",)

    def __init__(self, winner):
        self.winner = winner


def action_tuple(action) -> tuple:
    """The key of an action: a (type, seat, card, position) tuple, from a tuple or a dict."""
    if type(action) is tuple:
        return action
    return (action["type"], action["seat"], action.get("card", 0), action.get("position", 0))


def _prepare(view: dict):
    deal = Determinizer(view).deal
    return lambda rng: _Position(deal(rng))


def _sample(view: dict, rng) -> _Position:
    return _prepare(view)(rng)


def _rollout(position, rng, stop=None) -> _Ended:
    _scores, winner = random_playout(position.state, rng.random)
    return _Ended(winner)


def _reward(end) -> list[float]:
    winner = end.winner
    if winner is None:
        return [0.5, 0.5]
    return [1.0, 0.0] if winner == 0 else [0.0, 1.0]


XIX_GAME = SearchGame(
    rules=RULES,
    sample=_sample,
    prepare=_prepare,
    reward=_reward,
    rollout=_rollout,
    key=action_tuple,
)


def search_bot(level: str, iterations: int, **options) -> XixSearchBot:
    """An ISMCTS bot for XIX with ``iterations`` per move (``seconds``: CPU time instead;
    ``exploration``; ``to_end``: play every iteration to the end of the game)."""
    return XixSearchBot(level, iterations, **options)
