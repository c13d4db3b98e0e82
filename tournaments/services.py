"""The life of a tournament (docs/tournaments.md): set up, entry and withdrawal, the start,
each round's games created at once through the table model (``games.tables.table_seat``),
the results collected as games end, the next round, the end with places; and what the
moderators do (cancel, remove a player), each in the audit trail.

Every write locks the tournament's row first (then, when it must, a game's row), so
parallel entries, a round's last games ending at once, or a task run twice are applied one
after the other and once. Heavy steps (a start, a new round) run in tasks named through the
seam (``jobs.after_commit``); the game's end reaches us through ``games.signals``
(``tournaments.receivers``), never by the games app naming this one.
"""

from datetime import timedelta
from functools import partial
from itertools import combinations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import push, services, tables
from games.errors import GameError, NotAPlayer
from games.models import DAYS_PER_MOVE, Game, GameSeat
from moderation.models import AuditEntry
from moderation.services import audit
from notifications.models import Notification
from notifications.services import notify
from ratings import glicko2
from ratings.models import Rating
from tournaments import pairing, standings as scoring
from tournaments.models import Entry, Round, Table, TableSeat, Tournament
from xix_site import jobs

# Limits on what one person (not the staff) may set up (docs/tournaments.md, "Limits").
MAX_OPEN_PER_USER = 3  # tournaments of theirs open for entries or running
MAX_PLAYERS = 256
MAX_ROUND_ROBIN = 24  # players of a round robin: n - 1 rounds at two seats
MAX_SWISS_ROUNDS = 15
MAX_DAYS = (7, 365)  # bounds of the longest duration of a game, in days
LATEST_START = timedelta(days=90)
NAME_LENGTH = (3, 80)
POINTS_LIMIT = 100

CANCELLED_SEQ = 10_000  # the notice of a cancellation, after any round's
DROPPED_SEQ = 10_001  # the notice of a player dropped for timeouts
PARTNER_SEQ = 10_002  # notices about a team's partner
START_TASK = "tournaments.tasks.tournament_start"
ADVANCE_TASK = "tournaments.tasks.tournament_advance"

FINISHED_STATUSES = (Game.Status.FINISHED, Game.Status.ABORTED)


class TournamentError(GameError):
    """A tournament request the site refuses; the message is for the user."""


class NoSuchTournament(TournamentError):
    status = 404

    def __init__(self, message="There is no such tournament."):
        super().__init__(message)


def _locked(tournament_id) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, TypeError) as error:
        raise NoSuchTournament() from error


def rating_of(user, kind: str, variant: str) -> float:
    row = Rating.objects.filter(user=user, kind=kind, variant=variant).first()
    return row.rating if row is not None else glicko2.DEFAULT_RATING


# --- setting up --------------------------------------------------------------------------


def _check_points(points, slots: int) -> list[int]:
    if not isinstance(points, list | tuple) or len(points) != slots:
        raise TournamentError(f"Give points for each of the {slots} places at a table.")
    if any(type(p) is not int or not 0 <= p <= POINTS_LIMIT for p in points):
        raise TournamentError(f"Points for a place are whole numbers from 0 to {POINTS_LIMIT}.")
    if any(a < b for a, b in zip(points, points[1:], strict=False)) or points[0] == points[-1]:
        raise TournamentError("A better place scores at least as much, and first more than last.")
    return list(points)


def _check_counts(format: str, slots: int, rounds, min_players: int, max_players: int) -> int:
    if not slots <= min_players <= max_players <= MAX_PLAYERS:
        raise TournamentError(
            f"Players: at least one table's worth ({slots}), the minimum no more than the "
            f"maximum, and at most {MAX_PLAYERS}."
        )
    if format == Tournament.Format.SWISS:
        if type(rounds) is not int or not 1 <= rounds <= MAX_SWISS_ROUNDS:
            raise TournamentError(f"A Swiss has 1 to {MAX_SWISS_ROUNDS} rounds.")
        return rounds
    if format == Tournament.Format.ROUND_ROBIN:
        if max_players > MAX_ROUND_ROBIN:
            raise TournamentError(f"A round robin takes at most {MAX_ROUND_ROBIN} players.")
        return 0  # worked out at the start, from the number of players
    if format == Tournament.Format.KNOCKOUT:
        return 0
    raise TournamentError("Choose Swiss, round robin or knockout.")


