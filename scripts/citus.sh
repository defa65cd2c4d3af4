#!/usr/bin/env bash
# A local Citus cluster under var/citus: a coordinator and two workers, three PostgreSQL
# instances on loopback (docs/scaling.md, "Running it on Citus").
#   citus.sh start            build Citus once (citus-build.sh), start the nodes, create the
#                             roles and the database `bourre` on every node, register the nodes
#   citus.sh stop | status
#   citus.sh createdb NAME    a database on every node with the extension and the nodes
#   citus.sh recreatedb NAME  the same, empty
#   citus.sh add-spare NAME   start the third worker and add it to database NAME (rebalancing)
#   citus.sh psql [NODE] ...  psql as the superuser on a node (coordinator, worker1, ...)
# Ports: BOURRE_CITUS_PORT (coordinator, default 5451), the workers on the next ports
# (BOURRE_CITUS_WORKERS of them, default 2), the spare worker after them.
set -euo pipefail
source "$(dirname "$0")/env.sh"

CITUS_DIR="$VAR/citus"
NODES_DIR="$CITUS_DIR/nodes"
PASSWORD_FILE="$CITUS_DIR/superuser-password"

source "$ROOT/scripts/pgnode.sh"

# name:port of the coordinator and the workers; spare() is the third worker.
nodes() {
    echo "coordinator:$CITUS_PORT"
    local i
    for ((i = 1; i <= CITUS_WORKERS; i++)); do echo "worker$i:$((CITUS_PORT + i))"; done
}
spare() { echo "worker$((CITUS_WORKERS + 1)):$((CITUS_PORT + CITUS_WORKERS + 1))"; }
node_port() { { nodes; spare; } | awk -F: -v n="$1" '$1 == n {print $2}'; }

sql() { # sql PORT DB [psql args...]
    local port="$1" db="$2"
    shift 2
    PGPASSWORD="$(cat "$PASSWORD_FILE")" "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -At \
        -h 127.0.0.1 -p "$port" -U postgres -d "$db" "$@"
}

init_node() {
    local name="$1" port="$2" data="$NODES_DIR/$1/data"
    log "initialising Citus node $name (port $port)"
    mkdir -p "$NODES_DIR/$name/run"
    if [[ "$(id -u)" == 0 ]]; then chown -R postgres:postgres "$NODES_DIR/$name"; fi
    initdb_node "$data" "$PASSWORD_FILE" "$port" "$NODES_DIR/$name/run"
    # wal_level=logical: shard moves copy with logical replication while writes go on.
    # max_prepared_transactions: Citus commits a transaction that wrote on two nodes in two
    # phases. Small buffers: four instances share the machine.
    cat >>"$data/postgresql.conf" <<CONF
shared_preload_libraries = 'citus'
max_connections = 300
shared_buffers = 64MB
max_prepared_transactions = 300
wal_level = logical
max_replication_slots = 20
max_wal_senders = 20
citus.node_conninfo = 'sslmode=disable'
CONF
}

prepare_dirs() {
    mkdir -p "$NODES_DIR"
    open_path_for_postgres "$CITUS_DIR"
    if [[ "$(id -u)" == 0 ]]; then chown postgres:postgres "$CITUS_DIR" "$NODES_DIR"; fi
    [[ -s "$PASSWORD_FILE" ]] || new_superuser_password "$PASSWORD_FILE"
}

is_running() { as_pg "$PGBIN/pg_ctl" -D "$NODES_DIR/$1/data" status >/dev/null 2>&1; }

start_node() {
    local name="$1" port="$2"
    [[ -s "$NODES_DIR/$name/data/PG_VERSION" ]] || init_node "$name" "$port"
    if [[ "$(id -u)" == 0 ]]; then chown -R postgres:postgres "$NODES_DIR/$name"; fi
    clear_stale_lock "$NODES_DIR/$name/data"
    if is_running "$name" && runs_replaced_binaries "$NODES_DIR/$name/data"; then
        log "Citus node $name runs binaries upgraded since it started: restarting it"
        as_pg "$PGBIN/pg_ctl" -D "$NODES_DIR/$name/data" -m fast -w stop >/dev/null
    fi
    is_running "$name" && return 0
    as_pg "$PGBIN/pg_ctl" -D "$NODES_DIR/$name/data" -l "$NODES_DIR/$name/postgres.log" \
        -w -t 60 start >/dev/null \
        || { tail -20 "$NODES_DIR/$name/postgres.log" >&2; die "Citus node $name did not start (port $port busy?)"; }
}

