from __future__ import annotations

import uuid

import pytest

from clubs.models import Club
from tests.clubs.helpers import make_club


@pytest.fixture
def club(db: None) -> Club:
    return make_club()


@pytest.fixture
def table_id() -> uuid.UUID:
    """A table no other test touches: committed events outlive their test by design."""
    return uuid.uuid4()
