"""What players are told about their games: the texts of the notifications that
``games.services`` (and the table services) write, each inside the transaction of the
change it reports, and the subjects of the e-mails made from them.

Tables of any size: who else sits at the table is said by ``games.outcomes.company``
("against bob", "with ann, bob and 3 others", "with your partner dee against ann and cy")
and a finishing place by ``games.outcomes.place_text``. The game is named ("Your move in
Xactika with ...")."""

from django.utils import timezone

from games import outcomes, registry
from games.models import Game, GameSeat
from games.rows import score_text
from notifications.models import Notification
from notifications.services import TEXT_LIMIT, notify

Kind = Notification.Kind

# The site's own endings (Game.Reason) in a notice's words; a game's own endings are
# worded by its rules (``Ending.notice_words``).
REASONS = {
    Game.Reason.RESIGNATION: "{loser} resigned",
    Game.Reason.TIMEOUT: "{loser} ran out of time",
    Game.Reason.ABORT: "aborted",
    Game.Reason.FORFEIT: "{loser} forfeited: account suspended",
    Game.Reason.ADJUDICATED: "decided by a moderator",
    Game.Reason.ABANDONED: "no player was left at the table",
}

# How a seat left a table, after its player's name.
LEFT = {
    GameSeat.Status.RESIGNED: "resigned",
    GameSeat.Status.TIMED_OUT: "ran out of time",
    GameSeat.Status.FORFEITED: "forfeited (account suspended)",
}
# The reasons that say a seat left and ended the game (forfeit policy).
LEAVING_REASONS = (Game.Reason.RESIGNATION, Game.Reason.TIMEOUT, Game.Reason.FORFEIT)


# --- the words every notice uses --------------------------------------------------------


def game_name(game: Game) -> str:
    return registry.rules(game.kind).name


def _game(word: str, game: Game) -> str:
    """``word`` and the game's name after a space (' in Xactika')."""
    return f" {word} {game_name(game)}"


def _with(game: Game, position: int) -> str:
    """``outcomes.company`` after a space (' against bob', ' with ann, bob and 3
    others'), or '' when nobody else sits there."""
    words = outcomes.company(game, position)
    return f" {words}" if words else ""


def terms(game: Game) -> str:
    variants = registry.rules(game.kind).variants
    info = variants.get(game.variant)
    variant = info.label if info is not None else game.variant
    rated = "rated" if game.rated else "casual"
    days = game.get_days_per_move_display()
    chosen = "".join(f", {line[0].lower()}{line[1:]}" for line in game.option_lines)
    return f"{variant.lower()}, {days} per move, {rated}{chosen}"


def points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def _send(game: Game, user, kind: str, text: str, subject: str, *, actor=None, seq=None):
    notify(
        user=user,
        game=game,
        kind=kind,
        seq=game.n_actions if seq is None else seq,
        text=text,
        subject=subject,
        actor=actor,
    )


def _others(game: Game, *skip):
    """(position, user) of every seat whose user is not one of ``skip`` (None ignored)."""
    skipped = {user.pk for user in skip if user is not None}
    for position, user in enumerate(game.players):
        if user is not None and user.pk not in skipped:
            yield position, user


# --- before the game ---------------------------------------------------------------------


def table_invited(game: Game, user) -> None:
    """``user`` is invited to the waiting table ``game`` of any size (by its creator): at a
    table of two, challenged."""
    creator = game.created_by.username
    if game.seats_count == 2:
        text = f"{creator} challenges you to a game{_game('of', game)} ({terms(game)})."
        subject = f"{creator} challenges you{_game('to', game)}"
    else:
        table = f"a table{_game('of', game)} for {game.seats_count}"
        taken = game.seats.count()
        text = (
            f"{creator} invites you to {table} ({terms(game)}): "
            f"{taken} of {game.seats_count} seats taken."
        )
        subject = f"{creator} invites you to {table}"
    _send(game, user, Kind.CHALLENGE, text, subject, actor=game.created_by, seq=0)


def table_offered(game: Game, user) -> None:
    """The table "Play now" just set up for ``game``'s creator is offered first to
    ``user``, who waits for a game of it near that rating (``tables._offer``)."""
    creator = game.created_by.username
    minutes = max(1, round((game.offered_until - game.created).total_seconds() / 60))
    text = (
        f"{creator} has just set up a table{_game('of', game)} ({terms(game)}) and it is "
        f"offered to you first: for the next {minutes} minute{'s' if minutes != 1 else ''} "
        f"only players near {creator}'s rating, you among them, can take a seat. Take yours "
        "from the lobby."
    )
    subject = f"A table{_game('of', game)} near your rating"
    _send(game, user, Kind.CHALLENGE, text, subject, actor=game.created_by, seq=0)


