"""``manage.py import_record PATH --players USER0 USER1``: a game from an xix/1 record."""

import json
import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games import services
from games.models import Game
from games.xix.engine import IllegalAction, InvalidSetup, replay_record


class Command(BaseCommand):
    help = (
        "Create a game from an xix/1 record (a .json file, or - for standard input) between "
        "two existing users, USER0 in seat 0 and USER1 in seat 1, with its whole action log. "
        "The game is finished or still in play, as the record says; imported games are never "
        "rated. Prints the new game's URL."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the record: a .json file, or - for standard input")
        parser.add_argument(
            "--players",
            nargs=2,
            required=True,
            metavar=("USER0", "USER1"),
            help="usernames of the players in seat 0 and seat 1",
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
            replay_record(record)
        except InvalidSetup as error:
            raise CommandError(f"{path}: not a valid xix/1 record: {error}") from error
        except IllegalAction as error:
            raise CommandError(
                f"{path}: action {error.index} of the record is illegal: {error}"
            ) from error
        seated = self.users(players)
        game = services.game_import(
            record=record, player0=seated[0], player1=seated[1], days_per_move=days_per_move
        )
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
        if usernames[0].lower() == usernames[1].lower():
            raise CommandError("The two players must be different users.")
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
