#!/usr/bin/env bash
# Create .venv and install the project with its dev extras; skip when pyproject is unchanged.
set -euo pipefail
source "$(dirname "$0")/env.sh"
if [[ ! -x "$PY" ]]; then
    log "creating virtualenv in .venv"
    python3 -m venv "$VENV"
fi
stamp="$VENV/.installed-$(sha256sum "$ROOT/pyproject.toml" | cut -c1-16)"
if [[ ! -e "$stamp" ]]; then
    log "installing dependencies (pip install -e '.[dev]')"
    "$PY" -m pip install --quiet --disable-pip-version-check --upgrade pip
    "$PY" -m pip install --quiet --disable-pip-version-check -e "$ROOT[dev]"
    rm -f "$VENV"/.installed-*
    touch "$stamp"
fi
