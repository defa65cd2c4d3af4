# Sourced: bring up what the service needs (venv, Postgres, Redis, migrations) and take it
# down again when the last make run/test of this checkout exits.
LOCK="$VAR/run/lock"

services_up() {
    mkdir -p "$VAR/run"
    "$ROOT/scripts/venv.sh"
    "$ROOT/scripts/catalogues.sh"
    (
        flock 9
        register_user
        local db_script="$ROOT/scripts/pg.sh" db_stop="$VAR/run/pg.autostop"
        if [[ "$BOURRE_CITUS" == 1 ]]; then
            db_script="$ROOT/scripts/citus.sh" db_stop="$VAR/run/citus.autostop"
        fi
        if [[ "$BOURRE_EXTERNAL_DB" == 0 ]] && ! "$db_script" status >/dev/null; then
            "$db_script" start 9>&-
            touch "$db_stop"
        elif [[ "$BOURRE_EXTERNAL_DB" == 0 ]]; then
            "$db_script" start 9>&-
        fi
        if [[ "$BOURRE_EXTERNAL_REDIS" == 0 ]] && ! "$ROOT/scripts/redis.sh" status >/dev/null; then
            "$ROOT/scripts/redis.sh" start 9>&-
            touch "$VAR/run/redis.autostop"
        fi
    ) 9>"$LOCK"
    if [[ "$BOURRE_EXTERNAL_DB" == 0 && "$BOURRE_CITUS" == 1 ]]; then
        DATABASE_SUPERUSER_URL="postgres://postgres:$(cat "$VAR/citus/superuser-password")@127.0.0.1:$CITUS_PORT/postgres"
        export DATABASE_SUPERUSER_URL
    elif [[ "$BOURRE_EXTERNAL_DB" == 0 ]]; then
        DATABASE_SUPERUSER_URL="postgres://postgres:$(cat "$PG_SUPERUSER_PASSWORD_FILE")@127.0.0.1:$PGPORT_LOCAL/postgres"
        export DATABASE_SUPERUSER_URL
    fi
    log "migrating as the owner role"
    (cd "$ROOT" && DJANGO_DB_ROLE=owner "$PY" manage.py migrate --noinput -v 0)
}

services_down() {
    (
        flock 9
        unregister_user
        if ! other_live_users; then
            if [[ -e "$VAR/run/citus.autostop" ]]; then
                "$ROOT/scripts/citus.sh" stop 9>&- || true
                rm -f "$VAR/run/citus.autostop"
            fi
            if [[ -e "$VAR/run/pg.autostop" ]]; then
                "$ROOT/scripts/pg.sh" stop 9>&- || true
                rm -f "$VAR/run/pg.autostop"
            fi
            if [[ -e "$VAR/run/redis.autostop" ]]; then
                "$ROOT/scripts/redis.sh" stop 9>&- || true
                rm -f "$VAR/run/redis.autostop"
            fi
        fi
    ) 9>"$LOCK"
}
