"""Test settings: real PostgreSQL, never SQLite.

The test database is created and migrated as the owner role; ``tests/conftest.py`` then
switches the connections to the application role, so tests see the privileges production has.
"""

import os

from bourre_site.settings.base import *  # noqa: F403
from bourre_site.settings.base import OWNER_DATABASE

DEBUG = False
# One test database per pytest process, so concurrent runs in one checkout do not collide.
OWNER_DATABASE["TEST"] = {"NAME": f"test_{OWNER_DATABASE['NAME']}_{os.getpid()}"}
OWNER_DATABASE["CONN_MAX_AGE"] = 0
DATABASES = {"default": OWNER_DATABASE}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CELERY_TASK_DEFAULT_QUEUE = f"bourre-tests-{os.getpid()}"
CELERY_TASK_ALWAYS_EAGER = False
