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

APPEND_SIGNATURE = "uuid, text, integer, text[], integer[], text[], text, text, text[], text, text"

#: The club lock's first key: the two-key form of the advisory lock keeps the event
#: store's locks apart from any other user of advisory locks ('BREE').
LOCK_CLASS = 0x42524545

#: The text an event's hash covers, as ``format()`` takes it: the club, data, metadata,
#: position, prev_hash, recorded_at, schema_version, stream (as JSON), type (as JSON) and
#: version; the canonical JSON of ``games.eventstore.canonical.event_hash``, whose
#: ``verify_chain`` checks every hash the database made with it.
HASHED_TEXT = (
    '{"club":"%s","data":%s,"metadata":%s,"position":%s,"prev_hash":"%s",'
    '"recorded_at":"%s","schema_version":%s,"stream":%s,"type":%s,"version":%s}'
)

#: What ``eventstore_append`` answers, one row of scalars (see below). A named type rather
#: than OUT parameters: PostgreSQL builds a function's OUT row type again at every call,
#: twice for ``SELECT * FROM eventstore_append(...)`` (the call's and the scan's), where a
#: named type comes from the type cache (about a tenth of an append's server work).
APPENDED_TYPE = """
CREATE TYPE eventstore_appended AS (
    r_first_position bigint, r_last_position bigint, r_first_version integer,
    r_recorded_at text, r_prev_hash text, r_hashes text, r_replayed boolean
)"""

