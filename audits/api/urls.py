from django.urls import path

from audits.api.views import AuditDetailApi, AuditListCreateApi

urlpatterns = [
    path("audits", AuditListCreateApi.as_view(), name="audits"),
    path("audits/<uuid:run_id>", AuditDetailApi.as_view(), name="audit"),
]
