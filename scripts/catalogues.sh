#!/usr/bin/env bash
# Compile the translation catalogues: locale/<lang>/LC_MESSAGES/django.po -> django.mo.
# The .mo files are built here, never committed (docs/i18n.md); only stale ones are redone.
# msgfmt comes with Debian's gettext, installed with apt when missing (like chromium).
set -euo pipefail
source "$(dirname "$0")/env.sh"
if ! command -v msgfmt >/dev/null; then
    [[ "$(id -u)" == 0 ]] || die "msgfmt is missing; install gettext (apt-get install gettext)"
    log "installing gettext with apt (to compile the translations)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq gettext >/dev/null
fi
shopt -s nullglob
for po in "$ROOT"/locale/*/LC_MESSAGES/*.po; do
    mo="${po%.po}.mo"
    if [[ ! -e "$mo" || "$po" -nt "$mo" ]]; then
        log "compiling ${po#"$ROOT"/}"
        # --check: a translation whose %(name)s placeholders differ from the English fails here.
        msgfmt --check -o "$mo.tmp" "$po"
        mv "$mo.tmp" "$mo"
    fi
done
