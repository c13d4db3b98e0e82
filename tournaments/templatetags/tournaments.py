"""``{% tournament_history player %}``: a player's tournaments on their profile, the wins
first noted. A tag of this app, so the accounts app's page shows it without the accounts
code importing tournaments (which sit above it)."""

from django import template

from tournaments.models import Entry, Tournament

register = template.Library()

HISTORY_ROWS = 20


@register.inclusion_tag("tournaments/_history.html")
def tournament_history(player) -> dict:
    entries = list(
        Entry.objects.filter(user=player)
        .exclude(tournament__status=Tournament.Status.CANCELLED)
        .select_related("tournament")
        .order_by("-tournament__created", "-pk")[:HISTORY_ROWS]
    )
    wins = [e.tournament for e in entries if e.place == 1]
    return {"player": player, "entries": entries, "wins": wins}
