"""Take-back (docs/features.md, "Take-back"): in a casual game against bots only, a player
takes back their last move, and with it every bot move since. Nothing is deleted: a
take-back is one more row of the log (``games.log``), and the game's line, which its state
is replayed from, ends where the player last chose. The bots' planned replies, drawn at
the old action number, are dropped when they come (``services.seat_autoplay`` checks it).

A move the site made for the player because it was their only one (the "play forced
moves for me" setting) is not a choice: the take-back goes on back to the last position
where the player had more than one move, so it is not simply played again."""

from django.db import transaction

from games import push, registry, services
from games.errors import GameError, NotAPlayer, StaleSequence
from games.log import TAKEBACK
from games.models import Game, GameAction
from games.selectors import game_line, game_state

CASUAL_ONLY = "Moves can be taken back only in casual games against bots."
NOTHING = "You have no move to take back yet."


class TakebackError(GameError):
    pass


def refusal(game: Game, seat) -> str:
    """Why the player at ``seat`` may not take back a move now; "" if they may (a move of
    theirs to go back to is looked for by ``_keep``)."""
    if seat is None:
        return "Only a player of this game can take back a move."
    if game.status != Game.Status.ACTIVE:
        return "The game is over: its moves stand."
    others = [user for position, user in enumerate(game.players) if position != seat]
    if game.rated or not all(user is not None and user.is_bot for user in others):
        return CASUAL_ONLY
    return ""


def _keep(game: Game, seat: int, line: list[dict]) -> int | None:
    """How many actions of ``line`` stay: up to the last action of ``seat`` played where
    the seat had a choice; None when there is none."""
    rules = registry.rules(game.kind)
    for index in range(len(line) - 1, -1, -1):
        if line[index].get("seat") != seat:
            continue
        before = rules.replay(game.variant, game.seats_count, game.setup, line[:index])
        if len(before.legal_actions()) > 1:
            return index
    return None


def may_take_back(game: Game, seat) -> bool:
    """Whether the page offers "Take back": the game allows it and the player has moved
    (cheap: no replay; the service finds the position)."""
    if refusal(game, seat):
        return False
    return any(action.get("seat") == seat for action in game_line(game))


@transaction.atomic
def game_takeback(*, user, game_id, expected_seq: int) -> Game:
    """``user`` takes back their last move (and the bots' moves since) in the game, which
    the page drew at ``expected_seq`` actions. Locks the game row; one take-back per
    page: a repeat finds the game moved on (StaleSequence) and changes nothing."""
    game = services.lock_game(game_id)
    seat = game.seat_of(user)
    if seat is None:
        raise NotAPlayer(services.NOT_SEATED)
    why = refusal(game, seat)
    if why:
        raise TakebackError(why)
    if expected_seq != game.n_actions:
        raise StaleSequence(game.n_actions)
    keep = _keep(game, seat, game_line(game))
    if keep is None:
        raise TakebackError(NOTHING)
    action = {"type": TAKEBACK, "seat": seat, "keep": keep}
    GameAction.objects.create(game=game, seq=game.n_actions, seat=seat, action=action)
    game.n_actions += 1
    state = game_state(game)
    services.live_scores_write(game, state)
    game.to_move = state.to_move
    services.start_clock(game)
    game.save()
    push.game_changed(game)
    services.turn_begins(game, actor=user, state=state)
    return game
