"""Test settings: real PostgreSQL, never SQLite.

The test database is created and migrated as the owner role; ``tests/conftest.py`` then
switches the connections to the application role, so tests see the privileges production has.
"""

import copy
import os

from bourre_site.settings.base import *  # noqa: F403
from bourre_site.settings.base import OWNER_DATABASE

DEBUG = False
# One test database per pytest process, so concurrent runs in one checkout do not collide.
# A copy: tests/conftest.py switches this connection to the application role in place.
_default = copy.deepcopy(OWNER_DATABASE)
_default["TEST"] = {"NAME": f"test_{OWNER_DATABASE['NAME']}_{os.getpid()}"}
# A test database made beforehand, used with --reuse-db: on Citus it must exist on every node
# with the extension and the workers registered, which Django cannot do (scripts/test-citus.sh).
if os.environ.get("BOURRE_TEST_DATABASE"):
    _default["TEST"] = {"NAME": os.environ["BOURRE_TEST_DATABASE"]}
_default["CONN_MAX_AGE"] = 0
DATABASES = {"default": _default}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# This session's own sign-in counters (clubs/signin.py), apart from other runs' and make run's.
CACHES = copy.deepcopy(CACHES)  # noqa: F405
CACHES["default"]["KEY_PREFIX"] = f"bourre-test-{os.getpid()}"
CELERY_TASK_DEFAULT_QUEUE = f"bourre-tests-{os.getpid()}"
CELERY_TASK_ALWAYS_EAGER = False

# One origin for every process a test run starts (servers on free ports, Celery workers):
# the log's key name says the host, and a checkpoint signed by a process that took its
# port for the host would not verify under the test's own name for the club's log.
TRANSPARENCY_HOST = os.environ.get("BOURRE_TLOG_HOST") or "bourre.test"
