#!/usr/bin/env bash
# make test: set everything up, run the whole suite on real PostgreSQL, then the linters.
set -euo pipefail
source "$(dirname "$0")/env.sh"
source "$ROOT/scripts/services.sh"
trap services_down EXIT
services_up
"$ROOT/scripts/browser.sh"
cd "$ROOT"
log "running the test suite"
"$PY" -m pytest "$@"
log "linting"
make --no-print-directory lint
