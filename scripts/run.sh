#!/usr/bin/env bash
# make run: set everything up, then serve the API, a Celery worker and beat until Ctrl-C.
set -euo pipefail
source "$(dirname "$0")/env.sh"
source "$ROOT/scripts/services.sh"
HOST="${BOURRE_HOST:-127.0.0.1}"
PORT="${BOURRE_PORT:-8000}"
pids=()

shutdown() {
    trap - INT TERM EXIT
    log "stopping"
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    services_down
}
trap shutdown EXIT
trap 'exit 130' INT TERM

services_up
cd "$ROOT"
export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-bourre_site.settings.local}"
# WhiteNoise serves the admin's, the docs pages' and the app's assets from var/static.
"$PY" manage.py collectstatic --noinput -v 0
# A first club and admin member when there is none, so the printed credentials sign in.
SIGN_IN="$(BOURRE_HOST="$HOST" BOURRE_PORT="$PORT" "$PY" manage.py ensure_first_club)"
"$VENV/bin/gunicorn" bourre_site.wsgi:application --bind "$HOST:$PORT" --workers 2 \
    --access-logfile - &
pids+=($!)
"$VENV/bin/celery" -A bourre_site worker --loglevel INFO --concurrency 2 &
pids+=($!)
"$VENV/bin/celery" -A bourre_site beat --loglevel INFO \
    --schedule "$VAR/run/celerybeat-schedule" --pidfile "$VAR/run/celerybeat.pid" &
pids+=($!)

for _ in $(seq 100); do
    curl -fsS "http://$HOST:$PORT/health/" >/dev/null 2>&1 && break
    sleep 0.2
done
cat >&2 <<MSG

  Bourré referee is running (Ctrl-C stops it)
    App       http://$HOST:$PORT/app/
    API       http://$HOST:$PORT/api/v1/
    Docs      http://$HOST:$PORT/api/docs/
    ReDoc     http://$HOST:$PORT/api/redoc/
    Schema    http://$HOST:$PORT/api/schema/

$(sed 's/^/  /' <<<"$SIGN_IN")

MSG
wait -n "${pids[@]}"
die "a process exited unexpectedly"
