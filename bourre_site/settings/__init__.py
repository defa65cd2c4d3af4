"""Settings split by environment: base, local, production, test.

Select one with ``DJANGO_SETTINGS_MODULE`` (``manage.py`` defaults to ``local``).
"""
