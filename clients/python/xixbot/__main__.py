"""python -m xixbot --token ... --level strong: see ``xixbot``'s docstring."""

import argparse
import logging
import os
import sys

from xixbot.client import Player


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="xixbot", description=__doc__)
    parser.add_argument("--token", default=os.environ.get("XIX_TOKEN"), help="or XIX_TOKEN")
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the site's address")
    parser.add_argument("--level", default="strong", help="random, heuristic, strong, expert")
    parser.add_argument("--board", action="store_true", help="a person's account (board API)")
    parser.add_argument("--games", type=int, help="stop after this many games have ended")
    parser.add_argument("--challenge", metavar="USERNAME", action="append", default=[])
    parser.add_argument("--game", default="xix", help="the challenge's game")
    parser.add_argument("--variant", default="standard", help="the challenge's variant")
    parser.add_argument("--seats", type=int, default=2, help="the challenge's seats")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("give a token: --token, or XIX_TOKEN")
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)
    player = Player(args.url, args.token, level=args.level, board=args.board, games=args.games)
    if args.challenge:
        game_id = player.challenge(
            game=args.game, variant=args.variant, seats=args.seats, invite=args.challenge
        )
        print(f"challenge {game_id} sent", flush=True)
    player.run()
    for error in player.errors:
        print(error, file=sys.stderr)
    print(f"{len(player.finished)} games played", flush=True)
    return 1 if player.errors else 0


if __name__ == "__main__":
    sys.exit(main())
