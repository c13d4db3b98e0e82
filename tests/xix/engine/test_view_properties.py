"""What views say about random games: only true things, and only what the viewer knows."""

from hypothesis import HealthCheck, given, settings, strategies as st

from games.xix.engine import cards_of, full_view, new_game, seat_view, spectator_view
from tests.xix.engine.helpers import ALL_CARDS_MASK, games

VARIANTS = ("standard", "talon", "v2")
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
SPECTATOR = "spectator"


def view_of(state, viewer):
    return spectator_view(state) if viewer == SPECTATOR else seat_view(state, viewer)


def face_up_mask(state):
    return sum(1 << card for card, up in zip(state.row, state.row_up, strict=True) if up)


class Witness:
    """What each seat has seen, worked out from the states themselves (not the engine's
    bookkeeping): every card it ever held, and every card that was ever face up."""

    def __init__(self, variant):
        self.variant = variant
        self.held = [0, 0]
        self.public = 0
        self.placed = [{}, {}]  # per seat: row position -> card it put there face down
        self.peeked = [{}, {}]  # v2, per seat: row position -> card it saw by sliding
        self.slid = [0, 0]  # v2, per seat: every card it ever saw by sliding

    def look(self, state):
        for seat in (0, 1):
            self.held[seat] |= state.closed[seat] | state.open[seat]
        self.public |= state.pool | state.open[0] | state.open[1] | face_up_mask(state)

    def act(self, state, action):
        """Note a face-down placement (or a v2 slide) before ``action`` is applied."""
        if action["type"] == "slide":
            seat, position = action["seat"], action["position"]
            self.peeked[seat][position] = state.row[position]
            self.slid[seat] |= 1 << state.row[position]
        if action["type"] != "trade":
            return
        seat, card, position = action["seat"], action["card"], action["position"]
        for known in (*self.placed, *self.peeked):
            known.pop(position, None)
        if self.variant == "v2" or (self.variant == "standard" and state.closed[seat] >> card & 1):
            self.placed[seat][position] = card

    def knows_at(self, viewer) -> dict:
        """Row position -> card, for the cards ``viewer`` may know where they lie."""
        if viewer == SPECTATOR:
            return {}
        return {**self.peeked[viewer], **self.placed[viewer]}

    def seen(self, viewer):
        if viewer == SPECTATOR:
            return self.public
        return self.public | self.held[viewer] | self.slid[viewer]


def walk(states, actions):
    """Yield (state, witness) with the witness up to date for that state."""
    witness = Witness(states[0].variant)
    for index, state in enumerate(states):
        witness.look(state)
        yield state, witness
        if index < len(actions):
            witness.act(state, actions[index])


def check_hands(view, state, viewer, witness):
    for seat in (0, 1):
        shown = view["hands"][seat]
        assert shown["open"] == cards_of(state.open[seat])
        assert shown["closed_count"] == state.closed[seat].bit_count()
        if seat == viewer:
            assert shown["closed"] == cards_of(state.closed[seat])
            assert shown["known_closed"] == []
        else:
            assert shown["closed"] is None
            known = set(shown["known_closed"])
            assert known <= set(cards_of(state.closed[seat]))
            if viewer == SPECTATOR:
                assert known == set()
            else:
                assert known <= set(cards_of(witness.seen(viewer)))


def check_row(view, state, viewer, witness):
    if state.variant == "v2":
        return check_row_v2(view, state, viewer, witness)
    mine = {} if viewer == SPECTATOR else witness.placed[viewer]
    for position, slot in enumerate(view["row"]):
        face_up = state.row_up[position]
        assert slot["face_up"] == face_up
        assert slot["yours"] == (not face_up and position in mine)
        if face_up or position in mine:
            assert slot["card"] == state.row[position]
        else:
            assert slot["card"] is None


def check_row_v2(view, state, viewer, witness):
    """Rulings 28-29: a row card is shown to a seat that placed it or slid it, while it
    stays there; nothing in the row is ever face up."""
    knows = witness.knows_at(viewer)
    mine = {} if viewer == SPECTATOR else witness.placed[viewer]
    for position, slot in enumerate(view["row"]):
        assert slot["face_up"] is False
        assert slot["yours"] == (position in mine)
        assert slot["card"] == (state.row[position] if position in knows else None)
        assert slot["peeked"] == (position in knows and position not in mine)
        slid = state.slid[position]
        assert slot["slid_by"] == (None if slid < 0 else slid)


def check_view(view, state, viewer, witness):
    check_hands(view, state, viewer, witness)
    check_row(view, state, viewer, witness)
    assert view["unseen"] == cards_of(ALL_CARDS_MASK & ~witness.seen(viewer))
    assert view["discard"] is None
    assert (view["phase"], view["to_move"], view["scores"]) == (
        state.phase,
        state.to_move,
        state.scores,
    )
    assert view["strikes"] == state.strikes
    assert view["pool"] == cards_of(state.pool)
    assert view["trick"] == ({"leader": state.leader, "card": state.led} if state.led else None)
    mover = state.to_move is not None and state.to_move == viewer
    assert view["legal_actions"] == (state.legal_actions() if mover else [])


@settings(max_examples=100, **SETTINGS)
@given(games(VARIANTS))
def test_everything_a_view_states_is_true_and_known_to_the_viewer(game):
    states, actions = game
    for state, witness in walk(*game):
        for viewer in (0, 1, SPECTATOR):
            check_view(view_of(state, viewer), state, viewer, witness)
        everything = full_view(state)
        assert everything["discard"] == state.deal[17]
        assert [slot["card"] for slot in everything["row"]] == state.row
        assert [h["closed"] for h in everything["hands"]] == [cards_of(c) for c in state.closed]


def named_cards(actions):
    return {a["card"] for a in actions if "card" in a}


def swapped(deal, x, y):
    deal = list(deal)
    i, j = deal.index(x), deal.index(y)
    deal[i], deal[j] = y, x
    return deal


def replay_states(variant, deal, leader, actions):
    state = new_game(variant, deal, leader)
    yield state
    for action in actions:
        state, _ = state.apply(action)
        yield state


@settings(max_examples=300, **SETTINGS)
@given(games(VARIANTS), st.sampled_from([0, 1, SPECTATOR]), st.data())
def test_a_viewer_cannot_tell_apart_deals_that_differ_in_cards_it_never_saw(game, viewer, data):
    """Swap two cards the viewer has not seen by step ``length`` and no action names, in
    the deal; the same actions stay legal and the viewer's views stay equal up to there."""
    states, actions = game
    length = data.draw(st.integers(0, len(actions)), label="length")
    states, actions = states[: length + 1], actions[:length]
    witness = list(walk(states, actions))[-1][1]
    hidden = ALL_CARDS_MASK & ~witness.seen(viewer)
    candidates = sorted(set(cards_of(hidden)) - named_cards(actions))
    assert states[0].deal[17] in candidates  # nobody ever sees the discard
    if len(candidates) < 2:
        return
    pair = st.lists(st.sampled_from(candidates), min_size=2, max_size=2, unique=True)
    x, y = data.draw(pair, label="swapped cards")
    first = states[0]
    other = replay_states(first.variant, swapped(first.deal, x, y), first.first_leader, actions)

    for state, twin in zip(states, other, strict=True):
        assert view_of(twin, viewer) == view_of(state, viewer)
    assert twin.deal != state.deal
