"""``manage.py bot_arena``: bots against bots at a table of any registered game, no database.

Two bots of XIX, as ever: ``bot_arena --a strong --b random --games 400`` plays 200 deals,
each twice with the seats swapped, and prints wins, A's win rate with a 95% Wilson interval
(a talon draw counts one half) and each bot's median and 95th-percentile time per move.

Any game and table: ``bot_arena --game tally --variant open --seats 4 --bots
random,random,random,random --games 40`` seats one bot per seat, plays ``--games / seats``
deals, each once per rotation of the bots round the table, and prints each entrant's mean
rank, mean score, first places and share of opponents beaten (``games/arena.py``).
"""

from django.core.management.base import BaseCommand, CommandError

from games import registry


class Command(BaseCommand):
    help = (
        "Play bots against each other with a game's engine directly (no database). --games "
        "is the total number of games: --games/seats deals, each played once per rotation "
        "of the bots round the table (at two seats: twice, seats swapped)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", default="xix", help="the game's key (default xix)")
        parser.add_argument("--variant", default=None, help="the variant (default: the first)")
        parser.add_argument("--seats", type=int, default=None, help="seats at the table")
        parser.add_argument("--bots", default=None, help="one level per seat, comma-separated")
        parser.add_argument("--a", default=None, help="bot A's level (two seats)")
        parser.add_argument("--b", default=None, help="bot B's level (two seats)")
        parser.add_argument(
            "--games",
            type=int,
            default=400,
            help="total games, a multiple of the seat count: each deal is played once per "
            "rotation of the bots",
        )
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
        from games.arena import report, run_match

        key = options["game"]
        if key not in registry.ENGINES:
            raise CommandError(
                f"no game {key!r}; the games are {', '.join(sorted(registry.ENGINES))}"
            )
        rules = registry.rules(key)
        variant = options["variant"] or next(iter(rules.variants))
        if variant not in rules.variants:
            raise CommandError(
                f"{rules.name} has no variant {variant!r}; its variants are "
                f"{', '.join(rules.variants)}"
            )
        info = rules.variants[variant]
        levels = self._levels(options)
        seats = options["seats"] or len(levels)
        if seats not in info.seat_counts:
            counts = ", ".join(str(count) for count in info.seat_counts)
            raise CommandError(f"{rules.name} {variant} is played by {counts} seats, not {seats}")
        if len(levels) != seats:
            raise CommandError(f"--bots must name one level per seat: {seats}, not {len(levels)}")
        offered = registry.bots(key).LEVELS
        for level in levels:
            if level not in offered:
                raise CommandError(
                    f"{rules.name} has no {level!r} bot; its levels are {', '.join(offered)}"
                )
        games = options["games"]
        if games < seats or games % seats:
            raise CommandError(f"--games must be a positive multiple of the seat count ({seats})")
        if options["jobs"] < 1:
            raise CommandError("--jobs must be at least 1")
        playouts = options["playouts"]
        if playouts is not None and playouts < 1:
            raise CommandError("--playouts must be at least 1")
        bot_options = [
            {"playouts": playouts} if level == "strong" and playouts else {} for level in levels
        ]
        seed = options["seed"]
        if seats == 2:
            head = f"{levels[0]} (A) vs {levels[1]} (B), variant {variant}, seed {seed}"
        else:
            head = f"{rules.name} {variant}, {seats} seats: {', '.join(levels)}, seed {seed}"
        self.stdout.write(head)
        match = run_match(
            key,
            variant,
            seats,
            levels,
            options["seed"],
            games // seats,
            jobs=options["jobs"],
            options=bot_options,
        )
        for line in report(match):
            self.stdout.write(line)

    @staticmethod
    def _levels(options) -> list[str]:
        if options["bots"]:
            if options["a"] or options["b"]:
                raise CommandError("give either --bots or --a and --b, not both")
            levels = [level.strip() for level in options["bots"].split(",")]
            if not all(levels):
                raise CommandError("--bots has an empty level")
            return levels
        if not (options["a"] and options["b"]):
            raise CommandError("name the bots: --a LEVEL --b LEVEL, or --bots L1,L2,...")
        return [options["a"], options["b"]]
