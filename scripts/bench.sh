#!/usr/bin/env bash
# make bench: set everything up, then print the summary of every target (bench/summary.py),
# or run the named benchmarks' detailed tables (BENCH=eventstore ..., BENCH=all). BENCH_QUICK=1: small.
# On the local cluster they write to their own database, bourre_bench, not the dev log.
set -euo pipefail
source "$(dirname "$0")/env.sh"
source "$ROOT/scripts/services.sh"
trap services_down EXIT
services_up
cd "$ROOT"
if [[ "$BOURRE_EXTERNAL_DB" == 0 ]]; then
    # Empty at every run: both the log and the bare INSERT's table start from nothing, so
    # runs compare with each other (a log grown by earlier runs made appends slower run
    # after run while the baseline's table stayed small; docs/performance.md, "The summary").
    "$ROOT/scripts/pg.sh" recreatedb bourre_bench
    export DATABASE_URL="${DATABASE_URL%/*}/bourre_bench"
    export DATABASE_OWNER_URL="${DATABASE_OWNER_URL%/*}/bourre_bench"
    DJANGO_DB_ROLE=owner "$PY" manage.py migrate --noinput -v 0
fi
if [[ " $* " == *" citus "* ]]; then
    # BENCH=citus: the same appends on the local Citus cluster, beside the single node.
    [[ "$BOURRE_EXTERNAL_DB" == 0 ]] || die "BENCH=citus compares the local servers: unset DATABASE_URL"
    if ! "$ROOT/scripts/citus.sh" status >/dev/null; then
        trap '"$ROOT/scripts/citus.sh" stop; services_down' EXIT
    fi
    "$ROOT/scripts/citus.sh" start
    "$ROOT/scripts/citus.sh" recreatedb bourre_bench
    export BENCH_SINGLE_URL="$DATABASE_URL"
    export BENCH_CITUS_URL="postgres://bourre_app:bourre_app@127.0.0.1:$CITUS_PORT/bourre_bench"
    DATABASE_URL="$BENCH_CITUS_URL" DJANGO_DB_ROLE=owner \
        DATABASE_OWNER_URL="postgres://bourre_owner:bourre_owner@127.0.0.1:$CITUS_PORT/bourre_bench" \
        "$PY" manage.py migrate --noinput -v 0
fi
if [[ "$BOURRE_EXTERNAL_REDIS" == 0 ]]; then
    # The benchmark's server has its own broker database: a `make run` beside it keeps its queue.
    export REDIS_URL="${REDIS_URL%/*}/2"
fi
"$PY" -m bench "$@"
