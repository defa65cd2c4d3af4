-- games.0010: one CHECK instead of five (the executor prepares every CHECK again for each
-- INSERT); stream in the "C" collation (byte order is code point order for UTF-8, the order
-- C.UTF-8 sorts in, so no result changes, and LIKE 'prefix%' can use the index).

DO $$
DECLARE
    v_name name;
BEGIN
    FOR v_name IN SELECT conname FROM pg_constraint
                  WHERE conrelid = 'eventstore_event'::regclass AND contype = 'c' LOOP
        EXECUTE format('ALTER TABLE eventstore_event DROP CONSTRAINT %I', v_name);
    END LOOP;
END $$;
ALTER TABLE eventstore_event ADD CONSTRAINT eventstore_event_well_formed CHECK (
    position > 0 AND version > 0 AND schema_version > 0 AND stream <> '' AND type <> '');
ALTER TABLE eventstore_event ALTER COLUMN stream TYPE text COLLATE "C";
