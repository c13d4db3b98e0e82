"""Ratings in the admin: for looking, not for editing (games are what change ratings)."""

from django.contrib import admin

from .models import Rating, RatingChange


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # a rating's history is kept: the leaderboard and charts are built on it


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("user", "variant", "rating", "deviation", "volatility", "games", "updated")
    list_filter = ("variant",)
    search_fields = ("user__username",)
    ordering = ("variant", "-rating")
    list_select_related = ("user",)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ("game", "user", "variant", "before", "after", "deviation_after", "created")
    list_filter = ("variant",)
    search_fields = ("user__username",)
    list_select_related = ("user", "game")
    date_hierarchy = "created"