def tournament_create(
    *,
    user,
    name: str,
    kind: str,
    variant: str,
    seats: int,
    format: str,
    rounds: int | None,
    days_per_move: int,
    max_days: int,
    rated: bool,
    starts_at,
    min_players: int,
    max_players: int,
    place_points,
    rating_min: int | None = None,
    rating_max: int | None = None,
    entry: str = Tournament.Entry.OPEN,
    invited=(),
    bots_allowed: bool = False,
    bye: str = Tournament.Bye.FULL,
    tie: str = Tournament.Tie.SEED,
    official: bool = False,
    late_entry: bool = False,
    max_timeouts: int = 0,
    rolling: bool = False,
    advance: int | None = None,
) -> Tournament:
    """A tournament open for entries, set up by ``user`` (an official one by the staff
    only, written in the audit trail). Anyone else may have ``MAX_OPEN_PER_USER`` open
    or running. Every setting is checked here; a refusal changes nothing."""
    if getattr(user, "is_bot", False) or user.is_suspended:
        raise TournamentError("You cannot set up tournaments.")
    if official and not user.is_staff:
        raise NotAPlayer("Only the staff set up official tournaments.")
    name = (name or "").strip()
    if not NAME_LENGTH[0] <= len(name) <= NAME_LENGTH[1]:
        raise TournamentError(f"Name it in {NAME_LENGTH[0]} to {NAME_LENGTH[1]} characters.")
    tables.rules_for(kind, variant, seats)
    shape = Tournament(kind=kind, variant=variant, seats=seats)
    if shape.teams and any(len(side) != 2 for side in shape.sides):
        raise TournamentError("Teams are of two: choose a seat count with sides of two.")
    slots = shape.slots
    rounds = _check_counts(format, slots, rounds, min_players, max_players)
    if days_per_move not in DAYS_PER_MOVE:
        raise TournamentError("Days per move must be 1, 2, 3, 5, 7 or 14.")
    if type(max_days) is not int or not MAX_DAYS[0] <= max_days <= MAX_DAYS[1]:
        raise TournamentError(f"A game may last {MAX_DAYS[0]} to {MAX_DAYS[1]} days at most.")
    now = timezone.now()
    if starts_at is not None and not now < starts_at <= now + LATEST_START:
        raise TournamentError("The start must be in the future, within 90 days.")
    if rating_min is not None and rating_max is not None and rating_min > rating_max:
        raise TournamentError("The lowest rating must not be above the highest.")
    if entry not in Tournament.Entry.values:
        raise TournamentError("Entry is open or by invitation.")
    if type(max_timeouts) is not int or not 0 <= max_timeouts <= 10:
        raise TournamentError("Drop a player after 0 (never) to 10 games lost on time.")
    if late_entry and (format != Tournament.Format.SWISS or rolling):
        raise TournamentError("Only a Swiss played by rounds takes late entries.")
    if rolling and format != Tournament.Format.SWISS:
        raise TournamentError("Only a Swiss can be rolling.")
    if format != Tournament.Format.KNOCKOUT or slots == 2:
        advance = None
    elif advance is not None and (type(advance) is not int or not 1 <= advance < slots):
        raise TournamentError(f"From each table of {slots}, 1 to {slots - 1} go through.")
    if bye not in Tournament.Bye.values or tie not in Tournament.Tie.values:
        raise TournamentError("Choose the bye's score and the rule for a tied knockout game.")
    place_points = _check_points(place_points, slots)
    with transaction.atomic():
        user.lock_row()  # the limit below holds under parallel requests
        if not user.is_staff:
            mine = Tournament.objects.filter(
                created_by=user,
                status__in=(Tournament.Status.REGISTRATION, Tournament.Status.RUNNING),
            ).count()
            if mine >= MAX_OPEN_PER_USER:
                raise TournamentError(
                    f"You already run {MAX_OPEN_PER_USER} tournaments; let one finish first."
                )
        tournament = Tournament.objects.create(
            name=name,
            kind=kind,
            variant=variant,
            seats=seats,
            format=format,
            rounds=rounds,
            days_per_move=days_per_move,
            max_days=max_days,
            rated=rated,
            starts_at=starts_at,
            min_players=min_players,
            max_players=max_players,
            rating_min=rating_min,
            rating_max=rating_max,
            entry=entry,
            bots_allowed=bots_allowed,
            place_points=place_points,
            bye=bye,
            tie=tie,
            official=official,
            late_entry=late_entry,
            max_timeouts=max_timeouts,
            rolling=rolling,
            advance=advance,
            created_by=user,
        )
        if entry == Tournament.Entry.INVITATION:
            tournament.invited.set([person for person in invited if person.pk != user.pk])
        if official:
            audit(
                actor=user,
                action=AuditEntry.Action.TOURNAMENT_CREATED,
                target=f"tournament {tournament.pk} ({name})",
                details={"tournament": tournament.pk, "format": format, "kind": kind},
            )
    return tournament


# --- entries -----------------------------------------------------------------------------


def late_entry_open(tournament: Tournament) -> bool:
    """A running Swiss that takes late entries, until half its rounds are paired: the
    player is paired from the next round, with no points for the rounds before."""
    return (
        tournament.status == Tournament.Status.RUNNING
        and tournament.late_entry
        and tournament.format == Tournament.Format.SWISS
        and tournament.round_set.count() <= tournament.rounds // 2
    )


def _may_enter(tournament: Tournament, user) -> None:
    if tournament.status != Tournament.Status.REGISTRATION and not late_entry_open(tournament):
        raise TournamentError("Entries are closed: the tournament has started or ended.")
    if user.is_suspended:
        raise TournamentError("Your account is suspended: you cannot enter tournaments.")
    if user.is_bot and not tournament.bots_allowed:
        raise TournamentError("Bots may not enter this tournament.")
    invited = tournament.invited.filter(pk=user.pk).exists()
    if (
        tournament.entry == Tournament.Entry.INVITATION
        and not invited
        and user.pk != tournament.created_by_id
        and not user.is_bot
    ):
        raise TournamentError("This tournament is by invitation only.")
    rating = rating_of(user, tournament.kind, tournament.variant)
    low, high = tournament.rating_min, tournament.rating_max
    if not user.is_bot and (
        (low is not None and rating < low) or (high is not None and rating > high)
    ):
        raise TournamentError(
            f"Your rating, {rating:.0f}, is outside this tournament's range "
            f"({low or 'any'} to {high or 'any'})."
        )


def entry_of(tournament: Tournament, user) -> Entry | None:
    """``user``'s entry in ``tournament``: their own, or their team's once they accepted."""
    if user is None or not user.is_authenticated:
        return None
    return (
        tournament.entries.select_related("user", "partner")
        .filter(Q(user=user) | Q(partner=user, partner_confirmed=True))
        .first()
    )


def _in_tournament(tournament: Tournament, user) -> bool:
    """Entered, in a team, or invited as a partner and not yet answered."""
    return tournament.entries.filter(Q(user=user) | Q(partner=user)).exists()


def _full(tournament: Tournament) -> bool:
    """Every place taken (and, for teams, by complete teams)."""
    entries = tournament.entries
    if not tournament.teams:
        return entries.count() >= tournament.max_players
    complete = entries.filter(partner_confirmed=True).count()
    return complete >= tournament.max_players and complete == entries.count()


def _places_used(tournament: Tournament, *, alone: int = 0, teams: int = 0) -> int:
    """The places taken, with ``alone`` or ``teams`` more: a team (or one who invited a
    partner) takes one; two entered alone take one between them (they will be teamed)."""
    if not tournament.teams:
        return tournament.entries.count() + alone + teams
    paired = tournament.entries.filter(partner__isnull=False).count() + teams
    single = tournament.entries.filter(partner__isnull=True).count() + alone
    return paired + (single + 1) // 2


def _enter(tournament: Tournament, user, partner=None) -> Entry:
    if _in_tournament(tournament, user):
        raise TournamentError("You have entered already.")
    more = {"teams": 1} if partner is not None else {"alone": 1}
    if _places_used(tournament, **more) > tournament.max_players:
        raise TournamentError("The tournament is full.")
    entry = Entry.objects.create(
        tournament=tournament,
        user=user,
        rating=rating_of(user, tournament.kind, tournament.variant),
    )
    if partner is not None:
        _invite_partner(tournament, entry, partner)
    if tournament.status == Tournament.Status.RUNNING:  # a late entry: seeded last
        entry.seed = tournament.entries.count()
        entry.save(update_fields=["seed"])
        return entry
    if tournament.starts_at is None and _full(tournament):
        jobs.after_commit(START_TASK, tournament.pk)  # full: it starts now
    return entry


