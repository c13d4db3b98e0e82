"""Games in the admin: read-only, with every card shown to moderators, and the two
moderation actions (abort, adjudicate), which go through moderation.services.

Nobody, superusers included, may add, change or delete a game or a logged action here:
games change only through the services, which keep the log, the game's summary columns
and the ratings consistent.
"""

from django import forms
from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.db.models import Exists, OuterRef, Prefetch, Q
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
from .models import Game, GameAction, GameSeat
from .outcomes import ordinal, sides_of
from .rows import score_text, signed
from .selectors import can_see_every_card, game_state, history_lines, player_names


class GameActionInline(ReadOnly, admin.TabularInline):
    """The action log, read only: it is the game's truth and is never edited."""

    model = GameAction
    fields = ("seq", "seat", "action", "created")
    readonly_fields = fields
    extra = 0
    can_delete = False


class GameSeatInline(ReadOnly, admin.TabularInline):
    """Who sits where, with their score, rank and status: no card, so shown to every
    viewer of the game (the action log is not)."""

    model = GameSeat
    fields = ("position", "user", "team", "score", "rank", "status", "joined_at", "left_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_view_permission(self, request, obj=None):
        # Whoever may view the game may view its seats (no separate permission to grant).
        return request.user.has_perm("games.view_game")


class AdjudicateForm(ReasonForm):
    """The decision: the winner of a game of two seats, or every seat's place at a larger
    table (``moderation.services.game_adjudicate`` checks that the places are a ranking)."""

    def __init__(self, *args, game=None, **kwargs):
        super().__init__(*args, **kwargs)
        names = player_names(game) if game is not None else ["seat 0", "seat 1"]
        if game is None or game.seats_count == 2:
            self.fields["winner"] = forms.TypedChoiceField(
                coerce=int,
                label="Winner",
                choices=[(0, f"{names[0]} (seat 0)"), (1, f"{names[1]} (seat 1)")],
            )
        else:
            places = [(place, ordinal(place)) for place in range(1, len(names) + 1)]
            for seat, name in enumerate(names):
                self.fields[f"place_{seat}"] = forms.TypedChoiceField(
                    coerce=int, label=f"Place of {name} (seat {seat})", choices=places
                )
        self.order_fields([*[name for name in self.fields if name != "reason"], "reason"])

    @staticmethod
    def decision(data) -> dict:
        """The keyword arguments of ``game_adjudicate`` for the cleaned ``data``."""
        if "winner" in data:
            return {"winner": data["winner"]}
        seats = sorted(
            int(name.removeprefix("place_")) for name in data if name.startswith("place_")
        )
        return {"ranks": [data[f"place_{seat}"] for seat in seats]}


DEAL = "Deal"


@admin.register(Game)
class GameAdmin(KnowsViewer, ObjectActions, ReadOnly, admin.ModelAdmin):
    # The players, score and result come from the seat rows (any number of seats),
    # prefetched with their users for the whole page: no query per game.
    list_display = (
        "id",
        "kind",
        "variant",
        "players",
        "status",
        "score",
        "result",
        "rated",
        "finished_at",
    )
    list_filter = (
        "status",
        "kind",
        "variant",
        "rated",
        "reason",
        ("finished_at", admin.DateFieldListFilter),
    )
    search_fields = (
        "=id",
        "seats__user__username",
        "created_by__username",
        "invitations__user__username",
    )
    date_hierarchy = "created"
    inlines = [GameSeatInline, GameActionInline]
    readonly_fields = ("links", "reports")
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "links",
                    ("kind", "variant", "seats_count"),
                    "status",
                    "rated",
                    "days_per_move",
                    "created_by",
                )
            },
        ),
        ("Result", {"fields": ("reason", "verdict")}),
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
            {"classes": ("collapse",), "fields": ("seed", "setup", "rematch_of")},
        ),
        ("Reports", {"fields": ("reports",)}),
    )
    actions = ["abort_games", "adjudicate_game"]
    object_action_labels = {"abort_games": "Abort…", "adjudicate_game": "Adjudicate…"}
    change_form_template = "admin/games/game/change_form.html"

    has_moderate_permission = has_perm("games.moderate_game")

    def get_queryset(self, request):
        seats = GameSeat.objects.filter(position__isnull=False).select_related("user")
        return super().get_queryset(request).prefetch_related(Prefetch("seats", queryset=seats))

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
        inlines = super().get_inline_instances(request, obj)
        if obj is None or not can_see_every_card(request.user, obj):
            return [inline for inline in inlines if not isinstance(inline, GameActionInline)]
        return inlines

    @admin.display(description="Players")
    def players(self, game):
        """Everyone seated, in seat order; partners joined by "&" and sides by "v"."""
        names = {seat.position: seat.user.username for seat in game.seat_rows()}
        if not names:
            return "–"
        sides = sides_of(game)
        if len(sides) == len(names) and len(names) > 2:
            return ", ".join(names[position] for position in sorted(names))
        return " v ".join(
            " & ".join(names[p] for p in side if p in names) for side in sides if side
        )

    @admin.display(description="Score")
    def score(self, game):
        """Seat order: "19–7" for two seats, "ann 5 · bob −3 · cy 2" for more (once over:
        a table's seat rows are scored at its end)."""
        seats = game.seat_rows()
        if game.status == Game.Status.WAITING or not seats:
            return "–"
        if len(seats) == 2:
            return score_text([seat.score for seat in seats])
        if game.status == Game.Status.ACTIVE:
            return "–"
        return " · ".join(f"{seat.user.username} {signed(seat.score)}" for seat in seats)

    @admin.display(description="Result")
    def result(self, game):
        """Who won (every seat ranked first: a side of partners, or the winners of a
        shared first place), from the seat rows; "Draw" when every side ranks first."""
        if game.status == Game.Status.ABORTED:
            return "Aborted"
        if game.status != Game.Status.FINISHED:
            return "–"
        seats = game.seat_rows()
        first = [seat.user.username for seat in seats if seat.rank == 1]
        if not first:
            return "–"
        if len(first) == len(seats):
            return "Draw"
        return f"{' and '.join(first)} won"

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
        view = registry.rules(game.kind).full_view(game_state(game), names)
        site = registry.site(game.kind)
        rows = site.admin_rows(view, names)
        body = format_html_join("", "<tr><th>{}</th><td>{}</td></tr>", rows)
        history = format_html_join(
            "", "<li>{}</li>", ((line,) for line in history_lines(site, view))
        )
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
            intro="The winner you choose wins the game (at a table of more than two: the "
            "places you give are its result; partners share theirs, and tied sides share a "
            "place and skip the next), rated as any other result. Every player is told, with "
            "your reason.",
            single=True,
            form_kwargs={"game": game},
            perform=lambda game, data: services.game_adjudicate(
                actor=request.user,
                game_id=game.pk,
                reason=data["reason"],
                **AdjudicateForm.decision(data),
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
        # Not a game the viewer sits in, at a table of any size.
        plays = Exists(GameSeat.objects.filter(game=OuterRef("game"), user=user))
        return actions.filter(over | Q(game__status=Game.Status.ACTIVE) & ~Q(plays))
