"""Games in the admin: read-only, with every card shown to moderators, and the two
moderation actions (abort, adjudicate), which go through moderation.services.

Nobody, superusers included, may add, change or delete a game or a logged action here:
games change only through the services, which keep the log, the game's summary columns
and the ratings consistent.
"""

from django import forms
from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.db.models import Q
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from moderation import services
from moderation.adminkit import (
    KnowsViewer,
    ObjectActions,
    ReasonForm,
    has_perm,
    reports_list,
    with_form,
)
from xix_site.admin import ReadOnly

from . import registry
from .models import Game, GameAction
from .selectors import can_see_every_card, game_state, player_names


class GameActionInline(ReadOnly, admin.TabularInline):
    """The action log, read only: it is the game's truth and is never edited."""

    model = GameAction
    fields = ("seq", "seat", "action", "created")
    readonly_fields = fields
    extra = 0
    can_delete = False


class AdjudicateForm(ReasonForm):
    winner = forms.TypedChoiceField(coerce=int, choices=(), label="Winner")

    def __init__(self, *args, game=None, **kwargs):
        super().__init__(*args, **kwargs)
        names = player_names(game) if game is not None else ["seat 0", "seat 1"]
        self.fields["winner"].choices = [(0, f"{names[0]} (seat 0)"), (1, f"{names[1]} (seat 1)")]


DEAL = "Deal"


@admin.register(Game)
class GameAdmin(KnowsViewer, ObjectActions, ReadOnly, admin.ModelAdmin):
    list_display = (
        "id",
        "variant",
        "player0",
        "player1",
        "status",
        "result",
        "rated",
        "finished_at",
    )
    list_filter = (
        "status",
        "variant",
        "rated",
        "reason",
        ("finished_at", admin.DateFieldListFilter),
    )
    search_fields = (
        "=id",
        "player0__username",
        "player1__username",
        "created_by__username",
        "invited__username",
    )
    list_select_related = ("player0", "player1")
    date_hierarchy = "created"
    inlines = [GameActionInline]
    readonly_fields = ("links", "reports")
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "links",
                    "variant",
                    "status",
                    "rated",
                    "days_per_move",
                    ("player0", "player1"),
                    ("created_by", "invited"),
                )
            },
        ),
        ("Result", {"fields": (("score0", "score1"), "winner", "reason", "verdict")}),
        (
            "Clock",
            {
                "fields": (
                    "to_move",
                    "n_actions",
                    "deadline",
                    "remind_at",
                    "extra_day_seq",
                    "created",
                    "started_at",
                    "finished_at",
                )
            },
        ),
        (
            DEAL,
            {"classes": ("collapse",), "fields": ("seed", "first_leader", "deal", "rematch_of")},
        ),
        ("Reports", {"fields": ("reports",)}),
    )
    actions = ["abort_games", "adjudicate_game"]
    object_action_labels = {"abort_games": "Abort…", "adjudicate_game": "Adjudicate…"}
    change_form_template = "admin/games/game/change_form.html"

    has_moderate_permission = has_perm("games.moderate_game")

    def get_readonly_fields(self, request, obj=None):
        # "created" is not editable, so it must be named to be shown.
        return (*self.readonly_fields, "created")

    # The deal (and the seed it is shuffled from) and the action log (a card traded face
    # down) show hidden cards: only to those who may see every card of this game.
    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if obj is not None and can_see_every_card(request.user, obj):
            return fieldsets
        return [(name, options) for name, options in fieldsets if name != DEAL]

    def get_inline_instances(self, request, obj=None):
        if obj is None or not can_see_every_card(request.user, obj):
            return []
        return super().get_inline_instances(request, obj)

    @admin.display(description="Result")
    def result(self, game):
        if game.status == Game.Status.ABORTED:
            return "Aborted"
        if game.status != Game.Status.FINISHED:
            return "–"
        if game.winner is None:
            return f"Draw {game.score0}–{game.score1}"
        winner = game.players[game.winner]
        name = winner.username if winner else f"Seat {game.winner}"
        return f"{name} won {game.score0}–{game.score1}"

    @admin.display(description="Open")
    def links(self, game):
        return format_html(
            '<a href="{}">the game page</a> · <a href="{}">the replay</a>',
            reverse("games:game", args=[game.pk]),
            reverse("games:replay", args=[game.pk]),
        )

    def table(self, request, game):
        """Every card of the game as it stands, for moderators who do not play in it."""
        if game is None:
            return ""
        if game.status == Game.Status.WAITING:
            return "Not dealt yet: the challenge is waiting."
        if not can_see_every_card(request.user, game):
            if game.seat_of(request.user) is not None:
                return "Hidden: you play in this game."
            return "Hidden: you may not see the cards of games in play."
        names = player_names(game)
        kind = getattr(game, "kind", "xix")  # games are stored without their kind until step 3
        view = registry.rules(kind).full_view(game_state(game), names)
        rows = registry.site(kind).admin_rows(view, names)
        body = format_html_join("", "<tr><th>{}</th><td>{}</td></tr>", rows)
        history = format_html_join("", "<li>{}</li>", ((line,) for line in view["history"]))
        return format_html(
            '<table class="xix-full-table">{}</table>'
            "<details><summary>Everything that happened</summary><ol>{}</ol></details>",
            body,
            history,
        )

    @admin.display(description="Reports about this game")
    def reports(self, game):
        return reports_list(game.reports.all(), getattr(game, "admin_viewer", None))

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = {
            **(extra_context or {}),
            "full_table": self.table(request, self.get_object(request, unquote(object_id))),
        }
        return super().change_view(request, object_id, form_url, extra_context)

    @admin.action(description="Abort the selected games…", permissions=["moderate"])
    def abort_games(self, request, queryset):
        return with_form(
            self,
            request,
            queryset,
            form_class=ReasonForm,
            title="Abort",
            intro="An aborted game has no result and changes no rating. Both players are "
            "told, with your reason.",
            perform=lambda game, data: services.game_abort(
                actor=request.user, game_id=game.pk, reason=data["reason"]
            ),
        )

    @admin.action(description="Adjudicate the selected game…", permissions=["moderate"])
    def adjudicate_game(self, request, queryset):
        game = queryset.first()
        return with_form(
            self,
            request,
            queryset,
            form_class=AdjudicateForm,
            title="Adjudicate",
            intro="The winner you choose wins the game, rated as any other result. Both "
            "players are told, with your reason.",
            single=True,
            form_kwargs={"game": game},
            perform=lambda game, data: services.game_adjudicate(
                actor=request.user, game_id=game.pk, winner=data["winner"], reason=data["reason"]
            ),
        )


@admin.register(GameAction)
class GameActionAdmin(ReadOnly, admin.ModelAdmin):
    """Visible for reading; nobody, superusers included, may add, change or delete one."""

    list_display = ("game", "seq", "seat", "action", "created")
    list_select_related = ("game",)
    search_fields = ("=game__id",)

    def get_queryset(self, request):
        """Only the logs of games whose every card the viewer may see (see
        ``games.selectors.can_see_every_card``): a log shows cards traded face down."""
        actions = super().get_queryset(request)
        if not self.has_view_permission(request):
            return actions  # every page refuses them (403) anyway
        over = Q(game__status__in=[Game.Status.FINISHED, Game.Status.ABORTED])
        user = request.user
        if not user.has_perm("games.see_hidden_cards"):
            return actions.filter(over)
        return actions.filter(
            over
            | Q(game__status=Game.Status.ACTIVE) & ~Q(game__player0=user) & ~Q(game__player1=user)
        )
