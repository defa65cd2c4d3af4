"""The Celery application: worker and beat load their settings from Django's."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bourre_site.settings.local")

app = Celery("bourre_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