@transaction.atomic
def tournament_enter(*, user, tournament_id, partner=None) -> Entry:
    """``user`` enters a tournament open for entries (within its rating range, invited if
    it is by invitation); in a partnership variant with ``partner`` invited to make a team
    of two (``tournament_partner_answer``). A tournament without a start time starts
    when this fills it."""
    tournament = _locked(tournament_id)
    if user.is_bot:
        raise TournamentError("Bots enter only when the organiser adds them.")
    _may_enter(tournament, user)
    if partner is not None and not tournament.teams:
        raise TournamentError("This tournament's entrants play alone: no partner.")
    return _enter(tournament, user, partner)


# --- teams (partnership variants) ----------------------------------------------------------


def _invite_partner(tournament: Tournament, entry: Entry, partner) -> None:
    if partner.pk == entry.user_id:
        raise TournamentError("Choose someone else as your partner.")
    if partner.is_bot or not partner.is_active:
        raise TournamentError("Invite a person who plays on the site as your partner.")
    if _in_tournament(tournament, partner):
        raise TournamentError(f"{partner.username} has entered already.")
    _may_enter(tournament, partner)
    entry.partner, entry.partner_confirmed = partner, False
    entry.save(update_fields=["partner", "partner_confirmed"])
    notify(
        user=partner,
        game=None,
        kind=Notification.Kind.TOURNAMENT,
        seq=PARTNER_SEQ,
        text=f"{entry.user.username} asks you to be their partner in {tournament.name}.",
        link=tournament.get_absolute_url(),
        subject=f"{tournament.name}: a partner's invitation",
    )


@transaction.atomic
def tournament_partner_invite(*, user, tournament_id, partner) -> Entry:
    """``user``, entered alone in a team tournament open for entries, invites ``partner``
    (replacing an invitation not yet accepted)."""
    tournament = _locked(tournament_id)
    if not tournament.teams:
        raise TournamentError("This tournament's entrants play alone: no partner.")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError("Teams are made before the start.")
    entry = tournament.entries.filter(user=user).first()
    if entry is None:
        raise NotAPlayer("Enter the tournament first.")
    if entry.partner_confirmed:
        raise TournamentError("Your team is complete.")
    if entry.partner is None and _places_used(tournament, teams=1, alone=-1) > (
        tournament.max_players
    ):
        raise TournamentError(
            "The tournament is full: you will be teamed up with another who entered alone."
        )
    _invite_partner(tournament, entry, partner)
    return entry


@transaction.atomic
def tournament_partner_answer(*, user, tournament_id, accept: bool) -> Entry:
    """The invited partner accepts (the team is complete) or declines (the entrant stays,
    alone, and may invite someone else)."""
    tournament = _locked(tournament_id)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError("Teams are made before the start.")
    entry = tournament.entries.filter(partner=user, partner_confirmed=False).first()
    if entry is None:
        raise TournamentError("Nobody has asked you to be their partner here.")
    if accept:
        _may_enter(tournament, user)
        entry.partner_confirmed = True
        entry.rating = (entry.rating + rating_of(user, tournament.kind, tournament.variant)) / 2
        entry.save(update_fields=["partner_confirmed", "rating"])
        text = f"{user.username} is your partner in {tournament.name}."
        if tournament.starts_at is None and _full(tournament):
            jobs.after_commit(START_TASK, tournament.pk)
    else:
        entry.partner = None
        entry.save(update_fields=["partner"])
        text = f"{user.username} declined to be your partner in {tournament.name}."
    notify(
        user=entry.user,
        game=None,
        kind=Notification.Kind.TOURNAMENT,
        seq=PARTNER_SEQ,
        text=text,
        link=tournament.get_absolute_url(),
    )
    return entry


@transaction.atomic
def tournament_team_form(*, user, tournament_id, first_id, second_id) -> Entry:
    """The organiser makes one team of two entrants who are alone (their entries by id):
    the second joins the first's entry. Any invitation either had sent lapses."""
    tournament = _locked(tournament_id)
    if user.pk != tournament.created_by_id:
        raise NotAPlayer("Only the organiser forms teams.")
    if not tournament.teams:
        raise TournamentError("This tournament's entrants play alone.")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError("Teams are made before the start.")
    try:
        first, second = (
            tournament.entries.select_related("user").get(pk=int(pk), partner_confirmed=False)
            for pk in (first_id, second_id)
        )
    except (Entry.DoesNotExist, ValueError, TypeError) as error:
        raise TournamentError("Choose two entrants who have no partner yet.") from error
    if first.pk == second.pk:
        raise TournamentError("Choose two different entrants.")
    _team_up(tournament, first, second)
    if tournament.starts_at is None and _full(tournament):
        jobs.after_commit(START_TASK, tournament.pk)  # full: it starts now
    return first


def _team_up(tournament: Tournament, first: Entry, second: Entry) -> None:
    """``second``'s player joins ``first``'s entry; ``second``'s entry goes."""
    partner = second.user
    rating = (first.rating + second.rating) / 2
    second.delete()
    first.partner, first.partner_confirmed, first.rating = partner, True, rating
    first.save(update_fields=["partner", "partner_confirmed", "rating"])
    for person in (first.user, partner):
        other = partner if person == first.user else first.user
        notify(
            user=person,
            game=None,
            kind=Notification.Kind.TOURNAMENT,
            seq=PARTNER_SEQ,
            text=f"{tournament.name}: you play as a team with {other.username}.",
            link=tournament.get_absolute_url(),
        )


def _complete_teams(tournament: Tournament) -> None:
    """At the start of a team tournament, the entrants still alone are teamed up by the
    organiser's rule: by rating, the two highest together, and so on; one left over is
    withdrawn from the tournament and told."""
    alone = sorted(
        tournament.entries.filter(partner_confirmed=False).select_related("user"),
        key=lambda e: (-e.rating, e.joined_at, e.pk),
    )
    for first, second in zip(alone[::2], alone[1::2], strict=False):
        _team_up(tournament, first, second)
    if len(alone) % 2:
        last = alone[-1]
        notify(
            user=last.user,
            game=None,
            kind=Notification.Kind.TOURNAMENT,
            seq=PARTNER_SEQ,
            text=f"{tournament.name} began without a partner for you: your entry lapsed.",
            link=tournament.get_absolute_url(),
        )
        last.delete()


