from django.contrib import admin

from notifications import services
from notifications.models import Notification, OutboundEmail, PushSubscription
from xix_site import jobs
from xix_site.admin import ReadAndDelete


@admin.register(Notification)
class NotificationAdmin(ReadAndDelete, admin.ModelAdmin):
    list_display = ["created", "user", "kind", "game", "seq", "email", "read_at"]
    list_filter = ["kind", "email"]
    search_fields = ["user__username", "text"]
    raw_id_fields = ["user", "game"]
    date_hierarchy = "created"


@admin.register(OutboundEmail)
class OutboundEmailAdmin(ReadAndDelete, admin.ModelAdmin):
    """The outbox: what was sent, what is waiting, what failed and why. Staff can send a
    failed or stuck e-mail again."""

    list_display = ["created", "to_address", "subject", "status", "attempts", "sent_at"]
    list_filter = ["status"]
    search_fields = ["to_address", "subject", "user__username"]
    raw_id_fields = ["user"]
    date_hierarchy = "created"
    actions = ["send_again"]

    @admin.action(description="Send again (failed or waiting e-mails)")
    def send_again(self, request, queryset):
        again = queryset.exclude(status=OutboundEmail.Status.SENT)
        ids = list(again.values_list("pk", flat=True))
        again.update(status=OutboundEmail.Status.PENDING, attempts=0)
        for pk in ids:
            jobs.after_commit(services.EMAIL_SEND, pk)
        self.message_user(request, f"{len(ids)} e-mail(s) queued to be sent again.")


@admin.register(PushSubscription)
class PushSubscriptionAdmin(ReadAndDelete, admin.ModelAdmin):
    """The browsers that take notifications (notifications.webpush): which push service
    fails and why. A row may be deleted (that browser gets nothing more until its player
    turns notifications on again); it is never edited here."""

    list_display = ["created", "user", "endpoint", "last_success", "last_failure", "last_error"]
    search_fields = ["user__username", "endpoint"]
    raw_id_fields = ["user"]
    date_hierarchy = "created"
