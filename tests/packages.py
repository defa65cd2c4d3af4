"""Our application packages, read from the one list that names them (import-linter's
`root_packages` in pyproject.toml), so a scan over "every package" never misses a new app."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

with (ROOT / "pyproject.toml").open("rb") as _file:
    PACKAGES: tuple[str, ...] = tuple(tomllib.load(_file)["tool"]["importlinter"]["root_packages"])
