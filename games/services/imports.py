"""Imported games: a game record of any registered format replayed and written as a
game between existing users, finished or in play. Built on ``play`` and ``clock``.
"""

from django.db import transaction
from django.utils import timezone

from games import registry
from games.errors import GameError
from games.models import DAYS_PER_MOVE, Game, GameAction, GameSeat
from games.services import clock, play

IMPORTED_SEED = "imported"


def record_kind(record) -> str:
    """The registered game whose record format ``record`` names; GameError otherwise."""
    kind = registry.kind_of_record(record)
    if kind is None:
        raise GameError(registry.format_error(record))
    return kind


def record_replay(record):
    """(kind, variant, seats, setup, actions, state) of a game record of any registered
    format, replayed by its rules; GameError for an unknown format, the engine's
    InvalidSetup or IllegalAction (with ``.index``) for a record that does not replay."""
    kind = record_kind(record)
    rules = registry.rules(kind)
    variant, seats, setup = rules.read_header(record)
    actions = record.get("actions")
    state = rules.replay(variant, seats, setup, actions)
    return kind, variant, seats, setup, actions, state


@transaction.atomic
def game_import(*, record: dict, players, days_per_move: int = 3) -> Game:
    """A game between existing users (``players[i]`` in seat i) from a record of any game
    the site knows (``xix/1``, ``xeri/1``...), with its whole action log: finished, or in
    play with a fresh clock (deadline and reminder) for the seat to move. Imported games
    are never rated and tell nobody. Raises GameError, or the engine's InvalidSetup or
    IllegalAction for a record that does not replay; nothing is written then."""
    kind, variant, seats, setup, actions, state = record_replay(record)
    if days_per_move not in DAYS_PER_MOVE:
        raise GameError("Days per move must be 1, 2, 3, 5, 7 or 14.")
    players = list(players)
    if len(players) != seats:
        raise GameError(f"The record is a game of {seats} seats: name {seats} players.")
    if len({player.pk for player in players}) != len(players):
        raise GameError(f"The {seats} players must be different users.")
    pair = seats == 2
    game = Game(
        kind=kind,
        variant=variant,
        seats_count=seats,
        setup=setup,
        seed=IMPORTED_SEED,
        created_by=players[0],
        days_per_move=days_per_move,
        rated=False,
        started_at=timezone.now(),
    )
    game.save()
    # A game of two seats has no teams (``Game.scores`` and ``winner`` are per seat).
    team_of = {} if pair else registry.rules(kind).variants[variant].team_of(seats)
    scores = (play.scores_now(state) or [0] * seats) if pair and not state.over else [0] * seats
    GameSeat.objects.bulk_create(
        GameSeat(game=game, position=seat, user=user, team=team_of.get(seat), score=score)
        for seat, (user, score) in enumerate(zip(players, scores, strict=True))
    )
    GameAction.objects.bulk_create(
        GameAction(game=game, seq=seq, seat=action["seat"], action=action)
        for seq, action in enumerate(actions)
    )
    game.n_actions = len(actions)
    if state.over:
        outcome = registry.rules(kind).outcome(state)
        play.result_write(
            game,
            scores=outcome.scores,
            winner=play.sole_first(outcome.ranks) if pair else None,
            ranks=outcome.ranks,
            reason=outcome.reason,
        )
        return game
    game.status = Game.Status.ACTIVE
    game.to_move = state.to_move
    clock.start_clock(game)
    game.save()
    return game
