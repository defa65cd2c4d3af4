"""Django project for the Bourré referee service."""

from bourre_site.celery import app as celery_app

__all__ = ["celery_app"]
