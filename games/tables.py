"""Tables of 2 to 10 seats for every game: the lobby's one flow. Create (open, or with one
or several invitations), join (or accept an invitation), leave (or decline, or cancel),
add a bot, start when the last seat is filled, expire when waiting too long, and the
rematch of a finished table. Views call these; they write ``Game``, ``GameSeat`` and
``Invitation`` rows of waiting games and start them (docs/features.md, "Tables and the
lobby"). A challenge is a table of two: an open challenge has no invitation, a direct
one invites the player challenged.

- While a table waits its seat rows have no position; positions, teams and the set-up are
  drawn when the last seat is filled, from the table's seed.
- A table with invitations is private to its creator and the invitees who have not
  declined (``selectors.hidden_from``); each pending invitation holds a seat. A table
  without invitations is open: anyone may take a free seat.
- An invitee who declines frees their seat; on a private table only the creator can fill
  it, with a bot (or cancel the table). A table of two whose one invitation is declined
  (a direct challenge turned down) has nobody left to wait for: it is cancelled.
- Bots join only when the creator adds them (or invites them by name), and a bot makes
  the table casual. An API bot (a program's account, ``User.is_api_bot``) answers its
  invitations itself like a person; it plays rated games only with people who accept bots
  (``api.bots.rated_refusal``): a table of people who do not is casual, and it cannot take
  a seat at a rated table of theirs, nor they at a rated table with one.
- A waiting table lapses ``TABLE_LIFETIME`` after it was set up (``tables_expire``).
"""

import random
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from accounts import blocks
from accounts.bots import game_levels, levels_text
from api import bots as api_bots
from games import aborts, invite_limits, notices, push, registry, services
from games.errors import GameError, NoSuchGame, NotAPlayer, TableError
from games.kit import options as game_options
from games.models import DAYS_PER_MOVE, Game, GameSeat, Invitation
from games.selectors import hidden_from
from notifications.services import viewing_mark
from ratings import glicko2

# How long a table waits for its players, and how many one person may have waiting.
TABLE_LIFETIME = timedelta(days=7)
MAX_WAITING_TABLES = 10

NOT_OPEN = "This table is no longer open: it has started, been cancelled or lapsed."
NOT_OPEN_CHALLENGE = "This challenge is no longer open."

# What ``table_leave`` did.
CANCELLED, LEFT, DECLINED = "cancelled", "left", "declined"


class TooManyBotGames(TableError):
    """The person already has MAX_ACTIVE_BOT_GAMES games with bots going."""

    status = 429


def active_bot_games(user) -> int:
    """How many games with a bot ``user`` has going: waiting or in play, with a seat of
    theirs they have not left."""
    bot_seat = GameSeat.objects.filter(game=OuterRef("game"), user__is_bot=True)
    return (
        GameSeat.objects.filter(
            user=user,
            status=GameSeat.Status.PLAYING,
            game__status__in=(Game.Status.WAITING, Game.Status.ACTIVE),
        )
        .filter(Exists(bot_seat))
        .count()
    )


def check_bot_games(user) -> None:
    """Refuse one more game with bots to ``user`` at MAX_ACTIVE_BOT_GAMES of them
    (docs/security.md, "Games with bots"): each keeps the bots' worker busy. The caller
    holds ``user``'s row lock (``User.lock_row``), so parallel requests count one after
    the other and the limit holds."""
    limit = settings.MAX_ACTIVE_BOT_GAMES
    if active_bot_games(user) >= limit:
        raise TooManyBotGames(
            f"You already have {limit} games with bots going: finish or resign one "
            "before you start another."
        )


def check_waiting(game: Game) -> None:
    """Refuse unless ``game`` is a table still waiting and not lapsed."""
    if game.status != Game.Status.WAITING or game.expires_at <= timezone.now():
        raise TableError(NOT_OPEN_CHALLENGE if game.seats_count == 2 else NOT_OPEN)


