"""``{% tournament_history player %}``: a player's tournaments on their profile, the wins
first noted. A tag of this app, so the accounts app's page shows it without the accounts
code importing tournaments (which sit above it)."""

from django import template
from django.db.models import Count, Q

from tournaments.models import Entry, Tournament

register = template.Library()

HISTORY_ROWS = 20


@register.inclusion_tag("tournaments/_history.html")
def tournament_history(player) -> dict:
    entries = list(
        Entry.objects.filter(Q(user=player) | Q(partner=player, partner_confirmed=True))
        .exclude(tournament__status=Tournament.Status.CANCELLED)
        .select_related("tournament", "user", "partner")
        .annotate(entrants=Count("tournament__entries"))
        .order_by("-tournament__created", "-pk")[:HISTORY_ROWS]
    )
    wins = list(
        Tournament.objects.filter(
            Q(entries__user=player) | Q(entries__partner=player, entries__partner_confirmed=True),
            entries__place=1,
            status=Tournament.Status.FINISHED,
        )
        .distinct()
        .order_by("-finished_at")
    )
    return {"player": player, "entries": entries, "wins": wins}