@transaction.atomic
def tournament_add_bot(*, user, tournament_id, level: str) -> Entry:
    """The organiser enters a bot of ``level`` in a tournament that allows bots."""
    tournament = _locked(tournament_id)
    if user.pk != tournament.created_by_id:
        raise NotAPlayer("Only the organiser adds bots.")
    if not tournament.bots_allowed:
        raise TournamentError("Bots may not enter this tournament.")
    levels = dict(get_user_model().BotLevel.choices)
    if level not in levels:
        raise TournamentError(f"Choose a bot level: {', '.join(levels.values())}.")
    seated = _people(tournament)  # players and partners
    bot = tables.bot_for(level, seated)
    _may_enter(tournament, bot)
    return _enter(tournament, bot)


def _forfeit_games(tournament: Tournament, entry: Entry, *, actor) -> int:
    """Every game of ``entry``'s still going in ``tournament`` forfeited by the variant's
    policy (``services.seat_leave``): at two seats the opponent wins, at more the seat
    leaves and ranks last. Returns how many."""
    count = 0
    games = (
        Game.objects.filter(
            tournament_table__round__tournament=tournament,
            status=Game.Status.ACTIVE,
            seats__user__in=entry.members,
        )
        .values_list("pk", flat=True)
        .distinct()
    )
    for game_id in sorted(games):
        game = services.lock_game(game_id)
        for person in entry.members:
            seat = game.seat_of(person)
            if game.status == Game.Status.ACTIVE and not services.seat_has_left(game, seat):
                services.seat_leave(game, seat, GameSeat.Status.FORFEITED, actor=actor)
                count += 1
    return count


def _leave(tournament: Tournament, entry: Entry, *, actor, removed: bool, leaver) -> None:
    if tournament.status == Tournament.Status.REGISTRATION:
        if entry.partner_confirmed:
            # One of a team leaves before the start: the other stays in, alone.
            if leaver.pk == entry.user_id:
                entry.user = entry.partner
            entry.partner, entry.partner_confirmed = None, False
            entry.save(update_fields=["user", "partner", "partner_confirmed"])
            return
        entry.delete()
        return
    if entry.withdrawn_at is not None:
        raise TournamentError("That player has withdrawn already.")
    entry.withdrawn_at = timezone.now()
    entry.removed = removed
    if tournament.format == Tournament.Format.KNOCKOUT and entry.eliminated_in is None:
        # Out in the round being played: placed with that round's losers.
        entry.eliminated_in = tournament.round_set.count()
    entry.save(update_fields=["withdrawn_at", "removed", "eliminated_in"])
    _forfeit_games(tournament, entry, actor=actor)
    jobs.after_commit(ADVANCE_TASK, tournament.pk)


@transaction.atomic
def tournament_withdraw(*, user, tournament_id) -> None:
    """``user`` leaves: before the start their entry goes; once running they are paired no
    more and every game of theirs still going is forfeited. Their results so far stay."""
    tournament = _locked(tournament_id)
    if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
        raise TournamentError("The tournament is over.")
    entry = entry_of(tournament, user)
    if entry is None:
        raise NotAPlayer("You have not entered this tournament.")
    _leave(tournament, entry, actor=user, removed=False, leaver=user)


# --- moderation --------------------------------------------------------------------------


def _moderator(actor) -> None:
    if not actor.has_perm("games.moderate_game"):
        raise NotAPlayer("Only moderators can do that.")


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason or len(reason) > 1000:
        raise TournamentError("Give a reason, under 1,000 characters.")
    return reason


@transaction.atomic
def tournament_remove(*, actor, tournament_id, user_id, reason: str) -> None:
    """A moderator removes a player: as a withdrawal, their games forfeited; audited."""
    _moderator(actor)
    reason = _reason(reason)
    tournament = _locked(tournament_id)
    entry = (
        tournament.entries.select_related("user", "partner")
        .filter(Q(user_id=user_id) | Q(partner_id=user_id, partner_confirmed=True))
        .first()
        if str(user_id).isdigit()
        else None
    )
    if entry is None:
        raise NoSuchTournament("That player is not in this tournament.")
    if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
        raise TournamentError("The tournament is over.")
    user = entry.user if entry.user_id == int(user_id) else entry.partner
    _leave(tournament, entry, actor=None, removed=True, leaver=user)
    audit(
        actor=actor,
        action=AuditEntry.Action.TOURNAMENT_REMOVED,
        target=f"{user.username} from tournament {tournament.pk} ({tournament.name})",
        target_user=user,
        reason=reason,
        details={"tournament": tournament.pk},
    )


@transaction.atomic
def tournament_cancel(*, actor, tournament_id, reason: str = "") -> Tournament:
    """Cancel a tournament: the organiser before it starts, a moderator at any time before
    its end (audited). Games already going are played out; no round follows."""
    tournament = _locked(tournament_id)
    moderator = actor.has_perm("games.moderate_game")
    if not moderator and actor.pk != tournament.created_by_id:
        raise NotAPlayer("Only the organiser or a moderator can cancel a tournament.")
    if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
        raise TournamentError("The tournament is over.")
    if not moderator and tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError("It has started: only a moderator can cancel it now.")
    if moderator and actor.pk != tournament.created_by_id:
        reason = _reason(reason)
    tournament.status = Tournament.Status.CANCELLED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["status", "finished_at"])
    _tell_all(tournament, f"{tournament.name} has been cancelled.", seq=CANCELLED_SEQ)
    if moderator:
        audit(
            actor=actor,
            action=AuditEntry.Action.TOURNAMENT_CANCELLED,
            target=f"tournament {tournament.pk} ({tournament.name})",
            reason=reason,
            details={"tournament": tournament.pk},
        )
    return tournament


# --- notices -----------------------------------------------------------------------------


def _tell_all(tournament: Tournament, text: str, *, seq: int) -> None:
    """News without a game for every player entered: on the notifications page, by e-mail
    and push as each prefers; once per (player, ``seq``), ``seq`` the round (0 the start,
    ``rounds + 1`` the end, ``CANCELLED_SEQ`` a cancellation)."""
    link = tournament.get_absolute_url()
    told = set(
        Notification.objects.filter(
            game=None, kind=Notification.Kind.TOURNAMENT, seq=seq, link=link
        ).values_list("user_id", flat=True)
    )
    people = [
        person
        for entry in tournament.entries.select_related("user", "partner")
        for person in entry.members
    ]
    for person in people:
        if person.pk in told:
            continue
        notify(
            user=person,
            game=None,
            kind=Notification.Kind.TOURNAMENT,
            seq=seq,
            text=text,
            link=link,
            subject=text,
        )


