"""The partitioned log as migrations ``games.0007`` and ``games.0009`` built it: one head
row per club (``eventstore_head``), locked and moved by every append.

Frozen, so those migrations build exactly what they always built and ``games.0010`` (which
replaced the head rows by a lock per club, ``schema.py``) can go back to it. ``TABLES`` and
``TRIGGERS`` are what ``games.0007`` created; ``APPEND_FUNCTION`` the function it created,
which returns every column of every appended row, one row per event, from a loop of one
``INSERT`` per event; ``ONE_ROW_APPEND_FUNCTION`` the one of ``games.0009``, answering one
row of scalars.
"""

TABLES = r"""
CREATE TABLE eventstore_event (
    club_id uuid NOT NULL,
    position bigint NOT NULL CHECK (position > 0),
    stream text NOT NULL CHECK (stream <> ''),
    version integer NOT NULL CHECK (version > 0),
    type text NOT NULL CHECK (type <> ''),
    schema_version integer NOT NULL CHECK (schema_version > 0),
    data jsonb NOT NULL,
    metadata jsonb NOT NULL,
    recorded_at timestamptz NOT NULL,
    hash text NOT NULL,
    prev_hash text NOT NULL,
    CONSTRAINT eventstore_event_pkey PRIMARY KEY (club_id, position),
    -- Stream first: a stream is read by name alone too; the club id is there for Citus.
    CONSTRAINT eventstore_event_stream_version UNIQUE (stream, version, club_id)
);

CREATE TABLE eventstore_head (
    club_id uuid PRIMARY KEY,
    last_position bigint NOT NULL CHECK (last_position >= 0),
    last_hash text NOT NULL
);

CREATE TABLE eventstore_idempotency (
    club_id uuid NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    stream text NOT NULL,
    first_position bigint NOT NULL,
    last_position bigint NOT NULL,
    recorded_at timestamptz NOT NULL,
    PRIMARY KEY (club_id, key)
);
"""

# The trigger functions of the first schema are reused as they are.
TRIGGERS = r"""
CREATE TRIGGER eventstore_event_no_update_delete BEFORE UPDATE OR DELETE ON eventstore_event
    FOR EACH ROW EXECUTE FUNCTION eventstore_refuse_change();
CREATE TRIGGER eventstore_event_no_truncate BEFORE TRUNCATE ON eventstore_event
    FOR EACH STATEMENT EXECUTE FUNCTION eventstore_refuse_change();
CREATE TRIGGER eventstore_idempotency_no_update_delete
    BEFORE UPDATE OR DELETE ON eventstore_idempotency
    FOR EACH ROW EXECUTE FUNCTION eventstore_refuse_change();
CREATE TRIGGER eventstore_idempotency_no_truncate BEFORE TRUNCATE ON eventstore_idempotency
    FOR EACH STATEMENT EXECUTE FUNCTION eventstore_refuse_change();
CREATE TRIGGER eventstore_head_no_delete BEFORE DELETE ON eventstore_head
    FOR EACH ROW EXECUTE FUNCTION eventstore_refuse_change();
CREATE TRIGGER eventstore_head_no_truncate BEFORE TRUNCATE ON eventstore_head
    FOR EACH STATEMENT EXECUTE FUNCTION eventstore_refuse_change();
CREATE TRIGGER eventstore_head_forward BEFORE UPDATE ON eventstore_head
    FOR EACH ROW EXECUTE FUNCTION eventstore_head_forward_only();
"""


