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


@pytest.fixture(params=["postgres", "memory"])
def store(request):
    """Each store that implements the event store's append/read API: the Postgres one (the
    functions of ``eventlog``, in the test's rolled-back transaction) and
    ``MemoryEventStore``. ``test_store_contract.py`` holds both to the same behaviour."""
    if request.param == "memory":
        from eventlog.memory import MemoryEventStore

        return MemoryEventStore()
    request.getfixturevalue("db")
    import eventlog

    return eventlog
