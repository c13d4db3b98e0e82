"""``manage.py bot_arena --a strong --b random --games 400``: bot against bot, no database.

Plays ``--games`` games in total: ``--games / 2`` deals, each played twice with the bots'
seats swapped. Prints wins, A's win rate with a 95% Wilson interval (a talon draw counts
one half) and the median and 95th-percentile time per move of each bot.
"""

from django.core.management.base import BaseCommand, CommandError

LEVELS = ("random", "heuristic", "strong")


class Command(BaseCommand):
    help = (
        "Play two bots against each other with the engine directly (no database). "
        "--games is the total number of games: --games/2 deals, each played twice with "
        "seats swapped."
    )

    def add_arguments(self, parser):
        parser.add_argument("--a", choices=LEVELS, required=True, help="bot A's level")
        parser.add_argument("--b", choices=LEVELS, required=True, help="bot B's level")
        parser.add_argument(
            "--games",
            type=int,
            default=400,
            help="total games, an even number: each deal is played twice, seats swapped",
        )
        parser.add_argument("--variant", choices=("standard", "talon"), default="standard")
        parser.add_argument("--seed", default="1", help="seed of the deals and the bots")
        parser.add_argument("--jobs", type=int, default=1, help="processes (deals are split)")
        parser.add_argument(
            "--playouts",
            type=int,
            default=None,
            help="playouts per move for a strong bot (default: the bot's own)",
        )

    def handle(self, *args, **options):
        # Imported here so that `manage.py help` and other commands stay fast.
        from games.xix.bots.arena import report, run_match

        games = options["games"]
        if games < 2 or games % 2:
            raise CommandError("--games must be an even number of at least 2")
        if options["jobs"] < 1:
            raise CommandError("--jobs must be at least 1")
        a, b = options["a"], options["b"]
        playouts = options["playouts"]
        if playouts is not None and playouts < 1:
            raise CommandError("--playouts must be at least 1")

        def bot_options(level):
            return {"playouts": playouts} if level == "strong" and playouts else {}

        self.stdout.write(
            f"{a} (A) vs {b} (B), variant {options['variant']}, seed {options['seed']}"
        )
        result = run_match(
            a,
            b,
            options["variant"],
            options["seed"],
            games // 2,
            jobs=options["jobs"],
            options_a=bot_options(a),
            options_b=bot_options(b),
        )
        for line in report(a, b, result):
            self.stdout.write(line)
