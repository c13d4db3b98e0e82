"""WSGI entry point (gunicorn xix_site.wsgi). Defaults to production settings."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "xix_site.settings.production")

application = get_wsgi_application()
