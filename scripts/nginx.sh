#!/usr/bin/env bash
# The buffering front (scripts/nginx.conf.template): Debian's nginx, installed with apt when
# missing, like redis-server and chromium.
#   nginx.sh install
#   nginx.sh render RUN_DIR LISTEN GUNICORN ASGI   -> writes RUN_DIR/nginx.conf, prints its path
# LISTEN is host:port; GUNICORN and ASGI are nginx upstream servers (unix:/path.sock or host:port).
set -euo pipefail
source "$(dirname "$0")/env.sh"
NGINX="${BOURRE_NGINX:-/usr/sbin/nginx}"
# Django's DATA_UPLOAD_MAX_MEMORY_SIZE (api_common/parsers.py: upload_limit), its default.
MAX_BODY="${BOURRE_MAX_BODY:-2621440}"

install() {
    [[ -x "$NGINX" ]] && return 0
    [[ "$(id -u)" == 0 ]] || die "nginx is missing; install it (apt-get install nginx)"
    log "installing nginx with apt (the buffering front of scripts/serve.sh)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq -o DPkg::Lock::Timeout=300 >/dev/null
    apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends nginx >/dev/null
    # Debian's package may start a system nginx on port 80; ours is separate, leave it be.
}

render() {
    local run_dir="$1" listen="$2" gunicorn="$3" asgi="$4" user_line=""
    mkdir -p "$run_dir"
    # As root the master drops its workers to www-data (Debian's nginx user), which must
    # reach the sockets and the temporary files under run_dir.
    if [[ "$(id -u)" == 0 ]]; then
        user_line="user www-data www-data;"
        chown www-data:www-data "$run_dir"
        local dir="$run_dir"
        while [[ "$dir" != "/" ]]; do chmod o+x "$dir" 2>/dev/null || true; dir="$(dirname "$dir")"; done
    fi
    # Every open stream holds two connections (the client's, uvicorn's), every other client
    # at most two (its own, gunicorn's while its request is served); files besides.
    local connections=$((2 * (STREAMS_MAX + FRONT_CONNECTIONS)))
    sed -e "s#@USER_LINE@#$user_line#" -e "s#@RUN_DIR@#$run_dir#g" -e "s#@LISTEN@#$listen#g" \
        -e "s#@GUNICORN@#$gunicorn#g" -e "s#@ASGI@#$asgi#g" -e "s#@MAX_BODY@#$MAX_BODY#g" \
        -e "s#@WORKER_CONNECTIONS@#$connections#g" -e "s#@RLIMIT_NOFILE@#$((connections + 1024))#g" \
        -e "s#@STREAMS_MAX@#$STREAMS_MAX#g" -e "s#@STREAMS_PER_ADDRESS@#$STREAMS_PER_ADDRESS#g" \
        -e "s#@STREAMS_PER_LINK@#$STREAMS_PER_LINK#g" -e "s#@CLIENT_KEEPALIVE@#$CLIENT_KEEPALIVE#g" \
        -e "s#@UPSTREAM_KEEPALIVE@#$UPSTREAM_KEEPALIVE#g" \
        "$ROOT/scripts/nginx.conf.template" >"$run_dir/nginx.conf"
    ! grep -v "^ *#" "$run_dir/nginx.conf" | grep -q "@[A-Z_]*@" || die "a value of nginx.conf.template was not filled in"
    "$NGINX" -t -q -e "$run_dir/error.log" -c "$run_dir/nginx.conf" \
        || die "the generated nginx configuration is invalid: $run_dir/nginx.conf"
    echo "$run_dir/nginx.conf"
}

case "${1:-}" in
    install) install ;;
    render) shift; render "$@" ;;
    *) die "usage: nginx.sh install | render RUN_DIR LISTEN GUNICORN ASGI" ;;
esac
