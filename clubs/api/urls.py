from django.urls import path

from clubs.api.views import ApiKeyDetailApi, ApiKeyListCreateApi, ClubApi

urlpatterns = [
    path("club", ClubApi.as_view(), name="club"),
    path("keys", ApiKeyListCreateApi.as_view(), name="keys"),
    path("keys/<uuid:key_id>", ApiKeyDetailApi.as_view(), name="key"),
]
