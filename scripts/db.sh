#!/usr/bin/env bash
# make services: start Postgres and Redis, migrate, and leave them running (make stop ends them).
set -euo pipefail
source "$(dirname "$0")/env.sh"
source "$ROOT/scripts/services.sh"
services_up
unregister_user
rm -f "$VAR/run/pg.autostop" "$VAR/run/citus.autostop" "$VAR/run/redis.autostop"
# Passwords masked: a terminal scrollback or CI log is not a place for credentials.
mask() { sed -E 's#(://[^:/@]*):[^@]*@#\1:***@#'; }
log "DATABASE_URL=$(mask <<<"$DATABASE_URL")"
log "REDIS_URL=$(mask <<<"$REDIS_URL")"
