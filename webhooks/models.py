"""Endpoints a club registered and every attempt (an endpoint's checkpoint in the log is
the subscription ``webhook:<id>`` of `followers`)."""

from __future__ import annotations

import uuid

from django.db import models

from clubs.models import Club


class WebhookEndpoint(models.Model):
    """Where a club wants some kinds of its tables' events POSTed. The secret signs each
    request; it is kept in clear because signing needs it, and shown once, at creation."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="webhook_endpoints")
    url = models.URLField(max_length=2000)
    kinds = models.JSONField(default=list)
    description = models.CharField(max_length=200, blank=True, default="")
    secret = models.CharField(max_length=100)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.url} ({self.club_id})"


class DeliveryStatus(models.TextChoices):
    # The job words (common/jobs.py): queued for its next attempt, failed for good.
    PENDING = "queued", "Queued (will be retried)"
    SUCCEEDED = "succeeded", "Delivered (the receiver answered 2xx)"
    DEAD = "failed", "Failed (out of attempts: the endpoint is blocked until unblocked)"
    SKIPPED = "skipped", "Skipped by an admin after it died"


class WebhookDelivery(models.Model):
    """One event for one endpoint. At most one is unfinished (pending or dead) per endpoint
    at a time, because events go out in log order."""

    endpoint = models.ForeignKey(
        WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries"
    )
    position = models.BigIntegerField()
    kind = models.CharField(max_length=40)
    table_id = models.UUIDField()
    status = models.CharField(
        max_length=20, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING
    )
    attempts = models.PositiveIntegerField(default=0)
    # Consecutive failures since creation or the last unblock: drives backoff and death.
    # (When a queued one is tried next is its endpoint's checkpoint's `not_before`.)
    failures = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["endpoint", "position"], name="webhook_delivery_once_per_event"
            )
        ]
        indexes = [models.Index(fields=["endpoint", "status"], name="webhook_delivery_status")]

    def __str__(self) -> str:
        return f"{self.delivery_id} ({self.status})"

    @property
    def delivery_id(self) -> str:
        """Stable across retries: what receivers deduplicate on."""
        return delivery_id(self.endpoint_id, self.position)


def delivery_id(endpoint_id: uuid.UUID, position: int) -> str:
    return f"{endpoint_id}:{position}"


class WebhookAttempt(models.Model):
    delivery = models.ForeignKey(WebhookDelivery, on_delete=models.CASCADE, related_name="log")
    number = models.PositiveIntegerField()
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField()
    duration_ms = models.PositiveIntegerField()
    status_code = models.PositiveIntegerField(null=True, blank=True)
    error = models.TextField(blank=True, default="")
    succeeded = models.BooleanField()
    next_retry_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["delivery", "number"], name="webhook_attempt_number")
        ]

    def __str__(self) -> str:
        return f"{self.delivery_id} #{self.number}: {self.status_code or self.error}"


class WebhookTableClub(models.Model):
    """Which club a table belongs to, learned from its ``TableCreated`` event (it never
    changes), so filtering a page of events costs no read of each table's stream."""

    table_id = models.UUIDField(primary_key=True)
    club_id = models.UUIDField()

    def __str__(self) -> str:
        return f"{self.table_id} -> {self.club_id}"
