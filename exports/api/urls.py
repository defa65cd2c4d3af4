from django.urls import path

from exports.api.views import ExportCreateApi, ExportDetailApi, ExportDownloadApi

urlpatterns = [
    path("exports", ExportCreateApi.as_view(), name="exports"),
    path("exports/<uuid:job_id>", ExportDetailApi.as_view(), name="export"),
    path("exports/<uuid:job_id>/download", ExportDownloadApi.as_view(), name="export-download"),
]
