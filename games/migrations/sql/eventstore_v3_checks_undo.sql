ALTER TABLE eventstore_event DROP CONSTRAINT eventstore_event_well_formed;
ALTER TABLE eventstore_event
    ADD CONSTRAINT eventstore_event_position_check CHECK (position > 0),
    ADD CONSTRAINT eventstore_event_stream_check CHECK (stream <> ''),
    ADD CONSTRAINT eventstore_event_version_check CHECK (version > 0),
    ADD CONSTRAINT eventstore_event_type_check CHECK (type <> ''),
    ADD CONSTRAINT eventstore_event_schema_version_check CHECK (schema_version > 0);
ALTER TABLE eventstore_event ALTER COLUMN stream TYPE text COLLATE "default";
