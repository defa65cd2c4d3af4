"""What the hostile pass's attacks share (tools/hostile_pass.py, tools/hostile_front.py): the
API session that notes every 5xx, the check decorator that prints and records a verdict,
a table made over the API, a browser signed in to the app."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import requests

SERVER_ERRORS: list[str] = []
RESULTS: list[tuple[str, bool, str]] = []


class Api(requests.Session):
    def __init__(self, base: str, key: str) -> None:
        super().__init__()
        self.base = base
        self.headers["Authorization"] = f"Bearer {key}"

    def request(self, method: str, url: str, *args: Any, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        kwargs.setdefault("timeout", 600)
        answer = super().request(method, url if "://" in url else self.base + url, *args, **kwargs)
        if answer.status_code >= 500 and answer.status_code != 503:
            SERVER_ERRORS.append(f"{method} {url[:80]}: {answer.status_code} {answer.text[:200]}")
        return answer


def check(name: str) -> Callable[[Callable[..., str]], Callable[..., None]]:
    def wrap(attack: Callable[..., str]) -> Callable[..., None]:
        def run(*args: Any) -> None:
            started = time.monotonic()
            try:
                detail = attack(*args)
                ok = True
            except AssertionError as failed:
                detail, ok = f"FAILED {failed}", False
            RESULTS.append((name, ok, f"{detail} ({time.monotonic() - started:.1f} s)"))
            print(f"{'ok  ' if ok else 'FAIL'} {name}: {RESULTS[-1][2]}", flush=True)

        return run

    return wrap


def _table(api: Api, players: list[str], **options: Any) -> str:
    body = {"name": "hostile", "variant": "louisiana", "players": players, "options": options}
    answer = api.post("/api/v1/tables", json=body)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def _signed_in(base: str, user: str, password: str) -> requests.Session:
    browser = requests.Session()
    browser.get(f"{base}/app/login/")
    answer = browser.post(
        f"{base}/app/login/",
        data={"username": user, "password": password,
              "csrfmiddlewaretoken": browser.cookies["csrftoken"]},
        headers={"Referer": f"{base}/app/login/"},
    )  # fmt: skip
    assert answer.status_code == 200, answer.status_code
    assert "sessionid" in browser.cookies, "not signed in"
    return browser
