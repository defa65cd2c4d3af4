ALTER TABLE eventstore_event
    ALTER COLUMN position TYPE bigint,
    ALTER COLUMN stream TYPE text COLLATE "C",
    ALTER COLUMN version TYPE integer,
    ALTER COLUMN type TYPE text,
    ALTER COLUMN schema_version TYPE integer;
ALTER TABLE eventstore_event ADD CONSTRAINT eventstore_event_well_formed CHECK (
    position > 0 AND version > 0 AND schema_version > 0 AND stream <> '' AND type <> '');
DROP DOMAIN eventstore_position;
DROP DOMAIN eventstore_number;
DROP DOMAIN eventstore_stream;
DROP DOMAIN eventstore_type;
