-- eventstore_append's answer from version 5 on (games 0020).
--
-- What ``eventstore_append`` answers, one row of scalars (see below). A named type rather
-- than OUT parameters: PostgreSQL builds a function's OUT row type again at every call,
-- twice for ``SELECT * FROM eventstore_append(...)`` (the call's and the scan's), where a
-- named type comes from the type cache (about a tenth of an append's server work).
CREATE TYPE eventstore_appended AS (
    r_first_position bigint, r_last_position bigint, r_first_version integer,
    r_recorded_at text, r_prev_hash text, r_hashes text, r_replayed boolean
);
