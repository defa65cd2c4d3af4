from tests.clubs.fixtures import admin, auditor, club, scorekeeper

__all__ = ["admin", "auditor", "club", "scorekeeper"]
