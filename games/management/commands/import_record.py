"""``manage.py import_record PATH --players USER0 USER1 [...]``: a game from a record of any
game the site knows (``xix/1``, ``xeri/1``, ``xactika/1``, ``onexeno/1``)."""

import json
import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games import services
from games.kit.errors import IllegalAction, InvalidSetup
from games.models import Game


class Command(BaseCommand):
    help = (
        "Create a game from a game record (a .json file, or - for standard input: xix/1, "
        "xeri/1, xactika/1 or onexeno/1) between existing users, USER0 in seat 0, USER1 in "
        "seat 1 and so on, one per seat of the record, with its whole action log. The game is "
        "finished or still in play, as the record says; imported games are never rated. "
        "Prints the new game's URL."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the record: a .json file, or - for standard input")
        parser.add_argument(
            "--players",
            nargs="+",
            required=True,
            metavar="USER",
            help="usernames of the players, seat 0 first, one per seat of the record",
        )
        parser.add_argument(
            "--days-per-move",
            type=int,
            default=3,
            choices=[d for d, _ in Game._meta.get_field("days_per_move").choices],
            help="time per move once an unfinished game goes on (default 3)",
        )

    def handle(self, *args, path, players, days_per_move, **options):
        record = self.read(path)
        # The record is checked before the users are looked up, so a bad record is named
        # first; the service replays it again inside its transaction.
        try:
            _kind, _variant, seats, *_ = services.record_replay(record)
        except services.GameError as error:
            raise CommandError(f"{path}: not a game record: {error}") from error
        except InvalidSetup as error:
            raise CommandError(f"{path}: not a valid {record['format']} record: {error}") from error
        except IllegalAction as error:
            raise CommandError(
                f"{path}: action {error.index} of the record is illegal: {error}"
            ) from error
        if len(players) != seats:
            raise CommandError(
                f"{path} is a game of {seats} seats: give --players {seats} usernames, "
                f"not {len(players)}."
            )
        try:
            game = services.game_import(
                record=record, players=self.users(players), days_per_move=days_per_move
            )
        except services.GameError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(self.url(game))

    def read(self, path: str):
        try:
            if path == "-":
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {path}: {error}") from error
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise CommandError(f"{path}: not valid JSON: {error}") from error

    def users(self, usernames):
        if len({name.lower() for name in usernames}) != len(usernames):
            if len(usernames) == 2:
                raise CommandError("The two players must be different users.")
            raise CommandError(f"The {len(usernames)} players must be different users.")
        seated = []
        for username in usernames:
            user = get_user_model().objects.filter(username__iexact=username).first()
            if user is None:
                raise CommandError(f"There is no user called {username!r}.")
            seated.append(user)
        return seated

    def url(self, game) -> str:
        base = getattr(settings, "SITE_URL", "")
        return f"{base.rstrip('/')}{game.get_absolute_url()}" if base else game.get_absolute_url()
