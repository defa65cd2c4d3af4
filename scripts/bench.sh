#!/usr/bin/env bash
# make bench: set everything up, then run the benchmarks (all, or those named: BENCH=...).
# On the local cluster they write to their own database, bourre_bench, not the dev log.
set -euo pipefail
source "$(dirname "$0")/env.sh"
source "$ROOT/scripts/services.sh"
trap services_down EXIT
services_up
cd "$ROOT"
if [[ "$BOURRE_EXTERNAL_DB" == 0 ]]; then
    "$ROOT/scripts/pg.sh" createdb bourre_bench
    export DATABASE_URL="${DATABASE_URL%/*}/bourre_bench"
    export DATABASE_OWNER_URL="${DATABASE_OWNER_URL%/*}/bourre_bench"
    DJANGO_DB_ROLE=owner "$PY" manage.py migrate --noinput -v 0
fi
"$PY" -m bench "$@"
