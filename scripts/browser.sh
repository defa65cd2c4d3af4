#!/usr/bin/env bash
# The browser tests (tests/tableapp/test_browser.py) drive Debian's chromium: Playwright's
# own browser download cannot work here. Install it with apt when it is missing.
set -euo pipefail
source "$(dirname "$0")/env.sh"
[[ -x "${BOURRE_CHROMIUM:-/usr/bin/chromium}" ]] && exit 0
[[ "$(id -u)" == 0 ]] || die "chromium is missing; install it (apt-get install chromium)"
log "installing chromium with apt (for the browser tests)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq chromium >/dev/null
