#!/usr/bin/env bash
# Serve: nginx on BOURRE_HOST:BOURRE_PORT (scripts/nginx.conf.template, rendered into
# var/run/nginx-PORT/) in front of gunicorn (bourre_site/gunicorn_conf.py) on a unix socket and
# uvicorn (the live streams) on another, a Celery worker and beat, each started again if it
# dies, until a signal stops them all. nginx reads every request whole before gunicorn sees it, so slow clients
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

# The sockets: gunicorn's here; the ASGI server's (the live views) beside it.
GUNICORN_SOCKET="$VAR/run/gunicorn-$PORT.sock"
ASGI_SOCKET="$VAR/run/asgi-$PORT.sock"
# Each open stream is a socket of uvicorn's (and its database and Redis connections a few
# more): the open files allowed must hold the stream budget (scripts/env.sh).
NOFILE=$((STREAMS_MAX + FRONT_CONNECTIONS + 1024))
if (( $(ulimit -n) < NOFILE )); then
    ulimit -n "$NOFILE" 2>/dev/null || die "open files are limited to $(ulimit -Hn), under \
the $NOFILE that $STREAMS_MAX streams need (BOURRE_STREAMS_MAX): raise the limit, or the streams'"
fi

run_gunicorn() {
    BOURRE_GUNICORN_BIND="unix:$GUNICORN_SOCKET" \
        exec "$VENV/bin/gunicorn" bourre_site.wsgi:application --config bourre_site/gunicorn_conf.py
}
run_nginx() {
    exec "${BOURRE_NGINX:-/usr/sbin/nginx}" -e "$VAR/run/nginx-$PORT/error.log" -c "$NGINX_CONF"
}
# The live app (bourre_site/asgi.py, docs/ui.md "Live views"): the Server-Sent Events streams
# of /live/ and /api/v1/tables/{id}/stream, each held open as a coroutine rather than one of
# gunicorn's threads; nginx passes those paths to this socket. An open stream never ends on
# its own, so shutdown waits for them only briefly (browsers reconnect and resume). nginx
# lets at most STREAMS_MAX streams through; uvicorn's own bound is a little above it.
run_uvicorn() {
    rm -f "$ASGI_SOCKET"
    exec "$VENV/bin/uvicorn" bourre_site.asgi:application --uds "$ASGI_SOCKET" --lifespan off \
        --no-access-log --timeout-graceful-shutdown 3 --log-level warning \
        --limit-concurrency $((STREAMS_MAX + 64)) --backlog 2048
}
run_worker() {
    exec "$VENV/bin/celery" -A bourre_site worker --loglevel INFO --concurrency 2 \
        --hostname "bourre-$PORT@%h"
}
run_beat() {
    exec "$VENV/bin/celery" -A bourre_site beat --loglevel INFO \
        --schedule "$VAR/run/celerybeat-$PORT-schedule" --pidfile "$VAR/run/celerybeat-$PORT.pid"
}

declare -A pid_of started_at
stopping=0

launch() {
    "run_$1" &
    pid_of[$1]=$!
    started_at[$1]=$SECONDS
}

stop_all() {
    stopping=1
    trap - INT TERM EXIT
    for pid in "${pid_of[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pid_of[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop_all EXIT
trap 'exit 130' INT TERM

"$ROOT/scripts/nginx.sh" install
NGINX_CONF="$("$ROOT/scripts/nginx.sh" render "$VAR/run/nginx-$PORT" "$HOST:$PORT" \
    "unix:$GUNICORN_SOCKET" "unix:$ASGI_SOCKET")"

# WhiteNoise serves the admin's, the docs pages' and the app's assets from var/static.
"$PY" manage.py collectstatic --noinput -v 0
for name in gunicorn nginx uvicorn worker beat; do launch "$name"; done

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
# A process that dies is started again, as a supervisor (systemd, compose's `restart`) does
# in production: a killed uvicorn or Celery worker comes back (tests/faults/test_soak.py
# kills each), and its clients reconnect. One that dies within 10 s of its start is broken,
# not killed: everything stops.
while true; do
    status=0
    wait -n -p gone "${pid_of[@]}" || status=$?
    ((stopping == 0)) || break
    for name in "${!pid_of[@]}"; do
        [[ "${pid_of[$name]}" == "${gone:-}" ]] || continue
        ((SECONDS - started_at[$name] >= 10)) || die "$name exited ($status) within 10 s of its start"
        log "$name exited ($status); starting it again"
        launch "$name"
    done
done
