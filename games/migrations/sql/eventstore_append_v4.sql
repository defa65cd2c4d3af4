-- eventstore_append, version 4 (games.0010): a transaction-scoped advisory lock per club
-- instead of the head row; the club's last event, the stream's version and the clock in one
-- statement. Version 5 (games.0020) replaced it; the current version is the newest file here.
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
    IF NOT pg_try_advisory_xact_lock(1112687941, hashtext(p_club::text)) THEN
        PERFORM pg_advisory_xact_lock(1112687941, hashtext(p_club::text));
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

    -- The club's last event, the stream's version and the clock in one statement (each
    -- statement of a function costs its set-up in every transaction). Not max(): with
    -- stale statistics the planner may aggregate the whole stream.
    SELECT coalesce(l.position, 0), coalesce(l.hash, repeat('0', 64)),
           coalesce((SELECT e.version FROM eventstore_event e
                     WHERE e.stream = p_stream AND e.club_id = p_club
                     ORDER BY e.version DESC LIMIT 1), 0),
           t.at, to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || '+00:00'
        INTO v_pos, v_hash, v_current, v_at, r_recorded_at
        FROM (SELECT clock_timestamp() AS at) t
        LEFT JOIN LATERAL (SELECT e.position, e.hash FROM eventstore_event e
                           WHERE e.club_id = p_club ORDER BY e.position DESC LIMIT 1) l ON true;
    IF p_expected IS NOT NULL AND p_expected <> v_current THEN
        RAISE EXCEPTION 'stream % is at version %, expected %', p_stream, v_current, p_expected
            USING ERRCODE = 'BR001', DETAIL = v_current::text;
    END IF;
    IF v_pos = 0 THEN
        -- The club's first event: the club joins the list of partitions.
        INSERT INTO eventstore_partition (club_id) VALUES (p_club) ON CONFLICT DO NOTHING;
    END IF;

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
    r_hashes := array_to_string(v_hashes, '');
    IF cardinality(p_types) = 1 THEN
        -- One event (most appends): a plain VALUES row, the cheapest plan to start.
        INSERT INTO eventstore_event
            (club_id, position, stream, version, type, schema_version, data, metadata,
             recorded_at, hash, prev_hash)
        VALUES (p_club, v_pos + 1, p_stream, v_current + 1, p_types[1],
                p_schema_versions[1], p_data[1]::jsonb, p_metadata::jsonb, v_at, v_hash,
                r_prev_hash);
    ELSE
        -- One statement for every event of the append.
        INSERT INTO eventstore_event
            (club_id, position, stream, version, type, schema_version, data, metadata,
             recorded_at, hash, prev_hash)
        SELECT p_club, v_pos + i, p_stream, v_current + i, p_types[i], p_schema_versions[i],
               p_data[i]::jsonb, m.metadata, v_at, v_hashes[i],
               CASE WHEN i = 1 THEN r_prev_hash ELSE v_hashes[i - 1] END
        FROM generate_series(1, cardinality(p_types)) AS i,
             (SELECT p_metadata::jsonb AS metadata) AS m;
    END IF;

    IF p_idempotency_key IS NOT NULL THEN
        INSERT INTO eventstore_idempotency
            (club_id, key, request_hash, stream, first_position, last_position, recorded_at)
        VALUES (p_club, p_idempotency_key, p_request_hash, p_stream, r_first_position,
                r_last_position, v_at);
    END IF;
END $$;