def _round_notice(tournament: Tournament, number: int, entries: list, game: Game) -> None:
    """Each player at a new table of round ``number`` is told their game has begun (with
    a partner: and who the opponents are)."""
    for player in game.players:
        others = ", ".join(e.name for e in entries if player not in e.members)
        label = "a new game" if tournament.rolling else f"round {number}"
        text = f"{tournament.name}, {label}: your game against {others} has begun."
        notify(
            user=player,
            game=game,
            kind=Notification.Kind.TOURNAMENT,
            seq=0,
            text=text,
            subject=f"{tournament.name}, {label}",
        )


# --- the start and the rounds --------------------------------------------------------------


def _seeded(entries) -> list[Entry]:
    """Entries in seed order: by rating at entry, the highest first; then by time of entry."""
    return sorted(entries, key=lambda e: (-e.rating, e.joined_at, e.pk))


def _draft_schedule(tournament_id, now) -> tuple[list[int], list] | None:
    """A round robin's schedule worked out before the start takes the tournament's lock
    (it is the costly part: seconds at 24 players at four seats), from the entries as
    they are: (the entry ids in seed order it assumes, the schedule). The start uses it
    when the entries are still those; else it works the schedule out again."""
    t = Tournament.objects.filter(
        pk=tournament_id,
        format=Tournament.Format.ROUND_ROBIN,
        status=Tournament.Status.REGISTRATION,
    ).first()
    if t is None or t.teams:  # a team tournament completes its teams at the start
        return None
    if (t.starts_at or now) > now or (t.starts_at is None and not _full(t)):
        return None  # not due
    ids = [e.pk for e in _seeded(t.entries.all())]
    if len(ids) < max(t.min_players, 2):
        return None
    return ids, _round_robin_schedule(t, ids)


def tournament_start(*, tournament_id, now=None) -> bool:
    """Start a tournament open for entries when it is due (its start time reached, or full
    without one): seeds from the ratings at entry (1 the highest), the number of rounds of
    a round robin or knockout, and round 1's games. At the start time with fewer than the
    minimum players it is cancelled instead. True when it started; a second run does
    nothing. A round robin's schedule is worked out first, outside the transaction."""
    now = now or timezone.now()
    return _start(tournament_id, now, _draft_schedule(tournament_id, now))


@transaction.atomic
def _start(tournament_id, now, draft) -> bool:
    tournament = _locked(tournament_id)
    if tournament.status != Tournament.Status.REGISTRATION:
        return False
    due = (tournament.starts_at is not None and tournament.starts_at <= now) or (
        tournament.starts_at is None and _full(tournament)
    )
    if not due:
        return False
    if tournament.teams:
        _complete_teams(tournament)
    count = tournament.entries.count()
    if count < tournament.min_players:
        tournament.status = Tournament.Status.CANCELLED
        tournament.finished_at = now
        tournament.save(update_fields=["status", "finished_at"])
        text = f"{tournament.name} was cancelled: too few players entered."
        _tell_all(tournament, text, seq=CANCELLED_SEQ)
        return False
    entries = _seeded(tournament.entries.all())
    for seed, entry in enumerate(entries, 1):
        entry.seed = seed
    Entry.objects.bulk_update(entries, ["seed"])
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        # Worked out once, here, and kept: every round reads its tables from it.
        ids = [e.pk for e in entries]
        fresh = draft is not None and draft[0] == ids
        tournament.schedule = draft[1] if fresh else _round_robin_schedule(tournament, ids)
        tournament.rounds = len(tournament.schedule)
    elif tournament.format == Tournament.Format.KNOCKOUT:
        if tournament.slots == 2:
            tournament.rounds = pairing.knockout_rounds(len(entries))
        else:
            sizes = pairing.knockout_sizes(
                len(entries), tournament.slots, _through_count(tournament)
            )
            final = sizes[-1] in tournament.entrant_counts()  # else no final table
            tournament.rounds = len(sizes) - (0 if final else 1)
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = now
    tournament.save(update_fields=["rounds", "schedule", "status", "started_at"])
    first = "your first games are paired" if tournament.rolling else "round 1 is paired"
    _tell_all(tournament, f"{tournament.name} has begun: {first}.", seq=0)
    if tournament.rolling:
        _rolling_pair(tournament, now)
    else:
        _round_open(tournament, 1)
    return True


def _through_count(tournament: Tournament) -> int:
    """Knockout: how many of each table (not the final's) go through; at two, one."""
    if tournament.slots == 2:
        return 1
    return tournament.advance or tournament.slots // 2


def tournaments_due(*, now=None) -> list[int]:
    """The tournaments open for entries whose start time has come."""
    now = now or timezone.now()
    return list(
        Tournament.objects.filter(
            status=Tournament.Status.REGISTRATION, starts_at__lte=now
        ).values_list("pk", flat=True)
    )


def _round_robin_schedule(tournament: Tournament, ids: list[int]) -> list:
    """Every round of a round robin as [tables of entry ids, byes], from the entry ids in
    seed order."""
    if tournament.slots == 2:
        return [
            [
                [[a, b] for a, b in pairs if a is not None and b is not None],
                [a if b is None else b for a, b in pairs if a is None or b is None],
            ]
            for pairs in pairing.circle_rounds(ids)
        ]
    return [[tables_, byes] for tables_, byes in pairing.group_rounds(ids, tournament.slots)]


def played_of(tournament: Tournament) -> list[scoring.Played]:
    """Every table of the tournament as ``standings.Played`` (places once done)."""
    out = []
    tables_ = (
        Table.objects.filter(round__tournament=tournament)
        .select_related("round")
        .prefetch_related("seats")
        .order_by("round__number", "board", "leg")
    )
    for table in tables_:
        seats = list(table.seats.all())
        players = tuple(s.entry_id for s in seats)
        places = tuple(s.place for s in seats) if table.done else None
        out.append(scoring.Played(table.round.number, players, places, bye=table.is_bye))
    return out


def standing_of(tournament: Tournament, entries=None) -> list[scoring.Line]:
    """The standings now: points and the format's tie-breaks (``standings.ranked``)."""
    entries = list(entries if entries is not None else tournament.entries.all())
    lines = scoring.lines_of(
        [e.pk for e in entries],
        played_of(tournament),
        points=tournament.place_points,
        bye=tournament.bye,
    )
    seed = {e.pk: e.seed or 10_000 + i for i, e in enumerate(entries)}
    order = scoring.tie_breaks(tournament.format, tournament.slots)
    return scoring.ranked(lines, order, seed)


def _entries(tournament: Tournament) -> dict[int, Entry]:
    return {e.pk: e for e in tournament.entries.select_related("user", "partner")}


