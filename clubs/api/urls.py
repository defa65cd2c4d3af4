from django.urls import path

from clubs.api.views import ApiKeyListCreateApi, ApiKeyRevokeApi, ClubApi

urlpatterns = [
    path("club", ClubApi.as_view(), name="club"),
    path("keys", ApiKeyListCreateApi.as_view(), name="keys"),
    path("keys/<uuid:key_id>", ApiKeyRevokeApi.as_view(), name="key-revoke"),
]
