#!/usr/bin/env bash
# The walk-through of docs/api.md as one script: a club, its keys, a table, a deal logged
# event by event, a refusal, an undo, every read, the referee, an import, an export and a
# projection rebuild. `make test` runs it against a live server (tests/docs/).
#
#   make run                      # in one shell
#   docs/walkthrough.sh           # in another (CLUB="..." to name the club)
#
# Every step stops the script on failure (set -euo pipefail, curl --fail-with-body), and
# every write sends the `version` the previous answer returned.
set -euo pipefail

cd "$(dirname "$0")/.."
API=${API:-http://127.0.0.1:8000/api/v1}
CLUB=${CLUB:-"Cercle de Lafayette"}
MANAGE=${MANAGE:-.venv/bin/python manage.py}
source scripts/env.sh   # the database URLs make run uses (unless set already)

step() { printf "\n== %s\n" "$*"; }
# A JSON field of standard input: `field version`, `field state.next_deal.dealer`.
field() {
  python3 -c 'import json, sys
value = json.load(sys.stdin)
for part in sys.argv[1].split("."):
    value = value[int(part)] if isinstance(value, list) else value[part]
print("" if value is None else value)' "$1"
}
# curl with a key; any HTTP error stops the script (and shows the error body).
call() {
  local key=$1; shift
  curl -sS --fail-with-body -H "Authorization: Bearer $key" -H 'Content-Type: application/json' "$@"
}
# Post events (a JSON list) with the version last seen; prints the response (201).
post_events() {
  local events=$1; shift
  call "$KEY" -X POST "$API/tables/$TABLE/events" \
    -d "{\"expected_version\": $V, \"events\": $events}" "$@"
}

step "1. A club and its first admin key (fails loudly if the club exists)"
# Not `ADMIN=$(... | tail -1)`: a failing command must stop here, not yield an empty key.
# For an existing club, issue a new admin key instead: manage.py issue_api_key "$CLUB".
BOOT=$($MANAGE bootstrap_club "$CLUB")
ADMIN=$(printf '%s\n' "$BOOT" | tail -1)
[ -n "$ADMIN" ]
echo "admin key ${ADMIN:0:15}..."

step "2. A scorekeeper key for the table's tablet (the key is shown only now)"
KEY=$(call "$ADMIN" -X POST "$API/keys" -d '{"name": "table 1 tablet", "role": "scorekeeper"}' |
  field key)
call "$ADMIN" "$API/keys?limit=10" | field keys.0.role

step "3. A table (201, Location: the table); version 1 is its TableCreated event"
CREATED=$(call "$KEY" -X POST "$API/tables" -d '{"name": "Table 1", "variant": "louisiana",
  "options": {"ante": 1}, "players": ["ana", "ben", "cy", "dee"]}')
TABLE=$(field id <<<"$CREATED")
V=$(field version <<<"$CREATED")
echo "table $TABLE at version $V"

step "4. A deal and the declarations, with an Idempotency-Key"
DEAL='[{"deal": {"dealer": "dee", "trump": "7S", "hands": {
        "ana": ["AS", "KS", "QH", "2D", "3C"], "ben": ["2S", "3S", "5S", "6S", "8S"],
        "cy":  ["4S", "JH", "9H", "5D", "6C"], "dee": ["7S", "8H", "TD", "4C", "2H"]}}},
      {"player": "ana", "declare": "play"}, {"player": "ben", "declare": "pass"},
      {"player": "cy", "declare": "play"},  {"player": "dee", "declare": "play"}]'
FIRST=$(post_events "$DEAL" -H 'Idempotency-Key: tablet-1-0001')
AGAIN=$(post_events "$DEAL" -H 'Idempotency-Key: tablet-1-0001')
[ "$FIRST" = "$AGAIN" ]   # the retry is answered with the very same bytes, nothing stored
V=$(field version <<<"$FIRST")
echo "version $V, phase $(field state.phase <<<"$FIRST")"

step "5. A play out of turn is refused (422) and not stored"
STATUS=$(curl -sS -o /tmp/bourre-refused.$$ -w '%{http_code}' -X POST \
  "$API/tables/$TABLE/events" -H "Authorization: Bearer $KEY" \
  -H 'Content-Type: application/json' \
  -d "{\"expected_version\": $V, \"events\": [{\"player\": \"cy\", \"play\": \"4S\"}]}")
[ "$STATUS" = 422 ]
[ "$(field error.code </tmp/bourre-refused.$$)" = out_of_turn ]
rm -f /tmp/bourre-refused.$$
echo "out_of_turn: expected $(call "$KEY" "$API/tables/$TABLE/state" | field to_act)"