def _round_open(tournament: Tournament, number: int) -> Round:
    """Pair round ``number`` and start all its games at once: board 1 first, the byes
    after the games (in a knockout, at their place in the bracket)."""
    entries = _entries(tournament)
    rnd = Round.objects.create(tournament=tournament, number=number)
    if tournament.format == Tournament.Format.SWISS:
        slots = _swiss_round(tournament, entries)
    elif tournament.format == Tournament.Format.ROUND_ROBIN:
        slots = _robin_round(tournament, entries, number)
    else:
        slots = _knockout_round(tournament, entries, number)
    _seat_all(tournament, rnd, entries, slots)
    return rnd


def _seat_all(tournament: Tournament, rnd: Round, entries: dict, slots: list[list[int]]) -> None:
    """The round's tables, board 1 first: a slot of one is a bye, the others' games start."""
    for board, slot in enumerate(slots, 1):
        if len(slot) == 1:
            table = Table.objects.create(round=rnd, board=board, done=True)
            TableSeat.objects.create(table=table, entry=entries[slot[0]], place=1, bye=True)
        else:
            _table_start(tournament, rnd, board, [entries[pk] for pk in slot])


def _table_start(tournament, rnd: Round, board: int, players: list[Entry], leg: int = 1):
    teams = tournament.teams
    game = tables.table_seat(
        players=[person for e in players for person in e.members],
        kind=tournament.kind,
        variant=tournament.variant,
        days_per_move=tournament.days_per_move,
        rated=tournament.rated,
        created_by=tournament.created_by,
        notice=partial(_round_notice, tournament, rnd.number, players),
        partners=[e.members for e in players] if teams else None,
    )
    table = Table.objects.create(round=rnd, board=board, leg=leg, game=game)
    TableSeat.objects.bulk_create(TableSeat(table=table, entry=e) for e in players)
    for entry in players:
        if entry.waiting_since is not None:
            entry.waiting_since = None
            entry.save(update_fields=["waiting_since"])
    return table


def _met(tournament: Tournament) -> tuple[dict, dict]:
    """(how often each pair of entries met, how many byes each entry had)."""
    meetings, byes = {}, {}
    for table in played_of(tournament):
        if table.bye:
            byes[table.players[0]] = byes.get(table.players[0], 0) + 1
            continue
        for i, a in enumerate(table.players):
            for b in table.players[i + 1 :]:
                key = frozenset((a, b))
                meetings[key] = meetings.get(key, 0) + 1
    return meetings, byes


def _swiss_groups(tournament, standing: list[int], lines, meetings, byes):
    """The Swiss pairing of ``standing`` (entry ids, best first): (tables, left over). The
    left over have a bye in a round; in a rolling Swiss they wait."""
    if tournament.slots == 2:
        points = {line.player: line.points for line in lines}
        pairs, bye = pairing.swiss_pairs(standing, points, set(meetings), byes)
        return [list(p) for p in pairs], ([bye] if bye is not None else [])
    return pairing.swiss_tables(
        standing, tournament.slots, lambda a, b: meetings.get(frozenset((a, b)), 0), byes
    )


def _swiss_round(tournament, entries: dict) -> list[list[int]]:
    lines = standing_of(tournament, entries.values())
    standing = [line.player for line in lines if entries[line.player].active]
    meetings, byes = _met(tournament)
    groups, out = _swiss_groups(tournament, standing, lines, meetings, byes)
    return groups + [[pk] for pk in out]


def _robin_round(tournament, entries: dict, number: int) -> list[list[int]]:
    """Round ``number`` of the schedule fixed at the start. A withdrawn player's seat is
    empty: the others at that table play at the seats left when the variant allows that
    count, else each has a bye."""
    schedule = tournament.schedule or _round_robin_schedule(
        tournament, [e.pk for e in sorted(entries.values(), key=lambda e: e.seed)]
    )
    groups, byes = schedule[number - 1]
    counts = tournament.entrant_counts()
    out_groups, out_byes = [], [pk for pk in byes if entries[pk].active]
    for group in groups:
        left = [pk for pk in group if entries[pk].active]
        if len(left) == len(group) or (len(left) >= 2 and len(left) in counts):
            out_groups.append(left)
        else:
            out_byes.extend(left)
    return out_groups + [[pk] for pk in out_byes]


# --- the rolling Swiss -----------------------------------------------------------------------


def rolling_wait(tournament: Tournament) -> timedelta:
    """How long a player of a rolling Swiss left without opponents waits before the bye
    (or a repeated opponent): the tournament's days per move."""
    return timedelta(days=tournament.days_per_move)


def _rolling_pair(tournament: Tournament, now) -> int:
    """Pair every player of a rolling Swiss who is free (no game going, games left to
    play) with the others free, by the same matching as a round (``_swiss_groups`` over
    the free players in the order of the standings). The new tables are one new Round.
    A player left over waits (``Entry.waiting_since``); two who have met are paired again
    only when one of them has waited ``rolling_wait`` or nobody is still playing. A player
    still alone after ``rolling_wait``, or when nobody is playing who could come free,
    has a bye (scored as the bye rule says). Returns how many tables and byes it made;
    run twice it finds nobody free the second time."""
    made = 0
    for _ in range(tournament.rounds + 1):  # byes may free a player again at once
        entries = _entries(tournament)
        lines = standing_of(tournament, entries.values())
        meetings, byes = _met(tournament)
        games = {pk: 0 for pk in entries}
        busy = set()
        for table in Table.objects.filter(round__tournament=tournament).prefetch_related("seats"):
            for seat in table.seats.all():
                games[seat.entry_id] += 1
                if not table.done:
                    busy.add(seat.entry_id)
        free = [
            line.player
            for line in lines
            if entries[line.player].active
            and line.player not in busy
            and games[line.player] < tournament.rounds
        ]
        for pk in free:
            if entries[pk].waiting_since is None:
                entries[pk].waiting_since = now
                entries[pk].save(update_fields=["waiting_since"])
        if not free:
            return made
        waited = {pk for pk in free if now - entries[pk].waiting_since >= rolling_wait(tournament)}
        groups, left = _swiss_groups(tournament, free, lines, meetings, byes)
        kept = []
        for group in groups:
            repeat = any(meetings.get(frozenset((a, b))) for a, b in combinations(group, 2))
            if not repeat or not busy or waited.intersection(group):
                kept.append(group)
            else:
                left.extend(group)
        if (
            not busy
            and not kept
            and 2 <= len(left) < tournament.slots
            and (len(left) in tournament.entrant_counts())
        ):
            kept, lone = [left], []  # the last few, at a smaller table the variant allows
        elif not busy and not kept:
            lone = left  # nobody can come free to play them: byes now
        else:
            lone = [pk for pk in left if pk in waited]  # waited long enough: the bye
        if not kept and not lone:
            return made
        last = tournament.round_set.order_by("-number").values_list("number", flat=True)
        number = (last.first() or 0) + 1
        rnd = Round.objects.create(tournament=tournament, number=number)
        _seat_all(tournament, rnd, entries, kept + [[pk] for pk in lone])
        for pk in lone:
            entries[pk].waiting_since = None
            entries[pk].save(update_fields=["waiting_since"])
        made += len(kept) + len(lone)
    return made


