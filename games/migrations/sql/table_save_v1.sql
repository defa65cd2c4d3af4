-- games_table_save, version 1 (games.0016): a card play's whole write in one statement
-- (docs/decisions/0006-one-statement-per-play.md). The table's state row, the stored answer
-- of a keyed request, then the append with eventstore_append's own arguments (the append
-- last: it takes the club's lock, held until commit). Called inside the service's
-- transaction, after the row's lock; a key already stored raises BR003 and the caller
-- abandons the transaction. Not used on Citus, where the append is a distributed function
-- delegated to the club's worker and must be called on its own.

CREATE FUNCTION games_table_save(
    p_table uuid, p_version integer, p_snapshot_version text, p_state text,
    p_deal_events text, p_deal_start text, p_key text, p_key_hash text, p_response text,
    p_closed boolean, p_activity_at timestamptz,
    p_club uuid, p_stream text, p_expected integer, p_types text[],
    p_schema_versions integer[], p_data text[], p_metadata text, p_stream_json text,
    p_type_json text[], p_idempotency_key text, p_request_hash text,
    OUT r_first_position bigint, OUT r_last_position bigint, OUT r_first_version integer,
    OUT r_recorded_at text, OUT r_prev_hash text, OUT r_hashes text, OUT r_replayed boolean
) LANGUAGE plpgsql AS $$
BEGIN
    -- p_deal_start NULL: the state at the deal's start is unchanged.
    UPDATE games_tablestate
        SET version = p_version, snapshot_version = p_snapshot_version, state = p_state,
            deal_events = p_deal_events::jsonb, updated_at = now(),
            deal_start = coalesce(p_deal_start, deal_start)
        WHERE table_id = p_table AND club_id = p_club;
    -- The Tables page's stored columns (games.0012); NULL p_activity_at: not an append.
    IF p_activity_at IS NOT NULL THEN
        UPDATE games_table SET closed = p_closed, last_activity_at = p_activity_at
            WHERE id = p_table AND club_id = p_club;
    END IF;
    IF p_key IS NOT NULL THEN
        INSERT INTO games_tablerequest
            (table_id, club_id, key, request_hash, status_code, response, created_at)
        VALUES (p_table, p_club, p_key, p_key_hash, 201, p_response, now())
        ON CONFLICT (table_id, club_id, key) DO NOTHING;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'idempotency key % is stored for this table already', p_key
                USING ERRCODE = 'BR003';
        END IF;
    END IF;
    SELECT a.r_first_position, a.r_last_position, a.r_first_version, a.r_recorded_at,
           a.r_prev_hash, a.r_hashes, a.r_replayed
        INTO r_first_position, r_last_position, r_first_version, r_recorded_at,
             r_prev_hash, r_hashes, r_replayed
        FROM eventstore_append(p_club, p_stream, p_expected, p_types, p_schema_versions,
                               p_data, p_metadata, p_stream_json, p_type_json,
                               p_idempotency_key, p_request_hash) a;
END $$;
