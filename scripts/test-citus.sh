#!/usr/bin/env bash
# make test-citus: the same project on a local Citus cluster (scripts/citus.sh: a coordinator
# and two workers, the extension built once into var/citus): the event store's contract and
# immutability, the service tests, the API conformance drive, the ledger's projector and
# audit, the followers' framework and a Celery worker's projections, the migrations going back
# from the distributed schema (one case of test_carry: the whole file takes minutes), and
# the cluster's own tests (tests/citus: clubs and their
# read models on different workers, audit exports, rebalancing onto a third worker while
# tables play). Arguments replace the default selection of tests.
set -euo pipefail
export BOURRE_CITUS=1
source "$(dirname "$0")/env.sh"
source "$ROOT/scripts/services.sh"
trap services_down EXIT
services_up
cd "$ROOT"
# Django cannot create a test database on every node: it is made here and reused.
export BOURRE_TEST_DATABASE=test_bourre_citus
# Eight shards (32 by default): the rebalancing test moves a few instead of a dozen.
BOURRE_CITUS_SHARD_COUNT=8 "$ROOT/scripts/citus.sh" recreatedb "$BOURRE_TEST_DATABASE"
DATABASE_SUPERUSER_URL="${DATABASE_SUPERUSER_URL%/*}/$BOURRE_TEST_DATABASE"
export DATABASE_SUPERUSER_URL
if [[ $# == 0 ]]; then
    set -- tests/citus tests/eventlog/test_store_contract.py \
        tests/eventlog/test_append.py tests/eventlog/test_partitions.py \
        tests/eventlog/test_immutability.py tests/games/services \
        tests/games/api/test_conformance.py tests/ledger/test_projector.py \
        tests/ledger/test_audit.py tests/followers/test_framework.py \
        tests/projectors/test_end_to_end.py tests/transparency/test_tree.py \
        tests/seasons/test_ratings.py \
        tests/eventlog/test_carry.py::test_going_back_restores_the_first_log_but_never_loses_a_new_event
fi
log "running the tests on Citus"
status=0
"$PY" -m pytest --reuse-db -p no:cacheprovider "$@" || status=$?
"$ROOT/scripts/citus.sh" dropdb "$BOURRE_TEST_DATABASE" || true
exit "$status"
