#!/usr/bin/env bash
# make soak: the fault soak for minutes (tests/faults/test_soak.py; docs/operations.md, "The
# fault soak"): 8 tables logging through nginx while a gunicorn worker, uvicorn, the Celery
# worker, Redis and PostgreSQL are each killed (kill -9) and started again, in turn, for
# BOURRE_SOAK_SECONDS (300 by default); `make test` runs the short form (one round).
# It kills this checkout's own PostgreSQL and Redis: run it on nothing else's.
set -euo pipefail
source "$(dirname "$0")/env.sh"
source "$ROOT/scripts/services.sh"
trap services_down EXIT
services_up
cd "$ROOT"
export BOURRE_SOAK_SECONDS="${BOURRE_SOAK_SECONDS:-300}"
log "the fault soak: $BOURRE_SOAK_SECONDS s of faults"
"$PY" -m pytest -s -p no:cacheprovider tests/faults/test_soak.py
