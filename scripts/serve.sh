#!/usr/bin/env bash
# Serve: nginx on BOURRE_HOST:BOURRE_PORT (scripts/nginx.conf.template, rendered into
# var/run/nginx-PORT/) in front of gunicorn (bourre_site/gunicorn_conf.py) on a unix socket and
# uvicorn (the live streams) on another, a Celery worker and beat, until one exits or a signal
# stops them all. nginx reads every request whole before gunicorn sees it, so slow clients
# never hold an application thread (docs/operations.md, "Serving"). `make run` runs this after
# the set-up; the HTTP benchmark runs it as is (BOURRE_PORT) so it measures what `make run` serves.
set -euo pipefail
source "$(dirname "$0")/env.sh"
HOST="${BOURRE_HOST:-127.0.0.1}"
PORT="${BOURRE_PORT:-8000}"
export BOURRE_HOST="$HOST" BOURRE_PORT="$PORT"
export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-bourre_site.settings.local}"
# This checkout's code first: the celery command only puts the working directory on the
# path while it finds the app, so without this the worker and beat would import the rest
# from wherever the virtualenv's editable install points (another checkout sharing it).
export PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"
mkdir -p "$VAR/run"
cd "$ROOT"
pids=()

stop_all() {
    trap - INT TERM EXIT
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop_all EXIT
trap 'exit 130' INT TERM

"$ROOT/scripts/nginx.sh" install
# The sockets: gunicorn's here; the ASGI server's (the live views) beside it.
GUNICORN_SOCKET="$VAR/run/gunicorn-$PORT.sock"
ASGI_SOCKET="$VAR/run/asgi-$PORT.sock"
NGINX_CONF="$("$ROOT/scripts/nginx.sh" render "$VAR/run/nginx-$PORT" "$HOST:$PORT" \
    "unix:$GUNICORN_SOCKET" "unix:$ASGI_SOCKET")"

# WhiteNoise serves the admin's, the docs pages' and the app's assets from var/static.
"$PY" manage.py collectstatic --noinput -v 0
BOURRE_GUNICORN_BIND="unix:$GUNICORN_SOCKET" \
    "$VENV/bin/gunicorn" bourre_site.wsgi:application --config bourre_site/gunicorn_conf.py &
pids+=($!)
"${BOURRE_NGINX:-/usr/sbin/nginx}" -e "$VAR/run/nginx-$PORT/error.log" -c "$NGINX_CONF" &
pids+=($!)
# The live app (bourre_site/asgi.py, docs/ui.md "Live views"): the Server-Sent Events streams
# of /live/ and /api/v1/tables/{id}/stream, each held open as a coroutine rather than one of
# gunicorn's threads; nginx passes those paths to this socket. An open stream never ends on
# its own, so shutdown waits for them only briefly (browsers reconnect and resume).
rm -f "$ASGI_SOCKET"
"$VENV/bin/uvicorn" bourre_site.asgi:application --uds "$ASGI_SOCKET" --lifespan off \
    --no-access-log --timeout-graceful-shutdown 3 --log-level warning &
pids+=($!)
"$VENV/bin/celery" -A bourre_site worker --loglevel INFO --concurrency 2 \
    --hostname "bourre-$PORT@%h" &
pids+=($!)
"$VENV/bin/celery" -A bourre_site beat --loglevel INFO \
    --schedule "$VAR/run/celerybeat-$PORT-schedule" --pidfile "$VAR/run/celerybeat-$PORT.pid" &
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

$(sed 's/^/  /' <<<"${BOURRE_SIGN_IN:-}")

MSG
wait -n "${pids[@]}"
die "a process exited unexpectedly"
