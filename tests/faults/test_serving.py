"""gunicorn as `make run` configures it (bourre_site/gunicorn_conf.py): the access log."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import requests

from tests.faults.conftest import ROOT, free_port, wait_until_healthy


def test_the_access_log_has_one_combined_line_per_request_and_no_credentials(
    tmp_path: Path,
) -> None:
    port = free_port()
    log = tmp_path / "gunicorn.log"
    env = dict(
        os.environ,
        BOURRE_PORT=str(port),
        BOURRE_GUNICORN_WORKERS="1",
        BOURRE_GUNICORN_THREADS="2",
        BOURRE_ACCESS_LOG="-",
        DJANGO_SETTINGS_MODULE="bourre_site.settings.local",
        DJANGO_DEBUG="0",
    )
    env.pop("BOURRE_GUNICORN_LOGGER", None)
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "bourre_site.wsgi:application",
             "--config", "bourre_site/gunicorn_conf.py"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_healthy(url, process, log)
        with requests.Session() as session:  # keep-alive, as a table app
            answers = [
                session.get(
                    f"{url}/health/?n={n}",
                    headers={"User-Agent": "scorer/1", "Referer": "http://table/"},
                )
                for n in range(3)
            ]
            refused = session.get(
                f"{url}/api/v1/tables",
                headers={
                    "Authorization": "Bearer not-a-real-key-xyz",
                    "X-Request-ID": "tablet-3.417",
                },
            )
        assert [a.status_code for a in answers] == [200, 200, 200]
        assert refused.status_code == 401
        time.sleep(0.3)
    finally:
        process.terminate()
        process.wait(timeout=15)
    text = log.read_text()
    lines = [line for line in text.splitlines() if '"GET /health/?n=' in line]
    assert len(lines) == 3, text
    size = len(answers[0].content)
    assert lines[0].startswith("127.0.0.1 - - [")
    assert f'"GET /health/?n=0 HTTP/1.1" 200 {size} "http://table/" "scorer/1" ' in lines[0]
    # The request id last: made by the service (32 hex digits), or the client's own.
    made = answers[0].headers["X-Request-ID"]
    assert len(made) == 32
    assert lines[0].endswith(f"ms {made}"), lines[0]
    assert refused.headers["X-Request-ID"] == "tablet-3.417"
    assert refused.json()["error"]["request_id"] == "tablet-3.417"
    assert '"GET /api/v1/tables HTTP/1.1" 401 ' in text
    assert next(line for line in text.splitlines() if "GET /api/v1/tables" in line).endswith(
        "ms tablet-3.417"
    )
    assert "not-a-real-key-xyz" not in text
