"""``python -m bench``: the summary of every target (what `make bench` runs);
``python -m bench NAME ...`` runs the named modules' detailed tables, ``all`` every one
(``profile``, a pyinstrument profile of card plays over HTTP, only when named).

``BENCH_QUICK=1`` shrinks every count (and uses a smaller replay log in a database of its
own) so a whole `make bench` finishes in a few minutes; explicit BENCH_* settings win.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys

import bench

QUICK = {
    "BENCH_OPS": "300",
    "BENCH_ROUNDS": "1",
    "BENCH_API_PLAYS": "240",
    "BENCH_ENGINE_DEALS": "400",
    "BENCH_REPLAY_EVENTS": "50000",
    "BENCH_REPLAY_SITTINGS": "24",
    "BENCH_REPLAY_DB": "bourre_bench_replay_quick",
}


def available() -> list[str]:
    return sorted(
        m.name for m in pkgutil.iter_modules(bench.__path__) if not m.name.startswith("_")
    )


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bourre_site.settings.local")
    os.environ.setdefault("DJANGO_DEBUG", "0")
    if os.environ.get("BENCH_QUICK"):
        for name, value in QUICK.items():
            os.environ.setdefault(name, value)
    import django

    django.setup()
    names = argv or ["summary"]
    if names == ["all"]:
        names = [name for name in available() if name not in ("summary", "profile", "engine_ab")]
    unknown = sorted(set(names) - set(available()))
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; available: {', '.join(available())}")
        return 2
    code = 0
    for name in names:
        print(f"\n=== bench.{name} ===", flush=True)
        code = importlib.import_module(f"bench.{name}").main() or code
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
