#!/usr/bin/env bash
# make messages: extract every marked string into locale/{fr,uk}/LC_MESSAGES/django.po
# (Django's makemessages; new entries come in untranslated), then show what is left to
# translate. `scripts/messages.sh DIR` works on a copy of the project in DIR instead
# (tests/i18n/test_catalogues.py does, to see whether the committed catalogues are complete).
set -euo pipefail
source "$(dirname "$0")/env.sh"
TREE="${1:-$ROOT}"
cd "$TREE"
# Only the service's own code: not the tests, benchmarks, tools or anything installed.
"$PY" manage.py makemessages --locale fr --locale uk --add-location file --no-obsolete \
    --ignore '.venv/*' --ignore 'var/*' --ignore 'tests/*' --ignore 'bench/*' \
    --ignore 'tools/*' --ignore 'docker/*' --ignore 'docs/*' --ignore 'node_modules/*' -v 0
for po in locale/*/LC_MESSAGES/django.po; do
    printf '%s: ' "$po" >&2
    msgfmt --statistics --check -o /dev/null "$po"
done
