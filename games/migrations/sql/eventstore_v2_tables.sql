-- The log partitioned by club as games.0007 built it: one head row per club
-- (eventstore_head), locked and moved by every append. Frozen, so games.0010 (a lock per
-- club instead, sql/eventstore_v3_*.sql) can go back to it.

CREATE TABLE eventstore_event (
    club_id uuid NOT NULL,
    position bigint NOT NULL CHECK (position > 0),
    stream text NOT NULL CHECK (stream <> ''),
    version integer NOT NULL CHECK (version > 0),
    type text NOT NULL CHECK (type <> ''),
    schema_version integer NOT NULL CHECK (schema_version > 0),
    data jsonb NOT NULL,
    metadata jsonb NOT NULL,
    recorded_at timestamptz NOT NULL,
    hash text NOT NULL,
    prev_hash text NOT NULL,
    CONSTRAINT eventstore_event_pkey PRIMARY KEY (club_id, position),
    -- Stream first: a stream is read by name alone too; the club id is there for Citus.
    CONSTRAINT eventstore_event_stream_version UNIQUE (stream, version, club_id)
);

CREATE TABLE eventstore_head (
    club_id uuid PRIMARY KEY,
    last_position bigint NOT NULL CHECK (last_position >= 0),
    last_hash text NOT NULL
);

CREATE TABLE eventstore_idempotency (
    club_id uuid NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    stream text NOT NULL,
    first_position bigint NOT NULL,
    last_position bigint NOT NULL,
    recorded_at timestamptz NOT NULL,
    PRIMARY KEY (club_id, key)
);
