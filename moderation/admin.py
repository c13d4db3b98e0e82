"""Reports and the audit trail in the admin.

Reports are handled only through the two actions (resolve, dismiss), which ask for a note
to the reporter; open reports come first. The audit trail can be read and filtered, never
added to, changed or deleted here (its rows are written by moderation.services).
"""

from django.contrib import admin
from django.db.models import Case, IntegerField, Value, When
from django.urls import reverse
from django.utils.html import format_html

from chat.admin import hide_with_form
from moderation import services
from moderation.adminkit import ObjectActions, ReasonForm, admin_link, has_perm, with_form
from moderation.models import AuditEntry, Report
from xix_site.admin import ReadOnly


class NoteForm(ReasonForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"].label = "Note to the reporter"
        self.fields[
            "reason"
        ].help_text = (
            "The reporter sees it in their notifications; it is also kept in the audit trail."
        )


@admin.register(Report)
class ReportAdmin(ObjectActions, ReadOnly, admin.ModelAdmin):
    list_display = (
        "id",
        "status",
        "category",
        "about",
        "reported_player",
        "reporter_link",
        "created",
        "handled_by",
    )
    list_display_links = ("id",)
    list_filter = ("status", "category", "created")
    search_fields = ("reporter__username", "reported__username", "=game__id", "text")
    list_select_related = ("reporter", "reported", "game", "handled_by")
    # Open reports first, newest first within each group.
    ordering = (
        Case(
            When(status=Report.Status.OPEN, then=Value(0)),
            default=Value(1),
            output_field=IntegerField(),
        ).asc(),
        "-created",
    )
    fields = (
        "status",
        "category",
        "about",
        "reported_player",
        "players",
        "reporter_link",
        "text",
        "chat_message_link",
        "chat_context",
        "created",
        "handled_by",
        "handled_at",
        "note",
    )
    readonly_fields = (
        "about",
        "reported_player",
        "players",
        "reporter_link",
        "chat_message_link",
        "chat_context",
    )
    actions = ["resolve_reports", "dismiss_reports", "hide_messages"]
    object_action_labels = {
        "resolve_reports": "Resolve…",
        "dismiss_reports": "Dismiss…",
        "hide_messages": "Hide the message…",
    }
    change_form_template = "admin/moderation/report/change_form.html"

    has_handle_permission = has_perm("moderation.handle_report")
    has_hide_message_permission = has_perm("chat.hide_chatmessage")

    def object_action_applies(self, name, object_id):
        if name != "hide_messages":
            return True
        # Only a report about a chat message that is still shown.
        return Report.objects.filter(
            pk=object_id, chat_message__isnull=False, chat_message__hidden_at__isnull=True
        ).exists()

    @admin.display(description="Chat message")
    def chat_message_link(self, report):
        message = report.chat_message
        if message is None:
            return "–"
        state = " (hidden by a moderator)" if message.is_hidden else ""
        return format_html("{}{}", admin_link(message, f"message {message.pk}"), state)

    @admin.display(description="Chat around it")
    def chat_context(self, report):
        return (
            format_html('<pre class="chat-context">{}</pre>', report.context)
            if report.context
            else "–"
        )

    def get_queryset(self, request):
        # Not the reports about the viewer or his games: not in the list, its counts, the
        # pages or the actions (docs/moderation.md).
        return super().get_queryset(request).visible_to(request.user)

    @admin.display(description="About")
    def about(self, report):
        if report.game_id is None:
            return format_html("player {}", admin_link(report.reported, report.reported.username))
        return format_html(
            '{} (<a href="{}">page</a>)',
            admin_link(report.game, f"game {report.game_id}"),
            reverse("games:game", args=[report.game_id]),
        )

    @admin.display(description="Reported player")
    def reported_player(self, report):
        return admin_link(report.reported, report.reported.username if report.reported else "")

    @admin.display(description="Players of the game")
    def players(self, report):
        if report.game is None:
            return "–"
        return format_html(
            "{} v {}",
            *(admin_link(p, p.username) if p else "?" for p in report.game.players),
        )

    @admin.display(description="Reporter", ordering="reporter__username")
    def reporter_link(self, report):
        return admin_link(report.reporter, report.reporter.username)

    @admin.action(
        description="Resolve the selected reports (action taken)…", permissions=["handle"]
    )
    def resolve_reports(self, request, queryset):
        return with_form(
            self,
            request,
            queryset,
            form_class=NoteForm,
            title="Resolve",
            intro="Resolve: you acted on the report (suspended the player, aborted or "
            "adjudicated the game, renamed the account...). The reporter is told, with "
            "your note.",
            perform=lambda report, data: services.report_resolve(
                actor=request.user, report_id=report.pk, note=data["reason"]
            ),
        )

    @admin.action(
        description="Hide the chat messages of the selected reports…", permissions=["hide_message"]
    )
    def hide_messages(self, request, queryset):
        def message_of(report):
            if report.chat_message_id is None:
                raise services.ModerationError("This report is not about a chat message.")
            return report.chat_message_id

        return hide_with_form(self, request, queryset, message_of)

    @admin.action(description="Dismiss the selected reports (no action)…", permissions=["handle"])
    def dismiss_reports(self, request, queryset):
        return with_form(
            self,
            request,
            queryset,
            form_class=NoteForm,
            title="Dismiss",
            intro="Dismiss: nothing needed doing. The reporter is told, with your note.",
            perform=lambda report, data: services.report_dismiss(
                actor=request.user, report_id=report.pk, note=data["reason"]
            ),
        )


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("created", "actor_name", "action", "target_link", "reason")
    list_filter = ("action", ("actor", admin.RelatedOnlyFieldListFilter), "created")
    search_fields = ("target", "reason", "actor__username")
    date_hierarchy = "created"
    list_select_related = ("actor",)
    fields = ("created", "actor_name", "action", "target_link", "reason", "details")
    readonly_fields = ("actor_name", "target_link")

    @admin.display(description="Who", ordering="actor__username")
    def actor_name(self, entry):
        return entry.actor.username if entry.actor_id else "the site"

    @admin.display(description="Target")
    def target_link(self, entry):
        for obj_id, obj_name in (
            (entry.target_report_id, "target_report"),
            (entry.target_game_id, "target_game"),
            (entry.target_user_id, "target_user"),
        ):
            if obj_id is not None:
                return admin_link(getattr(entry, obj_name), entry.target)
        return entry.target

    def get_actions(self, request):
        return {}

    def get_queryset(self, request):
        # The entries of reports about the viewer would name who filed them.
        about_viewer = Report.objects.about(request.user).values("pk")
        return super().get_queryset(request).exclude(target_report__in=about_viewer)
