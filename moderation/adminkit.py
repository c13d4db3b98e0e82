"""Admin actions that ask for a reason first (suspend, abort, adjudicate, resolve...).

An action chosen on a change list (or with the button on an object's page) shows a form;
the form posts back to the same action with ``apply``. Each selected object is then passed
to a service function from ``moderation.services``; a refusal is shown as a message, never
a crash, and nothing is changed for that object.
"""

from django import forms
from django.contrib import messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from moderation.services import ModerationError

TEMPLATE = "admin/moderation/action_form.html"


class ReasonForm(forms.Form):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
        max_length=1000,
        help_text="Recorded in the audit trail and shown to the players concerned.",
    )


def with_form(
    modeladmin,
    request,
    queryset,
    *,
    form_class,
    title: str,
    intro: str,
    perform,
    single: bool = False,
    form_kwargs=None,
):
    """Show ``form_class`` for the selected objects, then call ``perform(obj, data)`` for
    each. ``single``: the action applies to exactly one object."""
    form_kwargs = form_kwargs or {}
    objects = list(queryset)
    if single and len(objects) != 1:
        modeladmin.message_user(request, "Choose exactly one for this action.", messages.WARNING)
        return None
    if "apply" in request.POST:
        form = form_class(request.POST, **form_kwargs)
        if form.is_valid():
            done = 0
            for obj in objects:
                try:
                    perform(obj, form.cleaned_data)
                except (ModerationError, PermissionDenied) as error:
                    modeladmin.message_user(request, f"{obj}: {error}", messages.ERROR)
                else:
                    done += 1
            if done:
                modeladmin.message_user(request, f"{title}: done for {done}.", messages.SUCCESS)
            if request.POST.get("_from_object") and len(objects) == 1:
                opts = modeladmin.model._meta
                url = reverse(
                    f"admin:{opts.app_label}_{opts.model_name}_change",
                    args=[objects[0].pk],
                    current_app=modeladmin.admin_site.name,
                )
                return HttpResponseRedirect(url)
            return None
    else:
        form = form_class(**form_kwargs)
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "intro": intro,
        "form": form,
        "objects": objects,
        "action": request.POST.get("action", ""),
        "from_object": request.POST.get("_from_object", ""),
        "opts": modeladmin.model._meta,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    }
    status = 400 if form.is_bound and form.errors else 200
    return TemplateResponse(request, TEMPLATE, context, status=status)


def has_perm(permission: str):
    """``has_<name>_permission`` for ModelAdmin.allowed_permissions."""

    def check(self, request):
        return request.user.has_perm(permission)

    return check


def admin_link(obj, label=None) -> str:
    """The admin change page of ``obj``, as an HTML link (empty for None)."""
    if obj is None:
        return "–"
    opts = obj._meta
    url = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
    return format_html('<a href="{}">{}</a>', url, label or str(obj))


class ObjectActions:
    """A ModelAdmin mixin: buttons on an object's page for the actions named in
    ``object_action_labels`` (action -> label) that the viewer may use; each posts that
    one object to the change list's action (templates/admin/moderation/_object_actions)."""

    object_action_labels: dict[str, str] = {}

    def object_action_applies(self, name: str, object_id) -> bool:
        """Whether the action ``name`` has a button on this object's page (all do, unless
        a ModelAdmin says otherwise)."""
        return True

    def change_view(self, request, object_id, form_url="", extra_context=None):
        allowed = self.get_actions(request)
        buttons = [
            (n, label)
            for n, label in self.object_action_labels.items()
            if n in allowed and self.object_action_applies(n, object_id)
        ]
        extra_context = {**(extra_context or {}), "object_actions": buttons}
        return super().change_view(request, object_id, form_url, extra_context)


class KnowsViewer:
    """A ModelAdmin mixin: the object an object's page shows carries ``admin_viewer``, the
    user looking, for the display methods whose answer depends on who looks
    (``reports_list``)."""

    def get_object(self, request, object_id, from_field=None):
        obj = super().get_object(request, object_id, from_field)
        if obj is not None:
            obj.admin_viewer = request.user
        return obj


def reports_list(reports, viewer, limit=None):
    """Reports as lines for an object's page: a link to each, its status, category and
    reporter. Only those ``viewer`` may read (``Report.objects.visible_to``): none about
    himself or his games; none at all when nobody is known to be looking."""
    if viewer is None:
        return "Hidden."
    reports = reports.visible_to(viewer).select_related("reporter").order_by("-created")
    reports = list(reports[:limit] if limit else reports)
    if not reports:
        return "None."
    return format_html_join(
        mark_safe("<br>"),
        "{} · {} · {} by {}",
        (
            (
                admin_link(r, f"Report {r.pk}"),
                r.get_status_display(),
                r.get_category_display(),
                r.reporter.username,
            )
            for r in reports
        ),
    )
