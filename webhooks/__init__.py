"""Webhooks: an outbox read from the event log, one checkpoint per endpoint."""
