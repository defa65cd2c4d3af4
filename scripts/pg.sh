#!/usr/bin/env bash
# The project-local PostgreSQL cluster under var/pg: start | stop | status | psql.
# As root the server runs as the unprivileged `postgres` user (Postgres refuses root).
set -euo pipefail
source "$(dirname "$0")/env.sh"

as_pg() {
    if [[ "$(id -u)" == 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

is_running() { as_pg "$PGBIN/pg_ctl" -D "$PGDATA_LOCAL" status >/dev/null 2>&1; }

superuser_psql() {
    PGPASSWORD="$(cat "$PG_SUPERUSER_PASSWORD_FILE")" "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 \
        -h 127.0.0.1 -p "$PGPORT_LOCAL" -U postgres "$@"
}

init_cluster() {
    log "initialising PostgreSQL cluster in var/pg/data"
    mkdir -p "$VAR/pg" "$PGSOCKET_LOCAL"
    if [[ "$(id -u)" == 0 ]]; then
        # The postgres user must be able to reach var/pg through every parent directory.
        local dir="$VAR/pg"
        while [[ "$dir" != "/" ]]; do chmod o+x "$dir" 2>/dev/null || true; dir="$(dirname "$dir")"; done
        chown -R postgres:postgres "$VAR/pg"
    fi
    umask 077
    head -c 24 /dev/urandom | base64 | tr -d '/+=' >"$PG_SUPERUSER_PASSWORD_FILE"
    [[ "$(id -u)" == 0 ]] && chown postgres "$PG_SUPERUSER_PASSWORD_FILE"
    as_pg "$PGBIN/initdb" -D "$PGDATA_LOCAL" -U postgres --pwfile="$PG_SUPERUSER_PASSWORD_FILE" \
        -E UTF8 --locale=C.UTF-8 --auth-local=peer --auth-host=scram-sha-256 >/dev/null
    cat >>"$PGDATA_LOCAL/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PGPORT_LOCAL
unix_socket_directories = '$PGSOCKET_LOCAL'
max_connections = 200
shared_buffers = 128MB
CONF
}

create_roles() {
    superuser_psql -d postgres <<'SQL'
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bourre_owner') THEN
        CREATE ROLE bourre_owner LOGIN CREATEDB PASSWORD 'bourre_owner';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bourre_app') THEN
        CREATE ROLE bourre_app LOGIN PASSWORD 'bourre_app';
    END IF;
END $$;
SELECT 'CREATE DATABASE bourre OWNER bourre_owner'
    WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'bourre') \gexec
SQL
}

start() {
    [[ -x "$PGBIN/postgres" ]] || die "PostgreSQL 15 binaries not found in $PGBIN (set PGBIN)"
    [[ -s "$PGDATA_LOCAL/PG_VERSION" ]] || init_cluster
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
        echo "SELECT 'CREATE DATABASE $2 OWNER bourre_owner' WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = '$2') \\gexec" \
            | superuser_psql -d postgres
        ;;
    recreatedb)  # an empty database of that name, whatever was in it
        echo "DROP DATABASE IF EXISTS $2 WITH (FORCE)" | superuser_psql -d postgres >/dev/null
        "$0" createdb "$2"
        ;;
    *) die "usage: pg.sh start|stop|status|psql|createdb NAME|recreatedb NAME" ;;
esac
