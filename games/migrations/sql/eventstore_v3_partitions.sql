-- games.0010, a lock per club (docs/decisions/0001-a-lock-per-club.md): the head row
-- was locked and rewritten by every append; the club's last event already holds its position
-- and hash, and a lock that lives in memory is all the serialising needs.

CREATE TABLE eventstore_partition (club_id uuid PRIMARY KEY);
CREATE TRIGGER eventstore_partition_no_update_delete BEFORE UPDATE OR DELETE
    ON eventstore_partition FOR EACH ROW EXECUTE FUNCTION eventstore_refuse_change();
CREATE TRIGGER eventstore_partition_no_truncate BEFORE TRUNCATE ON eventstore_partition
    FOR EACH STATEMENT EXECUTE FUNCTION eventstore_refuse_change();
INSERT INTO eventstore_partition (club_id)
    SELECT h.club_id FROM eventstore_head h
    WHERE EXISTS (SELECT 1 FROM eventstore_event e WHERE e.club_id = h.club_id);
-- Its trigger function stays: a carried log's archive, eventstore_head_v1, uses it too.
DROP TABLE eventstore_head;
