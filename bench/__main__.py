"""Run every benchmark module in this package, or those named: ``python -m bench [name ...]``."""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys

import bench


def available() -> list[str]:
    return sorted(
        m.name for m in pkgutil.iter_modules(bench.__path__) if not m.name.startswith("_")
    )


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bourre_site.settings.local")
    os.environ.setdefault("DJANGO_DEBUG", "0")
    import django

    django.setup()
    names = argv or available()
    unknown = sorted(set(names) - set(available()))
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; available: {', '.join(available())}")
        return 2
    for name in names:
        print(f"\n=== bench.{name} ===", flush=True)
        importlib.import_module(f"bench.{name}").main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