# The roles exist on every node with the same passwords; the nodes connect to each other
# as the role running the query, with the password from pg_dist_authinfo (node 0: any).
create_roles() {
    roles_sql | sql "$1" postgres
}

# Once per database and node: a worker refuses changes to it once it has the metadata.
authinfo() {
    cat <<SQL
DO \$\$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_dist_authinfo WHERE nodeid = 0 AND rolename = 'postgres') THEN
        INSERT INTO pg_dist_authinfo (nodeid, rolename, authinfo) VALUES
            (0, 'postgres', 'password=$1'),
            (0, 'bourre_owner', 'password=bourre_owner'),
            (0, 'bourre_app', 'password=bourre_app');
    END IF;
END \$\$;
SQL
}

create_database() {
    createdb_sql "$2" | sql "$1" postgres >/dev/null
}

# The database on a node with the extension, once (a worker with the metadata refuses the
# grants and the authinfo changes: they are made before the node is registered).
prepare_database() {
    local port="$1" db="$2"
    create_database "$port" "$db"
    [[ "$(sql "$port" "$db" -c "SELECT count(*) FROM pg_extension WHERE extname = 'citus'")" == 0 ]] \
        || return 0
    sql "$port" "$db" >/dev/null <<SQL
CREATE EXTENSION citus;
GRANT USAGE ON SCHEMA public TO bourre_app;
GRANT CREATE ON SCHEMA public TO bourre_owner;
$(authinfo "$(cat "$PASSWORD_FILE")")
SQL
}

# createdb NAME: the database with the extension on the coordinator and the workers, then
# the workers registered on the coordinator.
createdb_all() {
    local db="$1" name port
    while IFS=: read -r name port; do prepare_database "$port" "$db"; done < <(nodes)
    if [[ -n "${BOURRE_CITUS_SHARD_COUNT:-}" ]]; then # the shards of tables distributed later
        sql "$CITUS_PORT" postgres -c "ALTER DATABASE $db SET citus.shard_count = $BOURRE_CITUS_SHARD_COUNT" >/dev/null
    fi
    sql "$CITUS_PORT" "$db" >/dev/null <<SQL
SELECT citus_set_coordinator_host('127.0.0.1', $CITUS_PORT);
$(nodes | tail -n +2 | while IFS=: read -r name port; do
        echo "SELECT citus_add_node('127.0.0.1', $port) WHERE NOT EXISTS (SELECT 1 FROM pg_dist_node WHERE nodeport = $port);"
    done)
SQL
}

start() {
    "$ROOT/scripts/citus-build.sh"
    prepare_dirs
    local name port
    log "starting Citus: coordinator on 127.0.0.1:$CITUS_PORT, $CITUS_WORKERS workers after it"
    while IFS=: read -r name port; do start_node "$name" "$port"; done < <(nodes)
    while IFS=: read -r name port; do create_roles "$port"; done < <(nodes)
    createdb_all bourre
}

stop() {
    local name
    for dir in "$NODES_DIR"/*/; do
        [[ -d "$dir/data" ]] || continue
        name="$(basename "$dir")"
        if is_running "$name"; then
            log "stopping Citus node $name"
            as_pg "$PGBIN/pg_ctl" -D "$NODES_DIR/$name/data" -m fast -w stop >/dev/null
        fi
    done
}

dropdb_all() {
    local db="$1" name port
    while IFS=: read -r name port; do
        is_running "$name" || continue
        sql "$port" postgres -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null
    done < <(nodes; spare)
}

add_spare() {
    local db="$1" name port
    IFS=: read -r name port < <(spare)
    start_node "$name" "$port"
    create_roles "$port"
    prepare_database "$port" "$db"
    sql "$CITUS_PORT" "$db" -c "SELECT citus_add_node('127.0.0.1', $port) WHERE NOT EXISTS (SELECT 1 FROM pg_dist_node WHERE nodeport = $port)" >/dev/null
}

case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    status)
        while IFS=: read -r name port; do
            is_running "$name" || { echo stopped; exit 3; }
        done < <(nodes)
        echo running
        ;;
    createdb) createdb_all "$2" ;;
    recreatedb) dropdb_all "$2"; createdb_all "$2" ;;
    dropdb) dropdb_all "$2" ;;
    add-spare) add_spare "$2" ;;
    port) node_port "$2" ;;
    psql) node="${2:-coordinator}"; shift $(($# < 2 ? $# : 2)); sql "$(node_port "$node")" bourre "$@" ;;
    *) die "usage: citus.sh start|stop|status|createdb NAME|recreatedb NAME|dropdb NAME|add-spare NAME|port NODE|psql [NODE]" ;;
esac
