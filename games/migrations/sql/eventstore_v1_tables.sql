-- The first, single-chain event log (migrations games.0001 and 0003), frozen:
-- games.0007 replaces it and keeps a non-empty log of this shape as the read-only archive
-- eventstore_*_v1. eventstore_head is the single counter row: eventstore_append locks it
-- until commit, so positions are handed out in commit order without gaps.

CREATE TABLE eventstore_event (
    position bigint PRIMARY KEY CHECK (position > 0),
    stream text NOT NULL CHECK (stream <> ''),
    version integer NOT NULL CHECK (version > 0),
    type text NOT NULL CHECK (type <> ''),
    schema_version integer NOT NULL CHECK (schema_version > 0),
    data jsonb NOT NULL,
    metadata jsonb NOT NULL,
    recorded_at timestamptz NOT NULL,
    hash text NOT NULL,
    prev_hash text NOT NULL,
    CONSTRAINT eventstore_event_stream_version UNIQUE (stream, version)
);

CREATE TABLE eventstore_head (
    id smallint PRIMARY KEY CHECK (id = 1),
    last_position bigint NOT NULL,
    last_hash text NOT NULL
);
INSERT INTO eventstore_head (id, last_position, last_hash) VALUES (1, 0, repeat('0', 64));

CREATE TABLE eventstore_idempotency (
    key text PRIMARY KEY,
    request_hash text NOT NULL,
    stream text NOT NULL,
    first_position bigint NOT NULL,
    last_position bigint NOT NULL,
    recorded_at timestamptz NOT NULL
);
