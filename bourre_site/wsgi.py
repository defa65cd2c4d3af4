"""WSGI entry point for gunicorn."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bourre_site.settings.local")
# The web's bounds on its database sessions (settings.WEB_DB_TIMEOUTS).
os.environ.setdefault("BOURRE_DB_TIMEOUTS", "1")
application = get_wsgi_application()