# One round trip per append. The caller sends each payload already in canonical JSON (the
# hash is over those exact bytes) and the function adds what only the database knows under
# the club's lock: positions, versions, prev_hash and recorded_at.
#
# The lock's second key is a 32-bit hash of the club: two clubs whose hashes collide share a
# lock, so their appends wait on each other, and nothing else changes. It is tried first (a
# plain expression, no statement to run) and waited for only when another append of the
# club holds it. Everything read after it (the club's last event, the stream's version, the
# idempotency key) is read by statements that start once the lock is held: under READ
# COMMITTED (Django's default) a statement's snapshot is taken when it starts, so they see
# every event of the append that held it.
#
# Version 5 (games.0020; docs/performance.md, "Event store: the append") costs about 40%
# less server work than version 4, by what PostgreSQL does at every call whatever the data:
# - The club's last event is read with its stream and version. When it is of this stream
#   (a club's appends mostly go on one table's stream), it is the stream's last event too:
#   a club's appends are serialised by its lock and commit in order, so within a club a
#   stream's versions grow with positions. Only otherwise is the stream's version looked up,
#   and then from the expected version up (a B-tree leaf page is read whole from where the
#   scan starts: from the expected version that is one entry, not a page of the stream).
# - Fewer statements and expressions: every statement's plan, and every plpgsql
#   expression, is set up again in each transaction, in proportion to its nodes. The
#   clock is read once, as the text the hash covers; the one-event INSERT hashes its own
#   row and answers the result; the hash's text is one format() instead of twenty ||.
#
# It answers with one row of scalars, not the rows it wrote: the caller has every other
# field already, positions and versions are consecutive, one ``recorded_at`` (as the text
# the hashes cover) serves every event, and the hashes come back as one string of 64 hex
# characters per event (each event's prev_hash is the hash before it). An idempotent replay
# answers with its positions and ``r_replayed`` only; the caller reads those events.
APPEND_FUNCTION = rf"""
CREATE FUNCTION eventstore_append(
    p_club uuid, p_stream text, p_expected integer, p_types text[],
    p_schema_versions integer[], p_data text[], p_metadata text, p_stream_json text,
    p_type_json text[], p_idempotency_key text, p_request_hash text
) RETURNS eventstore_appended LANGUAGE plpgsql AS $$
DECLARE
    r eventstore_appended;
    v_pos bigint;
    v_current integer;
    v_stream text;
    v_key_hash text;
    v_hash text;
    v_hashes text[];
BEGIN
    IF NOT pg_try_advisory_xact_lock({LOCK_CLASS}, hashtext(p_club::text)) THEN
        PERFORM pg_advisory_xact_lock({LOCK_CLASS}, hashtext(p_club::text));
    END IF;

    IF p_idempotency_key IS NOT NULL THEN
        SELECT k.request_hash, k.first_position, k.last_position
            INTO v_key_hash, r.r_first_position, r.r_last_position
            FROM eventstore_idempotency k
            WHERE k.club_id = p_club AND k.key = p_idempotency_key;
        IF FOUND THEN
            IF v_key_hash <> p_request_hash THEN
                RAISE EXCEPTION 'idempotency key % was used for other content', p_idempotency_key
                    USING ERRCODE = 'BR002';
            END IF;
            r.r_replayed := true;
            RETURN r;
        END IF;
    END IF;

    -- The club's last event and the clock, as the text the hashes cover.
    SELECT e.position, e.hash, e.stream, e.version,
           to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || '+00:00'
        INTO v_pos, r.r_prev_hash, v_stream, v_current, r.r_recorded_at
        FROM eventstore_event e WHERE e.club_id = p_club ORDER BY e.position DESC LIMIT 1;
    IF v_stream IS DISTINCT FROM p_stream THEN
        IF v_pos IS NULL THEN
            -- The club's first event: the club joins the list of partitions.
            v_pos := 0;
            r.r_prev_hash := repeat('0', 64);
            r.r_recorded_at := to_char(clock_timestamp() AT TIME ZONE 'UTC',
                                       'YYYY-MM-DD"T"HH24:MI:SS.US') || '+00:00';
            INSERT INTO eventstore_partition (club_id) VALUES (p_club) ON CONFLICT DO NOTHING;
        END IF;
        -- Not max(): with stale statistics the planner may aggregate the whole stream.
        v_current := coalesce((SELECT e.version FROM eventstore_event e
                               WHERE e.stream = p_stream AND e.club_id = p_club
                                 AND e.version >= coalesce(p_expected, 0)
                               ORDER BY e.version DESC LIMIT 1), 0);
    END IF;
    IF p_expected <> v_current THEN
        IF v_current = 0 THEN  -- looked up from the expected version up: the stream is below
            v_current := coalesce((SELECT e.version FROM eventstore_event e
                                   WHERE e.stream = p_stream AND e.club_id = p_club
                                   ORDER BY e.version DESC LIMIT 1), 0);
        END IF;
        RAISE EXCEPTION 'stream % is at version %, expected %', p_stream, v_current, p_expected
            USING ERRCODE = 'BR001', DETAIL = v_current::text;
    END IF;

    IF cardinality(p_types) = 1 THEN
        -- One event (most appends): one statement hashes, inserts and answers.
        INSERT INTO eventstore_event
            (club_id, position, stream, version, type, schema_version, data, metadata,
             recorded_at, hash, prev_hash)
        VALUES (p_club, v_pos + 1, p_stream, v_current + 1, p_types[1], p_schema_versions[1],
                p_data[1]::jsonb, p_metadata::jsonb, r.r_recorded_at::timestamptz,
                encode(sha256(convert_to(format(
                    '{HASHED_TEXT}',
                    p_club, p_data[1], p_metadata, v_pos + 1, r.r_prev_hash, r.r_recorded_at,
                    p_schema_versions[1], p_stream_json, p_type_json[1], v_current + 1),
                    'UTF8')), 'hex'),
                r.r_prev_hash)
        RETURNING position, position, version, hash, false
            INTO r.r_first_position, r.r_last_position, r.r_first_version, r.r_hashes,
                 r.r_replayed;
    ELSE
        v_hash := r.r_prev_hash;
        FOR i IN 1 .. cardinality(p_types) LOOP
            v_hash := encode(sha256(convert_to(format(
                '{HASHED_TEXT}',
                p_club, p_data[i], p_metadata, v_pos + i, v_hash, r.r_recorded_at,
                p_schema_versions[i], p_stream_json, p_type_json[i], v_current + i),
                'UTF8')), 'hex');
            v_hashes[i] := v_hash;
        END LOOP;
        -- One statement for every event of the append.
        INSERT INTO eventstore_event
            (club_id, position, stream, version, type, schema_version, data, metadata,
             recorded_at, hash, prev_hash)
        SELECT p_club, v_pos + i, p_stream, v_current + i, p_types[i], p_schema_versions[i],
               p_data[i]::jsonb, m.metadata, m.at, v_hashes[i],
               CASE WHEN i = 1 THEN r.r_prev_hash ELSE v_hashes[i - 1] END
        FROM generate_series(1, cardinality(p_types)) AS i,
             (SELECT p_metadata::jsonb AS metadata, r.r_recorded_at::timestamptz AS at) AS m;
        r.r_first_position := v_pos + 1;
        r.r_last_position := v_pos + cardinality(p_types);
        r.r_first_version := v_current + 1;
        r.r_hashes := array_to_string(v_hashes, '');
        r.r_replayed := false;
    END IF;

    IF p_idempotency_key IS NOT NULL THEN
        INSERT INTO eventstore_idempotency
            (club_id, key, request_hash, stream, first_position, last_position, recorded_at)
        VALUES (p_club, p_idempotency_key, p_request_hash, p_stream, r.r_first_position,
                r.r_last_position, r.r_recorded_at::timestamptz);
    END IF;
    RETURN r;
END $$;
"""

# The plain append's way without the function (``games.eventstore.writer``): one event, no
# idempotency key, in a transaction of its own. One statement takes the club's lock, reads
# the club's last event, hashes and inserts the next: no function call, no statement of its
# own for the lock (about 40 µs of the server's work, a sixth of an append;
# docs/performance.md, "One event, one statement").
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
