#!/usr/bin/env bash
# Build the Citus extension from the vendored upstream source (make citus, make test-citus),
# once: the result is cached under var/citus/, keyed by the tarball, the PostgreSQL version
# it was built against and this script, then installed into PostgreSQL's own directories
# (PostgreSQL 15 loads extensions only from its pkglibdir and sharedir).
# No Citus package is reachable from the registries here, hence PGXS (docs/scaling.md).
set -euo pipefail
source "$(dirname "$0")/env.sh"
source "$(dirname "$0")/apt.sh"

# The upstream source (AGPL-3.0), beside the checkout as on the project's machines.
TARBALL="${BOURRE_CITUS_TARBALL:-}"
if [[ -z "$TARBALL" ]]; then
    for candidate in "$ROOT/../shared/vendor" /work/shared/vendor "$ROOT/vendor"; do
        TARBALL="$candidate/citus-13.2.2.tar.gz"
        [[ -f "$TARBALL" ]] && break
    done
fi
[[ -f "$TARBALL" ]] || die "citus-13.2.2.tar.gz not found (set BOURRE_CITUS_TARBALL)"
PG_CONFIG="$PGBIN/pg_config"
CITUS_DIR="$VAR/citus"
# Also kept for the machine (every checkout, a fresh CI clone): the same key, built once.
MACHINE_CACHE="${BOURRE_CITUS_CACHE:-/var/cache/bourre/citus}"
BUILD_DEPS=(postgresql-server-dev-15 libcurl4-openssl-dev liblz4-dev libzstd-dev libkrb5-dev)

install_build_deps() {
    local missing=() pkg
    for pkg in "${BUILD_DEPS[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [[ ${#missing[@]} == 0 ]] && return 0
    [[ "$(id -u)" == 0 ]] || die "missing build dependencies: ${missing[*]} (apt-get install them)"
    log "installing ${missing[*]} with apt (to build Citus)"
    # Never upgrading PostgreSQL under the clusters running on the machine (scripts/apt.sh).
    apt-get update -qq >/dev/null
    apt_install_keeping_postgres "${missing[@]}"
}

# PostgreSQL 15.20 declares have_createdb_privilege() in commands/dbcommands.h; Citus 13.2.2
# still defines its own static copy for PG 15, which no longer compiles ("static declaration
# follows non-static declaration"). Rename Citus's copy and point the name at it: the same
# function body, whichever headers declare what.
patch_source() {
    local header="$1/src/include/pg_version_compat.h"
    [[ -f "$header" ]] || die "$header not found"
    grep -q '^have_createdb_privilege(void)' "$header" || return 0
    sed -i 's/^have_createdb_privilege(void)$/citus_compat_have_createdb_privilege(void)/' "$header"
    sed -i 's/^typedef bool TU_UpdateIndexes;$/#define have_createdb_privilege() citus_compat_have_createdb_privilege()\n\ntypedef bool TU_UpdateIndexes;/' "$header"
    grep -q 'define have_createdb_privilege() citus_compat_have_createdb_privilege()' "$header" \
        || die "could not patch $header"
}

# Raise when a change to this script must rebuild (the patch, configure's options).
BUILD_REVISION=1
cache_key() {
    { sha256sum "$TARBALL" | cut -d' ' -f1; "$PG_CONFIG" --version; echo "$BUILD_REVISION"; } \
        | sha256sum | cut -c1-16
}

build() {
    local key="$1" stage="$CITUS_DIR/stage-$1" src="$CITUS_DIR/src"
    log "building Citus from $(basename "$TARBALL") (a few minutes, once; cached in var/citus)"
    rm -rf "$src" "$stage" && mkdir -p "$src"
    tar -xzf "$TARBALL" -C "$src"
    # The upstream tarball has its files at the top; a GitHub archive has one directory.
    if [[ ! -x "$src/configure" ]]; then
        local top=("$src"/*)
        [[ ${#top[@]} == 1 && -x "${top[0]}/configure" ]] || die "no configure in $TARBALL"
        src="${top[0]}"
    fi
    patch_source "$src"
    (
        cd "$src"
        ./configure PG_CONFIG="$PG_CONFIG" >"$CITUS_DIR/configure.log" 2>&1 \
            || { tail -20 "$CITUS_DIR/configure.log" >&2; exit 1; }
        # with_llvm=no: no LLVM bitcode for the JIT (a second compilation of every file,
        # as long as the first); PostgreSQL runs the extension without it.
        make -j"$(nproc)" with_llvm=no >"$CITUS_DIR/build.log" 2>&1 \
            || { tail -30 "$CITUS_DIR/build.log" >&2; exit 1; }
        make install with_llvm=no DESTDIR="$stage" >>"$CITUS_DIR/build.log" 2>&1
    ) || die "the Citus build failed (var/citus/build.log)"
    rm -rf "$CITUS_DIR/src"
    ln -sfn "stage-$key" "$CITUS_DIR/current"
}

# Copy the staged files into the system's directories when they differ (a fresh machine, a
# PostgreSQL upgrade that wiped nothing, or a newer build).
install_staged() {
    local stage="$CITUS_DIR/current" f rel
    [[ -w "$("$PG_CONFIG" --pkglibdir)" ]] || die "cannot write to $("$PG_CONFIG" --pkglibdir): run as root"
    while IFS= read -r -d '' f; do
        rel="${f#"$stage"}"
        cmp -s "$f" "$rel" 2>/dev/null || install -D -m "$(stat -c %a "$f")" "$f" "$rel"
    done < <(find "$stage/" -type f -print0)
}

mkdir -p "$CITUS_DIR"
install_build_deps
key="$(cache_key)"
(
    flock 9
    if [[ ! -d "$CITUS_DIR/stage-$key" && -d "$MACHINE_CACHE/stage-$key" ]]; then
        cp -a "$MACHINE_CACHE/stage-$key" "$CITUS_DIR/"
    fi
    if [[ ! -d "$CITUS_DIR/stage-$key" ]]; then
        build "$key"
        if mkdir -p "$MACHINE_CACHE" 2>/dev/null && [[ -w "$MACHINE_CACHE" ]]; then
            rm -rf "$MACHINE_CACHE/stage-$key.tmp"
            cp -a "$CITUS_DIR/stage-$key" "$MACHINE_CACHE/stage-$key.tmp"
            mv "$MACHINE_CACHE/stage-$key.tmp" "$MACHINE_CACHE/stage-$key"
        fi
    fi
    ln -sfn "stage-$key" "$CITUS_DIR/current"
    install_staged
) 9>"$CITUS_DIR/lock"
log "Citus $(basename "$TARBALL" .tar.gz | sed 's/citus-//') installed for PostgreSQL $("$PG_CONFIG" --version | awk '{print $2}')"
