"""xixbot: the XIX Online API's reference client (docs/api.md).

    python -m xixbot --token xix_... --level strong [--url https://...] [--board]

It holds the account's event stream, accepts the challenges and table invitations of the
games it can play (declines the others), and plays each game that starts through its game
stream and ``act`` endpoint, choosing with the site's own bots of ``--level`` from the
seat's view the stream sends, exactly as the site's bots choose from theirs.
"""

from xixbot.client import Player

__all__ = ["Player"]
