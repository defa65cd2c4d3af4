#!/usr/bin/env bash
# The project-local Redis on 127.0.0.1 (Debian's redis-server, installed with apt if missing).
# Append-only persistence (fsync every second): queued Celery messages survive a restart.
# (Job rows in Postgres are the truth either way; the sweeps re-send what Redis lost.)
set -euo pipefail
source "$(dirname "$0")/env.sh"
PIDFILE="$REDIS_DIR_LOCAL/redis.pid"

is_running() { [[ -s "$PIDFILE" ]] && ! process_gone "$(cat "$PIDFILE")"; }

install() {
    command -v redis-server >/dev/null && return 0
    [[ "$(id -u)" == 0 ]] || die "redis-server is missing; install it (apt-get install redis-server)"
    log "installing redis-server with apt"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends redis-server >/dev/null
    # Debian's package may start a system instance on 6379; ours is separate, leave it be.
}

start() {
    install
    if is_running; then
        log "Redis already running on 127.0.0.1:$REDIS_PORT_LOCAL"
        return 0
    fi
    mkdir -p "$REDIS_DIR_LOCAL"
    log "starting Redis on 127.0.0.1:$REDIS_PORT_LOCAL"
    redis-server --bind 127.0.0.1 --port "$REDIS_PORT_LOCAL" --daemonize yes \
        --pidfile "$PIDFILE" --dir "$REDIS_DIR_LOCAL" --logfile "$REDIS_DIR_LOCAL/redis.log" \
        --save "" --appendonly yes --appendfsync everysec --appendfilename appendonly.aof
    for _ in $(seq 50); do
        # PONG only once the append-only file is loaded (before: "LOADING ...").
        [[ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT_LOCAL" ping 2>/dev/null)" == PONG ]] && return 0
        sleep 0.1
    done
    die "Redis did not start (port $REDIS_PORT_LOCAL busy?)"
}

stop() {
    if is_running; then
        log "stopping Redis"
        kill "$(cat "$PIDFILE")"
        for _ in $(seq 50); do is_running || break; sleep 0.1; done
        rm -f "$PIDFILE"
    fi
}

case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    status) is_running && echo running || { echo stopped; exit 3; } ;;
    *) die "usage: redis.sh start|stop|status" ;;
esac
