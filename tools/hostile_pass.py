"""Issue 25's hostile pass against a served stack (`make run`), re-runnable:

    .venv/bin/python tools/hostile_pass.py http://127.0.0.1:8000 ADMIN_KEY USER PASSWORD [ATTACK...]

(the admin key, user name and password `make run` printed for the club). Each attack the
issue lists is sent and what came back is checked; a line per attack, then every 5xx seen.
Exits 1 if any check failed or any answer was a 5xx. ATTACK names some of slow, 413,
import, heavy (after import), chips, reason, csv, forms, signin (all by default), and
issue 40's (tools/hostile_front.py): join, streams, digits, csv;, signin-elsewhere,
oversized, viewer-cache. It signs
in a few times and ends with a sign-in flood from this address, which throttles sign-ins
from it for 15 minutes. Run from the repository (it uses the engine's simulator for the
transcripts). What it found: docs/security.md.
"""

from __future__ import annotations

import contextlib
import json
import random
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from hostile_front import (
    csv_semicolon,
    join_guessing,
    many_streams,
    odd_digits,
    oversized,
    signin_elsewhere,
    viewer_cache,
)
from hostile_kit import RESULTS, SERVER_ERRORS, Api, _signed_in, _table, check

from games.engine import Rejection
from games.engine.simulate import random_sitting


@check("slow headers: 200 connections, one header line every 5 s")
def slow_headers(base: str) -> str:
    where = urlparse(base)
    for _ in range(8):  # warm every thread first: a cold one's first answer is slower
        requests.get(f"{base}/health/", timeout=30)
    stop = threading.Event()
    sockets = []
    for _ in range(200):
        conn = socket.create_connection((where.hostname, where.port or 80), timeout=10)
        conn.sendall(b"GET /health/ HTTP/1.1\r\nHost: x\r\n")
        sockets.append(conn)

    def drip() -> None:
        while not stop.wait(5):
            for conn in sockets:
                with contextlib.suppress(OSError):
                    conn.sendall(b"X-Slow: 1\r\n")

    dripper = threading.Thread(target=drip, daemon=True)
    dripper.start()
    times = []
    try:
        for _ in range(5):
            time.sleep(2)
            started = time.monotonic()
            answer = requests.get(f"{base}/health/", timeout=10)
            times.append(time.monotonic() - started)
            assert answer.status_code == 200, answer.status_code
    finally:
        stop.set()
        for conn in sockets:
            conn.close()
    assert max(times) < 1.0, times
    return f"5 of 5 health checks answered, slowest {max(times):.2f} s"


