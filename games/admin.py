from django.contrib import admin

from .models import Game, GameAction


class ReadOnly:
    """Games and their logs change only through games.services, which keep the log, the
    game's summary columns and the ratings consistent; the admin only shows them."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class GameActionInline(ReadOnly, admin.TabularInline):
    """The action log, read only: it is the game's truth and is never edited."""

    model = GameAction
    fields = ("seq", "seat", "action", "created")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Game)
class GameAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("id", "variant", "player0", "player1", "status", "result", "rated", "updated")
    list_filter = ("status", "variant", "rated")
    search_fields = (
        "player0__username",
        "player1__username",
        "created_by__username",
        "invited__username",
    )
    list_select_related = ("player0", "player1")
    date_hierarchy = "created"
    inlines = [GameActionInline]

    @admin.display(description="Result")
    def result(self, game):
        if game.status != Game.Status.FINISHED:
            return "–"
        if game.winner is None:
            return f"Draw {game.score0}–{game.score1}"
        winner = game.players[game.winner]
        name = winner.username if winner else f"Seat {game.winner}"
        return f"{name} won {game.score0}–{game.score1}"


@admin.register(GameAction)
class GameActionAdmin(ReadOnly, admin.ModelAdmin):
    """Visible for reading; nobody, superusers included, may add, change or delete one."""

    list_display = ("game", "seq", "seat", "action", "created")
    list_select_related = ("game",)
    search_fields = ("=game__id",)
