"""Chat messages in the admin: read, search, and hide (with a reason, audited). Nobody
adds, changes or deletes a message here."""

from django.contrib import admin

from chat.models import ChatMessage
from moderation import services
from moderation.adminkit import ObjectActions, ReasonForm, admin_link, has_perm, with_form
from xix_site.admin import ReadOnly


class HideForm(ReasonForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"].help_text = (
            "Recorded in the audit trail. Everyone sees “(message hidden by a moderator)” "
            "in its place."
        )


def hide_with_form(modeladmin, request, queryset, message_of):
    """The "Hide…" action: a reason, then ``message_hide`` for the message of each selected
    object (``message_of(obj)``)."""
    return with_form(
        modeladmin,
        request,
        queryset,
        form_class=HideForm,
        title="Hide",
        intro="Hide the chat message: its players and readers see that a moderator hid "
        "it; you and the audit trail keep its text.",
        perform=lambda obj, data: services.message_hide(
            actor=request.user, message_id=message_of(obj), reason=data["reason"]
        ),
    )


@admin.register(ChatMessage)
class ChatMessageAdmin(ObjectActions, ReadOnly, admin.ModelAdmin):
    list_display = ("id", "created", "game_link", "author_link", "text", "hidden")
    list_display_links = ("id",)
    list_filter = (("hidden_at", admin.EmptyFieldListFilter), "created")
    search_fields = ("text", "author__username", "=game__id")
    list_select_related = ("author", "game")
    fields = ("created", "game_link", "author_link", "text", "hidden_by", "hidden_at")
    readonly_fields = ("game_link", "author_link")
    actions = ["hide_messages"]
    object_action_labels = {"hide_messages": "Hide…"}
    change_form_template = "admin/chat/chatmessage/change_form.html"

    has_hide_permission = has_perm("chat.hide_chatmessage")

    @admin.display(description="Game")
    def game_link(self, message):
        return admin_link(message.game, f"game {message.game_id}")

    @admin.display(description="Author", ordering="author__username")
    def author_link(self, message):
        return admin_link(message.author, message.author.username)

    @admin.display(description="Hidden", boolean=True, ordering="hidden_at")
    def hidden(self, message):
        return message.is_hidden

    @admin.action(description="Hide the selected messages…", permissions=["hide"])
    def hide_messages(self, request, queryset):
        return hide_with_form(self, request, queryset, lambda message: message.pk)
