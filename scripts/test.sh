#!/usr/bin/env bash
# make test: set everything up, run the whole suite on real PostgreSQL, then the linters.
# The suite runs in two parts (docs/testing.md): every test not marked `alone` on
# BOURRE_TEST_WORKERS pytest-xdist workers (2 by default: a 2-core machine), then the tests
# marked `alone` (tests/alone.py: they restart what the workers share, or measure a time)
# one after the other in one process. Arguments (`make test ARGS=...` or
# `scripts/test.sh tests/x.py -k y`) run just those tests, in one process, instead.
set -euo pipefail
source "$(dirname "$0")/env.sh"
source "$ROOT/scripts/services.sh"
trap services_down EXIT
services_up
"$ROOT/scripts/browser.sh"
"$ROOT/scripts/go.sh"
cd "$ROOT"
# Compiled modules (and pytest's rewritten test modules) kept in var/pycache between runs and
# shared by every process the suite starts (xdist workers, manage.py, gunicorn, Celery):
# with PYTHONDONTWRITEBYTECODE (set in the Docker image) each recompiled them all.
unset PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX="$VAR/pycache"
if [[ $# -gt 0 ]]; then
    log "running the tests: $*"
    "$PY" -m pytest "$@"
else
    workers="${BOURRE_TEST_WORKERS:-2}"
    status=0
    log "running the test suite on $workers workers (all but the tests marked alone)"
    "$PY" -m pytest -n "$workers" --dist loadfile -m "not alone" --durations=30 || status=$?
    log "running the tests marked alone, one at a time"
    "$PY" -m pytest -m alone --durations=10 || status=$?
    if [[ "$status" != 0 ]]; then
        log "the test suite failed (see the failures above)"
        exit "$status"
    fi
fi
log "linting"
make --no-print-directory lint
