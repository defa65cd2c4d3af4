"""gunicorn as `make run` configures it (bourre_site/gunicorn_conf.py): the access log, and
its keep-alive and request limits beside nginx's (scripts/nginx.conf.template)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
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
                f"{url}/api/v1/tables", headers={"Authorization": "Bearer not-a-real-key-xyz"}
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
    assert lines[0].endswith("ms")
    assert '"GET /api/v1/tables HTTP/1.1" 401 ' in text
    assert "not-a-real-key-xyz" not in text


def _gunicorn_settings(environ: dict[str, str]) -> Any:
    """bourre_site/gunicorn_conf.py as gunicorn reads it under `environ`."""
    path = ROOT / "bourre_site" / "gunicorn_conf.py"
    spec = importlib.util.spec_from_file_location("gunicorn_conf", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    saved = dict(os.environ)
    os.environ.update(environ)
    try:
        spec.loader.exec_module(module)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return module


@pytest.mark.parametrize("upstream", ["", "1", "45"])
def test_nginx_closes_an_idle_connection_to_gunicorn_before_gunicorn_does(
    tmp_path: Path, upstream: str
) -> None:
    """The 502 under keep-alive load (issue 40, decision record 0034): gunicorn closed an idle
    connection (after its 30 s) that nginx kept for 60 s (its default) and sent a request on
    at that moment. nginx's idle timeout must end first, by more than the second gunicorn
    may take to notice its own."""
    environ = {"BOURRE_UPSTREAM_KEEPALIVE": upstream} if upstream else {}
    rendered = subprocess.run(
        [str(ROOT / "scripts" / "nginx.sh"), "render", str(tmp_path), "127.0.0.1:1",
         "unix:/nonexistent/g.sock", "unix:/nonexistent/a.sock"],
        cwd=ROOT, env={**os.environ, **environ}, capture_output=True, text=True, check=True,
    )  # fmt: skip
    conf = Path(rendered.stdout.strip().splitlines()[-1]).read_text()
    block = re.search(r"upstream bourre_gunicorn \{([^}]*)\}", conf)
    assert block is not None
    found = re.search(r"keepalive_timeout (\d+)s;", block[1])
    nginx_idle = int(found[1]) if found else 60  # nginx's own default
    gunicorn = _gunicorn_settings({**environ, "BOURRE_GUNICORN_BIND": "unix:/nonexistent/g.sock"})
    assert nginx_idle + 1 < gunicorn.keepalive, (nginx_idle, gunicorn.keepalive)
    # Behind nginx, gunicorn takes whatever request nginx passes (nginx bounds them).
    assert (gunicorn.limit_request_line, gunicorn.limit_request_field_size) == (0, 0)
