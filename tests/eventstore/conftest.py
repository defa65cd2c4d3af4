import uuid

import pytest


@pytest.fixture
def stream_id():
    """A stream no other test touches: committed events survive between tests by design."""
    return f"test-{uuid.uuid4().hex}"
