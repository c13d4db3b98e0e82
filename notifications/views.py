"""The notifications page: newest first, unread ones marked, and marking them read."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from notifications import services
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
