"""The conformance kit: every registered game's ``RULES`` keeps the platform's contract.

Parametrised over ``games.registry.ENGINES`` and each game's variants and seat counts, so a
new game is checked as soon as it is registered: every seat count for the set-ups, and for
the tests that play, each variant's smallest and largest table and seat counts between them
sampled per run (``tests/seat_counts.py``: the seed is named at the top of the run).
Seeded random games, bounded samples: the same positions for the same case every run; each
random game is played once per process and shared by the tests (states are immutable).
The contract is ``games/kit/rules.py``.
"""

import copy
import functools
import itertools
import json
import random

import pytest

from games import registry
from games.kit.errors import IllegalAction
from games.kit.interface import GameRules, GameState
from games.kit.outcome import Outcome
from games.kit.play import is_legal
from tests import seat_counts

SEEDS = range(12)  # random games per (game, variant, seat count)
SAMPLES = 12  # positions sampled per game
TWINS = 3  # hidden_swap twins per seat and game
MAX_ACTIONS = 5000  # a random game must end within this many actions
VIEW_KEYS = {"viewer", "to_move", "n_actions", "scores", "history", "legal_actions", "result"}

CASES = [
    pytest.param(key, variant, seats, id=f"{key}-{variant}-{seats}")
    for key in sorted(registry.ENGINES)
    for variant, info in registry.rules(key).variants.items()
    for seats in info.seat_counts
]
# The cases of the tests that play games: this run's sample of seat counts.
PLAYED = [
    pytest.param(key, variant, seats, id=f"{key}-{variant}-{seats}")
    for key in sorted(registry.ENGINES)
    for variant, info in registry.rules(key).variants.items()
    for seats in seat_counts.sampled(info.seat_counts, name=f"{key}-{variant}")
]
KEYS = sorted(registry.ENGINES)


def canonical(action) -> str:
    """A spelling that tells True from 1 (``{"seat": True} == {"seat": 1}`` in Python)."""
    return json.dumps(action, sort_keys=True)


def random_game(rules, variant, seats, seed):
    """(setup, actions, states) of a game of uniformly random legal actions: played once per
    process (``_played``); each caller gets its own set-up and lists."""
    setup, actions, states = _played(rules, variant, seats, seed)
    return copy.deepcopy(setup), list(actions), list(states)


@functools.cache
def _played(rules, variant, seats, seed):
    setup = rules.deal(f"kit-{seed}", variant, seats)
    rng = random.Random(seed)
    state = rules.new(variant, seats, setup)
    actions, states = [], [state]
    while not state.over:
        assert len(actions) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} random actions"
        action = rng.choice(state.legal_actions())
        state, _events = state.apply(action)
        actions.append(action)
        states.append(state)
    return setup, tuple(actions), tuple(states)


def sampled(states, seed):
    """A seeded sample of positions where someone is to move."""
    live = [state for state in states if not state.over]
    return random.Random(seed).sample(live, min(SAMPLES, len(live)))


def all_views(rules, state, seats) -> list[dict]:
    seat_views = [rules.seat_view(state, seat) for seat in range(seats)]
    return [*seat_views, rules.spectator_view(state), rules.full_view(state)]


def games(key, variant, seats):
    rules = registry.rules(key)
    for seed in SEEDS:
        yield rules, seed, random_game(rules, variant, seats, seed)


def malformed(action, seats) -> list:
    """Actions no rule set accepts: bad shapes, booleans for integers, every other seat."""
    wrong = [None, [], "play", {}, {"type": action["type"]}, {**action, "kit": 1}]
    wrong += [{**action, "seat": seat} for seat in (-1, seats, True, str(action["seat"]))]
    wrong += [{**action, "seat": seat} for seat in range(seats) if seat != action["seat"]]
    wrong += [{**action, key: True} for key, value in action.items() if type(value) is int]
    wrong += [{key: value for key, value in action.items() if key != "type"}]
    return wrong


@pytest.mark.parametrize("key", KEYS)
def test_rules_and_states_match_the_protocols(key):
    rules = registry.rules(key)
    assert isinstance(rules, GameRules)
    assert rules.key == key and rules.record_format == registry.ENGINES[key][1]
    assert rules.record_format == f"{key}/1"
    for variant, info in rules.variants.items():
        assert info.key == variant and info.seat_counts
        for seats in info.seat_counts:
            assert isinstance(rules.new(variant, seats, rules.deal(1, variant, seats)), GameState)


