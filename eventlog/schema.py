"""DDL of the event log partitioned by club, as migration ``games.0020`` leaves it: the
current schema only. Its history, every earlier version of the tables and of
``eventstore_append``, is in the migrations, one SQL file each (``games/migrations/sql/``,
as Message DB keeps them).

Every event belongs to one club's partition. ``eventstore_append`` takes the club's lock (a
transaction-scoped advisory lock keyed by the club) and holds it until commit, so within a
club positions are handed out in commit order without gaps and a reader tailing
``position > N`` of that club never misses an event that commits later, while appends of
different clubs never wait on each other. A club's head is simply its last event: nothing
else is written per append. Each club's hash chain starts at 64 zeros and covers the club
id, so one club's log can be exported and verified alone. ``eventstore_partition`` lists the
clubs that have a log (a row written by a club's first append), for the readers that go
club by club.

The club id leads the primary key and is part of every unique constraint, so the tables
can be distributed by ``club_id`` on Citus unchanged (``docs/scaling.md``).

Postgres itself keeps the log append-only: triggers refuse UPDATE, DELETE and TRUNCATE for
every role, and the application role is granted only what appending needs (see
``privileges.py``).

The tables after ``games.0020``::

    eventstore_event (club_id uuid, position eventstore_position, stream
        eventstore_stream, version eventstore_number, type eventstore_type,
        schema_version eventstore_number, data jsonb, metadata jsonb,
        recorded_at timestamptz, hash text, prev_hash text)
        PRIMARY KEY (club_id, position), UNIQUE (stream, version, club_id)
    eventstore_partition (club_id uuid PRIMARY KEY)
    eventstore_idempotency (club_id, key, request_hash, stream, first_position,
        last_position, recorded_at) PRIMARY KEY (club_id, key)

The domains carry the well-formedness rules a CHECK used to (positions, versions and schema
versions above 0, stream and type not empty; the stream in the "C" collation): over
``bigint``, ``integer`` and ``text``, so a reader sees the base types
(``sql/eventstore_v5_domains.sql`` says why).
"""

#: The club lock's first key: the two-key form of the advisory lock keeps the event
#: store's locks apart from any other user of advisory locks ('BREE').
LOCK_CLASS = 0x42524545

#: The text an event's hash covers, as ``format()`` takes it: the club, data, metadata,
#: position, prev_hash, recorded_at, schema_version, stream (as JSON), type (as JSON) and
#: version; the canonical JSON of ``eventlog.canonical.event_hash``, whose
#: ``verify_chain`` checks every hash the database made with it.
HASHED_TEXT = (
    '{"club":"%s","data":%s,"metadata":%s,"position":%s,"prev_hash":"%s",'
    '"recorded_at":"%s","schema_version":%s,"stream":%s,"type":%s,"version":%s}'
)

# ``eventstore_append`` itself, the function that appends under the club's lock, is
# ``games/migrations/sql/eventstore_append_v5.sql`` (its answer's row type
# ``eventstore_appended_v5.sql``), run by games 0020: a new version is a new file and a
# migration, as Message DB keeps them. It hashes with ``HASHED_TEXT`` and locks with
# ``LOCK_CLASS``, as the one-event insert below does
# (tests/eventlog/test_schema_history.py holds them to it).

# The plain append's way without the function (``eventlog.writer``): one event, no
# idempotency key, in a transaction of its own. One statement takes the club's lock, reads
# the club's last event, hashes and inserts the next: no function call, no statement of its
# own for the lock (about 40 µs of the server's work, a sixth of an append;
# docs/decisions/0004-one-event-one-statement.md).
#
# The statement's snapshot is taken when it starts, before the lock is taken, so it may
# miss an event of the club committed in between (the function reads after the lock; this
# is why it never did this in one statement). It still inserts only while holding the
# lock, so the only append of the club that can come between its reads and its insert is
# one that committed before: then the position it computed from its snapshot is taken, and
# the primary key refuses the row (unique_violation) rather than let a stale prev_hash or
# version in. The lock is only tried: when another append of the club holds it, the
# statement inserts nothing at once instead of waiting with a snapshot sure to be stale.
# It inserts nothing too unless the club's last event is of this stream (then it is the
# stream's last event, its version the stream's; the function's way of seeing it, the
# lookup of the version on another stream is left to the function: its plan's set-up
# alone cost a tenth of the statement) and at the expected version, and when the club has
# no event yet (its first append lists the club). In every such case the caller appends
# through ``eventstore_append``, which decides under the lock as always. Not on Citus:
# there every append goes to the club's worker through the delegated function.
#
# Arguments: $1 club, $2 stream, $3 expected version (NULL: any), $4 type, $5 schema
# version, $6 data, $7 metadata (canonical JSON), $8 the stream and $9 the type as JSON.
# It answers the one row's position, version, recorded_at (as the text the hash covers),
# hash and prev_hash.
ONE_EVENT_INSERT = f"""
INSERT INTO eventstore_event
    (club_id, position, stream, version, type, schema_version, data, metadata,
     recorded_at, hash, prev_hash)
SELECT $1::uuid, last.position + 1, $2::text, last.version + 1, $4::text, $5::integer,
       $6::text::jsonb, $7::text::jsonb, last.at::timestamptz,
       encode(sha256(convert_to(format('{HASHED_TEXT}', $1::uuid, $6::text, $7::text,
                                       last.position + 1, last.hash, last.at, $5::integer,
                                       $8::text, $9::text, last.version + 1), 'UTF8')), 'hex'),
       last.hash
FROM (SELECT e.position, e.hash, e.stream, e.version,
             to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')
                 || '+00:00' AS at,
             pg_try_advisory_xact_lock({LOCK_CLASS}, hashtext($1::uuid::text)) AS held
      FROM eventstore_event e WHERE e.club_id = $1::uuid
      ORDER BY e.position DESC LIMIT 1) AS last
WHERE last.held AND last.stream = $2::text
  AND ($3::integer IS NULL OR last.version = $3::integer)
RETURNING position, version,
          to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || '+00:00',
          hash, prev_hash"""
