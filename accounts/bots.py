"""Bot levels as people see them, and the ratings of bots.

The one place that names and orders the levels: ``User.BotLevel`` (its labels, and its
order of declaration, from easy to hard). Every list of levels the site shows (the lobby's
"Play a bot", "Add a bot" at a waiting table, a bot's profile, the forms' messages) reads
it through this module, whatever order a game's bots package lists its ``LEVELS`` in. The
stored keys (``random``, ``heuristic``, ``strong``, ``expert``) are never renamed: bot
accounts and old games hold them.

A bot's rating is its ``ratings.Rating`` row for a game's variant, as anyone's: shown as
``Rating.display`` ("1523", "1523?" while provisional), or "unrated" without a row or a
rated game in it.
"""

from dataclasses import dataclass

from accounts.models import User
from games import registry
from ratings.models import Rating
from ratings.selectors import boards

UNRATED = "unrated"

# What each level's bot does, in a line for people (every game's bots do this).
LEVEL_NOTES = {
    User.BotLevel.RANDOM: "Plays any legal move, at random.",
    User.BotLevel.HEURISTIC: "Plays by rules of thumb, one move at a time.",
    User.BotLevel.STRONG: "Thinks ahead: plays out the deals it cannot tell apart.",
    User.BotLevel.EXPERT: "Thinks ahead as Strong does, three to four times as long.",
}


def level_order(levels) -> list[str]:
    """The known levels among ``levels``, from easy to hard (``User.BotLevel``'s order)."""
    order = list(User.BotLevel.values)
    return sorted({level for level in levels if level in order}, key=order.index)


def level_label(level: str) -> str:
    """What people call ``level`` ("Beginner" for ``random``); an unknown key as it is."""
    try:
        return User.BotLevel(level).label
    except ValueError:
        return level


def level_note(level: str) -> str:
    """What ``level``'s bot does, in a line ("" for an unknown key)."""
    return LEVEL_NOTES.get(level, "")


def game_levels(kind: str) -> list[str]:
    """The levels the game ``kind`` offers, from easy to hard."""
    return level_order(registry.bots(kind).LEVELS)


def levels_text(levels) -> str:
    """ "Beginner, Casual, Strong and Expert": ``levels`` named for people, easy to hard."""
    names = [level_label(level) for level in level_order(levels)]
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def rating_text(rating: Rating | None) -> str:
    """A rating as the site shows it, or "unrated" without a rated game."""
    return rating.display if rating is not None and rating.games else UNRATED


def rated_label(label: str, rating: str) -> str:
    """A choice's words with a bot's rating: "Casual · rating: unrated"."""
    return f"{label} · rating: {rating}"


def level_bots() -> dict[str, User]:
    """The bot that stands for each level (its first active account by id, the one
    ``games.tables.bot_for`` seats first), from easy to hard; a level without an account
    is left out."""
    found = {}
    for bot in User.objects.filter(is_bot=True, is_active=True).order_by("pk"):
        found.setdefault(bot.bot_level, bot)
    return {level: found[level] for level in level_order(found)}


def ratings_of(users) -> dict[tuple[int, str, str], Rating]:
    """The rating rows of ``users`` by (user id, game, variant), in one query."""
    rows = Rating.objects.filter(user__in=[user.pk for user in users])
    return {(row.user_id, row.kind, row.variant): row for row in rows}


@dataclass(frozen=True)
class LevelChoice:
    """One level as a choice for a game's variant: its key, its name, the bot that stands
    for it (None before its account exists) and that bot's rating there."""

    level: str
    label: str
    bot: User | None
    rating: str

    @property
    def text(self) -> str:
        """ "Casual · rating: unrated", "Expert · rating: 1610": the option's words."""
        return rated_label(self.label, self.rating)


def level_choices(kind: str, variant: str) -> list[LevelChoice]:
    """The levels of the game ``kind``, easy to hard, each with its bot's rating in
    ``variant`` (two queries)."""
    bots = level_bots()
    ratings = ratings_of(bots.values())
    choices = []
    for level in game_levels(kind):
        bot = bots.get(level)
        rating = ratings.get((bot.pk, kind, variant)) if bot is not None else None
        choices.append(LevelChoice(level, level_label(level), bot, rating_text(rating)))
    return choices


def rated_game_choices(bot: User, groups) -> list:
    """The lobby's game choices (``games.forms.bot_games``: (game name, [(value, label)])
    with values ``"<kind>/<variant>"``) with ``bot``'s rating in each variant added to its
    label, and as the option's ``data-rating``: (game name, [(value, label, rating)])."""
    ratings = ratings_of([bot])
    rated = []
    for name, variants in groups:
        rows = []
        for value, label in variants:
            kind, _, variant = value.partition("/")
            rating = rating_text(ratings.get((bot.pk, kind, variant)))
            rows.append((value, rated_label(label, rating), rating))
        rated.append((name, rows))
    return rated


def bot_ratings(bot: User) -> list[tuple[str, str]]:
    """(board label, rating) for every game and variant the site has: a bot's profile."""
    ratings = ratings_of([bot])
    return [
        (board.label, rating_text(ratings.get((bot.pk, board.kind, board.variant))))
        for board in boards()
    ]
