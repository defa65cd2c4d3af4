"""The Celery application: worker and beat load their settings from Django's."""

import os

from celery import Celery
from celery.signals import task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bourre_site.settings.local")

app = Celery("bourre_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
def _database_as_for_a_request(**kwargs: object) -> None:
    """With `CELERY_DB_REUSE_MAX` a worker keeps its connection between tasks; like a
    request, a task starts by closing one that broke or outlived `CONN_MAX_AGE`."""
    from django.db import close_old_connections

    close_old_connections()
