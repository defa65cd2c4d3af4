#!/usr/bin/env bash
# The transparency log is checked by Go's own implementation (tests/transparency/gocheck:
# golang.org/x/mod/sumdb/note and sumdb/tlog), built offline from Debian's packages:
# golang-go and golang-golang-x-mod-dev (its source under /usr/share/gocode). Install them
# with apt when missing.
set -euo pipefail
source "$(dirname "$0")/env.sh"
MOD=/usr/share/gocode/src/golang.org/x/mod/sumdb/tlog
command -v go >/dev/null && [[ -d "$MOD" ]] && exit 0
[[ "$(id -u)" == 0 ]] || die "go or x/mod is missing; install golang-go golang-golang-x-mod-dev with apt"
log "installing golang-go and golang-golang-x-mod-dev with apt (for the transparency log's Go check)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq golang-go golang-golang-x-mod-dev >/dev/null