step "6. The plays, one request each, each with the version the last one returned"
# A play while exchanging means standing pat: nobody here exchanges.
for play in ana:AS cy:4S dee:7S ana:KS cy:5D dee:4C ana:QH cy:6C dee:2H \
            ana:2D cy:9H dee:TD dee:8H ana:3C cy:JH; do
  # The new version on standard output, the rulings the play produced on standard error.
  V=$(post_events "[{\"player\": \"${play%%:*}\", \"play\": \"${play#*:}\"}]" |
    python3 -c 'import json, sys
body = json.load(sys.stdin)
for r in body["rulings"]: print(" ", r["kind"], json.dumps(r["ruling"]), file=sys.stderr)
print(body["version"])')
done 2>&1

step "7. Between deals: who deals next, who is exempt"
STATE=$(call "$KEY" "$API/tables/$TABLE/state")
NEXT_DEALER=$(field next_deal.dealer <<<"$STATE")
echo "next dealer $NEXT_DEALER; exempt: $(field next_deal.exempt <<<"$STATE")"

step "8. A mistake taken back: undo"
BODY=$(post_events "[{\"deal\": {\"dealer\": \"$NEXT_DEALER\", \"trump\": \"9D\"}},
                     {\"player\": \"ben\", \"declare\": \"play\"}]")
V=$(field version <<<"$BODY")
BODY=$(post_events '[{"undo": {"reason": "wrong player tapped"}}]')
V=$(field version <<<"$BODY")
echo "undone: version $(field undone.0.undone_version <<<"$BODY") ($(field undone.0.undone_type <<<"$BODY"))"

step "9. Reading"
call "$KEY" "$API/tables?limit=10" | field tables.0.phase
call "$KEY" "$API/tables/$TABLE" | field version
call "$KEY" "$API/tables/$TABLE/ruling" | field balances
call "$KEY" "$API/tables/$TABLE/transcript" >/dev/null
call "$KEY" "$API/tables/$TABLE/deals/0" | field ruling.pot
call "$KEY" "$API/tables/$TABLE/ledger" | field pot
call "$KEY" "$API/tables/$TABLE/balances" | field balances
[ "$(call "$KEY" "$API/tables/$TABLE/audit" | field ok)" = True ]
# The log, page by page: follow `next` (a full URL; null on the last page).
URL="$API/tables/$TABLE/events?limit=10"
EVENTS=0
while [ -n "$URL" ]; do
  PAGE=$(call "$KEY" "$URL")
  EVENTS=$((EVENTS + $(python3 -c 'import json, sys; print(len(json.load(sys.stdin)["events"]))' <<<"$PAGE")))
  URL=$(field next <<<"$PAGE")
done
[ "$EVENTS" = "$V" ]
echo "$EVENTS events"

step "10. The referee (stores nothing) and an import as a new table"
TRANSCRIPT=$(call "$KEY" "$API/tables/$TABLE/transcript")
[ "$(call "$KEY" -X POST "$API/referee" -d "$TRANSCRIPT" | field pot)" = \
  "$(call "$KEY" "$API/tables/$TABLE/ruling" | field pot)" ]
COPY=$(call "$KEY" -X POST "$API/tables/import" -d "{\"name\": \"copy\", \"transcript\": $TRANSCRIPT}")
echo "imported as $(field id <<<"$COPY")"

step "11. An export of the last week's ledger (202, then poll the job's url, then download)"
FROM=$(date -u -d '7 days ago' +%F)
TO=$(date -u +%F)
JOB=$(call "$KEY" -X POST "$API/exports" \
  -d "{\"kind\": \"ledger\", \"format\": \"csv\", \"from\": \"$FROM\", \"to\": \"$TO\"}")
JOB_URL=$(field url <<<"$JOB")
for _ in $(seq 300); do
  JOB=$(call "$KEY" "$JOB_URL")
  case $(field status <<<"$JOB") in
    succeeded | ready) break ;;
    failed) echo "export failed: $(field error <<<"$JOB")" >&2; exit 1 ;;
  esac
  sleep 0.2
done
call "$KEY" "$(field download_url <<<"$JOB")" -o "${TMPDIR:-/tmp}/bourre-ledger-$$.csv"
head -2 "${TMPDIR:-/tmp}/bourre-ledger-$$.csv"
rm -f "${TMPDIR:-/tmp}/bourre-ledger-$$.csv"

step "12. A shared projection rebuilt (the operator's key; 202 with the task's url)"
# Rebuilds replace what every club shares: the service's operator runs them, with a key
# issued in a shell (manage.py operator_key), never through the keys API.
OPERATOR=$($MANAGE operator_key --name walkthrough)
OPERATOR=$(printf '%s\n' "$OPERATOR" | tail -1)
TASK_URL=$(call "$OPERATOR" -X POST "$API/projections/player_stats/rebuild" | field url)
for _ in $(seq 300); do
  TASK=$(call "$OPERATOR" "$TASK_URL")
  case $(field status <<<"$TASK") in
    succeeded) break ;;
    failed) echo "rebuild failed: $(field error <<<"$TASK")" >&2; exit 1 ;;
  esac
  sleep 0.2
done
call "$KEY" "$API/leaderboard?limit=4" | field players.0.player

step "13. A key revoked is refused (401)"
AUDITOR=$(call "$ADMIN" -X POST "$API/keys" -d '{"name": "visitor", "role": "auditor"}')
call "$ADMIN" -X DELETE "$API/keys/$(field id <<<"$AUDITOR")" >/dev/null
STATUS=$(curl -sS -o /dev/null -w '%{http_code}' "$API/tables" \
  -H "Authorization: Bearer $(field key <<<"$AUDITOR")")
[ "$STATUS" = 401 ]

step "done"
