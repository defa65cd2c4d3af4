-- eventstore_append, version 5 (games 0020).
--
-- One round trip per append. The caller sends each payload already in canonical JSON (the
-- hash is over those exact bytes) and the function adds what only the database knows under
-- the club's lock: positions, versions, prev_hash and recorded_at.
--
-- The lock's second key is a 32-bit hash of the club: two clubs whose hashes collide share a
-- lock, so their appends wait on each other, and nothing else changes. It is tried first (a
-- plain expression, no statement to run) and waited for only when another append of the
-- club holds it. Everything read after it (the club's last event, the stream's version, the
-- idempotency key) is read by statements that start once the lock is held: under READ
-- COMMITTED (Django's default) a statement's snapshot is taken when it starts, so they see
-- every event of the append that held it.
--
-- Version 5 (games.0020; docs/decisions/0003-append-function-version-5.md) costs about 40%
-- less server work than version 4, by what PostgreSQL does at every call whatever the data:
-- - The club's last event is read with its stream and version. When it is of this stream
--   (a club's appends mostly go on one table's stream), it is the stream's last event too:
--   a club's appends are serialised by its lock and commit in order, so within a club a
--   stream's versions grow with positions. Only otherwise is the stream's version looked up,
--   and then from the expected version up (a B-tree leaf page is read whole from where the
--   scan starts: from the expected version that is one entry, not a page of the stream).
-- - Fewer statements and expressions: every statement's plan, and every plpgsql
--   expression, is set up again in each transaction, in proportion to its nodes. The
--   clock is read once, as the text the hash covers; the one-event INSERT hashes its own
--   row and answers the result; the hash's text is one format() instead of twenty ||.
--
-- It answers with one row of scalars, not the rows it wrote: the caller has every other
-- field already, positions and versions are consecutive, one ``recorded_at`` (as the text
-- the hashes cover) serves every event, and the hashes come back as one string of 64 hex
-- characters per event (each event's prev_hash is the hash before it). An idempotent replay
-- answers with its positions and ``r_replayed`` only; the caller reads those events.
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
    IF NOT pg_try_advisory_xact_lock(1112687941, hashtext(p_club::text)) THEN
        PERFORM pg_advisory_xact_lock(1112687941, hashtext(p_club::text));
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
                    '{"club":"%s","data":%s,"metadata":%s,"position":%s,"prev_hash":"%s","recorded_at":"%s","schema_version":%s,"stream":%s,"type":%s,"version":%s}',
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
                '{"club":"%s","data":%s,"metadata":%s,"position":%s,"prev_hash":"%s","recorded_at":"%s","schema_version":%s,"stream":%s,"type":%s,"version":%s}',
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