@pytest.mark.parametrize("key", KEYS)
def test_every_variant_seats_2_to_10_and_its_teams_split_the_seats(key):
    for info in registry.rules(key).variants.values():
        assert all(type(n) is int and 2 <= n <= 10 for n in info.seat_counts)
        assert info.timeout_policy in ("forfeit", "zombie")
        assert {count for count, _sides in info.teams} <= set(info.seat_counts)
        for seats in info.seat_counts:
            sides = info.sides(seats)
            if sides is not None:
                assert len(sides) >= 2 and all(sides)
                assert sorted(seat for side in sides for seat in side) == list(range(seats))
            expected = "glicko2" if seats == 2 and sides is None else "openskill"
            assert info.rating_system(seats) == expected


def sides_of(rules, variant, seats) -> tuple[tuple[int, ...], ...]:
    """The sides at this table: the variant's teams, or every seat alone."""
    return rules.variants[variant].sides(seats) or tuple((seat,) for seat in range(seats))


@pytest.mark.parametrize(("key", "variant", "seats"), CASES)
def test_a_setup_comes_from_the_seed_alone_and_is_json(key, variant, seats):
    rules = registry.rules(key)
    setups = [rules.deal(f"seed-{n}", variant, seats) for n in range(5)]
    assert setups == [rules.deal(f"seed-{n}", variant, seats) for n in range(5)]
    assert len({canonical(setup) for setup in setups}) > 1
    for setup in setups:
        assert json.loads(json.dumps(setup)) == setup
        rules.check_setup(variant, seats, setup)


@pytest.mark.parametrize(("key", "variant", "seats"), PLAYED)
def test_random_play_ends_within_the_bound_with_an_outcome_for_every_seat(key, variant, seats):
    for rules, _seed, (_setup, _actions, states) in games(key, variant, seats):
        assert all(rules.outcome(state) is None for state in states[:-1])
        end = states[-1]
        outcome = rules.outcome(end)
        assert isinstance(outcome, Outcome) and outcome.reason in rules.endings
        assert len(outcome.scores) == len(outcome.ranks) == seats
        sides = sides_of(rules, variant, seats)
        for side in sides:  # partners share their side's score and place
            assert len({(outcome.scores[seat], outcome.ranks[seat]) for seat in side}) == 1
        places = [outcome.ranks[side[0]] for side in sides]
        # a place is 1 + the number of sides placed strictly better: (1, 1, 3), never (1, 1, 2)
        assert places == [1 + sum(other < mine for other in places) for mine in places]
        if places.count(1) > 1:
            assert rules.variants[variant].can_draw, "sides share first place in a no-draw game"
            assert rules.endings[outcome.reason].can_draw, "a shared first place by this ending"
        assert end.to_move is None and end.legal_actions() == []
        assert json.loads(json.dumps(outcome.as_json())) == outcome.as_json()


@pytest.mark.parametrize(("key", "variant", "seats"), PLAYED)
def test_replay_equals_applying_the_actions_one_by_one(key, variant, seats):
    for rules, seed, (setup, actions, states) in games(key, variant, seats):
        steps = sorted(random.Random(seed).sample(range(len(actions) + 1), 4) + [len(actions)])
        for step in steps:
            replayed = rules.replay(variant, seats, setup, actions[:step])
            assert replayed.n_actions == step
            assert all_views(rules, replayed, seats) == all_views(rules, states[step], seats)


@pytest.mark.parametrize(("key", "variant", "seats"), PLAYED)
def test_replay_names_the_index_of_the_first_illegal_action(key, variant, seats):
    for rules, seed, (setup, actions, _states) in games(key, variant, seats):
        cut = random.Random(seed).randrange(len(actions))
        bad = {**actions[cut], "seat": (actions[cut]["seat"] + 1) % seats}
        with pytest.raises(IllegalAction) as caught:
            rules.replay(variant, seats, setup, [*actions[:cut], bad, *actions[cut:]])
        assert caught.value.index == cut


