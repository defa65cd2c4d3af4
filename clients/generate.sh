#!/usr/bin/env bash
# Regenerate what the API's clients are made from and the clients themselves
# (docs/clients.md): the OpenAPI document (clients/openapi.json), the Python client
# (clients/python/bourre-referee-client, openapi-python-client) and the TypeScript types
# (clients/typescript/src/schema.d.ts, openapi-typescript). tests/clients checks that what is
# kept here is what this script makes. Needs `make services`-free Django settings only.
set -euo pipefail
source "$(dirname "$0")/../scripts/env.sh"
cd "$ROOT"
out="${1:-$ROOT/clients}"
"$PY" manage.py spectacular --format openapi-json --validate --fail-on-warn --file "$out/openapi.json"
PATH="$VENV/bin:$PATH" "$VENV/bin/openapi-python-client" generate --path "$out/openapi.json" \
    --config "$ROOT/clients/python/config.yaml" --meta setup \
    --output-path "$out/python/bourre-referee-client" --overwrite
"$ROOT/clients/typescript/install.sh"
(cd "$ROOT/clients/typescript" && node_modules/.bin/openapi-typescript "$out/openapi.json" \
    --output "$out/typescript/src/schema.d.ts")
