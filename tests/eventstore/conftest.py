import uuid

import pytest


@pytest.fixture
def stream_id():
    """A stream no other test touches: committed events survive between tests by design."""
    return f"test-{uuid.uuid4().hex}"


@pytest.fixture
def club():
    """A club partition of its own: its positions start at 1 and its chain at genesis."""
    return str(uuid.uuid4())
