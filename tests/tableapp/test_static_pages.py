"""Swagger UI, ReDoc and /admin/ load every asset from this service, and it serves them."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.test import Client

ASSET = re.compile(r"""<(?:script|link|img)\b[^>]*?\b(?:src|href)=["']([^"']+)["']""", re.I)
PAGES = ["/api/docs/", "/api/redoc/", "/admin/login/", "/app/login/"]


def _assets(html: str) -> list[str]:
    return ASSET.findall(html)


@pytest.mark.parametrize("page", PAGES)
def test_every_asset_is_same_origin_and_served(page: str, collected_static: Path, db: None) -> None:
    client = Client()
    response = client.get(page)
    assert response.status_code == 200
    html = response.content.decode()
    assets = _assets(html)
    assert assets, f"{page} references no assets"
    for url in assets:
        parts = urlsplit(url)
        assert not parts.netloc, f"{page} loads {url} from another host"
        assert not parts.scheme, f"{page} loads {url} from another host"
        if parts.path.startswith("/static/"):
            asset = client.get(parts.path)
            assert asset.status_code == 200, url


def test_swagger_ui_script_is_the_vendored_bundle(collected_static: Path, db: None) -> None:
    html = Client().get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    # The page's own initialiser script is ours too, not inline CDN bootstrapping.
    assert "cdn" not in html.lower()
