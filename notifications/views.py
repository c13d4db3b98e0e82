"""The notifications page: newest first, unread ones marked, and marking them read; and
the browser's Web Push subscription (``notifications.webpush``), sent by
static/js/webpush.js."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from notifications import services, webpush
from notifications.models import Notification
from xix_site.numbers import whole_number

PER_PAGE = 30


@require_safe
@login_required
@never_cache
def notification_list(request):
    shown = request.GET.get("show", "all")
    if shown not in ("all", "unread"):
        return HttpResponse(
            "Show must be all or unread.", status=400, content_type="text/plain; charset=utf-8"
        )
    return _list(request, shown=shown, page_number=request.GET.get("page"))


def _list(request, *, shown="all", page_number=None, error="", status=200):
    notifications = Notification.objects.filter(user=request.user).select_related("game")
    if shown == "unread":
        notifications = notifications.filter(read_at__isnull=True)
    page = Paginator(notifications, PER_PAGE).get_page(page_number)
    context = {
        "page": page,
        "shown": shown,
        "unread": services.unread_count(request.user),
        "error": error,
    }
    return render(request, "notifications/list.html", context, status=status)


@require_POST
@login_required
def notification_read(request):
    """Mark one notification (``id``) or all (``all``) read. ``next``: a game to open."""
    wanted = whole_number(request.POST.get("id", ""), max_digits=18)
    if request.POST.get("all"):
        count = services.mark_read(user=request.user)
        messages.success(request, f"Marked {count} notification{'s' if count != 1 else ''} read.")
        return redirect("notifications:list")
    if wanted is None:
        return _list(request, error="Choose a notification to mark read.", status=400)
    notification = Notification.objects.filter(user=request.user, pk=wanted).first()
    if notification is None:
        return _list(request, error="There is no such notification of yours.", status=404)
    services.mark_read(user=request.user, ids=[notification.pk])
    if request.POST.get("open"):
        return redirect(notification.get_absolute_url())
    return redirect("notifications:list")


# A subscription's JSON is a few hundred bytes; anything much larger is not one.
PUSH_BODY_LIMIT = 4096


def _push_request(request):
    """The JSON object the browser posted, or the JsonResponse refusing the request."""
    if not request.user.is_authenticated:
        return JsonResponse({"error": "Log in to receive browser notifications."}, status=403)
    if not webpush.enabled():
        return JsonResponse({"error": "This site sends no browser notifications."}, status=404)
    if len(request.body) > PUSH_BODY_LIMIT:
        return JsonResponse({"error": "That is too long for a subscription."}, status=400)
    try:
        return json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        return JsonResponse({"error": "Send the subscription as JSON."}, status=400)


def _push_change(request, change):
    """Apply ``change`` (which returns whether the browser is now subscribed) to the JSON
    the browser posted; a 4xx with the reason when it cannot be."""
    data = _push_request(request)
    if isinstance(data, JsonResponse):
        return data
    try:
        subscribed = change(data)
    except webpush.BadSubscription as error:
        return JsonResponse({"error": str(error)}, status=400)
    return JsonResponse({"subscribed": subscribed})


@require_POST
def push_subscribe(request):
    """Store this browser's push subscription (the Push API's JSON) for the player."""

    def change(data) -> bool:
        webpush.subscribe(request.user, data, user_agent=request.headers.get("User-Agent", ""))
        return True

    return _push_change(request, change)


@require_POST
def push_unsubscribe(request):
    """Forget this browser's subscription (``{"endpoint": ...}``); done already is fine."""

    def change(data) -> bool:
        webpush.unsubscribe(request.user, data.get("endpoint") if isinstance(data, dict) else None)
        return False

    return _push_change(request, change)
