"""WSGI entry point for gunicorn."""

import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bourre_site.settings.local")
# The web's bounds on its database sessions (settings.WEB_DB_TIMEOUTS).
os.environ.setdefault("BOURRE_DB_TIMEOUTS", "1")
application = get_wsgi_application()

if settings.BENCH_FLOOR:  # the benchmarks' bare floor, beside the site (bench/bare_floor.py)
    from bench.bare_floor import mounted

    application = mounted(application)
