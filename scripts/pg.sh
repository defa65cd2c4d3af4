#!/usr/bin/env bash
# The project-local PostgreSQL cluster under var/pg: start | stop | status | psql.
# As root the server runs as the unprivileged `postgres` user (Postgres refuses root).
set -euo pipefail
source "$(dirname "$0")/env.sh"

source "$ROOT/scripts/pgnode.sh"

is_running() { as_pg "$PGBIN/pg_ctl" -D "$PGDATA_LOCAL" status >/dev/null 2>&1; }

superuser_psql() {
    PGPASSWORD="$(cat "$PG_SUPERUSER_PASSWORD_FILE")" "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 \
        -h 127.0.0.1 -p "$PGPORT_LOCAL" -U postgres "$@"
}

init_cluster() {
    log "initialising PostgreSQL cluster in var/pg/data"
    mkdir -p "$VAR/pg" "$PGSOCKET_LOCAL"
    open_path_for_postgres "$VAR/pg"
    if [[ "$(id -u)" == 0 ]]; then chown -R postgres:postgres "$VAR/pg"; fi
    new_superuser_password "$PG_SUPERUSER_PASSWORD_FILE"
    initdb_node "$PGDATA_LOCAL" "$PG_SUPERUSER_PASSWORD_FILE" "$PGPORT_LOCAL" "$PGSOCKET_LOCAL"
    cat >>"$PGDATA_LOCAL/postgresql.conf" <<CONF
max_connections = 200
shared_buffers = 128MB
CONF
}

create_roles() {
    { roles_sql; createdb_sql bourre; } | superuser_psql -d postgres
}

start() {
    [[ -x "$PGBIN/postgres" ]] || die "PostgreSQL 15 binaries not found in $PGBIN (set PGBIN)"
    [[ -s "$PGDATA_LOCAL/PG_VERSION" ]] || init_cluster
    clear_stale_lock "$PGDATA_LOCAL"
    if is_running && runs_replaced_binaries "$PGDATA_LOCAL"; then
        log "PostgreSQL's binaries were upgraded under the running server: restarting it"
        stop
    fi
    if is_running; then
        log "PostgreSQL already running on 127.0.0.1:$PGPORT_LOCAL"
        return 0
    fi
    log "starting PostgreSQL on 127.0.0.1:$PGPORT_LOCAL"
    if [[ "$(id -u)" == 0 ]]; then
        touch "$PGLOG_LOCAL" && chown postgres "$PGLOG_LOCAL"
    fi
    as_pg "$PGBIN/pg_ctl" -D "$PGDATA_LOCAL" -l "$PGLOG_LOCAL" -w -t 60 start >/dev/null \
        || { tail -20 "$PGLOG_LOCAL" >&2; die "PostgreSQL did not start (port $PGPORT_LOCAL busy?)"; }
    create_roles
}

stop() {
    if is_running; then
        log "stopping PostgreSQL"
        as_pg "$PGBIN/pg_ctl" -D "$PGDATA_LOCAL" -m fast -w stop >/dev/null
    fi
}

case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    status) is_running && echo running || { echo stopped; exit 3; } ;;
    psql) shift; superuser_psql -d bourre "$@" ;;
    createdb)
        createdb_sql "$2" | superuser_psql -d postgres
        ;;
    recreatedb)  # an empty database of that name, whatever was in it
        echo "DROP DATABASE IF EXISTS $2 WITH (FORCE)" | superuser_psql -d postgres >/dev/null
        "$0" createdb "$2"
        ;;
    *) die "usage: pg.sh start|stop|status|psql|createdb NAME|recreatedb NAME" ;;
esac
