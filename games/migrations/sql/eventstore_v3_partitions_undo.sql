CREATE TABLE eventstore_head (
    club_id uuid PRIMARY KEY,
    last_position bigint NOT NULL CHECK (last_position >= 0),
    last_hash text NOT NULL
);
INSERT INTO eventstore_head (club_id, last_position, last_hash)
    SELECT p.club_id, l.position, l.hash FROM eventstore_partition p
    CROSS JOIN LATERAL (SELECT e.position, e.hash FROM eventstore_event e
                        WHERE e.club_id = p.club_id ORDER BY e.position DESC LIMIT 1) l;
CREATE TRIGGER eventstore_head_no_delete BEFORE DELETE ON eventstore_head
    FOR EACH ROW EXECUTE FUNCTION eventstore_refuse_change();
CREATE TRIGGER eventstore_head_no_truncate BEFORE TRUNCATE ON eventstore_head
    FOR EACH STATEMENT EXECUTE FUNCTION eventstore_refuse_change();
CREATE TRIGGER eventstore_head_forward BEFORE UPDATE ON eventstore_head
    FOR EACH ROW EXECUTE FUNCTION eventstore_head_forward_only();
DROP TABLE eventstore_partition;
