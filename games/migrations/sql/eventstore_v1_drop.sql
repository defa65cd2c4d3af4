DROP FUNCTION IF EXISTS eventstore_append(
    text, integer, text[], integer[], text[], text, text, text[], text, text);
DROP TABLE IF EXISTS eventstore_idempotency, eventstore_head, eventstore_event;
DROP FUNCTION IF EXISTS eventstore_refuse_change();
DROP FUNCTION IF EXISTS eventstore_head_forward_only();
