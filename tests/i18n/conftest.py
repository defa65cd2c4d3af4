"""The language tests use the API's and the app's fixtures."""

from __future__ import annotations

from tests.clubs.fixtures import admin, auditor, club, scorekeeper

__all__ = ["admin", "auditor", "club", "scorekeeper"]
