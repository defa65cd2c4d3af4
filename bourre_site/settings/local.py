"""Local development: the project-local cluster and Redis started by ``make run``.

DEBUG stays off (base) unless ``DJANGO_DEBUG`` is set truthy: a DEBUG page prints settings
and every 500 a traceback with SQL.
"""

from bourre_site.settings.base import *  # noqa: F403
