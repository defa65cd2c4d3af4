"""Local development: the project-local cluster and Redis started by ``make run``."""

from bourre_site.settings.base import *  # noqa: F403
from bourre_site.settings.base import env_bool

DEBUG = env_bool("DJANGO_DEBUG", True)
