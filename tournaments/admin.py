"""Tournaments in the admin, for the staff: read every setting, entry, round and table;
cancel a tournament or remove a player only through the two actions, which ask for a
reason and go through ``tournaments.services`` (so they land in the audit trail). Nothing
is added, changed or deleted here by hand."""

from django import forms
from django.contrib import admin
from django.db.models import Q

from games.errors import GameError
from moderation.adminkit import ObjectActions, ReasonForm, has_perm, with_form
from moderation.services import ModerationError
from tournaments import services
from tournaments.models import Entry, Round, Tournament
from xix_site.admin import ReadOnly


def _refusal_as_message(perform):
    """A service's refusal shown as the admin's message for that object."""

    def run(obj, data):
        try:
            perform(obj, data)
        except GameError as error:
            raise ModerationError(str(error)) from error

    return run


class RemoveForm(ReasonForm):
    username = forms.CharField(max_length=150, label="Player to remove")


class EntryInline(ReadOnly, admin.TabularInline):
    model = Entry
    fields = (
        "user",
        "partner",
        "partner_confirmed",
        "seed",
        "rating",
        "joined_at",
        "withdrawn_at",
        "removed",
        "place",
    )
    readonly_fields = fields
    extra = 0


class RoundInline(ReadOnly, admin.TabularInline):
    model = Round
    fields = ("number", "started_at", "finished_at")
    readonly_fields = fields
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(ObjectActions, ReadOnly, admin.ModelAdmin):
    list_display = ("id", "name", "kind", "format", "seats", "status", "official", "created")
    list_filter = ("status", "format", "kind", "official")
    search_fields = ("name", "created_by__username")
    list_select_related = ("created_by",)
    inlines = (EntryInline, RoundInline)
    actions = ("cancel_tournaments", "remove_player")
    object_action_labels = {
        "cancel_tournaments": "Cancel…",
        "remove_player": "Remove a player…",
    }
    has_moderate_permission = has_perm("games.moderate_game")

    @admin.action(description="Cancel the selected tournaments…", permissions=["moderate"])
    def cancel_tournaments(self, request, queryset):
        return with_form(
            self,
            request,
            queryset,
            form_class=ReasonForm,
            title="Cancel",
            intro="No round follows; games already going are played out. Every player is "
            "told. Recorded in the audit trail with your reason.",
            perform=_refusal_as_message(
                lambda t, data: services.tournament_cancel(
                    actor=request.user, tournament_id=t.pk, reason=data["reason"]
                )
            ),
        )

    @admin.action(description="Remove a player from the tournament…", permissions=["moderate"])
    def remove_player(self, request, queryset):
        def perform(t, data):
            name = data["username"]
            entry = t.entries.filter(
                Q(user__username=name) | Q(partner__username=name, partner_confirmed=True)
            ).first()
            if entry is None:
                raise ModerationError(f"{name} is not in this tournament.")
            services.tournament_remove(
                actor=request.user,
                tournament_id=t.pk,
                user_id=entry.user_id if entry.user.username == name else entry.partner_id,
                reason=data["reason"],
            )

        return with_form(
            self,
            request,
            queryset,
            form_class=RemoveForm,
            title="Remove a player",
            intro="The player is paired no more and every game of theirs still going is "
            "forfeited. Recorded in the audit trail with your reason.",
            single=True,
            perform=_refusal_as_message(perform),
        )
