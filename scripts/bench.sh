#!/usr/bin/env bash
# make bench: set everything up, then run the benchmarks (all, or those named: BENCH=...).
set -euo pipefail
source "$(dirname "$0")/env.sh"
source "$ROOT/scripts/services.sh"
trap services_down EXIT
services_up
cd "$ROOT"
"$PY" -m bench "$@"