def rules_for(kind: str, variant: str, seats):
    """The rules of a served game, after checking the variant and the seat count."""
    if kind not in registry.served():
        raise TableError("Choose one of the games the site serves.")
    rules = registry.rules(kind)
    info = rules.variants.get(variant)
    if info is None:
        names = ", ".join(v.label for v in rules.variants.values())
        raise TableError(f"{rules.name} has no such variant; choose {names}.")
    if type(seats) is not int or seats not in info.seat_counts:
        counts = ", ".join(map(str, info.seat_counts))
        raise TableError(f"{rules.name} {info.label.lower()} is played by {counts} players.")
    return rules


def _options_for(rules, options) -> dict:
    """Every option ``rules`` declares with its value (``options``' where given, else the
    default); TableError for an option or a value the game does not offer."""
    if options is not None and not isinstance(options, dict):
        raise TableError("Choose the table's options from the form.")
    try:
        return game_options.chosen(rules, options)
    except game_options.BadOption as error:
        raise TableError(str(error)) from None


def _check_invited(user, invited) -> list:
    invited = list(invited)
    if len({person.pk for person in invited}) != len(invited):
        raise TableError("Invite each player once.")
    for person in invited:
        if person.pk == user.pk:
            raise TableError("You cannot invite yourself.")
        if not person.is_active or person.is_suspended:
            raise TableError(f"{person.username} cannot be invited.")
        if refusal := blocks.invite_refusal(user, person):
            raise TableError(refusal)
    return invited


def table_create(
    *,
    user,
    kind,
    variant,
    seats,
    days_per_move,
    rated,
    invited=(),
    rematch_of=None,
    options=None,
    offer=False,
) -> Game:
    """A waiting table of ``seats`` for ``kind`` and ``variant``, with ``user`` seated and
    ``invited`` (users) each holding a seat; ``options`` (name -> value) the game's table
    options, the defaults for those not given. Invited bots sit down at once (and make the
    table casual). ``offer``: "Play now" set it up, and it waits first for the players near
    ``user``'s rating (``_offer``). Returns the game: active if that filled the table."""
    rules = rules_for(kind, variant, seats)
    chosen = _options_for(rules, options)
    if days_per_move not in DAYS_PER_MOVE:
        raise TableError("Days per move must be 1, 2, 3, 5, 7 or 14.")
    if getattr(user, "is_bot", False):
        raise TableError("Bots do not create tables.")
    invited = _check_invited(user, invited)
    if len(invited) > seats - 1:
        raise TableError(f"A table of {seats} has room for {seats - 1} more players.")
    bots = [person for person in invited if person.is_bot]
    # An API bot (User.is_api_bot) plays rated games only with people who accept bots.
    rated = rated and api_bots.rated_refusal([user, *invited]) is None
    if rated and not bots:
        aborts.check_rated_play(user)
    with transaction.atomic():
        user.lock_row()  # the limit on waiting tables holds under parallel requests
        now = timezone.now()
        waiting = Game.objects.filter(
            created_by=user, status=Game.Status.WAITING, expires_at__gt=now
        ).count()
        if waiting >= MAX_WAITING_TABLES:
            raise TableError(
                f"You already have {MAX_WAITING_TABLES} challenges or tables "
                "waiting; cancel one first."
            )
        if bots:
            check_bot_games(user)
        humans = [person for person in invited if not person.is_bot]
        if humans or len(bots) + 1 < seats:  # a game against bots alone is not counted
            invite_limits.count_and_record(user, invited=len(humans), now=now)
        game = Game.objects.create(
            kind=rules.key,
            variant=variant,
            seats_count=seats,
            seed=secrets.token_hex(8),
            created_by=user,
            days_per_move=days_per_move,
            rated=rated and not bots,
            expires_at=now + TABLE_LIFETIME,
            rematch_of=rematch_of,
            options=chosen,
        )
        GameSeat.objects.bulk_create(
            GameSeat(game=game, user=person, joined_at=now) for person in [user, *bots]
        )
        Invitation.objects.bulk_create(Invitation(game=game, user=person) for person in humans)
        for person in humans:
            notices.table_invited(game, person)
        if offer and not invited:
            _offer(game, user, now)
        if len(bots) + 1 == seats:
            _start(game, actor=user)
    return game


