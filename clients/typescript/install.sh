#!/usr/bin/env bash
# The TypeScript client's packages, exactly as package-lock.json pins them (`npm ci`), once
# per change of the lock file: `make test` and clients/generate.sh call this.
set -euo pipefail
cd "$(dirname "$0")"
command -v node >/dev/null || { echo "node (20 or later) is needed for the TypeScript client" >&2; exit 1; }
stamp=node_modules/.package-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
    npm ci --no-audit --no-fund --ignore-scripts
    echo "$want" > "$stamp"
fi