# --- knockout ------------------------------------------------------------------------------


def _through(tournament: Tournament, table: Table, k: int) -> list[Entry] | None:
    """Who goes through from a knockout table, ``k`` of them: the best placed, a player
    who withdrew never (unless all did: then, at two, the better placed). Players level
    across the cut: the higher seeds by the "higher seed" rule, or None ("play again")
    when the table can be played again by its players still in."""
    seats = list(table.seats.select_related("entry"))
    if table.is_bye:
        return [seats[0].entry]
    active = sorted(
        (s for s in seats if s.entry.active), key=lambda s: (s.place or 0, s.entry.seed)
    )
    if len(active) <= k:
        if active or tournament.slots > 2:
            return [s.entry for s in active]
        return [min(seats, key=lambda s: (s.place or 0, s.entry.seed)).entry]
    cut = active[k - 1].place
    sure = [s for s in active if s.place < cut]
    level = [s for s in active if s.place == cut]
    if len(sure) + len(level) == k:
        return [s.entry for s in sure + level]
    replay = tournament.tie == Tournament.Tie.REPLAY
    if replay and len(active) in tournament.entrant_counts():
        return None
    return [s.entry for s in sure + level[: k - len(sure)]]  # the higher seeds


def _through_at(tournament: Tournament, rnd: Round) -> int:
    """How many go through from each table of a knockout round: one at two, one at the
    final (the round's only table), else the organiser's number (half by default)."""
    if tournament.slots == 2 or rnd.tables.values("board").distinct().count() == 1:
        return 1
    return _through_count(tournament)


def _knockout_round(tournament, entries: dict, number: int) -> list[list[int]]:
    """Two at a table: the round's ties in bracket order, so that the winners of boards 1
    and 2 meet next, then 3 and 4 ...; a bye (no opponent in the bracket, or one who
    withdrew) is a slot of one: that player goes through. More at a table: the players
    still in, by seed, dealt to tables (``pairing.knockout_tables``), byes to the top
    seeds."""
    if tournament.slots > 2:
        alive = sorted(
            (e for e in entries.values() if e.active and e.eliminated_in is None),
            key=lambda e: e.seed,
        )
        groups, byes = pairing.knockout_tables([e.pk for e in alive], tournament.slots)
        return groups + [[pk] for pk in byes]
    by_seed = {e.seed: e for e in entries.values()}
    if number == 1:
        ties = [
            (by_seed[a].pk, by_seed[b].pk if b is not None else None)
            for a, b in pairing.knockout_bracket(len(by_seed))
        ]
    else:
        previous = Round.objects.get(tournament=tournament, number=number - 1)
        winners = [_through(tournament, table, 1)[0].pk for table in _last_legs(previous)]
        ties = list(zip(winners[::2], winners[1::2], strict=True))
    slots = []
    for a, b in ties:
        live = [pk for pk in (a, b) if pk is not None and entries[pk].active]
        slots.append(live if len(live) == 2 else [a if b is None or not entries[b].active else b])
    return slots


def _last_legs(rnd: Round) -> list[Table]:
    """The last table at each board of a knockout round, board 1 first."""
    last = {}
    for table in rnd.tables.order_by("board", "leg"):
        last[table.board] = table
    return [last[board] for board in sorted(last)]


# --- results and the next round ------------------------------------------------------------


def _places_of(game: Game, entries: list[Entry]) -> dict[int, int]:
    """Each entry's place at a game that has ended, by entry id, from the seat rows' ranks
    (partners share theirs; a team ranks by its worse seat); an aborted game ranks whoever
    aborted it last and the others level first. Places count entrants: 1 plus the number
    of entries ranked better."""
    seats = list(game.seats.all())
    if game.status == Game.Status.ABORTED:
        last = len(seats)
        ranks = {s.user_id: (last if s.user_id == game.aborted_by_id else 1) for s in seats}
    else:
        ranks = {s.user_id: s.rank or len(seats) for s in seats}
    mine = {e.pk: max(ranks[person.pk] for person in e.members) for e in entries}
    return {pk: 1 + sum(1 for r in mine.values() if r < rank) for pk, rank in mine.items()}


def _collect(tournament: Tournament, rnd: Round) -> tuple[int, bool]:
    """Copy the places of the round's ended games into its tables: (how many tables it
    finished now, whether every table of the round is done)."""
    ended = rnd.tables.filter(done=False, game__status__in=FINISHED_STATUSES)
    collected = 0
    knockout = tournament.format == Tournament.Format.KNOCKOUT
    for table in ended.select_related("game"):
        game = table.game
        collected += 1
        seats = list(table.seats.select_related("entry__user", "entry__partner"))
        places = _places_of(game, [seat.entry for seat in seats])
        for seat in seats:
            seat.place = places[seat.entry_id]
        TableSeat.objects.bulk_update(seats, ["place"])
        table.done = True
        table.save(update_fields=["done"])
        _count_timeouts(tournament, game, [seat.entry for seat in seats])
        if knockout and _through(tournament, table, _through_at(tournament, rnd)) is None:
            players = [seat.entry for seat in seats if seat.entry.active]  # level: again
            _table_start(tournament, rnd, table.board, players, leg=table.leg + 1)
    return collected, not rnd.tables.filter(done=False).exists()


