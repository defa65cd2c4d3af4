from django.apps import AppConfig


class ApiCommonConfig(AppConfig):
    name = "api_common"
    verbose_name = "API plumbing"