# One round trip per append. The caller sends each payload already in canonical JSON (the
# hash is over those exact bytes) and the function adds what only the database knows under
# the club's head lock: positions, versions, prev_hash and recorded_at. A club's first
# append creates its head row (ON CONFLICT: two first appends race; one waits on the other).
APPEND_FUNCTION = r"""
CREATE OR REPLACE FUNCTION eventstore_append(
    p_club uuid, p_stream text, p_expected integer, p_types text[],
    p_schema_versions integer[], p_data text[], p_metadata text, p_stream_json text,
    p_type_json text[], p_idempotency_key text, p_request_hash text
) RETURNS TABLE (
    r_position bigint, r_stream text, r_version integer, r_type text,
    r_schema_version integer, r_data jsonb, r_metadata jsonb, r_recorded_at timestamptz,
    r_hash text, r_prev_hash text, r_club uuid, r_replayed boolean
) LANGUAGE plpgsql AS $$
DECLARE
    v_pos bigint;
    v_hash text;
    v_prev text;
    v_current integer;
    v_at timestamptz;
    v_at_text text;
    v_first bigint;
    v_key eventstore_idempotency%ROWTYPE;
BEGIN
    SELECT h.last_position, h.last_hash INTO v_pos, v_hash
        FROM eventstore_head h WHERE h.club_id = p_club FOR UPDATE;
    IF NOT FOUND THEN
        INSERT INTO eventstore_head (club_id, last_position, last_hash)
            VALUES (p_club, 0, repeat('0', 64)) ON CONFLICT (club_id) DO NOTHING;
        SELECT h.last_position, h.last_hash INTO v_pos, v_hash
            FROM eventstore_head h WHERE h.club_id = p_club FOR UPDATE;
    END IF;

    IF p_idempotency_key IS NOT NULL THEN
        SELECT * INTO v_key FROM eventstore_idempotency k
            WHERE k.club_id = p_club AND k.key = p_idempotency_key;
        IF FOUND THEN
            IF v_key.request_hash <> p_request_hash THEN
                RAISE EXCEPTION 'idempotency key % was used for other content', p_idempotency_key
                    USING ERRCODE = 'BR002';
            END IF;
            RETURN QUERY
                SELECT e.position, e.stream, e.version, e.type, e.schema_version, e.data,
                       e.metadata, e.recorded_at, e.hash, e.prev_hash, e.club_id, true
                FROM eventstore_event e
                WHERE e.club_id = p_club
                  AND e.position BETWEEN v_key.first_position AND v_key.last_position
                ORDER BY e.position;
            RETURN;
        END IF;
    END IF;

    -- Not max(): with stale statistics the planner may aggregate the whole stream.
    SELECT e.version INTO v_current FROM eventstore_event e
        WHERE e.stream = p_stream AND e.club_id = p_club ORDER BY e.version DESC LIMIT 1;
    v_current := coalesce(v_current, 0);
    IF p_expected IS NOT NULL AND p_expected <> v_current THEN
        RAISE EXCEPTION 'stream % is at version %, expected %', p_stream, v_current, p_expected
            USING ERRCODE = 'BR001', DETAIL = v_current::text;
    END IF;

    v_at := clock_timestamp();
    v_at_text := to_char(v_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || '+00:00';
    v_first := v_pos + 1;
    FOR i IN 1 .. cardinality(p_types) LOOP
        v_prev := v_hash;
        v_pos := v_pos + 1;
        v_hash := encode(sha256(convert_to(
            '{"club":"' || p_club::text
            || '","data":' || p_data[i]
            || ',"metadata":' || p_metadata
            || ',"position":' || v_pos
            || ',"prev_hash":"' || v_prev
            || '","recorded_at":"' || v_at_text
            || '","schema_version":' || p_schema_versions[i]
            || ',"stream":' || p_stream_json
            || ',"type":' || p_type_json[i]
            || ',"version":' || (v_current + i)
            || '}', 'UTF8')), 'hex');
        INSERT INTO eventstore_event
            (club_id, position, stream, version, type, schema_version, data, metadata,
             recorded_at, hash, prev_hash)
        VALUES (p_club, v_pos, p_stream, v_current + i, p_types[i], p_schema_versions[i],
                p_data[i]::jsonb, p_metadata::jsonb, v_at, v_hash, v_prev);
        r_club := p_club;
        r_position := v_pos;
        r_version := v_current + i;
        r_recorded_at := v_at;
        r_hash := v_hash;
        r_prev_hash := v_prev;
        r_replayed := false;
        RETURN NEXT;
    END LOOP;

    UPDATE eventstore_head h SET last_position = v_pos, last_hash = v_hash
        WHERE h.club_id = p_club;
    IF p_idempotency_key IS NOT NULL THEN
        INSERT INTO eventstore_idempotency
            (club_id, key, request_hash, stream, first_position, last_position, recorded_at)
        VALUES (p_club, p_idempotency_key, p_request_hash, p_stream, v_first, v_pos, v_at);
    END IF;
END $$;
"""