def _count_timeouts(tournament: Tournament, game: Game, entries: list[Entry]) -> None:
    """Count the games ``game``'s entrants lost on time (a team: either partner); drop
    (as a withdrawal, told so) an entrant who reached the tournament's ``max_timeouts``
    (0: nobody is dropped)."""
    timed_out = set(
        game.seats.filter(status=GameSeat.Status.TIMED_OUT).values_list("user_id", flat=True)
    )
    for entry in entries:
        if not timed_out.intersection(person.pk for person in entry.members):
            continue
        entry.timeouts += 1
        entry.save(update_fields=["timeouts"])
        limit = tournament.max_timeouts
        if limit and entry.timeouts >= limit and entry.active:
            entry.withdrawn_at = timezone.now()
            entry.save(update_fields=["withdrawn_at"])
            _forfeit_games(tournament, entry, actor=None)
            for person in entry.members:
                notify(
                    user=person,
                    game=None,
                    kind=Notification.Kind.TOURNAMENT,
                    seq=DROPPED_SEQ,
                    text=f"You were dropped from {tournament.name}: {entry.timeouts} games "
                    "lost on time.",
                    link=tournament.get_absolute_url(),
                )


def _knockout_close(tournament: Tournament, rnd: Round) -> None:
    k = _through_at(tournament, rnd)
    for table in _last_legs(rnd):
        through = {e.pk for e in _through(tournament, table, k)}
        for seat in table.seats.select_related("entry"):
            if seat.entry_id not in through and seat.entry.eliminated_in is None:
                seat.entry.eliminated_in = rnd.number
                seat.entry.save(update_fields=["eliminated_in"])


@transaction.atomic
def tournament_advance(*, tournament_id, now=None) -> str:
    """Collect the results of the current round's ended games; when the round is done,
    pair the next one, or end the tournament after the last. A rolling Swiss instead
    pairs whoever is free at once (``_rolling_pair``). Returns what it did ("waiting",
    "round <n>", "paired", "finished", or "idle" for a tournament not running).
    Idempotent: run again it finds nothing new."""
    now = now or timezone.now()
    tournament = _locked(tournament_id)
    if tournament.status != Tournament.Status.RUNNING:
        return "idle"
    if tournament.rolling:
        return _rolling_advance(tournament, now)
    rnd = tournament.round_set.order_by("-number").first()
    collected, done = _collect(tournament, rnd)
    if collected:  # the players' open tournament pages redraw their standings
        push.people_changed(_people(tournament))
    if not done:
        return "waiting"
    if rnd.finished_at is None:
        rnd.finished_at = now
        rnd.save(update_fields=["finished_at"])
        if tournament.format == Tournament.Format.KNOCKOUT:
            _knockout_close(tournament, rnd)
    active = tournament.entries.filter(withdrawn_at__isnull=True)
    alive = active.filter(eliminated_in__isnull=True).count()
    if tournament.format == Tournament.Format.KNOCKOUT:
        # Over with one left, or when those left cannot fill a table of the variant.
        last = alive < 2 or (alive <= tournament.slots and alive not in tournament.entrant_counts())
    else:
        last = rnd.number >= tournament.rounds or alive < tournament.slots
    if last:
        _finish(tournament)
        return "finished"
    number = rnd.number + 1
    _round_open(tournament, number)
    _tell_all(tournament, f"{tournament.name}: round {number} is paired.", seq=number)
    return f"round {number}"


def _people(tournament: Tournament) -> set[int]:
    return {
        pk
        for row in tournament.entries.values_list("user_id", "partner_id")
        for pk in row
        if pk is not None
    }


def _rolling_advance(tournament: Tournament, now) -> str:
    collected = 0
    for rnd in tournament.round_set.filter(tables__done=False).distinct():
        collected += _collect(tournament, rnd)[0]
    if collected:
        push.people_changed(_people(tournament))
    made = _rolling_pair(tournament, now)
    if not Table.objects.filter(round__tournament=tournament, done=False).exists():
        _finish(tournament)  # nobody is playing and nobody has a game left
        return "finished"
    return "paired" if made else "waiting"


def _finish(tournament: Tournament) -> None:
    entries = list(tournament.entries.select_related("user", "partner"))
    if tournament.format == Tournament.Format.KNOCKOUT:
        places = scoring.knockout_places(
            {e.pk: e.eliminated_in for e in entries}, tournament.rounds
        )
        if tournament.slots > 2:
            places.update(_final_places(tournament, entries))
    else:
        order = standing_of(tournament, entries)
        withdrawn = {e.pk for e in entries if not e.active}
        order = [line for line in order if line.player not in withdrawn] + [
            line for line in order if line.player in withdrawn
        ]
        places = {line.player: i for i, line in enumerate(order, 1)}
    for entry in entries:
        entry.place = places[entry.pk]
    Entry.objects.bulk_update(entries, ["place"])
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["status", "finished_at"])
    winners = ", ".join(e.name for e in entries if e.place == 1)
    text = f"{tournament.name} is over: won by {winners}."
    _tell_all(tournament, text, seq=CANCELLED_SEQ - 1)


def _final_places(tournament: Tournament, entries: list[Entry]) -> dict[int, int]:
    """Knockout at more than two: the places of those who reached the end. After a final
    table, the winner first and the others by their place there (level ones sharing).
    When those left could not fill a table, they are placed by their place at their last
    table, then by seed."""
    last = tournament.round_set.order_by("-number").first()
    if last is None:
        return {}
    legs = _last_legs(last)
    alive = [e for e in entries if e.eliminated_in is None]
    if len(legs) == 1 and not legs[0].is_bye:
        keys = {
            seat.entry_id: (0 if seat.entry.eliminated_in is None else 1, seat.place)
            for seat in legs[0].seats.select_related("entry")
        }
    else:
        keys = {}
        for e in alive:
            seat = TableSeat.objects.filter(entry=e).order_by("-table__round__number").first()
            keys[e.pk] = (seat.place if seat else 1, e.seed)
    return {pk: 1 + sum(1 for other in keys.values() if other < key) for pk, key in keys.items()}


def tournament_of_game(game_id) -> int | None:
    """The tournament a game was played in, or None."""
    return (
        Table.objects.filter(game_id=game_id).values_list("round__tournament_id", flat=True).first()
    )


def games_over_time(*, now=None) -> list[int]:
    """Ids of the running tournaments' games still going past their tournament's longest
    duration."""
    now = now or timezone.now()
    out = []
    rows = Table.objects.filter(
        round__tournament__status=Tournament.Status.RUNNING, game__status=Game.Status.ACTIVE
    ).values_list("game_id", "game__started_at", "round__tournament__max_days")
    for game_id, started, max_days in rows:
        if started is not None and started + timedelta(days=max_days) <= now:
            out.append(game_id)
    return out


def game_decide(*, game_id) -> bool:
    """A tournament game past its longest duration, decided by the standing now."""
    verdict = "The tournament's longest duration for a game was reached: decided by the standing."
    return services.game_decide_by_standing(game_id=game_id, verdict=verdict) is not None
