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
