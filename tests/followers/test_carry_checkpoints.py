"""Migration followers.0002 carries the two old checkpoint tables into the one.

A scratch database (a copy of one at the log's first schema, tests/scratch.py) is migrated
to the schema before the move (projectors' own `ProjectorCheckpoint` with its club rows,
webhooks' `WebhookCheckpoint` per endpoint), rows are written there as the old code wrote
them, then it is migrated forward: every projector generation and every endpoint is a
subscription checkpoint at the same positions, a waiting retry keeps its time, the old
tables are gone; and going back restores them."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import psycopg
import pytest

from tests.scratch import Scratch, first_log, first_schema, manager

__all__ = ["first_log", "first_schema", "manager"]  # the fixtures, from tests/scratch.py


def _old_schema(scratch: Scratch) -> None:
    scratch.manage("migrate", "projectors", "0005_club_checkpoints")
    scratch.manage("migrate", "webhooks", "0003_club_positions")


@pytest.mark.django_db
def test_old_checkpoints_are_carried_into_the_subscriptions_table(first_log) -> None:
    scratch = first_log  # the log's first schema, then the checkpoints' before the move
    _old_schema(scratch)
    clubs = [str(uuid.uuid4()), str(uuid.uuid4())]
    endpoint, blocked = str(uuid.uuid4()), str(uuid.uuid4())
    retry_at = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)
    now = datetime.now(UTC)
    with psycopg.connect(scratch.owner, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO clubs_club (id, name, created_at) VALUES (%s, 'Old', now())", [clubs[0]]
        )
        for ident, position in ((endpoint, 17), (blocked, 9)):
            conn.execute(
                "INSERT INTO webhooks_webhookendpoint (id, club_id, url, kinds, description, "
                "secret, active, created_at, updated_at) VALUES (%s, %s, 'https://x.example/h', "
                "'[\"deal_settled\"]', '', 's', true, now(), now())",
                [ident, clubs[0]],
            )
            conn.execute(
                "INSERT INTO webhooks_webhookcheckpoint (endpoint_id, position, updated_at) "
                "VALUES (%s, %s, %s)",
                [ident, position, now],
            )
        # A retry waiting on the first endpoint; a dead delivery blocking the second.
        for ident, position, status, at in (
            (endpoint, 20, "queued", retry_at),
            (blocked, 12, "failed", None),
        ):
            conn.execute(
                "INSERT INTO webhooks_webhookdelivery (endpoint_id, position, kind, table_id, "
                "status, attempts, failures, next_attempt_at, created_at) VALUES "
                "(%s, %s, 'deal_settled', %s, %s, 1, 1, %s, now())",
                [ident, position, str(uuid.uuid4()), status, at],
            )
        # A projector's live generation 3 at (club 0: 40, club 1: 2) and a rebuild's 4.
        for generation, position, active in ((3, 42, True), (4, 5, False)):
            (checkpoint_id,) = conn.execute(
                "INSERT INTO projectors_projectorcheckpoint (name, generation, position, active, "
                "updated_at) VALUES ('player_stats', %s, %s, %s, %s) RETURNING id",
                [generation, position, active, now],
            ).fetchone()
            for club, at in zip(clubs, (position - 2, 2), strict=True):
                conn.execute(
                    "INSERT INTO projectors_projectorclubcheckpoint (checkpoint_id, club_id, "
                    "position) VALUES (%s, %s, %s)",
                    [checkpoint_id, club, at],
                )
    scratch.manage("migrate")

    with psycopg.connect(scratch.owner) as conn:
        rows = conn.execute(
            "SELECT s.name, s.generation, s.position, s.active, s.not_before, c.club_id::text, "
            "c.position FROM followers_subscriptioncheckpoint s JOIN "
            "followers_subscriptionclubcheckpoint c ON c.checkpoint_id = s.id"
        ).fetchall()
        carried = {(r[0], r[1], r[5]): (r[2], r[3], r[4], r[6]) for r in rows}
        assert carried == {
            (f"webhook:{endpoint}", 1, clubs[0]): (17, True, retry_at, 17),
            (f"webhook:{blocked}", 1, clubs[0]): (9, True, None, 9),
            ("player_stats", 3, clubs[0]): (42, True, None, 40),
            ("player_stats", 3, clubs[1]): (42, True, None, 2),
            ("player_stats", 4, clubs[0]): (5, False, None, 3),
            ("player_stats", 4, clubs[1]): (5, False, None, 2),
        }
        gone = conn.execute(
            "SELECT to_regclass('webhooks_webhookcheckpoint'), "
            "to_regclass('projectors_projectorcheckpoint')"
        ).fetchone()
        assert gone == (None, None)

    # Going back puts the rows where the old code looks for them.
    scratch.manage("migrate", "followers", "0001_initial")
    with psycopg.connect(scratch.owner) as conn:
        hooks = conn.execute(
            "SELECT endpoint_id::text, position FROM webhooks_webhookcheckpoint"
        ).fetchall()
        assert sorted(hooks) == sorted([(endpoint, 17), (blocked, 9)])
        (at,) = conn.execute(
            "SELECT next_attempt_at FROM webhooks_webhookdelivery WHERE status = 'queued'"
        ).fetchone()
        assert at == retry_at
        stats = conn.execute(
            "SELECT p.generation, p.active, c.club_id::text, c.position FROM "
            "projectors_projectorcheckpoint p JOIN projectors_projectorclubcheckpoint c "
            "ON c.checkpoint_id = p.id"
        ).fetchall()
        assert sorted(stats) == sorted(
            [(3, True, clubs[0], 40), (3, True, clubs[1], 2), (4, False, clubs[0], 3),
             (4, False, clubs[1], 2)]
        )  # fmt: skip
