#!/usr/bin/env bash
# make run: set everything up, then serve the API, a Celery worker and beat until Ctrl-C
# (scripts/serve.sh, which the HTTP benchmark runs too).
set -euo pipefail
source "$(dirname "$0")/env.sh"
source "$ROOT/scripts/services.sh"

shutdown() {
    trap - INT TERM EXIT
    log "stopping"
    if [[ -n "${serve:-}" ]]; then
        kill -TERM "$serve" 2>/dev/null || true
        wait "$serve" 2>/dev/null || true
    fi
    services_down
}
trap shutdown EXIT
trap 'exit 130' INT TERM

services_up
"$ROOT/scripts/serve.sh" &
serve=$!
wait "$serve"