def table_started(game: Game, actor) -> None:
    """The last seat of ``game`` was filled (by ``actor``: joining, accepting, or adding a
    bot) and the game began: every human seat but ``actor`` is told. At a table of two the
    creator reads that ``actor`` accepted their challenge."""
    for position, user in _others(game, actor):
        if game.seats_count == 2 and actor is not None and user.pk == game.created_by_id:
            text = (
                f"{actor.username} accepted your challenge{_game('to', game)} ({terms(game)}): "
                "the game is on."
            )
            subject = f"{actor.username} accepted your challenge{_game('to', game)}"
        else:
            text = (
                f"The table is full: your game{_game('of', game)}{_with(game, position)} has begun "
                f"({terms(game)})."
            )
            subject = f"Your game{_game('of', game)}{_with(game, position)} has begun"
        _send(game, user, Kind.ACCEPTED, text, subject, actor=actor, seq=0)


# --- during the game ---------------------------------------------------------------------


def your_turn(game: Game, user) -> None:
    words = f"Your move{_game('in', game)}{_with(game, game.seat_of(user))}"
    _send(game, user, Kind.YOUR_TURN, f"{words}.", words)


def _zombie_policy(game: Game) -> bool:
    """Whether a seat that leaves ``game`` is played by the site (not the end of it)."""
    info = registry.rules(game.kind).variants.get(game.variant)
    return info is not None and info.timeout_policy == "zombie"


def _lost_on_time(game: Game, position: int) -> str:
    """What happens when ``position``'s time runs out, by the variant's policy."""
    partners = outcomes.partners_of(game, position)
    if _zombie_policy(game):
        last = "your side finishes" if partners else "you finish"
        return f"the site plays your turns and {last} last"
    if partners:
        return "your side loses the game on time"
    return "the game is lost on time"


def deadline_near(game: Game, user) -> None:
    position = game.seat_of(user)
    left = game.deadline - timezone.now()
    hours = max(1, round(left.total_seconds() / 3600))
    where = f"{_game('in', game)}{_with(game, position)}"
    text = (
        f"About {hours} hour{'s' if hours != 1 else ''} left for your move{where}: after that "
        f"{_lost_on_time(game, position)}."
    )
    _send(game, user, Kind.DEADLINE, text, f"Your move{where} is due soon")


def extra_day(game: Game, user, granter) -> None:
    text = f"{granter.username} gave you an extra day for your move{_game('in', game)}."
    subject = f"{granter.username} gave you an extra day{_game('in', game)}"
    _send(game, user, Kind.EXTRA_DAY, text, subject, actor=granter)


def seat_left(game: Game, position: int, actor=None) -> None:
    """The seat ``position`` of a zombie-policy table resigned, timed out or was forfeited
    (its seat row's status says which): every other human but ``actor`` learns that the
    site now plays that seat's turns and that it finishes last (with its side, where it
    has partners). Two seats that leave at the same action make one notice naming both."""
    seat = game.seat_rows()[position]
    leaver = seat.user
    how = LEFT.get(seat.status, "left")
    partners = outcomes.partners_of(game, position)
    for other, user in _others(game, leaver, actor):
        if other in partners:
            who, last = f"Your partner {leaver.username}", "your side finishes"
        else:
            who, last = leaver.username, "their side finishes" if partners else "they finish"
        text = f"{who} {how}{_game('in', game)}: the site now plays their turns, and {last} last."
        earlier = Notification.objects.filter(
            user=user, game=game, seq=game.n_actions, kind=Kind.SEAT_LEFT
        ).first()
        if earlier is None:
            subject = f"{leaver.username} left your game{_game('of', game)}"
            _send(game, user, Kind.SEAT_LEFT, text, subject, actor=leaver)
        elif text not in earlier.text:
            earlier.text = f"{earlier.text} {text}"[:TEXT_LIMIT]
            earlier.save(update_fields=["text"])


# --- the end -------------------------------------------------------------------------------


def _reason(game: Game, loser: str = "") -> str:
    """Why the game ended, in a few words for a parenthesis."""
    if game.reason in REASONS:
        return REASONS[game.reason].format(loser=loser)
    ending = registry.rules(game.kind).endings.get(game.reason)
    if ending is None:
        return game.reason or "over"
    return ending.notice_words


def _who(game: Game, position: int, reader: int) -> str:
    """How ``reader`` reads the name of ``position``: "you", "your partner dee", "dee"."""
    if position == reader:
        return "you"
    name = game.players[position].username
    return f"your partner {name}" if position in outcomes.partners_of(game, reader) else name


def _leavers(game: Game) -> list:
    """The seat rows that left the game (resigned, timed out, forfeited), first out first."""
    left = [seat for seat in game.seat_rows() if seat.status != GameSeat.Status.PLAYING]
    return sorted(left, key=lambda seat: (seat.left_at is None, seat.left_at, seat.position))


