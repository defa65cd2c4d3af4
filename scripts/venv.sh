#!/usr/bin/env bash
# Create .venv and install the project with its dev extras; skip when pyproject is unchanged.
set -euo pipefail
source "$(dirname "$0")/env.sh"
if [[ ! -x "$PY" ]]; then
    log "creating virtualenv in .venv"
    python3 -m venv "$VENV"
fi
# The generated Python client (clients/python, docs/clients.md) is installed as a package
# of its own, as an integrator would (its dependencies, httpx and attrs, are dev extras).
CLIENT="$ROOT/clients/python/bourre-referee-client"
stamp="$VENV/.installed-$(cat "$ROOT/pyproject.toml" "$CLIENT/setup.py" | sha256sum | cut -c1-16)"
if [[ ! -e "$stamp" ]]; then
    log "installing dependencies (pip install -e '.[dev]' and the generated client)"
    "$PY" -m pip install --quiet --disable-pip-version-check --upgrade pip
    "$PY" -m pip install --quiet --disable-pip-version-check -e "$ROOT[dev]"
    "$PY" -m pip install --quiet --disable-pip-version-check --no-deps -e "$CLIENT"
    rm -f "$VENV"/.installed-*
    touch "$stamp"
fi
