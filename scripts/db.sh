#!/usr/bin/env bash
# make services: start Postgres and Redis, migrate, and leave them running (make stop ends them).
set -euo pipefail
source "$(dirname "$0")/env.sh"
source "$ROOT/scripts/services.sh"
services_up
unregister_user
rm -f "$VAR/run/pg.autostop" "$VAR/run/redis.autostop"
log "DATABASE_URL=$DATABASE_URL"
log "REDIS_URL=$REDIS_URL"