def _left_words(game: Game, leavers: list, reader: int) -> str:
    """ "bob ran out of time and you resigned"."""
    return outcomes.join_names(
        [f"{_who(game, seat.position, reader)} {LEFT[seat.status]}" for seat in leavers]
    )


def _two_seat_result(game: Game, position: int) -> str:
    """XIX's sentence, for every game of two seats: "You won against bob, 5–3 (...)"."""
    opponent = game.players[1 - position]
    if game.winner is None:
        outcome = "You drew"
    elif game.winner == position:
        outcome = "You won"
    else:
        outcome = "You lost"
    loser = "you" if game.winner == 1 - position else opponent.username
    return (
        f"{outcome} against {opponent.username}{_game('in', game)}, "
        f"{score_text(game.scores, position)} ({_reason(game, loser)})."
    )


def _usernames(game: Game, positions) -> str:
    return outcomes.join_names([game.players[seat].username for seat in positions])


def _table_result(game: Game, position: int) -> str:
    """A table's result for ``position``: "You finished 2nd of 5 in Xactika with ann, bob
    and 3 others: 14 points to ann's 17 (...)", "You and dee won against ann and cy in
    Xeri, 2–1 (...)", then who left and was played for by the site."""
    leavers = _leavers(game)
    if game.reason in LEAVING_REASONS and leavers:
        reason = _left_words(game, leavers, position)
    elif game.reason == Game.Reason.ABANDONED and leavers:
        # The last person left: the game ended there, nobody played on.
        reason = f"{_left_words(game, leavers, position)}: no player was left"
    else:
        reason = _reason(game, "a player")
    text = _place_sentence(game, position, reason)
    if game.reason == Game.Reason.ABANDONED:
        return text
    if _zombie_policy(game) and leavers and game.reason not in LEAVING_REASONS:
        left = {seat.position for seat in leavers}
        if left == {position}:
            turns = "your turns"
        elif position in left:
            turns = "the turns of the seats that left"
        else:
            turns = "their turns"
        text += f" After {_left_words(game, leavers, position)}, the site played {turns}."
    return text


def _place_sentence(game: Game, position: int, reason: str) -> str:
    place = outcomes.place_text(game, position)
    if not place:
        return f"Your game{_game('of', game)}{_with(game, position)} is over ({reason})."
    scores, where = game.scores, _game("in", game)
    mates = outcomes.partners_of(game, position)
    if mates:
        others = [
            seat for seat in range(game.seats_count) if seat != position and seat not in mates
        ]
        you, against = f"You and {_usernames(game, mates)}", f" against {_usernames(game, others)}"
    else:
        you, against = "You", _with(game, position)
    rivals = [side for side in outcomes.sides_of(game) if position not in side]
    if len(rivals) == 1:  # won, lost or drew
        score = f"{scores[position]}–{scores[rivals[0][0]]}"
        return f"{you} {place}{against}{where}, {score} ({reason})."
    ranks = [seat.rank for seat in game.seat_rows()]
    best = min(rivals, key=lambda side: ranks[side[0]])
    verb = "shared" if place.startswith("shared ") else "finished"
    return (
        f"{you} {verb} {place.removeprefix('shared ')}{where}{against}: "
        f"{points(scores[position])} to {_usernames(game, best)}'s {scores[best[0]]} ({reason})."
    )


def _aborted(game: Game, position: int, actor) -> str:
    game_of = f"your game{_game('of', game)}"
    no_result = "it has no result and changes no rating."
    if game.reason != Game.Reason.EARLY_ABORT:
        whose = f"{game_of}{_with(game, position)}"
        return f"A moderator aborted {whose}: {no_result} Reason: {game.verdict}"
    if game.seats_count == 2:
        who, everyone = game.players[1 - position].username, "you had both"
    else:
        who, everyone = (actor.username if actor is not None else "A player"), "everyone had"
    return f"{who} aborted {game_of} before {everyone} made a first move: {no_result}"


def game_over(game: Game, *, actor=None) -> None:
    """Tell every player the result, except the one whose action ended the game. At a
    zombie-policy table a seat that left did not act even when its user is ``actor`` (the
    site moved for it, or its leaving had the site play the game out): it is told."""
    if actor is not None and _zombie_policy(game) and game.seats_count != 2:
        seat = game.seat_of(actor)
        if seat is not None and game.seat_rows()[seat].status != GameSeat.Status.PLAYING:
            actor = None
    for position, user in _others(game, actor):
        if game.status == Game.Status.ABORTED:
            text = _aborted(game, position, actor)
        else:
            if game.seats_count == 2:
                text = _two_seat_result(game, position)
            else:
                text = _table_result(game, position)
            if game.reason == Game.Reason.ADJUDICATED:
                text += f" Reason: {game.verdict}"
        subject = f"Your game{_game('of', game)}{_with(game, position)} is over"
        _send(game, user, Kind.GAME_OVER, text, subject, actor=actor)
