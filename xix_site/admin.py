"""The admin site: staff only, signed in through the site's own log-in page.

- Staff log in on the site's log-in page (allauth), which is rate-limited and refuses bots
  and suspended accounts; the admin has no password form of its own (its "Change
  password" leads to the site's page, rate-limited too).
- A signed-in user who is not staff gets a 404 at every admin URL: the admin does not say
  it is there. A visitor who is not signed in is sent to the log-in page.
- The admin's address comes from the ADMIN_URL setting.
- No query-string lookup may touch a field that holds or implies hidden cards (a model's
  ``HIDDEN_FIELDS``), directly or through relations, on any registered model admin and for
  every user, superusers included: the site adds ``HiddenFieldsGuard`` to each at
  registration, and such a lookup answers 400 whatever its value.
- An action posted with selected ids that are not ids of the model answers 400
  (``CheckedSelection``, added the same way), not a crash.
"""

from functools import wraps
from urllib.parse import urlencode

from django.contrib import admin
from django.contrib.admin import helpers
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db.models.constants import LOOKUP_SEP
from django.http import Http404, HttpResponseBadRequest, HttpResponseRedirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme


def lookup_touches_hidden_field(model, lookup: str) -> bool:
    """Whether the query lookup ``lookup`` (``seed__startswith``, ``game__deal__0``,
    ``actions__action__contains``...) on ``model`` reaches a field that one of the models
    along its path declares in ``HIDDEN_FIELDS``."""
    for part in lookup.split(LOOKUP_SEP):
        if part == "pk":
            part = model._meta.pk.name
        try:
            field = model._meta.get_field(part)
        except FieldDoesNotExist:
            return False  # a transform or an unknown name: the rest is not a field
        if field.name in getattr(model, "HIDDEN_FIELDS", ()):
            return True
        if not field.is_relation or field.related_model is None:
            return False
        model = field.related_model
    return False


class HiddenFieldsGuard:
    """A ModelAdmin mixin, added to every model admin by ``XixAdminSite.register``: a
    change-list lookup that touches a hidden field is not allowed (Django answers 400, as
    for ``password__*`` on users), whoever asks."""

    def lookup_allowed(self, lookup, value, request=None):
        if lookup_touches_hidden_field(self.model, lookup):
            return False
        return super().lookup_allowed(lookup, value, request)


class CheckedSelection:
    """A ModelAdmin mixin, added to every model admin by ``XixAdminSite.register``: an
    action whose selected ids are not ids of the model answers 400 (the database would
    refuse them with an error)."""

    def response_action(self, request, queryset):
        pk = self.model._meta.pk
        for value in request.POST.getlist(helpers.ACTION_CHECKBOX_NAME):
            try:
                pk.to_python(value)
            except ValidationError:
                return HttpResponseBadRequest(
                    f"Bad request: {value!r} is not the id of a {self.model._meta.verbose_name}.",
                    content_type="text/plain; charset=utf-8",
                )
        return super().response_action(request, queryset)


# What every model admin gets at registration.
GUARDS = (HiddenFieldsGuard, CheckedSelection)


class XixAdminSite(admin.AdminSite):
    site_header = "XIX Online moderation"
    site_title = "XIX Online moderation"
    index_title = "Moderation"

    def register(self, model_or_iterable, admin_class=None, **options):
        admin_class = admin_class or admin.ModelAdmin
        missing = tuple(guard for guard in GUARDS if not issubclass(admin_class, guard))
        if missing:
            admin_class = type(
                admin_class.__name__,
                (*missing, admin_class),
                {"__module__": admin_class.__module__, "__doc__": admin_class.__doc__},
            )
        return super().register(model_or_iterable, admin_class, **options)

    def admin_view(self, view, cacheable=False):
        checked = super().admin_view(view, cacheable)

        @wraps(view)
        def inner(request, *args, **kwargs):
            if request.user.is_authenticated and not self.has_permission(request):
                raise Http404("There is no such page.")
            return checked(request, *args, **kwargs)

        return inner

    def login(self, request, extra_context=None):
        """Send the visitor to the site's log-in page, and back here afterwards."""
        if request.user.is_authenticated and not self.has_permission(request):
            raise Http404("There is no such page.")
        index = reverse("admin:index", current_app=self.name)
        target = request.GET.get("next", "")
        if not url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            target = index
        if request.user.is_authenticated:
            return HttpResponseRedirect(target or index)
        return HttpResponseRedirect(
            reverse("account_login") + "?" + urlencode({"next": target or index})
        )

    def password_change(self, request, extra_context=None):
        """The site's own password page: Django's form here would let anyone holding a
        staff session guess the old password without limit."""
        return HttpResponseRedirect(reverse("account_change_password"))


class ReadOnly:
    """A ModelAdmin mixin: visible for reading; nobody, superusers included, may add,
    change or delete through the admin (the rows change only through services)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadAndDelete:
    """A ModelAdmin mixin: read and delete, never add or change through the admin (the
    rows are made by services; deleting one is the staff's way to drop it)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False
