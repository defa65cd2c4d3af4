# Sourced by pg.sh and citus.sh: what one PostgreSQL instance of ours needs, whichever
# cluster it belongs to (the single node in var/pg, or a Citus node in var/citus).
# As root the server runs as the unprivileged `postgres` user (Postgres refuses root).

as_pg() {
    if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# A postmaster killed and not yet reaped (process_gone, env.sh) leaves its pid in DATA's lock
# file, and the server refuses to start while that pid answers `kill -0`: the file is stale,
# so it goes (the server still refuses to start while a backend of the old one holds its
# shared memory).
clear_stale_lock() {
    local pid
    pid="$(head -1 "$1/postmaster.pid" 2>/dev/null)" || return 0
    if [[ -n "$pid" ]] && process_gone "$pid"; then rm -f "$1/postmaster.pid"; fi
}

# The postgres user must be able to reach DIR through every parent directory.
open_path_for_postgres() {
    [[ "$(id -u)" == 0 ]] || return 0
    local dir="$1"
    while [[ "$dir" != "/" ]]; do chmod o+x "$dir" 2>/dev/null || true; dir="$(dirname "$dir")"; done
}

# A new random superuser password in FILE, readable by the server's user only.
new_superuser_password() {
    (umask 077 && head -c 24 /dev/urandom | base64 | tr -d '/+=' >"$1")
    if [[ "$(id -u)" == 0 ]]; then chown postgres "$1"; fi
}

# initdb_node DATA PASSWORD_FILE PORT SOCKET_DIR: a cluster with the same encoding, locale and
# authentication on every node, listening on loopback only; the caller appends its own settings.
initdb_node() {
    local data="$1" password_file="$2" port="$3" socket_dir="$4"
    as_pg "$PGBIN/initdb" -D "$data" -U postgres --pwfile="$password_file" -E UTF8 \
        --locale=C.UTF-8 --auth-local=peer --auth-host=scram-sha-256 >/dev/null
    cat >>"$data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$socket_dir'
CONF
}

# The two roles every node has (local passwords: these clusters listen on loopback only):
# the owner (migrations) and the app (a role that cannot change the log).
roles_sql() {
    cat <<'SQL'
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bourre_owner') THEN
        CREATE ROLE bourre_owner LOGIN CREATEDB PASSWORD 'bourre_owner';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bourre_app') THEN
        CREATE ROLE bourre_app LOGIN PASSWORD 'bourre_app';
    END IF;
END $$;
SQL
}

# The statement that creates database $1 owned by the owner role, only if it is missing (\gexec).
createdb_sql() {
    echo "SELECT 'CREATE DATABASE $1 OWNER bourre_owner' WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = '$1') \\gexec"
}

# Whether the server running on DATA runs binaries that were replaced since it started (its
# executable shows as deleted): apt upgrading postgresql-15, as installing the Citus build's
# postgresql-server-dev-15 does, leaves it running the old postgres while new sessions load
# the new plpgsql.so ("undefined symbol"). Such a server must be restarted.
runs_replaced_binaries() {
    local pid
    pid="$(head -1 "$1/postmaster.pid" 2>/dev/null)" || return 1
    [[ "$(readlink "/proc/$pid/exe" 2>/dev/null)" == *" (deleted)" ]]
}
