"""Replaying the whole log: raw keyset read-and-decode rate vs. replay through the
table-state and ledger projections, on a generated log of at least 1M events.

The log lives in a database of its own (``bourre_bench_replay``), generated once and reused:
a few hundred random sittings (``games.engine.simulate``) are turned into events shaped per
docs/events.md (each game event followed by its ``RulingMade`` events, as the service
appends them), cloned under fresh table ids until the log is long enough, interleaved across
a window of open tables, hash-chained in Python and COPYed in as the owner role.

The measurement runs in a child process on that database (so its peak RSS is its own):
(a) ``read_all`` keyset pages over the whole log, JSON decoded; (b) the replay as
``manage.py rebuild`` runs it: every inline rebuildable projection (table state, ledger) on
one shared read of the log (``eventlog.subscriptions.rebuild_together``), with peak and current
RSS when it has read a quarter, half and all of the log; in the detailed table also each
projection's rebuild alone, and, beside the replay, a rebuild of the asynchronous
``player_stats`` projector (``projectors.rebuild``).

Knobs: ``BENCH_REPLAY_EVENTS`` (default 1,000,000), ``BENCH_REPLAY_DB``,
``BENCH_REPLAY_SITTINGS``. ``DROP DATABASE bourre_bench_replay`` forces a new log.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import resource
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
from django.conf import settings

import table_stream as table
from bench._common import machine, print_table

EVENTS = int(os.environ.get("BENCH_REPLAY_EVENTS", "1000000"))
DB_NAME = os.environ.get("BENCH_REPLAY_DB", "bourre_bench_replay")
SITTINGS = int(os.environ.get("BENCH_REPLAY_SITTINGS", "240"))
DEALS = 20
WINDOW = 64  # tables open at once in the generated log
PAGE = 2000
MARKS = (EVENTS // 4, EVENTS // 2, EVENTS)  # RSS taken when a pass has read this many
GENERATOR = "replay-log/3"  # /2: one chain per club; /3: the partition list, no head rows
CLUBS = [uuid.UUID(int=0xB0 + i) for i in range(8)]
VARIANTS = [("louisiana", 5), ("louisiana", 4), ("ukrainian", 4), ("occitan", 4), ("comtadine", 4)]
ACTION_TYPES = {
    "declare": table.PLAYER_DECLARED,
    "exchange": table.CARDS_EXCHANGED,
    "play": table.CARD_PLAYED,
    "retract": table.CARD_RETRACTED,
    "pass_turn": table.TURN_PASSED,
}


# ---------------------------------------------------------------- generating the log
def _url(config: dict[str, Any], name: str) -> str:
    return (
        f"postgres://{config['USER']}:{config['PASSWORD']}@{config['HOST'] or '127.0.0.1'}:"
        f"{config['PORT'] or 5432}/{name}"
    )


def _dsn(config: dict[str, Any], name: str) -> str:
    return psycopg.conninfo.make_conninfo(_url(config, name))


def _sitting_chunks(rng: random.Random) -> tuple[dict[str, Any], list[list[tuple[str, dict]]]]:
    """One simulated sitting as (TableCreated data without ids, chunks): each chunk is what
    one append writes, a game event and the `RulingMade` events it caused."""
    from games.engine import RULES_VERSION
    from games.engine.simulate import random_sitting
    from games.sitting.aggregate import TableFold, sitting_from_created

    variant, players = rng.choice(VARIANTS)
    sim = random_sitting(rng, variant, players, deals=DEALS, renege_chance=0.05)
    created = {"variant": variant, "players": sim.transcript["players"], "options": {}}
    sitting = sitting_from_created(created)
    created["options"] = dict(sitting.options)
    fold = TableFold.created(sitting)
    version = 1
    chunks: list[list[tuple[str, dict]]] = []
    for deal in sim.transcript["deals"]:
        items = [(table.DEAL_STARTED, {k: v for k, v in deal.items() if k != "actions"})]
        for action in deal["actions"]:
            items.append((ACTION_TYPES[next(k for k in ACTION_TYPES if k in action)], action))
        for type_, data in items:
            version += 1
            cause = version
            rulings = fold.game_event(type_, data, cause)
            index = fold.state.deal.index if fold.state.deal else None
            chunk = [(type_, data)]
            for ruling in rulings:
                version += 1
                fold.ruling_made(version, cause)
                chunk.append(
                    (
                        table.RULING_MADE,
                        {
                            "kind": ruling.kind,
                            "ruling": json.loads(json.dumps(dict(ruling.data))),
                            "postings": [p.as_dict() for p in ruling.postings],
                            "rules_version": RULES_VERSION,
                            "cause_version": cause,
                            "deal": index,
                        },
                    )
                )
            chunks.append(chunk)
    return created, chunks


def _interleaved(rng: random.Random) -> Iterator[tuple[str, list[tuple[str, dict]]]]:
    """(stream, chunk) in log order until EVENTS events: sittings cloned under fresh table
    ids, WINDOW tables open at once, one chunk from a random open table at a time."""
    sittings = [_sitting_chunks(rng) for _ in range(SITTINGS)]
    print(f"  simulated {SITTINGS} sittings of {DEALS} deals", flush=True)
    emitted = 0
    serial = 0
    open_tables: list[tuple[str, Iterator[list[tuple[str, dict]]]]] = []
    while emitted < EVENTS:
        while len(open_tables) < WINDOW:
            created, chunks = sittings[serial % len(sittings)]
            table_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
            head = {
                **created,
                "table_id": table_id,
                "club_id": str(CLUBS[serial % len(CLUBS)]),
                "name": f"bench table {serial}",
            }
            serial += 1
            stream = table.stream_name(table_id)
            open_tables.append((stream, iter(chunks)))
            yield stream, [(table.TABLE_CREATED, head)]
            emitted += 1
        i = rng.randrange(len(open_tables))
        stream, chunks_left = open_tables[i]
        chunk = next(chunks_left, None)
        if chunk is None:
            open_tables.pop(i)
            continue
        yield stream, chunk
        emitted += len(chunk)


def _rows() -> Iterator[tuple[Any, ...]]:
    """Log rows with their hash chain. The canonical body is assembled from JSON encoded
    once per chunk (clones share their data), checked against `event_hash` as it goes."""
    from eventlog import GENESIS_HASH, canonical_json, event_hash
    from eventlog.canonical import iso_utc

    rng = random.Random(20261129)
    versions: dict[str, int] = {}
    encoded: dict[int, str] = {}  # id(data) -> canonical JSON (templates live all run)
    heads: dict[str, tuple[int, str]] = {}  # club -> (position, hash): a chain per club
    club_of: dict[str, str] = {}
    emitted = 0
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for stream, chunk in _interleaved(rng):
        if chunk[0][0] == table.TABLE_CREATED:
            club_of[stream] = chunk[0][1]["club_id"]
        club = club_of[stream]
        position, prev = heads.get(club, (0, GENESIS_HASH))
        correlation = uuid.UUID(int=rng.getrandbits(128), version=4).hex
        cause_position = position + 1
        recorded_at = start + timedelta(milliseconds=emitted * 5)
        stamp = iso_utc(recorded_at)
        stream_json = json.dumps(stream, ensure_ascii=False)
        for type_, data in chunk:
            position += 1
            emitted += 1
            version = versions.get(stream, 0) + 1
            versions[stream] = version
            metadata: dict[str, Any] = {
                "actor": {"key_id": "bench", "name": "replay bench"},
                "client": "bench/replay",
                "correlation_id": correlation,
            }
            if type_ == table.RULING_MADE:
                metadata["causation_id"] = cause_position
            if type_ == table.TABLE_CREATED:
                data_json = canonical_json(data)
            else:
                data_json = encoded.get(id(data)) or encoded.setdefault(
                    id(data), canonical_json(data)
                )
            meta_json = canonical_json(metadata)
            body = (
                f'{{"club":"{club}","data":{data_json},"metadata":{meta_json},"position":{position},'
                f'"prev_hash":"{prev}","recorded_at":"{stamp}","schema_version":1,'
                f'"stream":{stream_json},"type":"{type_}","version":{version}}}'
            )
            digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
            if emitted <= 2000 or emitted % 100_000 == 0:
                assert digest == event_hash(
                    club=club,
                    position=position,
                    stream=stream,
                    version=version,
                    type=type_,
                    schema_version=1,
                    data=data,
                    metadata=metadata,
                    recorded_at=recorded_at,
                    prev_hash=prev,
                ), "the assembled canonical body differs from eventlog's"
            yield (
                position,
                stream,
                version,
                type_,
                1,
                data_json,
                meta_json,
                recorded_at,
                digest,
                prev,
                club,
            )
            prev = digest
        heads[club] = (position, prev)


def _log_ready(owner_dsn: str) -> bool:
    try:
        with psycopg.connect(owner_dsn) as conn:
            row = conn.execute("SELECT generator, events FROM bench_replay_meta").fetchone()
    except psycopg.Error:
        return False
    return row is not None and row[0] == GENERATOR and row[1] >= EVENTS


def _migrate() -> None:
    owner, app = settings.OWNER_DATABASE, settings.APP_DATABASE
    env = {
        **os.environ,
        "DATABASE_URL": _url(app, DB_NAME),
        "DATABASE_OWNER_URL": _url(owner, DB_NAME),
        "DJANGO_DB_ROLE": "owner",
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=settings.BASE_DIR,
        env=env,
        check=True,
    )


def ensure_log() -> tuple[str, str]:
    """The benchmark database's (app URL, owner URL), generating its log if needed."""
    owner, app = settings.OWNER_DATABASE, settings.APP_DATABASE
    owner_dsn = _dsn(owner, DB_NAME)
    if _log_ready(owner_dsn):
        print(f"  reusing the log in database {DB_NAME}", flush=True)
        _migrate()  # projections added since the log was generated need their tables
        return _url(app, DB_NAME), _url(owner, DB_NAME)
    started = time.perf_counter()
    print(f"  generating a log of {EVENTS:,} events in database {DB_NAME}", flush=True)
    with psycopg.connect(_dsn(owner, owner["NAME"]), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}"')
        conn.execute(f'CREATE DATABASE "{DB_NAME}"')
    _migrate()
    with psycopg.connect(owner_dsn) as conn:
        for club in CLUBS:
            conn.execute(  # Django's defaults are not the columns': every column named
                "INSERT INTO clubs_club (id, name, created_at, time_zone, default_language) "
                "VALUES (%s, %s, now(), 'UTC', %s)",
                [club, f"bench club {club.int}", settings.LANGUAGE_CODE],
            )
        clubs: set[str] = set()
        columns = "position, stream, version, type, schema_version, data, metadata, "
        columns += "recorded_at, hash, prev_hash, club_id"
        count = 0
        with conn.cursor().copy(f"COPY eventstore_event ({columns}) FROM STDIN") as copy:
            for row in _rows():
                copy.write_row(row)
                clubs.add(row[10])
                count += 1
        for club in clubs:  # what each club's first append would have written
            conn.execute("INSERT INTO eventstore_partition (club_id) VALUES (%s)", [club])
        conn.execute("CREATE TABLE bench_replay_meta (generator text, events bigint)")
        conn.execute("INSERT INTO bench_replay_meta VALUES (%s, %s)", [GENERATOR, count])
        conn.execute("ANALYZE")
    print(f"  generated {count:,} events in {time.perf_counter() - started:.0f}s", flush=True)
    return _url(app, DB_NAME), _url(owner, DB_NAME)


