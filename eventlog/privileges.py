"""What the application role may do, granted after every migrate by the owner role."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import connections, transaction

#: What the application role may do on the log's tables, each granted where it exists: a
#: database migrated to an older state has some of them and not others.
LOG_GRANTS = {
    "eventstore_event": "SELECT, INSERT",
    "eventstore_idempotency": "SELECT, INSERT",
    # INSERT: a club's first append adds the club to the list of partitions.
    "eventstore_partition": "SELECT, INSERT",
    # The head rows, in a log migrated back before games.0010 (and in the first schema).
    "eventstore_head": "SELECT, INSERT, UPDATE",
    # The first, single-chain log, kept read-only when migration 0007 carried it forward.
    "eventstore_event_v1": "SELECT",
    "eventstore_idempotency_v1": "SELECT",
    "eventstore_head_v1": "SELECT",
}


def grant_app_privileges(*, using: str = "default", **kwargs: Any) -> None:
    """Full DML on ordinary tables; only appending on the log. No-op if one role does all."""
    role = getattr(settings, "DB_APP_ROLE", None)
    connection = connections[using]
    if not role or connection.vendor != "postgresql":
        return
    # One transaction: other sessions never see the log without its grants, nor the
    # application role momentarily holding UPDATE/DELETE/TRUNCATE on it.
    with transaction.atomic(using=using), connection.cursor() as cursor:
        cursor.execute(
            "SELECT current_user, EXISTS (SELECT 1 FROM pg_roles WHERE rolname = %s)", [role]
        )
        current_user, role_exists = cursor.fetchone()
        if not role_exists or current_user == role:
            return
        grantee = connection.ops.quote_name(role)
        cursor.execute(f"GRANT USAGE ON SCHEMA public TO {grantee}")
        cursor.execute(
            "GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public "
            f"TO {grantee}"
        )
        cursor.execute(
            f"GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO {grantee}"
        )
        cursor.execute(
            "SELECT relname FROM pg_class WHERE relkind = 'r' AND relname = ANY(%s) "
            "AND relnamespace = 'public'::regnamespace",
            [list(LOG_GRANTS)],
        )
        present = {row[0] for row in cursor.fetchall()}
        for table, privileges in LOG_GRANTS.items():
            if table not in present:
                continue
            cursor.execute(f"REVOKE ALL ON {table} FROM {grantee}")
            cursor.execute(f"GRANT {privileges} ON {table} TO {grantee}")
