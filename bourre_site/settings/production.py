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
