"""Staff see endpoints, deliveries and attempts in the Django admin, never the secret."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from tests.webhooks.conftest import create_webhook


def test_staff_see_endpoints_but_not_their_secret(admin: APIClient) -> None:
    created = create_webhook(admin, "http://127.0.0.1:9/hooks", ["deal_settled"])
    staff = Client()
    staff.force_login(User.objects.create_superuser("staff", "staff@example.com", "pw"))
    for url in (
        "/admin/webhooks/webhookendpoint/",
        "/admin/webhooks/webhookdelivery/",
        "/admin/webhooks/webhookattempt/",
    ):
        assert staff.get(url).status_code == 200, url
    page = staff.get(f"/admin/webhooks/webhookendpoint/{created['id']}/change/")
    assert page.status_code == 200
    assert created["secret"] not in page.content.decode()
    assert staff.get("/admin/webhooks/webhookendpoint/add/").status_code == 403
