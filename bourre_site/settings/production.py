"""Production: every secret and address comes from the environment, nothing defaults."""

import os

from bourre_site.settings.base import *  # noqa: F403
from bourre_site.settings.base import env_bool

for required in ("DJANGO_SECRET_KEY", "DATABASE_URL", "REDIS_URL"):
    if not os.environ.get(required):
        raise RuntimeError(f"{required} must be set in production")

DEBUG = False
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
CSRF_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
SECURE_CONTENT_TYPE_NOSNIFF = True

# Behind TLS (docs/operations.md, "Headers"): `manage.py check --deploy` is clean with these
# defaults, which assume the site is served over HTTPS only, by a TLS terminator in front
# of nginx that sets X-Forwarded-Proto. A plain-HTTP deployment (docker/compose.yaml on
# loopback) turns the redirect and HSTS off with the variables below.
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
# Health checks come over plain HTTP from inside (compose, a load balancer).
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "").strip() or 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)
