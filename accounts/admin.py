"""Users in the admin: search, filters, each user's recent games, suspensions.

Moderators (see moderation/migrations) may view users, correct a user's name, and suspend
or reinstate them; only superusers may change staff accounts, e-mail addresses,
permissions, groups or passwords, or delete anyone. Every change made here is written to
the audit trail (moderation.services) in the same transaction as the change.
"""

from django import forms
from django.contrib import admin
from django.contrib.admin.widgets import AdminSplitDateTime
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminPasswordChangeForm
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.html import format_html, format_html_join

from games.models import Game
from games.rows import game_rows
from games.selectors import user_games
from moderation import services
from moderation.adminkit import (
    KnowsViewer,
    ObjectActions,
    ReasonForm,
    admin_link,
    has_perm,
    reports_list,
    with_form,
)
from moderation.models import AuditEntry
from xix_site.admin import ReadAndDelete
from xix_site.partial_save import changed_model_fields

from .models import Block, InviteSent, User
from .names import check_new_name

RECENT_GAMES = 10
# What a moderator may edit on a user; the rest of the form is shown read-only. Not the
# e-mail address: players change it themselves, through its verification.
MODERATOR_EDITABLE = {"username", "first_name", "last_name"}


class SuspendedFilter(admin.SimpleListFilter):
    title = "suspended"
    parameter_name = "suspended"

    def lookups(self, request, model_admin):
        return [("yes", "Suspended"), ("no", "Not suspended")]

    def queryset(self, request, queryset):
        now = timezone.now()
        current = Q(suspended_at__isnull=False) & (
            Q(suspended_until__isnull=True) | Q(suspended_until__gt=now)
        )
        if self.value() == "yes":
            return queryset.filter(current)
        if self.value() == "no":
            return queryset.exclude(current)
        return queryset


class SuspendForm(ReasonForm):
    until = forms.SplitDateTimeField(
        label="Until",
        required=False,
        widget=AdminSplitDateTime,
        help_text="Leave empty to suspend until a moderator lifts it. In UTC.",
    )

    def clean_until(self):
        until = self.cleaned_data["until"]
        if until is not None and until <= timezone.now():
            raise forms.ValidationError("The end of a suspension must be in the future.")
        return until


class LiftForm(forms.Form):
    reason = forms.CharField(
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text="Optional; recorded in the audit trail.",
    )


class PasswordOnly(AdminPasswordChangeForm):
    """The admin's "set password" form, writing the password column only (not the whole
    row read when the form opened: xix_site/partial_save.py)."""

    def save(self, commit=True):
        user = super().save(commit=False)
        if commit:
            user.save(update_fields=["password"])
        return user


class NameRules(forms.ModelForm):
    """A moderator's rename obeys the sign-up rules (accounts/names.py): no name posing as a
    bot or the staff, none in mixed alphabets, none looking like another player's. Only a
    superuser may give a reserved name (a bot account's, say)."""

    def clean_username(self):
        name = self.cleaned_data["username"]
        if name != self.instance.username:
            check_new_name(name, user=self.instance)
        return name


