"""Django's PostgreSQL backend with a cheaper `CONN_HEALTH_CHECKS`.

Django checks a persistent connection at the first query of every request by sending
`SELECT 1`: a round trip (client and server CPU, and a wait) on every card play. What it
guards against is a connection the server has ended: a restart, `pg_terminate_backend`, an
idle timeout. In every one of those the server says so on the socket (a FATAL message, then
the close), so the socket of an idle connection becomes readable. Here an idle connection
whose socket has nothing to read is taken as usable without a query; anything else (data
waiting, a transaction not idle, a broken status) falls back to Django's `SELECT 1`, which
then closes and replaces the connection as before. A peer that vanished without a word (a
cut cable) is not seen by either check until a query times out.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base
from psycopg import pq


class DatabaseWrapper(base.DatabaseWrapper):
    def close_if_health_check_failed(self) -> None:
        if (
            self.connection is not None
            and self.health_check_enabled
            and not self.health_check_done
            and not self.pool
            and _quiet(self.connection)
        ):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()


def _quiet(connection: object) -> bool:
    """An idle connection in good standing with nothing sent to it unasked."""
    try:
        pgconn = connection.pgconn  # type: ignore[attr-defined]
        if pgconn.status != pq.ConnStatus.OK:
            return False
        if pgconn.transaction_status != pq.TransactionStatus.IDLE:
            return False
        readable, _, _ = select.select([pgconn.socket], [], [], 0)
    except Exception:  # anything odd: Django's own check decides
        return False
    return not readable
