# Installing with apt beside running PostgreSQL clusters (sourced by citus-build.sh).
#
# postgresql-server-dev-15, which the Citus build needs, is newest in Debian's security
# archive; apt installing it as it is upgrades postgresql-15 too (the newest client Breaks
# the older server), under every cluster running on the machine: they go on running the old
# postgres while each new session loads the new plpgsql.so ("undefined symbol"), so every
# write fails until a restart. So the headers are those of the server installed (pinned to
# its version), and PostgreSQL's own packages are held while apt runs: apt then installs
# what is missing and upgrades nothing of PostgreSQL's, or stops and says why.

#: PostgreSQL's packages apt must leave as they are.
PG_KEEP=(postgresql-15 postgresql-client-15 libpq5 libpq-dev)

# The installed postgresql-15's version (empty when there is none).
pg_installed_version() {
    dpkg-query -W -f='${Version}' postgresql-15 2>/dev/null || true
}

# Each package as apt is to be given it: postgresql-server-dev-15 pinned to the installed
# server's version when apt's lists have that version.
apt_pinned() {
    local version pkg
    version="$(pg_installed_version)"
    for pkg in "$@"; do
        if [[ "$pkg" == postgresql-server-dev-15 && -n "$version" ]] \
            && apt-cache madison "$pkg" | awk -F'|' '{gsub(/ /, "", $2); print $2}' | grep -qxF "$version"; then
            echo "$pkg=$version"
        else
            echo "$pkg"
        fi
    done
}

# Install PKGS, pinned as above, with PostgreSQL's installed packages held meanwhile (and
# released after, unless they were held before). APT_SIMULATE=1: apt's plan only (-s).
apt_install_keeping_postgres() {
    local wanted=() held=() pkg status=0
    mapfile -t wanted < <(apt_pinned "$@")
    if [[ "${APT_SIMULATE:-0}" == 1 ]]; then
        apt-get -s -qq install "${wanted[@]}"
        return
    fi
    for pkg in "${PG_KEEP[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || continue
        apt-mark showhold | grep -qxF "$pkg" && continue
        held+=("$pkg")
    done
    ((${#held[@]} == 0)) || apt-mark hold "${held[@]}" >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
        "${wanted[@]}" >/dev/null || status=$?
    ((${#held[@]} == 0)) || apt-mark unhold "${held[@]}" >/dev/null
    ((status == 0)) || die "apt could not install ${wanted[*]} without upgrading PostgreSQL \
($(pg_installed_version) installed): upgrade postgresql-15 with every cluster stopped, then run this again"
}
