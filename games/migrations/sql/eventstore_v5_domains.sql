-- games.0020: the well-formedness CHECK as domains. PostgreSQL prepares a table's CHECK
-- again for every INSERT statement (its stored expression parsed and planned: about an
-- eighth of an append's server work), where a domain's check is prepared once per session
-- in the type cache. The same five rules, the same refusal (SQLSTATE 23514,
-- check_violation), for every role and every INSERT, the function's or not. Reading a
-- column answers its base type, so no client sees a difference.

CREATE DOMAIN eventstore_position AS bigint CHECK (VALUE > 0);
CREATE DOMAIN eventstore_number AS integer CHECK (VALUE > 0);
CREATE DOMAIN eventstore_stream AS text COLLATE "C" CHECK (VALUE <> '');
CREATE DOMAIN eventstore_type AS text CHECK (VALUE <> '');
ALTER TABLE eventstore_event DROP CONSTRAINT eventstore_event_well_formed;
ALTER TABLE eventstore_event
    ALTER COLUMN position TYPE eventstore_position,
    ALTER COLUMN stream TYPE eventstore_stream,
    ALTER COLUMN version TYPE eventstore_number,
    ALTER COLUMN type TYPE eventstore_type,
    ALTER COLUMN schema_version TYPE eventstore_number;
