"""The real-worker fixtures shared with the exports tests."""

from tests.worker_fixtures import quiet_before_flush, worker

__all__ = ["quiet_before_flush", "worker"]
