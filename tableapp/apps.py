from django.apps import AppConfig


class TableAppConfig(AppConfig):
    name = "tableapp"
    verbose_name = "Table app"
