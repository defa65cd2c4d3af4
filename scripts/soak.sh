#!/usr/bin/env bash
# make soak: the fault soak for minutes (tests/faults/test_soak.py; docs/operations.md, "The
# fault soak"): 8 tables logging through nginx while a gunicorn worker, uvicorn, the Celery
# worker, Redis and PostgreSQL are each killed (kill -9) and started again, in turn, for
# BOURRE_SOAK_SECONDS (300 by default), then 50,000 POSTs over 16 keep-alive connections
# (tests/faults/test_keepalive.py); `make test` runs the short forms (one round; 15,000).
# It kills this checkout's own PostgreSQL and Redis: run it on nothing else's.
set -euo pipefail
source "$(dirname "$0")/env.sh"
source "$ROOT/scripts/services.sh"
trap services_down EXIT
services_up
cd "$ROOT"
export BOURRE_SOAK_SECONDS="${BOURRE_SOAK_SECONDS:-300}"
# And the keep-alive test at full size (tests/faults/test_keepalive.py; `make test` sends
# 15,000 of them).
export BOURRE_KEEPALIVE_POSTS="${BOURRE_KEEPALIVE_POSTS:-50000}"
log "the fault soak: $BOURRE_SOAK_SECONDS s of faults, then $BOURRE_KEEPALIVE_POSTS POSTs kept alive"
"$PY" -m pytest -s -p no:cacheprovider tests/faults/test_soak.py tests/faults/test_keepalive.py
