"""Properties of random games in both variants (hypothesis draws the deal and the choices)."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from games.xix.engine import IllegalAction, cards_of, full_view, replay, seat_view, spectator_view
from tests.xix.engine.helpers import (
    ALL_CARDS_MASK,
    CARDS,
    STAKES,
    action_of,
    every_action_shape,
    expected_taker,
    games,
    snapshot,
)

GAMES = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW_GAMES = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def places(state):
    """Where the cards are: hands, row, discard and the cards played this exchange."""
    row = sum(1 << c for c in state.row)
    return [*state.closed, *state.open, row, 1 << state.discard, state.pool]


def hand_size(state, seat):
    return (state.closed[seat] | state.open[seat]).bit_count()


@GAMES
@given(games())
def test_every_card_is_in_exactly_one_place_at_every_step(game):
    states, _ = game
    for state in states:
        masks = places(state)
        assert sum(m.bit_count() for m in masks) == 18
        assert sum(masks) == ALL_CARDS_MASK  # no overlap, nothing missing


@GAMES
@given(games())
def test_a_played_card_stays_face_up_for_the_rest_of_the_game(game):
    states, actions = game
    played = 0
    for state, action in zip(states[1:], actions, strict=True):
        if action["type"] == "play":
            played |= 1 << action["card"]
        face_down = sum(1 << c for c, up in zip(state.row, state.row_up, strict=True) if not up)
        assert played & (state.closed[0] | state.closed[1] | face_down) == 0


@GAMES
@given(games())
def test_both_hands_hold_six_cards_when_each_exchange_starts(game):
    states, _ = game
    starts = [s for s in states if s.phase == "play" and s.pool == 0]
    assert len(starts) == states[-1].exchange
    for state in starts:
        assert hand_size(state, 0) == hand_size(state, 1) == 6
        assert state.strikes == [0, 0]


@GAMES
@given(games())
def test_every_game_ends_and_only_a_finished_game_has_no_legal_action(game):
    states, _ = game  # random_game fails the test if a game runs past 5000 actions
    assert states[-1].over
    assert states[-1].legal_actions() == []
    assert states[-1].to_move is None
    for state in states[:-1]:
        legal = state.legal_actions()
        assert legal
        assert {a["seat"] for a in legal} == {state.to_move}


@GAMES
@given(games())
def test_each_trick_is_taken_as_the_rules_say_and_its_loser_is_struck(game):
    states, _ = game
    for before, after in zip(states, states[1:], strict=False):
        if after.last_trick is before.last_trick:
            continue
        leader, led, followed, taker = after.last_trick
        assert taker == expected_taker(after.variant, leader, led, followed)
        struck = 1 - taker
        assert after.strikes[struck] == before.strikes[struck] + 1
        if after.strikes[struck] < 3 and not after.over:
            assert (after.phase, after.to_move) == ("decide", struck)
        else:
            assert after.phase in ("draft", "over")  # the third strike needs no answer


@GAMES
@given(games())
def test_each_exchange_pays_the_stakes_to_its_winner_and_the_end_follows_the_rules(game):
    states, _ = game
    for before, after in zip(states, states[1:], strict=False):
        if after.scores == before.scores:
            assert after.phase != "over"
            continue
        winner = after.ex_winner
        gained = [after.scores[s] - before.scores[s] for s in (0, 1)]
        assert gained[1 - winner] == 0
        assert gained[winner] == STAKES[after.variant][sum(after.strikes)]
        over, result = expected_end(after)
        assert after.over == over
        if over:
            assert (after.winner, after.reason) == result


def expected_end(state):
    """(over, (winner, reason)) from rulings 11 and 14, given the state just scored."""
    a, b = state.scores
    if state.variant == "standard":
        if a + b == 19:
            return True, (0 if a < b else 1, "exact 19")
        if max(a, b) >= 19:
            return True, (0 if a > b else 1, "reached 19")
        return False, None
    if all(state.row_up) and 0 in state.closed:
        return True, (None if a == b else (0 if a > b else 1), "talon end")
    return False, None


@GAMES
@given(games())
def test_the_draft_starts_with_the_loser_alternates_and_gives_back_what_each_played(game):
    states, actions = game
    played, drafted, drafter = [0, 0], [0, 0], None
    for state, action in zip(states, actions, strict=False):
        kind, seat = action["type"], action["seat"]
        if kind == "play":
            played[seat] += 1
        elif kind == "draft":
            assert seat == (state.ex_loser if drafter is None else 1 - drafter)
            drafter = seat
            drafted[seat] += 1
        elif kind == "trade":
            assert seat == state.ex_loser
            assert drafted == played
            played, drafted, drafter = [0, 0], [0, 0], None


@FEW_GAMES
@given(games())
def test_legal_actions_apply_and_every_other_action_is_refused_without_change(game):
    states, _ = game
    shapes = every_action_shape()
    for state in states:
        before = snapshot(state)
        legal = state.legal_actions()
        assert state.legal_tuples() == [
            (a["type"], a["seat"], a.get("card", 0), a.get("position", 0)) for a in legal
        ]
        assert [action_of(*t) for t in state.legal_tuples()] == legal
        for action in shapes:
            if action in legal:
                after, events = state.apply(action)
                assert after.n_actions == state.n_actions + 1
                assert events
            else:
                try:
                    state.apply(action)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{action} was accepted; legal: {legal}")
        assert snapshot(state) == before  # apply never changes the state it is given


@GAMES
@given(games(), st.integers(0, 2**32 - 1))
def test_generated_illegal_actions_are_refused(game, seed):
    states, _ = game
    rng = random.Random(seed)
    for state in states[:-1]:
        legal = state.legal_actions()
        seat = state.to_move
        holding = state.closed[seat] | state.open[seat]
        absent = [c for c in CARDS if not holding >> c & 1]
        attempts = [
            {**rng.choice(legal), "seat": 1 - seat},  # the other seat
            {"seat": seat, "type": "play", "card": rng.choice(absent)},  # not in the hands
            # the wrong type of action for the phase
            {"seat": seat, "type": "draft", "card": rng.choice(CARDS)}
            if state.phase == "play"
            else {"seat": seat, "type": "play", "card": rng.choice(cards_of(holding) or CARDS)},
        ]
        before = snapshot(state)
        for action in attempts:
            if action in legal:
                continue
            try:
                state.apply(action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action} was accepted in phase {state.phase}")
            assert snapshot(state) == before


def views(state):
    return [seat_view(state, 0), seat_view(state, 1), spectator_view(state), full_view(state)]


@FEW_GAMES
@given(games())
def test_replay_equals_playing_step_by_step(game):
    states, actions = game
    first = states[0]
    for length in range(0, len(actions) + 1, 7):
        replayed = replay(first.variant, list(first.deal), first.first_leader, actions[:length])
        assert snapshot(replayed) == snapshot(states[length])
        assert views(replayed) == views(states[length])
    final = replay(first.variant, first.deal, first.first_leader, actions)
    assert snapshot(final) == snapshot(states[-1])
    assert final.events() == states[-1].events()
    assert views(final) == views(states[-1])


@GAMES
@given(games())
def test_a_finished_game_is_won_as_the_rules_say(game):
    states, _ = game
    final = states[-1]
    over, result = expected_end(final)
    assert over
    assert (final.winner, final.reason) == result
    if final.variant == "standard":
        assert final.winner in (0, 1)  # ruling 11: no draw
    assert full_view(final)["result"] == {
        "winner": final.winner,
        "reason": final.reason,
        "scores": final.scores,
    }