@check("a 3 MB body read as a JSON 413 by urllib")
def too_large(base: str, key: str) -> str:
    request = urllib.request.Request(
        f"{base}/api/v1/tables",
        data=b"x" * 3_000_000,
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    try:
        urllib.request.urlopen(request, timeout=30)
    except urllib.error.HTTPError as refused:
        status, body = refused.code, json.loads(refused.read())
    else:
        raise AssertionError("accepted")
    assert status == 413, status
    return f"413 {body['error']['code']}"


def _import(api: Api, body: dict[str, Any]) -> tuple[int, str | None, float]:
    """POST /tables/import, following a job (202) to its end: the POST's status, the new
    table (None when refused) and how long the POST itself took."""
    started = time.monotonic()
    answer = api.post("/api/v1/tables/import", json=body)
    posted = time.monotonic() - started
    if answer.status_code != 202:
        return answer.status_code, answer.json().get("id"), posted
    job = answer.json()
    while job["status"] in ("queued", "running"):
        time.sleep(0.5)
        job = api.get(job["url"]).json()
    assert job["status"] == "succeeded" or job["error"]["code"] != "import_failed", job
    return 202, job["table"], posted


@check("a 600-deal, 8-player import beside another table's appends")
def big_import(api: Api) -> str:
    sitting = random_sitting(
        random.Random(25), "louisiana", 8, deals=600, options={"pot_limit": 50}
    )
    other = _table(api, ["ana", "ben", "cy", "dee"])
    done: dict[str, Any] = {}

    def importing() -> None:
        started = time.monotonic()
        body = {"name": "a long night", "transcript": sitting.transcript}
        status, done["id"], done["posted"] = _import(api, body)
        done.update(status=status, seconds=time.monotonic() - started)

    thread = threading.Thread(target=importing)
    thread.start()
    waits = []
    while thread.is_alive():
        started = time.monotonic()
        answer = api.get(f"/api/v1/tables/{other}/state")
        waits.append(time.monotonic() - started)
        assert answer.status_code == 200, answer.text
        time.sleep(0.2)
    thread.join()
    assert done["status"] == 202, done  # a job: long for one request
    assert done["id"], done
    api.long_table = done["id"]  # type: ignore[attr-defined]
    size = len(json.dumps(sitting.transcript)) / 1e6
    return (
        f"{size:.1f} MB imported in {done['seconds']:.1f} s by a job (the POST's 202 in "
        f"{done['posted']:.1f} s); the club's other reads "
        f"meanwhile: {len(waits)}, slowest {max(waits):.2f} s"
    )


@check("heavy reads: the 600-deal table's audit, page by page and 8 at once")
def heavy_reads(api: Api) -> str:
    table = api.long_table  # type: ignore[attr-defined]
    url, pages, sizes, slowest = f"/api/v1/tables/{table}/audit", 0, [], 0.0
    while url:
        started = time.monotonic()
        answer = api.get(url)
        slowest = max(slowest, time.monotonic() - started)
        assert answer.status_code == 200, answer.text
        assert answer.json()["ok"], answer.text[:300]
        sizes.append(len(answer.content))
        pages += 1
        url = answer.json()["page"]["next"]
    with ThreadPoolExecutor(8) as pool:
        codes = list(
            pool.map(
                lambda n: api.get(f"/api/v1/tables/{table}/audit?deal={n * 20}").status_code,
                range(8),
            )
        )
    assert set(codes) <= {200, 503}, codes
    return (
        f"{pages} pages, largest {max(sizes) / 1e3:.1f} kB, slowest {slowest:.2f} s; 8 at once: "
        f"{codes.count(200)} answered, {codes.count(503)} told to retry (heavy_read_busy)"
    )


@check("chip amounts: an ante of 2^53 and an 80-deal sitting without a pot limit")
def chips(api: Api) -> str:
    answer = api.post(
        "/api/v1/tables",
        json={
            "name": "x",
            "variant": "louisiana",
            "players": ["a", "b"],
            "options": {"ante": 2**53},
        },
    )
    assert answer.status_code in (400, 422), answer.text
    try:  # the sitting: 80 deals of 8 players, no pot limit
        random_sitting(random.Random(7), "louisiana", 8, deals=80)
    except Rejection as refused:  # the engine refuses the deal that passes the bound
        crossing = f"the 80-deal sitting refused by the engine: {refused.code}"
    else:
        crossing = "the 80-deal sitting stayed within the bound"
    sitting = random_sitting(random.Random(7), "louisiana", 8, deals=20)
    body = {"name": "big", "transcript": sitting.transcript}
    status, table, _ = _import(api, body)
    assert status in (201, 202), status
    assert table, status
    balances = api.get(f"/api/v1/tables/{table}/balances").json()["balances"]
    assert max(abs(b) for b in balances.values()) <= 2**53 - 1, balances
    return (
        f"ante 2^53: {answer.status_code} {answer.json()['error']['code']}; {crossing}; "
        f"20 deals imported ({status}), balances within 2^53 - 1"
    )


@check("a 2,000,000-character undo reason")
def long_reason(api: Api) -> str:
    table = _table(api, ["ana", "ben", "cy"])
    body = {"expected_version": 1, "events": [{"undo": {"reason": "x" * 2_000_000}}]}
    answer = api.post(f"/api/v1/tables/{table}/events", json=body)
    error = answer.json()["error"]
    assert answer.status_code == 422, answer.status_code  # a refused event, named
    assert error["code"] == "invalid_event", error["code"]
    return f"422 {error['code']} field {error.get('field')}"


@check("CSV injection: formula player names in the settlement CSV")
def csv_injection(api: Api) -> str:
    names = ['=HYPERLINK("http://x")', "+SUM(1+1)", "-2+3", "@SUM(1)"]
    table = _table(api, names)
    text = api.get(f"/api/v1/tables/{table}/settlement?format=csv").text
    cells = [line.split(",")[0] for line in text.splitlines()[1:] if line]
    assert all(cell.startswith(("'", "\"'")) for cell in cells), cells
    return f"{len(cells)} formula cells neutralised"


@check("app forms: hostile names, lengths, NUL bytes, a 10^30 ante")
def forms(base: str, user: str, password: str) -> str:
    browser = _signed_in(base, user, password)
    token = browser.cookies["csrftoken"]
    sent = [
        {"name": "n" * 201, "players": "ana\nben"},
        {"name": "nul\x00", "players": "ana\nben"},
        {"name": "t", "players": "a" * 101 + "\nben"},
        {"name": "t", "players": "Ana\nana"},
        {"name": "t", "players": "a\u200bna\nben"},
        {"name": "t", "players": "\u202eana\nben"},
        {"name": "t", "players": "Zoe\u0301\nZo\u00e9"},
        {"name": "t", "players": "an\x07a\nben"},
        {"name": "t", "players": "ana\nben", "opt_louisiana_ante": str(10**30)},
    ]
    statuses = []
    for form in sent:
        answer = browser.post(
            f"{base}/app/",
            data={"variant": "louisiana", "csrfmiddlewaretoken": token, **form},
            headers={"Referer": f"{base}/app/"},
        )
        statuses.append(answer.status_code)
    for path, form in (
        ("/app/members/add", {"username": "m" * 151, "role": "scorekeeper"}),
        ("/app/members/add", {"username": "nul\x00", "role": "scorekeeper"}),
        ("/app/keys/add", {"name": "k" * 201, "role": "auditor"}),
        ("/app/keys/add", {"name": "nul\x00", "role": "auditor"}),
    ):
        answer = browser.post(
            base + path, data={"csrfmiddlewaretoken": token, **form},
            headers={"Referer": f"{base}/app/members/"},
        )  # fmt: skip
        statuses.append(answer.status_code)
    assert all(s < 500 for s in statuses), statuses
    # The API's statuses for the same input: 400 what its parser refuses (a NUL or another
    # control character, a number beyond 2^53), 422 what the rules refuse.
    assert statuses == [422, 400, 422, 422, 422, 422, 422, 400, 400, 422, 400, 422, 400], statuses
    page = browser.get(f"{base}/app/")
    csp, cache = page.headers.get("Content-Security-Policy", ""), page.headers.get("Cache-Control")
    assert "script-src 'self'" in csp, csp
    assert cache == "private, no-store", cache
    return f"statuses {statuses}; CSP and Cache-Control: private, no-store on /app/"


@check("sign-in flood: 30 wrong passwords, then 16 clients, while the API reads")
def signin_flood(base: str, api: Api, user: str, password: str) -> str:
    def attempt(name: str, secret: str) -> int:
        browser = requests.Session()
        browser.get(f"{base}/app/login/")
        return browser.post(
            f"{base}/app/login/",
            data={"username": name, "password": secret,
                  "csrfmiddlewaretoken": browser.cookies.get("csrftoken", "")},
            headers={"Referer": f"{base}/app/login/"},
        ).status_code  # fmt: skip

    one = [attempt("nobody-here", f"wrong{n}") for n in range(30)]
    assert 429 in one, one
    reads: list[float] = []
    stop = threading.Event()

    def reading() -> None:
        while not stop.is_set():
            started = time.monotonic()
            api.get("/api/v1/tables?limit=5")
            reads.append(time.monotonic() - started)

    reader = threading.Thread(target=reading)
    reader.start()
    with ThreadPoolExecutor(16) as pool:
        flood = list(pool.map(lambda n: attempt(f"user{n % 16}", f"pw{n}"), range(142)))
    stop.set()
    reader.join()
    assert all(s < 500 or s == 503 for s in flood), flood
    return (
        f"one name: first 429 at attempt {one.index(429) + 1}; flood: "
        f"{ {s: flood.count(s) for s in sorted(set(flood))} }; API reads meanwhile "
        f"{len(reads)}, slowest {max(reads):.2f} s"
    )


def main(argv: list[str]) -> int:
    base, key, user, password = argv[1].rstrip("/"), argv[2], argv[3], argv[4]
    api = Api(base, key)
    only = set(argv[5:])  # names of attacks to run (all by default)
    attacks: list[tuple[str, Callable[[], None]]] = [
        ("slow", lambda: slow_headers(base)),
        ("413", lambda: too_large(base, key)),
        ("import", lambda: big_import(api)),
        ("heavy", lambda: heavy_reads(api) if hasattr(api, "long_table") else None),
        ("chips", lambda: chips(api)),
        ("reason", lambda: long_reason(api)),
        ("csv", lambda: csv_injection(api)),
        ("forms", lambda: forms(base, user, password)),
        # Issue 40's (tools/hostile_front.py).
        ("join", lambda: join_guessing(base, api)),
        ("streams", lambda: many_streams(base, api)),
        ("digits", lambda: odd_digits(base, api, user, password)),
        ("csv;", lambda: csv_semicolon(api)),
        ("signin-elsewhere", lambda: signin_elsewhere(base, user, password)),
        ("oversized", lambda: oversized(base, api)),
        ("viewer-cache", lambda: viewer_cache(base, api)),
        ("signin", lambda: signin_flood(base, api, user, password)),
    ]
    for name, attack in attacks:
        if not only or name in only:
            attack()
    print(f"\n{sum(ok for _, ok, _ in RESULTS)} of {len(RESULTS)} checks held")
    print(f"5xx answers other than 503: {len(SERVER_ERRORS)}")
    for line in SERVER_ERRORS:
        print("  " + line)
    return 0 if all(ok for _, ok, _ in RESULTS) and not SERVER_ERRORS else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
