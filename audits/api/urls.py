from django.urls import path

from audits.api.views import AuditDetailApi, AuditListCreateApi, AuditLogDownloadApi

urlpatterns = [
    path("audits", AuditListCreateApi.as_view(), name="audits"),
    path("audits/log", AuditLogDownloadApi.as_view(), name="audit-log"),
    path("audits/<uuid:run_id>", AuditDetailApi.as_view(), name="audit"),
]
