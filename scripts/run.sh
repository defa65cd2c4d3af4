#!/usr/bin/env bash
# make run: set everything up, then serve the app and the API, a Celery worker and beat until Ctrl-C
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
# A first club and admin member when there is none, so the credentials serve.sh prints
# sign in to the app.
BOURRE_SIGN_IN="$(cd "$ROOT" && BOURRE_HOST="${BOURRE_HOST:-127.0.0.1}" \
    BOURRE_PORT="${BOURRE_PORT:-8000}" "$PY" manage.py ensure_first_club)"
export BOURRE_SIGN_IN
"$ROOT/scripts/serve.sh" &
serve=$!
wait "$serve"