# ---------------------------------------------------------------- measuring (child process)
def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _rss_mb() -> float:
    """Resident now (VmRSS): shows whether memory grows, which a peak can hide."""
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def _rss_pair() -> str:
    return f"{_peak_rss_mb():.0f} / {_rss_mb():.0f}"


def _cpu_seconds() -> float:
    """CPU seconds so far of this process and of its PostgreSQL backend (the local cluster:
    /proc of the backend's pid; the process alone when that cannot be read). On a shared
    machine CPU time is the figure to compare, wall time waits on the others."""
    from django.db import connection

    own = time.process_time()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            (pid,) = cursor.fetchone()
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return own + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return own


def _marker(marks: dict[int, str]) -> Any:
    """`progress(read, total)` that takes peak / current RSS at MARKS of the log."""

    def progress(read: int, total: int) -> None:
        for mark in MARKS:
            if mark not in marks and read >= mark:
                marks[mark] = _rss_pair()

    return progress


def _inline_names() -> list[str]:
    from eventlog.subscriptions import INLINE, rebuildables, subscriptions

    return [n for n in sorted(rebuildables()) if subscriptions()[n].lifecycle == INLINE]


def measure(*, each: bool = False) -> dict[str, Any]:
    """(a) the raw read; (b) the replay as `manage.py rebuild` runs it: every inline
    projection on one shared read (`rebuild_together`); with ``each``, every projection's
    own rebuild alone too (its cost alone, not in the replay's figure)."""
    from eventlog import last_position, partition_heads, read_all
    from eventlog.subscriptions import rebuild_together, rebuildables

    head = last_position()
    started, cpu = time.perf_counter(), _cpu_seconds()
    count = 0
    rss_raw: dict[int, str] = {}
    for club in partition_heads():  # club by club: positions count within a club
        after = 0
        while page := read_all(club=club, after=after, limit=PAGE):
            after = page[-1].position
            count += len(page)
            _marker(rss_raw)(count, head)
    raw_seconds, raw_cpu = time.perf_counter() - started, _cpu_seconds() - cpu
    result: dict[str, Any] = {
        "events": head,
        "raw": {"events": count, "seconds": raw_seconds, "cpu": raw_cpu, "rss_mb": rss_raw},
    }
    names = _inline_names()
    marks: dict[int, str] = {}
    began, cpu = time.perf_counter(), _cpu_seconds()
    reports = rebuild_together(names, progress=_marker(marks))
    seconds, replay_cpu = time.perf_counter() - began, _cpu_seconds() - cpu
    result["replay"] = {
        "names": names,
        "seconds": seconds,
        "cpu": replay_cpu,
        "reports": {n: {"streams": r.streams, "events": r.events} for n, r in reports.items()},
        "rss_mb": marks,
        "peak_rss_mb": _peak_rss_mb(),
    }
    result["replay_seconds"] = seconds
    if each:
        result["each"] = {}
        for name in names:
            began = time.perf_counter()
            rebuildables()[name].rebuild()
            result["each"][name] = {"seconds": time.perf_counter() - began}
    # The asynchronous projector of this project, for comparison (not in the replay total).
    from projectors.rebuild import projection_rebuild

    began = time.perf_counter()
    projection_rebuild(name="player_stats", batch=PAGE)
    result["player_stats_seconds"] = time.perf_counter() - began
    result["player_stats_peak_rss_mb"] = _peak_rss_mb()
    # The ratings' catch-up from the start of the log (issue 42): every settled deal rated.
    began, cpu = time.perf_counter(), _cpu_seconds()
    projection_rebuild(name="ratings", batch=PAGE)
    result["ratings_seconds"] = time.perf_counter() - began
    result["ratings_cpu"] = _cpu_seconds() - cpu
    return result


