"""The API in the admin: the staff see every access token (never its secret: the site
keeps only a digest, and the admin shows neither), its scopes, owner and last use, and
revoke tokens; they read the request log. Nobody makes or edits a token here (a token is
made by its owner, who alone sees its secret once)."""

from django.contrib import admin, messages
from django.utils import timezone

from api.models import AccessToken, ApiRequest, RatedBotsAccepted
from moderation.adminkit import admin_link
from xix_site.admin import ReadOnly


class RevokedFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [("live", "Live"), ("revoked", "Revoked")]

    def queryset(self, request, queryset):
        if self.value() == "live":
            return queryset.filter(revoked_at__isnull=True)
        if self.value() == "revoked":
            return queryset.filter(revoked_at__isnull=False)
        return queryset


@admin.register(AccessToken)
class AccessTokenAdmin(ReadOnly, admin.ModelAdmin):
    list_display = (
        "prefix_shown",
        "name",
        "owner",
        "scope_list",
        "created",
        "last_used_at",
        "revoked_at",
    )
    list_filter = (RevokedFilter, "created", "last_used_at")
    search_fields = ("user__username", "name", "prefix")
    list_select_related = ("user",)
    fields = (
        "prefix_shown",
        "name",
        "owner",
        "scope_list",
        "created",
        "last_used_at",
        "revoked_at",
    )
    readonly_fields = fields
    actions = ["revoke"]
    date_hierarchy = "created"

    @admin.display(description="Token", ordering="prefix")
    def prefix_shown(self, obj):
        return f"{obj.prefix}…"

    @admin.display(description="Owner", ordering="user__username")
    def owner(self, obj):
        return admin_link(obj.user)

    @admin.display(description="Scopes")
    def scope_list(self, obj):
        return ", ".join(obj.scopes)

    def has_change_permission(self, request, obj=None):
        # The change page shows the token (read only); the action revokes.
        return request.user.has_perm("api.change_accesstoken")

    @admin.action(description="Revoke the selected tokens", permissions=["change"])
    def revoke(self, request, queryset):
        live = list(queryset.filter(revoked_at__isnull=True))
        now = timezone.now()
        AccessToken.objects.filter(pk__in=[t.pk for t in live]).update(revoked_at=now)
        for token in live:
            self.log_change(request, token, f"Revoked the token {token.prefix}… of {token.user}.")
        self.message_user(
            request,
            f"{len(live)} token{'s' if len(live) != 1 else ''} revoked: programs using "
            f"{'them' if len(live) != 1 else 'it'} are refused (401).",
            messages.SUCCESS,
        )


@admin.register(ApiRequest)
class ApiRequestAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("at", "method", "path", "status", "user", "token_shown", "address", "ms")
    list_filter = ("status", "method", "at")
    search_fields = ("path", "user__username", "token__prefix", "address")
    list_select_related = ("user", "token")
    date_hierarchy = "at"
    fields = ("at", "method", "path", "status", "user", "token", "address", "milliseconds")
    readonly_fields = fields

    @admin.display(description="Token", ordering="token__prefix")
    def token_shown(self, obj):
        return f"{obj.token.prefix}…" if obj.token else "-"

    @admin.display(description="ms", ordering="milliseconds")
    def ms(self, obj):
        return obj.milliseconds


@admin.register(RatedBotsAccepted)
class RatedBotsAcceptedAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("user", "since")
    search_fields = ("user__username",)
