-- games_table_save, version 2 (games.0018): a card play's whole write in one statement,
-- without a lock taken before it (docs/decisions/0007-no-lock-before-the-plays-write.md).
-- Version 1's arguments, then p_row_version: the version the state row must be at, the one
-- the play was decided on. NULL: the caller holds the row's lock already (as in version 1).
-- Otherwise the row's UPDATE names that version (and a table not abandoned: an abandoned
-- import's table takes no more events); no such row raises BR004 before anything is written,
-- and the caller decides again under the row's lock. The UPDATE locks the row until commit,
-- so the order of locks is version 1's: the row, then the club's (the append, last).
-- A key already stored raises BR003. Not used on Citus (version 1's note).

DROP FUNCTION games_table_save(
    uuid, integer, text, text, text, text, text, text, text, boolean, timestamptz,
    uuid, text, integer, text[], integer[], text[], text, text, text[], text, text);

CREATE FUNCTION games_table_save(
    p_table uuid, p_version integer, p_snapshot_version text, p_state text,
    p_deal_events text, p_deal_start text, p_key text, p_key_hash text, p_response text,
    p_closed boolean, p_activity_at timestamptz, p_row_version integer,
    p_club uuid, p_stream text, p_expected integer, p_types text[],
    p_schema_versions integer[], p_data text[], p_metadata text, p_stream_json text,
    p_type_json text[], p_idempotency_key text, p_request_hash text,
    OUT r_first_position bigint, OUT r_last_position bigint, OUT r_first_version integer,
    OUT r_recorded_at text, OUT r_prev_hash text, OUT r_hashes text, OUT r_replayed boolean
) LANGUAGE plpgsql AS $$
BEGIN
    -- p_deal_start NULL: the state at the deal's start is unchanged.
    IF p_row_version IS NULL THEN
        UPDATE games_tablestate
            SET version = p_version, snapshot_version = p_snapshot_version, state = p_state,
                deal_events = p_deal_events::jsonb, updated_at = now(),
                deal_start = coalesce(p_deal_start, deal_start)
            WHERE table_id = p_table AND club_id = p_club;
    ELSE
        UPDATE games_tablestate s
            SET version = p_version, snapshot_version = p_snapshot_version, state = p_state,
                deal_events = p_deal_events::jsonb, updated_at = now(),
                deal_start = coalesce(p_deal_start, s.deal_start)
            WHERE s.table_id = p_table AND s.club_id = p_club AND s.version = p_row_version
              AND s.snapshot_version = p_snapshot_version
              AND EXISTS (SELECT 1 FROM games_table t WHERE t.id = p_table
                          AND t.club_id = p_club AND t.import_status <> 'abandoned');
        IF NOT FOUND THEN
            RAISE EXCEPTION 'table % is not at version %', p_table, p_row_version
                USING ERRCODE = 'BR004';
        END IF;
    END IF;
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
