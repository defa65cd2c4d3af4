# Sourced by the other scripts: paths, ports and the URLs everything connects with.
# DATABASE_URL / REDIS_URL already in the environment mean "use those servers, start nothing".
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT
VAR="$ROOT/var"
PGBIN="${PGBIN:-/usr/lib/postgresql/15/bin}"
PGPORT_LOCAL="${BOURRE_PG_PORT:-5433}"
REDIS_PORT_LOCAL="${BOURRE_REDIS_PORT:-6380}"
PGDATA_LOCAL="$VAR/pg/data"
PGSOCKET_LOCAL="$VAR/pg/run"
PGLOG_LOCAL="$VAR/pg/postgres.log"
PG_SUPERUSER_PASSWORD_FILE="$VAR/pg/superuser-password"
REDIS_DIR_LOCAL="$VAR/redis"
# BOURRE_CITUS=1: the database is the local Citus cluster's coordinator (scripts/citus.sh),
# not the single PostgreSQL in var/pg.
BOURRE_CITUS="${BOURRE_CITUS:-0}"
CITUS_PORT="${BOURRE_CITUS_PORT:-5451}"
CITUS_WORKERS="${BOURRE_CITUS_WORKERS:-2}"
export BOURRE_CITUS
VENV="$ROOT/.venv"
PY="$VENV/bin/python"

if [[ -n "${DATABASE_URL:-}" ]]; then
    BOURRE_EXTERNAL_DB=1
else
    BOURRE_EXTERNAL_DB=0
    DB_PORT_LOCAL="$PGPORT_LOCAL"
    [[ "$BOURRE_CITUS" == 1 ]] && DB_PORT_LOCAL="$CITUS_PORT"
    export DATABASE_URL="postgres://bourre_app:bourre_app@127.0.0.1:$DB_PORT_LOCAL/bourre"
    export DATABASE_OWNER_URL="postgres://bourre_owner:bourre_owner@127.0.0.1:$DB_PORT_LOCAL/bourre"
fi
if [[ -n "${REDIS_URL:-}" ]]; then
    BOURRE_EXTERNAL_REDIS=1
else
    BOURRE_EXTERNAL_REDIS=0
    export REDIS_URL="redis://127.0.0.1:$REDIS_PORT_LOCAL/0"
fi

# The connection budget of the front and the live server (docs/operations.md, "Live
# streams"): open streams in all, from one address, on one viewer link; the other
# connections nginx keeps room for (pages, the API, slow and idle clients). nginx's
# worker_connections and uvicorn's --limit-concurrency are derived from these.
STREAMS_MAX="${BOURRE_STREAMS_MAX:-2000}"
STREAMS_PER_ADDRESS="${BOURRE_STREAMS_PER_ADDRESS:-32}"
STREAMS_PER_LINK="${BOURRE_STREAMS_PER_LINK:-64}"
FRONT_CONNECTIONS="${BOURRE_FRONT_CONNECTIONS:-1024}"
# Idle keep-alive: nginx's to clients, and nginx's to gunicorn (gunicorn's own is three
# times that, bourre_site/gunicorn_conf.py: nginx always closes first, decision record 0034).
CLIENT_KEEPALIVE="${BOURRE_CLIENT_KEEPALIVE:-30}"
UPSTREAM_KEEPALIVE="${BOURRE_UPSTREAM_KEEPALIVE:-20}"

# Whether process PID is gone or only a zombie. A server killed with `kill -9` stays a zombie
# until its parent reaps it; a daemon's parent is PID 1, which in a container may be an agent
# that reaps late, and meanwhile `kill -0 PID` (and so pg_ctl, and Redis's pid file) says it
# runs.
process_gone() {
    local state
    state="$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)"
    [[ -z "$state" || "$state" == Z ]]
}

log() { printf '\033[1m[bourre]\033[0m %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# Services are shared by every make run/test of this checkout: each registers its pid, and
# only the last one out stops the servers it found stopped.
USERS_DIR="$VAR/run/users"
register_user() { mkdir -p "$USERS_DIR"; echo "$$" >"$USERS_DIR/$$"; }
other_live_users() {
    local f pid
    for f in "$USERS_DIR"/*; do
        [[ -e "$f" ]] || continue
        pid="$(basename "$f")"
        [[ "$pid" == "$$" ]] && continue
        if kill -0 "$pid" 2>/dev/null; then return 0; else rm -f "$f"; fi
    done
    return 1
}
unregister_user() { rm -f "$USERS_DIR/$$"; }