# One round trip per append (migration ``games.0009``; ``schema_v2`` has the function it
# replaced). The caller sends each payload already in canonical JSON (the hash is over those
# exact bytes) and the function adds what only the database knows under the club's head
# lock: positions, versions, prev_hash and recorded_at. A club's first append creates its
# head row (ON CONFLICT: two first appends race; one waits on the other).
#
# It answers with one row of scalars, not the rows it wrote: the caller has every other
# field already, positions and versions are consecutive, one ``recorded_at`` (as the text
# the hashes cover) serves every event, and the hashes come back as one string of 64 hex
# characters per event (each event's prev_hash is the hash before it). An idempotent replay
# answers with its positions and ``r_replayed`` only; the caller reads those events. The
# version probe runs after the head is locked, in its own statement: a statement's snapshot
# is taken when it starts, so only a probe that starts after the lock is granted sees the
# events of the append that held it.
ONE_ROW_APPEND_FUNCTION = r"""
CREATE FUNCTION eventstore_append(
    p_club uuid, p_stream text, p_expected integer, p_types text[],
    p_schema_versions integer[], p_data text[], p_metadata text, p_stream_json text,
    p_type_json text[], p_idempotency_key text, p_request_hash text,
    OUT r_first_position bigint, OUT r_last_position bigint, OUT r_first_version integer,
    OUT r_recorded_at text, OUT r_prev_hash text, OUT r_hashes text, OUT r_replayed boolean
) LANGUAGE plpgsql AS $$
DECLARE
    v_pos bigint;
    v_hash text;
    v_current integer;
    v_at timestamptz;
    v_key_hash text;
    v_hashes text[];
BEGIN
    SELECT h.last_position, h.last_hash INTO v_pos, v_hash
        FROM eventstore_head h WHERE h.club_id = p_club FOR UPDATE;
    IF NOT FOUND THEN
        INSERT INTO eventstore_head (club_id, last_position, last_hash)
            VALUES (p_club, 0, repeat('0', 64)) ON CONFLICT (club_id) DO NOTHING;
        SELECT h.last_position, h.last_hash INTO v_pos, v_hash
            FROM eventstore_head h WHERE h.club_id = p_club FOR UPDATE;
    END IF;

    IF p_idempotency_key IS NOT NULL THEN
        SELECT k.request_hash, k.first_position, k.last_position
            INTO v_key_hash, r_first_position, r_last_position
            FROM eventstore_idempotency k
            WHERE k.club_id = p_club AND k.key = p_idempotency_key;
        IF FOUND THEN
            IF v_key_hash <> p_request_hash THEN
                RAISE EXCEPTION 'idempotency key % was used for other content', p_idempotency_key
                    USING ERRCODE = 'BR002';
            END IF;
            r_replayed := true;
            RETURN;
        END IF;
    END IF;

    -- The probe and the clock in one statement (each statement of a function costs its
    -- set-up in every transaction). Not max(): with stale statistics the planner may
    -- aggregate the whole stream.
    SELECT coalesce((SELECT e.version FROM eventstore_event e
                     WHERE e.stream = p_stream AND e.club_id = p_club
                     ORDER BY e.version DESC LIMIT 1), 0),
           t.at, to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || '+00:00'
        INTO v_current, v_at, r_recorded_at
        FROM (SELECT clock_timestamp() AS at) t;
    IF p_expected IS NOT NULL AND p_expected <> v_current THEN
        RAISE EXCEPTION 'stream % is at version %, expected %', p_stream, v_current, p_expected
            USING ERRCODE = 'BR001', DETAIL = v_current::text;
    END IF;

    IF cardinality(p_types) = 1 THEN
        -- One event (most appends): hashed, inserted and the head moved in one statement.
        WITH event AS (
            INSERT INTO eventstore_event
                (club_id, position, stream, version, type, schema_version, data, metadata,
                 recorded_at, hash, prev_hash)
            VALUES (p_club, v_pos + 1, p_stream, v_current + 1, p_types[1],
                    p_schema_versions[1], p_data[1]::jsonb, p_metadata::jsonb, v_at,
                    encode(sha256(convert_to(
                        '{"club":"' || p_club::text
                        || '","data":' || p_data[1]
                        || ',"metadata":' || p_metadata
                        || ',"position":' || (v_pos + 1)
                        || ',"prev_hash":"' || v_hash
                        || '","recorded_at":"' || r_recorded_at
                        || '","schema_version":' || p_schema_versions[1]
                        || ',"stream":' || p_stream_json
                        || ',"type":' || p_type_json[1]
                        || ',"version":' || (v_current + 1)
                        || '}', 'UTF8')), 'hex'),
                    v_hash)
            RETURNING position, version, hash, prev_hash
        )
        UPDATE eventstore_head h SET last_position = event.position, last_hash = event.hash
            FROM event WHERE h.club_id = p_club
            RETURNING event.position, event.position, event.version, event.prev_hash,
                      event.hash, false
            INTO r_first_position, r_last_position, r_first_version, r_prev_hash, r_hashes,
                 r_replayed;
    ELSE
        r_first_position := v_pos + 1;
        r_last_position := v_pos + cardinality(p_types);
        r_first_version := v_current + 1;
        r_prev_hash := v_hash;
        r_replayed := false;
        FOR i IN 1 .. cardinality(p_types) LOOP
            v_hash := encode(sha256(convert_to(
                '{"club":"' || p_club::text
                || '","data":' || p_data[i]
                || ',"metadata":' || p_metadata
                || ',"position":' || (v_pos + i)
                || ',"prev_hash":"' || v_hash
                || '","recorded_at":"' || r_recorded_at
                || '","schema_version":' || p_schema_versions[i]
                || ',"stream":' || p_stream_json
                || ',"type":' || p_type_json[i]
                || ',"version":' || (v_current + i)
                || '}', 'UTF8')), 'hex');
            v_hashes[i] := v_hash;
        END LOOP;
        -- One statement for every event of the append.
        INSERT INTO eventstore_event
            (club_id, position, stream, version, type, schema_version, data, metadata,
             recorded_at, hash, prev_hash)
        SELECT p_club, v_pos + i, p_stream, v_current + i, p_types[i], p_schema_versions[i],
               p_data[i]::jsonb, m.metadata, v_at, v_hashes[i],
               CASE WHEN i = 1 THEN r_prev_hash ELSE v_hashes[i - 1] END
        FROM generate_series(1, cardinality(p_types)) AS i,
             (SELECT p_metadata::jsonb AS metadata) AS m;
        r_hashes := array_to_string(v_hashes, '');
        UPDATE eventstore_head h SET last_position = r_last_position, last_hash = v_hash
            WHERE h.club_id = p_club;
    END IF;

    IF p_idempotency_key IS NOT NULL THEN
        INSERT INTO eventstore_idempotency
            (club_id, key, request_hash, stream, first_position, last_position, recorded_at)
        VALUES (p_club, p_idempotency_key, p_request_hash, p_stream, r_first_position,
                r_last_position, v_at);
    END IF;
END $$;
"""
