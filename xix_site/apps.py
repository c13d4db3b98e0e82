from django.contrib.admin.apps import AdminConfig


class XixAdminConfig(AdminConfig):
    """The Django admin, served by ``xix_site.admin.XixAdminSite``."""

    default_site = "xix_site.admin.XixAdminSite"