@admin.register(User)
class UserAdmin(KnowsViewer, ObjectActions, DjangoUserAdmin):
    fieldsets = (
        *DjangoUserAdmin.fieldsets,
        ("Bot", {"fields": ("is_bot", "bot_level")}),
        (
            "Suspension",
            {"fields": ("suspension", "suspended_at", "suspended_until", "suspension_reason")},
        ),
        ("Games and reports", {"fields": ("vacation_until", "recent_games", "reports")}),
    )
    list_display = (
        "username",
        "email",
        "date_joined",
        "is_staff",
        "is_bot",
        "suspension",
    )
    list_filter = (SuspendedFilter, "is_bot", "is_staff", "date_joined")
    search_fields = ("username", "email")
    readonly_fields = (
        "suspension",
        "suspended_at",
        "suspended_until",
        "suspension_reason",
        "vacation_until",
        "recent_games",
        "reports",
    )
    actions = ["suspend_users", "lift_suspensions"]
    object_action_labels = {"suspend_users": "Suspend…", "lift_suspensions": "Lift suspension…"}
    change_form_template = "admin/accounts/user/change_form.html"
    change_password_form = PasswordOnly

    has_suspend_permission = has_perm("accounts.suspend_user")

    # --- what moderators may touch ---------------------------------------------------

    def has_change_permission(self, request, obj=None):
        if not super().has_change_permission(request, obj):
            return False
        if obj is not None and not request.user.is_superuser:
            return not (obj.is_staff or obj.is_superuser)
        return True

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and not request.user.is_superuser:
            names = {
                name
                for _, options in self.get_fieldsets(request, obj)
                for name in options["fields"]
            }
            fields += sorted(names - MODERATOR_EDITABLE - set(fields))
        return fields

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if obj is None or request.user.is_superuser:
            return fieldsets
        # Moderators do not see (let alone set) groups and individual permissions, nor the
        # password hash (shown as plain text once the field is read only).
        hidden = {"password", "groups", "user_permissions"}
        return [
            (name, {**options, "fields": [f for f in options["fields"] if f not in hidden]})
            for name, options in fieldsets
        ]

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        if request.user.is_superuser or "username" not in form.base_fields:
            return form
        return type(form.__name__, (NameRules, form), {})

    def user_change_password(self, request, id, form_url=""):
        if not request.user.is_superuser:
            raise PermissionDenied("Only a superuser may set another user's password.")
        with transaction.atomic():
            return super().user_change_password(request, id, form_url)

    def save_model(self, request, obj, form, change):
        if not change:
            return super().save_model(request, obj, form, change)
        # Only what this form changed: a suspension or rename committed while the form was
        # open must survive (xix_site/partial_save.py).
        fields = changed_model_fields(form)
        if fields:
            obj.save(update_fields=fields)

    # --- the audit trail -------------------------------------------------------------

    def log_addition(self, request, obj, message):
        services.audit_user_admin_change(
            actor=request.user,
            user=obj,
            action=AuditEntry.Action.USER_ADDED,
            changed=_changed_fields(message),
        )
        return super().log_addition(request, obj, message)

    def log_change(self, request, obj, message):
        changed = _changed_fields(message)
        if changed:  # saving the form unchanged is not a change
            services.audit_user_admin_change(
                actor=request.user,
                user=obj,
                action=AuditEntry.Action.USER_CHANGED,
                changed=changed,
            )
        return super().log_change(request, obj, message)

    def log_deletions(self, request, queryset):
        for user in queryset:
            services.audit_user_admin_change(
                actor=request.user, user=user, action=AuditEntry.Action.USER_DELETED, changed=[]
            )
        return super().log_deletions(request, queryset)

    def response_action(self, request, queryset):
        # "Delete selected" writes the audit entries (log_deletions) before it deletes, and
        # the change list, unlike the object pages, is not one transaction: make it one.
        with transaction.atomic():
            return super().response_action(request, queryset)

    # --- read-only panels ------------------------------------------------------------

    @admin.display(description="Suspended")
    def suspension(self, user):
        if not user.is_suspended:
            return "–"
        if user.suspended_until is None:
            return "Until lifted"
        return "Until " + timezone.localtime(user.suspended_until).strftime("%Y-%m-%d %H:%M %Z")

    @admin.display(description="Recent games")
    def recent_games(self, user):
        """The user's last games at tables of any size, from their seat (games.rows): two
        queries, whatever the size of the tables."""
        games = Game.objects.filter(user_games(user)).order_by("-updated")[:RECENT_GAMES]
        rows = []
        for row in game_rows(games, user):
            game = row.game
            if row.opponent is not None or game.seats_count == 2:
                against = row.opponent.username if row.opponent else "?"
            else:
                against = row.company
            status = row.outcome if row.two_sided else ""
            status = status or ("" if row.place else game.get_status_display().lower())
            rows.append(
                (
                    admin_link(game, f"Game {game.pk}"),
                    against,
                    f"{row.game_name} {row.variant_label}".lstrip()
                    + f", {'rated' if game.rated else 'casual'}",
                    f"{status} {row.score}".strip(),
                    game.get_reason_display() or "",
                    timezone.localtime(game.updated).strftime("%Y-%m-%d"),
                )
            )
        if not rows:
            return "No games yet."
        body = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            rows,
        )
        return format_html(
            "<table><thead><tr><th>Game</th><th>Against</th><th>Terms</th><th>Result</th>"
            "<th>Reason</th><th>Last change</th></tr></thead><tbody>{}</tbody></table>",
            body,
        )

    @admin.display(description="Reports about this user")
    def reports(self, user):
        return reports_list(
            user.reports_against.all(), getattr(user, "admin_viewer", None), limit=10
        )

    # --- actions ---------------------------------------------------------------------

    @admin.action(description="Suspend the selected users…", permissions=["suspend"])
    def suspend_users(self, request, queryset):
        return with_form(
            self,
            request,
            queryset,
            form_class=SuspendForm,
            title="Suspend",
            intro="A suspended user cannot log in. Each of their games in play is forfeited "
            "(the opponent wins, rated as usual, both are told) and their waiting challenges "
            "are withdrawn.",
            perform=lambda user, data: services.user_suspend(
                actor=request.user, user_id=user.pk, reason=data["reason"], until=data["until"]
            ),
        )

    @admin.action(description="Lift the suspension of the selected users…", permissions=["suspend"])
    def lift_suspensions(self, request, queryset):
        return with_form(
            self,
            request,
            queryset,
            form_class=LiftForm,
            title="Lift the suspension",
            intro="The users will be able to log in again.",
            perform=lambda user, data: services.user_lift(
                actor=request.user, user_id=user.pk, reason=data["reason"]
            ),
        )


def _changed_fields(message) -> list[str]:
    """Field names from the admin's change message (a list of dicts, or a plain text)."""
    if isinstance(message, str):
        return [message] if message else []
    fields = []
    for part in message or []:
        for verb in ("added", "changed", "deleted"):
            fields += (part.get(verb) or {}).get("fields", []) if isinstance(part, dict) else []
    return fields


@admin.register(Block)
class BlockAdmin(ReadAndDelete, admin.ModelAdmin):
    """Who blocked whom (accounts.blocks), for the moderators looking into harassment.
    Players make and remove blocks themselves: staff only read them here."""

    list_display = ["created", "blocker", "blocked"]
    search_fields = ["blocker__username", "blocked__username"]
    raw_id_fields = ["blocker", "blocked"]
    date_hierarchy = "created"


@admin.register(InviteSent)
class InviteSentAdmin(ReadAndDelete, admin.ModelAdmin):
    """The challenges and tables set up in the last hour, which the hourly limits count
    (games.invite_limits)."""

    list_display = ["created", "user", "invited"]
    search_fields = ["user__username"]
    raw_id_fields = ["user"]
