-- eventstore_append, version 2 (games.0007): every column of every appended row, one
-- row per event, from a loop of one INSERT per event.

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