# ---------------------------------------------------------------- the benchmark
def run(*, each: bool = False) -> dict[str, Any]:
    """Generate (or reuse) the log, measure in a child process, return its result."""
    app_url, owner_url = ensure_log()
    env = {**os.environ, "DATABASE_URL": app_url, "DATABASE_OWNER_URL": owner_url}
    env.pop("DJANGO_DB_ROLE", None)
    child = subprocess.run(
        [sys.executable, "-m", "bench.replay", "--measure", *(["--each"] if each else [])],
        cwd=settings.BASE_DIR,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(child.stdout.strip().splitlines()[-1]))


def main() -> None:
    result = run(each=True)
    events = result["events"]
    raw, replay = result["raw"], result["replay"]
    raw_rate = raw["events"] / raw["seconds"]
    replay_rate = events / replay["seconds"] if replay["seconds"] else 0.0
    print(f"machine: {machine()}; load average {os.getloadavg()[0]:.1f}")
    print(f"log: {events:,} events in database {DB_NAME}\n")

    def row(label: str, seconds: float, cpu: str = "-") -> tuple[str, ...]:
        rate = events / seconds
        return (label, f"{seconds:.1f}", cpu, f"{rate:,.0f}", f"{rate / raw_rate:.0%}")

    rows = [row("raw read_all + decode", raw["seconds"], f"{raw['cpu']:.1f}")]
    label = f"replay: {' + '.join(replay['names'])} on one read"
    rows.append(row(label, replay["seconds"], f"{replay['cpu']:.1f}"))
    for name, alone in result.get("each", {}).items():
        rows.append(row(f"(alone) rebuild {name}", alone["seconds"]))
    if "player_stats_seconds" in result:
        rows.append(row("(async) player_stats", result["player_stats_seconds"]))
    if "ratings_seconds" in result:
        rows.append(
            row("(async) ratings", result["ratings_seconds"], f"{result['ratings_cpu']:.1f}")
        )
    print_table(("pass", "seconds", "CPU s (+ its postgres)", "events/s", "of raw"), rows)
    cpu_share = raw["cpu"] / replay["cpu"] if replay["cpu"] else 0.0
    print(f"in CPU time (this process and its PostgreSQL backend): replay = {cpu_share:.0%} of raw")
    print()
    rss_rows = [
        ("raw read", *(_mark(raw["rss_mb"], m) for m in MARKS)),
        ("replay (one read)", *(_mark(replay["rss_mb"], m) for m in MARKS)),
    ]
    header = ("RSS MB, peak / now, after", *(f"{m:,} events" for m in MARKS))
    print_table(header, rss_rows)
    target = "met" if replay_rate >= 0.6 * raw_rate else "NOT met"  # issue 23's line
    print(f"\ntarget replay >= 60% of raw: {target} ({replay_rate / raw_rate:.0%})")


def _mark(values: dict[str, str], mark: int) -> str:
    return values.get(str(mark)) or "-"


if __name__ == "__main__":
    if sys.argv[1:2] == ["--measure"]:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bourre_site.settings.local")
        os.environ.setdefault("DJANGO_DEBUG", "0")
        import django

        django.setup()
        print(json.dumps(measure(each="--each" in sys.argv[2:])))
    else:
        sys.exit("run with `python -m bench replay` (make bench BENCH=replay)")