@pytest.mark.parametrize(("key", "variant", "seats"), PLAYED)
def test_every_legal_action_applies_and_is_legal_agrees_with_the_legal_list(key, variant, seats):
    for _rules, seed, (_setup, actions, states) in games(key, variant, seats):
        elsewhere = actions[:: max(1, len(actions) // 40)]  # plausible actions of other moments
        for state in sampled(states, seed):
            legal = state.legal_actions()
            assert legal and all(action["seat"] == state.to_move for action in legal)
            listed = {canonical(action) for action in legal}
            assert len(listed) == len(legal)
            for action in legal:
                assert is_legal(state, action)
                after, _events = state.apply(action)
                assert after.n_actions == state.n_actions + 1
            for action in elsewhere + malformed(legal[0], seats):
                assert is_legal(state, action) == (canonical(action) in listed)


@pytest.mark.parametrize(("key", "variant", "seats"), PLAYED)
def test_illegal_actions_are_refused_and_change_nothing(key, variant, seats):
    for rules, seed, (_setup, actions, states) in games(key, variant, seats):
        for state in [*sampled(states, seed)[:4], states[-1]]:
            before = all_views(rules, state, seats)
            model = state.legal_actions()[0] if not state.over else actions[-1]
            for action in malformed(model, seats) + ([model] if state.over else []):
                with pytest.raises(IllegalAction):
                    state.apply(action)
                assert not is_legal(state, action)
            assert all_views(rules, state, seats) == before


@pytest.mark.parametrize(("key", "variant", "seats"), PLAYED)
def test_the_zombie_action_is_legal_and_the_same_every_time(key, variant, seats):
    for rules, seed, (_setup, _actions, states) in games(key, variant, seats):
        for state in sampled(states, seed):
            action = rules.zombie_action(state, state.to_move)
            assert is_legal(state, action)
            assert canonical(rules.zombie_action(state, state.to_move)) == canonical(action)


@pytest.mark.parametrize(("key", "variant", "seats"), PLAYED)
def test_a_game_ends_when_absent_seats_play_only_their_zombie_action(key, variant, seats):
    """Seats that left play their zombie action while the others play on at random."""
    rules = registry.rules(key)
    for seed in SEEDS:
        setup = rules.deal(f"zombie-{seed}", variant, seats)
        rng = random.Random(seed)
        absent = set(rng.sample(range(seats), rng.randint(1, seats - 1)))  # someone stays
        state = rules.new(variant, seats, setup)
        for _ in range(MAX_ACTIONS):
            if state.over:
                break
            mover = state.to_move
            legal = state.legal_actions()
            action = rules.zombie_action(state, mover) if mover in absent else rng.choice(legal)
            state, _events = state.apply(action)
        assert state.over and len(rules.outcome(state).ranks) == seats


@pytest.mark.parametrize(("key", "variant", "seats"), PLAYED)
def test_the_record_header_round_trips(key, variant, seats):
    for rules, _seed, (setup, actions, states) in games(key, variant, seats):
        header = rules.record_header(variant, seats, setup)
        assert next(iter(header)) == "format" and header["format"] == rules.record_format
        assert "actions" not in header
        record = json.loads(json.dumps({**header, "actions": actions}))
        assert rules.read_header(record) == (variant, seats, setup)
        verdict = rules.check_record(record)
        assert verdict["ok"] is True and verdict == registry.check_record(record)
        assert verdict["scores"] == list(rules.outcome(states[-1]).scores)


@pytest.mark.parametrize(("key", "variant", "seats"), PLAYED)
def test_every_view_is_json_ready_and_shows_legal_actions_to_the_mover_only(key, variant, seats):
    for rules, seed, (_setup, _actions, states) in games(key, variant, seats):
        for state in [*sampled(states, seed), states[-1]]:
            views = all_views(rules, state, seats)
            for view in views:
                assert json.loads(json.dumps(view)) == view
                assert VIEW_KEYS <= set(view)
                assert view["n_actions"] == state.n_actions
                assert len(view["scores"]) == seats
            legal = state.legal_actions()
            for seat, view in enumerate(views[:seats]):  # all_views: the seats' first
                assert view["viewer"] == seat
                mover = seat == state.to_move
                assert view["legal_actions"] == (legal if mover else [])


@pytest.mark.parametrize(("key", "variant", "seats"), PLAYED)
def test_a_seat_sees_nothing_of_what_hidden_swap_changes(key, variant, seats):
    """Non-interference: from a set-up and its twin, the same actions give a seat (and a
    spectator) the same views, for as long as those actions stay legal in both games."""
    compared = twins = positions = 0
    for rules, seed, (setup, actions, states) in games(key, variant, seats):
        # The game's own views, computed once per position however many twins follow it.
        seat_views, spectator_views = {}, {}
        for seat, trial in itertools.product(range(seats), range(TWINS)):
            rng = random.Random(f"{seed}-{seat}-{trial}")
            twin = rules.hidden_swap(setup, seat, rng, seats)
            if twin is None:
                continue
            rules.check_setup(variant, seats, twin)
            twins += 1
            positions += len(states)
            other = rules.new(variant, seats, twin)
            assert rules.full_view(other) != rules.full_view(states[0]), "the twin is the same"
            for step, state in enumerate(states):
                if (seat, step) not in seat_views:
                    seat_views[seat, step] = rules.seat_view(state, seat)
                if step not in spectator_views:
                    spectator_views[step] = rules.spectator_view(state)
                assert rules.seat_view(other, seat) == seat_views[seat, step]
                assert rules.spectator_view(other) == spectator_views[step]
                compared += 1
                if step == len(actions) or not is_legal(other, actions[step]):
                    break
                other, _events = other.apply(actions[step])
    if compared == 0:
        pytest.skip(f"{key} has no hidden information to swap")
    # Each twin is followed, on average, past its first actions and through a tenth of its
    # game, however long the game is.
    assert compared > max(2 * twins, positions // 10)
