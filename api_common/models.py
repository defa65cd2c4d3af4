"""What the API keeps of its own: the answers to creating POSTs sent with an
`Idempotency-Key` (api_common/idempotency.py)."""

from __future__ import annotations

from django.db import models


class IdempotentAnswer(models.Model):
    """The first answer to a creating POST with an `Idempotency-Key`, per club: a retry
    with the same key and body gets it again; with another body, a 422. Only successes are
    kept (a refusal is ruled again by its retry); a shown-once secret is never kept."""

    club_id = models.UUIDField()
    key = models.CharField(max_length=200)
    #: The operation and the body (SHA-256 of method, path and canonical JSON).
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    body = models.JSONField()
    location = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club_id", "key"], name="idempotent_answer_key")
        ]

    def __str__(self) -> str:
        return f"{self.key} ({self.status})"