def _places(game: Game) -> tuple[set, dict]:
    """(the users seated, the pending invitations by user) of a locked waiting table."""
    seated = set(game.seats.values_list("user_id", flat=True))
    pending = {
        invitation.user_id: invitation
        for invitation in game.invitations.filter(declined=False, answered_at__isnull=True)
        if invitation.user_id not in seated
    }
    return seated, pending


def _free_seats(game: Game, seated: set, pending: dict) -> int:
    return game.seats_count - len(seated) - len(pending)


def _blocked_at(game: Game, user) -> bool:
    """Whether someone seated at the private (invitation-only) waiting table ``game``, its
    creator among them, blocked ``user``: then it answers ``user`` as a table that does
    not exist (docs/security.md, "Blocking"). Open tables are open to everyone."""
    if game.status != Game.Status.WAITING or not game.invitations.exists():
        return False
    seated = game.seats.values_list("user_id", flat=True)
    return bool(blocks.blockers_among(user, seated))


@transaction.atomic
def table_join(*, user, game_id) -> Game:
    """Take a seat at a waiting table: the seat an invitation holds for ``user``, or a free
    one at an open table. The table starts when this fills it. Locks the game row, so two
    people taking the last seat at once get it one after the other: the second is refused
    (the table has started)."""
    game = services.lock_game(game_id)
    if hidden_from(game, user) or _blocked_at(game, user):
        raise NoSuchGame()
    check_waiting(game)
    if user.is_bot:
        raise TableError("Bots sit down only when the table's creator adds them.")
    if not offered_to(game, user):
        minutes = -(-(game.offered_until - timezone.now()).seconds // 60)
        raise TableError(
            "This table is offered first to players near its creator's rating; it opens "
            f"to everyone within {minutes} minute{'s' if minutes > 1 else ''}."
        )
    if user.is_suspended:
        raise TableError("Your account is suspended: you cannot join tables.")
    if game.rated:
        aborts.check_rated_play(user)
    seated, pending = _places(game)
    if game.rated:
        others = get_user_model().objects.filter(pk__in=seated | pending.keys())
        if refusal := api_bots.rated_refusal([*others, user], joining=user):
            raise TableError(refusal)
    if user.pk in seated:
        if game.seats_count == 2 and user.pk == game.created_by_id:
            raise TableError("You cannot accept your own challenge.")
        raise TableError("You already have a seat at this table.")
    now = timezone.now()
    invitation = pending.get(user.pk)
    if invitation is not None:
        invitation.answered_at = now
        invitation.save(update_fields=["answered_at"])
    elif _free_seats(game, seated, pending) <= 0:
        raise TableError("Every seat at this table is taken or held for an invited player.")
    GameSeat.objects.create(game=game, user=user, joined_at=now)
    push.game_changed(game)  # the table fills: its page and the lists of everyone at it
    if len(seated) + 1 == game.seats_count:
        _start(game, actor=user)
    return game


# "Play now" pressed again within this time, after it seated the player, answers with the
# table it gave them rather than a second seat (a double click is applied once).
QUICK_REPEAT = timedelta(seconds=30)
# How many of the oldest fitting tables "Play now" weighs by their creator's rating.
QUICK_CANDIDATES = 50
# A table "Play now" sets up is offered first, for OFFER_WINDOW, to the players whose
# rating in its game and variant is within NEAR_RATING of its creator's: only they see it
# in the lobby and may take a seat, and those of them waiting for a game of it (seated, for
# less than WAITING_FOR, at another table "Play now" set up that has not filled) are told.
# Then it is open to everyone: a timestamp on the table, checked when it is listed or
# joined, no task and no lock.
NEAR_RATING = 200
OFFER_WINDOW = timedelta(minutes=2)
WAITING_FOR = timedelta(minutes=10)


def _rating(user_id, kind: str, variant: str) -> int:
    """``user_id``'s rating in ``variant`` of ``kind``, the starting rating without one."""
    from ratings.models import Rating

    row = Rating.objects.filter(user_id=user_id, kind=kind, variant=variant).first()
    return round(row.rating if row is not None else glicko2.DEFAULT_RATING)


def offered_to(game: Game, user, *, now=None) -> bool:
    """Whether ``user`` may take a seat at ``game`` now as far as its offer goes: always
    once the offer's window is over (or for a table that had none), else when ``user``'s
    rating is within NEAR_RATING of the one it is offered near (its creator, whose table it
    is, too)."""
    now = now or timezone.now()
    if game.offered_until is None or game.offered_until <= now or game.created_by_id == user.pk:
        return True
    mine = _rating(user.pk, game.kind, game.variant)
    return abs(mine - game.offered_rating) <= NEAR_RATING


def _offer(game: Game, user, now) -> None:
    """Offer the new "Play now" table ``game`` of ``user`` first to the players near their
    rating (``NEAR_RATING``) for ``OFFER_WINDOW``, and tell those of them waiting for a
    game of it: seated, for less than ``WAITING_FOR``, at another table "Play now" set up
    that waits still (one ``user`` could not take: offered near another rating, or with
    someone seated who blocked ``user``). Not told: who blocked ``user`` or whom ``user``
    blocked."""
    rating = _rating(user.pk, game.kind, game.variant)
    game.offered_until = game.created + OFFER_WINDOW
    game.offered_rating = max(0, rating)
    game.save(update_fields=["offered_until", "offered_rating", "updated"])
    from ratings.models import Rating

    waiting = set(
        GameSeat.objects.filter(
            game__kind=game.kind,
            game__status=Game.Status.WAITING,
            game__offered_rating__isnull=False,
            game__expires_at__gt=now,
            joined_at__gt=now - WAITING_FOR,
            user__is_bot=False,
            user__is_active=True,
        )
        .exclude(game=game)
        .exclude(user=user)
        .values_list("user_id", flat=True)
    )
    shunned = blocks.blocked_ids(user) | set(blocks.blockers_among(user, waiting))
    waiting -= shunned
    rated = dict(
        Rating.objects.filter(
            user_id__in=waiting, kind=game.kind, variant=game.variant
        ).values_list("user_id", "rating")
    )
    near = [
        pk
        for pk in sorted(waiting)
        if abs(round(rated.get(pk, glicko2.DEFAULT_RATING)) - rating) <= NEAR_RATING
    ]
    for person in get_user_model().objects.filter(pk__in=near).order_by("pk"):
        notices.table_offered(game, person)


def _quick_candidates(user, kind: str, options: dict, terms: dict) -> list[Game]:
    """The open waiting tables of ``kind`` with ``options`` (and the ``terms`` given:
    variant, seats_count, rated) that ``user`` may take a seat at (not their own, not one
    they sit at, none with invitations, nobody seated who blocked them or whom they
    blocked, none still offered only to players of another rating), oldest first."""
    from ratings.models import Rating

    now = timezone.now()
    games = list(
        Game.objects.filter(
            kind=kind,
            status=Game.Status.WAITING,
            expires_at__gt=now,
            invitations__isnull=True,
            options=options,
            **terms,
        )
        .exclude(created_by=user)
        .exclude(seats__user=user)
        .prefetch_related("seats")
        .order_by("created", "pk")[:QUICK_CANDIDATES]
    )
    shunned = blocks.blocked_ids(user)
    fitting = []
    for game in games:
        seated = {seat.user_id for seat in game.seats.all()}
        if seated & shunned or blocks.blockers_among(user, seated):
            continue
        if len(seated) < game.seats_count and offered_to(game, user, now=now):
            fitting.append(game)
    ratings = {
        (row.user_id, row.variant): row.rating
        for row in Rating.objects.filter(
            kind=kind, user_id__in={user.pk, *(game.created_by_id for game in fitting)}
        )
    }

    def distance(game):
        default = glicko2.DEFAULT_RATING
        mine = ratings.get((user.pk, game.variant), default)
        return abs(ratings.get((game.created_by_id, game.variant), default) - mine)

    return sorted(fitting, key=distance)  # stable: the oldest first among equals


def table_quick(
    *, user, kind: str, options=None, variant=None, seats=None, rated=None, days_per_move=3
) -> Game:
    """The lobby's "Play now" for ``kind`` with its table ``options`` (the defaults for
    those not given): a seat at the open waiting table of that game and those options (and
    of ``variant``, ``seats`` and ``rated`` when given; any when None) whose creator's
    rating (in its variant) is nearest ``user``'s, the oldest among equals; else a new open
    table of ``variant`` and ``seats`` (the game's first variant and seat count when not
    given), ``days_per_move``, rated unless ``rated`` is False, offered first to the
    players near ``user``'s rating (``_offer``). Pressed again within ``QUICK_REPEAT`` of a
    seat it gave, it answers with that table (under the user's row lock, so two clicks at
    once seat the player once)."""
    if kind not in registry.served():
        raise TableError("Choose one of the games the site serves.")
    rules = registry.rules(kind)
    chosen = _options_for(rules, options)
    terms = {
        field: value
        for field, value in (("variant", variant), ("seats_count", seats), ("rated", rated))
        if value is not None
    }
    if user.is_suspended:
        raise TableError("Your account is suspended: you cannot join tables.")
    with transaction.atomic():
        user.lock_row()
        recent = (
            Game.objects.filter(
                kind=kind, seats__user=user, seats__joined_at__gt=timezone.now() - QUICK_REPEAT
            )
            .exclude(seats__user__is_bot=True)  # "Play a bot" a moment ago is another game
            .order_by("-seats__joined_at")
            .first()
        )
        if recent is not None:
            return recent
        for game in _quick_candidates(user, kind, chosen, terms):
            try:
                return table_join(user=user, game_id=game.pk)
            except GameError:  # filled or closed meanwhile, or refused to this player
                continue
        variant = variant if variant is not None else next(iter(rules.variants))
        if seats is None and variant in rules.variants:
            seats = rules.variants[variant].seat_counts[0]
        return table_create(  # which checks the variant and the seat count
            user=user,
            kind=kind,
            variant=variant,
            seats=seats,
            days_per_move=days_per_move,
            rated=rated is not False,
            options=chosen,
            offer=True,
        )


@transaction.atomic
def table_leave(*, user, game_id) -> str:
    """Leave a waiting table: the creator cancels it (CANCELLED), a seated player gives up
    their seat (LEFT), an invitee declines (DECLINED). A seat given up by an invitee is
    free again: the creator may fill it with a bot."""
    game = services.lock_game(game_id)
    if hidden_from(game, user):
        raise NoSuchGame()
    if game.status != Game.Status.WAITING and game.seats_count == 2:
        raise TableError(f"{NOT_OPEN_CHALLENGE} The game has begun: resign from it instead.")
    if game.status != Game.Status.WAITING:
        raise TableError("This table has started; resign from the game instead.")
    push.game_changed(game)  # everyone at or invited to the table, before anyone goes
    if game.created_by_id == user.pk:
        game.delete()  # no actions yet: its seats and invitations go with it
        return CANCELLED
    now = timezone.now()
    declined = game.invitations.filter(user=user).update(declined=True, answered_at=now)
    left = game.seats.filter(user=user).delete()[0]
    if left:
        return LEFT
    if not declined and game.seats_count == 2:
        raise NotAPlayer("Only the challenger or the challenged player can do that.")
    if not declined:
        raise NotAPlayer("You have no seat at this table.")
    if game.seats_count == 2:
        game.delete()  # a direct challenge turned down: nobody is left to wait for
    return DECLINED


def bot_for(level: str, seated: set):
    """A bot of ``level`` not yet at the table: the first of that level by name, else a
    new one made now (``bot-<level>-2``, ``-3`` ...). A bot account sits once per game
    (GameSeat is unique per game and user), so a table of six with five bots of one level
    needs five accounts of that level; they are made the first time a table needs them
    and reused by every table after."""
    User = get_user_model()
    bots = User.objects.filter(is_bot=True, is_active=True, bot_level=level).order_by("pk")
    bot = bots.exclude(pk__in=seated).first()
    if bot is not None:
        return bot
    number = 2
    while True:
        username = f"bot-{level}-{number}"
        bot, made = User.objects.get_or_create(
            username=username, defaults={"is_bot": True, "bot_level": level}
        )
        if made:
            bot.set_unusable_password()
            bot.save(update_fields=["password"])
        if bot.is_bot and bot.is_active and bot.bot_level == level and bot.pk not in seated:
            return bot
        number += 1


def _check_level(kind: str, level: str) -> None:
    levels = game_levels(kind)  # the game's levels that User.BotLevel knows, easy to hard
    if level not in levels:
        raise TableError(f"Choose a bot level: {levels_text(levels)}.")


def table_against_bots(*, user, kind, variant, seats, level, days_per_move, options=None) -> Game:
    """A casual game of ``kind`` and ``variant`` (with its table ``options``) for ``user``
    against ``seats - 1`` bots of ``level`` (partners included), begun at once: the lobby's
    "Play a bot"."""
    rules_for(kind, variant, seats)
    _check_level(kind, level)
    bots, seated = [], {user.pk}
    for _ in range(seats - 1):
        bot = bot_for(level, seated)
        bots.append(bot)
        seated.add(bot.pk)
    return table_create(
        user=user,
        kind=kind,
        variant=variant,
        seats=seats,
        days_per_move=days_per_move,
        rated=False,
        invited=bots,
        options=options,
    )


@transaction.atomic
def table_add_bot(*, user, game_id, level: str) -> Game:
    """The creator seats a bot of ``level`` in a free seat; the table becomes casual (bots
    take no part in the ratings). The table starts when this fills it."""
    game = services.lock_game(game_id)
    if hidden_from(game, user):
        raise NoSuchGame()
    check_waiting(game)
    if game.created_by_id != user.pk:
        raise NotAPlayer("Only the table's creator can add bots.")
    _check_level(game.kind, level)
    if not game.seats.filter(user__is_bot=True).exists():
        user.lock_row()  # after the game's row, as every path that locks both does
        check_bot_games(user)
    seated, pending = _places(game)
    if _free_seats(game, seated, pending) <= 0:
        raise TableError("There is no free seat: the others are taken or held for invitees.")
    GameSeat.objects.create(game=game, user=bot_for(level, seated))
    game.rated = False
    game.save(update_fields=["rated", "updated"])
    push.game_changed(game)
    if len(seated) + 1 == game.seats_count:
        _start(game, actor=user)
    return game


def table_seat(
    *,
    players,
    kind,
    variant,
    days_per_move,
    rated,
    created_by,
    seed=None,
    notice=None,
    partners=None,
) -> Game:
    """A table whose players are all chosen already (a tournament's round): every seat
    taken at once in the order of ``players`` and the game started, in the caller's
    transaction. Seat positions are drawn from the seed as at any table; bots make it
    casual. ``notice(game)`` tells the players it has begun, instead of the lobby's
    "the table is full" (a caller's own words, such as the tournament's round).
    ``partners`` (a partnership variant: the players in fixed teams, one list per side)
    keeps each team on one side; which side and which seat of it are drawn as usual."""
    rules = rules_for(kind, variant, len(players))
    if days_per_move not in DAYS_PER_MOVE:
        raise TableError("Days per move must be 1, 2, 3, 5, 7 or 14.")
    if len({person.pk for person in players}) != len(players):
        raise TableError("A player sits once at a table.")
    with transaction.atomic():
        now = timezone.now()
        game = Game.objects.create(
            kind=rules.key,
            variant=variant,
            seats_count=len(players),
            seed=seed or secrets.token_hex(8),
            created_by=created_by,
            days_per_move=days_per_move,
            rated=rated and not any(person.is_bot for person in players),
            expires_at=now + TABLE_LIFETIME,
        )
        GameSeat.objects.bulk_create(
            GameSeat(game=game, user=person, joined_at=now) for person in players
        )
        _start(game, actor=None, notice=notice, partners=partners)
    return game


def _start(game: Game, *, actor, notice=None, partners=None) -> None:
    """Start a full, locked table: positions by a shuffle seeded from the table's seed,
    teams from the variant, the set-up dealt from the seed, the first seat to move and its
    clock. Runs once: the caller holds the row lock and found the table waiting. Without
    an ``actor`` (a table seated at once, ``table_seat``) nobody's rated play is checked
    again: the caller chose the players."""
    rules = registry.rules(game.kind)
    n = game.seats_count
    seats = list(game.seats.select_related("user").order_by("joined_at", "pk"))
    if game.rated and actor is not None:
        for seat in seats:  # those who sat down before a pause began
            aborts.check_rated_play(seat.user, own=seat.user_id == actor.pk)
    draw = random.Random(f"{game.seed}/seats")
    draw.shuffle(seats)
    if partners is not None:  # fixed teams: each on one of the variant's sides
        by_user = {seat.user_id: seat for seat in seats}
        teams = [list(team) for team in partners]
        draw.shuffle(teams)
        placed = [None] * n
        for team, side in zip(teams, rules.variants[game.variant].sides(n), strict=True):
            draw.shuffle(team)
            for person, position in zip(team, side, strict=True):
                placed[position] = by_user[person.pk]
        seats = placed
    team_of = rules.variants[game.variant].team_of(n)
    for position, seat in enumerate(seats):
        seat.position, seat.team = position, team_of.get(position)
    GameSeat.objects.bulk_update(seats, ["position", "team"])
    game.setup = rules.deal(game.seed, game.variant, n, **(game.options or {}))
    game.to_move = rules.new(game.variant, n, game.setup).to_move
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    services.start_clock(game)
    game.save()
    game.forget_seats()
    push.game_changed(game)
    game.invitations.filter(answered_at__isnull=True).update(answered_at=game.started_at)
    if notice is not None:
        notice(game)
    else:
        notices.table_started(game, actor)
    if actor is not None and not actor.is_bot:
        # Whoever's seat or bot filled the table is sent straight to it: they count as
        # looking at it, so the bots' opening moves do not e-mail them "Your move".
        viewing_mark(actor.pk, game.pk)
    services.turn_begins(game, actor=actor)


@transaction.atomic
def table_rematch(*, user, game_id) -> Game:
    """The same table again after the finished (or aborted) game ``game_id``, for any
    number of seats: every person who played is asked, bots always accept, and it starts
    when everyone has. The first player to ask sets it up with every other player invited
    (its bots sit down at once); each other player who asks takes their seat in it (the
    same as accepting the invitation from the lobby), and the last one starts it. Every
    later request leads to that same game.

    The finished game's row is locked first, so clicks from several players (or many tabs)
    are taken one after the other. A rematch that lapsed unanswered is replaced by a new
    one."""
    game = services.lock_game(game_id)
    seat = game.seat_of(user)
    if seat is None and hidden_from(game, user):
        raise NoSuchGame()  # a private table: as for a game that does not exist
    if seat is None:
        raise NotAPlayer("Only the players can ask for a rematch.")
    if not game.is_over:
        raise TableError("A rematch can be offered once the game is over.")
    push.game_changed(game)
    rematch = (
        Game.objects.filter(rematch_of=game)
        .exclude(status=Game.Status.WAITING, expires_at__lte=timezone.now())
        .order_by("pk")
        .first()
    )
    if rematch is None:
        return table_create(
            user=user,
            kind=game.kind,
            variant=game.variant,
            seats=game.seats_count,
            days_per_move=game.days_per_move,
            rated=game.rated,
            invited=[person for person in game.players if person.pk != user.pk],
            rematch_of=game,
            options=game.options,  # the same match: its options too
        )
    if rematch.status == Game.Status.WAITING and not rematch.seats.filter(user=user).exists():
        return table_join(user=user, game_id=rematch.pk)
    return rematch


def tables_expire(*, now=None) -> int:
    """Remove the waiting tables (challenges included) past their expiry; returns how
    many. A waiting table has no actions yet: its seats, invitations and notifications go
    with it and no log loses anything."""
    now = now or timezone.now()
    _, deleted = Game.objects.filter(status=Game.Status.WAITING, expires_at__lte=now).delete()
    return deleted.get(Game._meta.label, 0)
