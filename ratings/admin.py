"""Ratings in the admin: for looking, not for editing (games are what change ratings)."""

from django.contrib import admin

from xix_site.admin import ReadOnly

from .models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(ReadOnly, admin.ModelAdmin):
    list_display = (
        "user",
        "kind",
        "variant",
        "rating",
        "deviation",
        "volatility",
        "mu",
        "sigma",
        "games",
        "updated",
    )
    list_filter = ("kind", "variant")
    search_fields = ("user__username",)
    ordering = ("kind", "variant", "-rating")
    list_select_related = ("user",)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly, admin.ModelAdmin):
    list_display = (
        "game",
        "user",
        "kind",
        "variant",
        "before",
        "after",
        "deviation_after",
        "created",
    )
    list_filter = ("kind", "variant")
    search_fields = ("user__username",)
    list_select_related = ("user", "game")
    date_hierarchy = "created"
