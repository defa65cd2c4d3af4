"""Each store (Postgres, in memory) against a model of it, driven by hypothesis."""

import uuid

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import eventlog
from eventlog import IdempotencyConflict, NewEvent, VersionConflict
from eventlog.memory import MemoryEventStore

# Payloads are JSON without floats: jsonb does not round-trip float spellings.
text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=8)
scalars = st.none() | st.booleans() | st.integers(-(2**53), 2**53) | text
payloads = st.dictionaries(
    text,
    st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
        max_leaves=6,
    ),
    max_size=4,
)
new_events = st.lists(
    st.builds(
        NewEvent,
        type=st.sampled_from(["BidMade", "CardPlayed"]),
        data=payloads,
        schema_version=st.integers(1, 2),
    ),
    min_size=1,
    max_size=3,
)


class EventStoreMachine(RuleBasedStateMachine):
    new_store = staticmethod(lambda: eventlog)

    def __init__(self) -> None:
        super().__init__()
        self.store = self.new_store()
        self.namespace = f"model-{uuid.uuid4().hex}"
        self.club = str(uuid.uuid4())  # a partition of its own: positions start at 1
        self.streams: dict[str, list[NewEvent]] = {}
        self.order: list[tuple[str, int]] = []
        self.keys: dict[str, tuple[str, list[NewEvent], int, int]] = {}
        self.first_position: int | None = None

    def stream(self, index: int) -> str:
        return f"{self.namespace}-{index}"

    @initialize()
    def a_stream_begun_and_followed_by_one_event(self):
        """Every run starts with the club's first event, then a lone event after its stream's
        last: outside a transaction the first goes through the function and the second the
        one-statement way, whatever the rules drawn next (some runs drew no such step)."""
        self.append_at_the_right_version(0, [NewEvent("BidMade", {"seat": 1})], False)
        self.append_at_the_right_version(0, [NewEvent("CardPlayed", {"card": "AS"})], False)

    @rule(index=st.integers(0, 2), events=new_events, use_key=st.booleans())
    def append_at_the_right_version(self, index, events, use_key):
        stream = self.stream(index)
        current = len(self.streams.get(stream, []))
        key = uuid.uuid4().hex if use_key else None
        result = self.store.append(
            club=self.club,
            stream=stream,
            expected_version=current,
            events=events,
            idempotency_key=key,
        )
        assert not result.replayed
        assert (result.first_version, result.last_version) == (current + 1, current + len(events))
        self.streams.setdefault(stream, []).extend(events)
        self.order.extend((stream, current + n + 1) for n in range(len(events)))
        if self.first_position is None:
            self.first_position = result.first_position
        if key:
            self.keys[key] = (stream, list(events), result.first_position, result.last_position)

    @rule(index=st.integers(0, 2), events=new_events, offset=st.sampled_from([-1, 1, 2]))
    def append_at_a_wrong_version_is_refused(self, index, events, offset):
        stream = self.stream(index)
        current = len(self.streams.get(stream, []))
        if current + offset < 0:
            return
        with pytest.raises(VersionConflict) as raised:
            self.store.append(
                club=self.club, stream=stream, expected_version=current + offset, events=events
            )
        assert raised.value.current == current

    @precondition(lambda self: self.keys)
    @rule(data=st.data())
    def retry_with_a_used_key(self, data):
        key = data.draw(st.sampled_from(sorted(self.keys)))
        stream, events, first, last = self.keys[key]
        replay = self.store.append(
            club=self.club, stream=stream, expected_version=None, events=events, idempotency_key=key
        )
        assert replay.replayed
        assert (replay.first_position, replay.last_position) == (first, last)
        with pytest.raises(IdempotencyConflict):
            self.store.append(
                club=self.club,
                stream=stream,
                expected_version=None,
                events=[*events, events[0]],
                idempotency_key=key,
            )

    @invariant()
    def streams_match_the_model(self):
        for stream, events in self.streams.items():
            stored = self.store.read_stream(stream=stream)
            assert [(e.type, e.schema_version, e.data) for e in stored] == [
                (e.type, e.schema_version, e.data) for e in events
            ]
            assert self.store.stream_version(stream=stream) == len(events)
        assert self.store.stream_version(stream=self.stream(9)) == 0

    @invariant()
    def the_global_order_and_chain_match(self):
        stored = self.store.read_all(club=self.club, stream_prefix=self.namespace, limit=10_000)
        assert [(e.stream, e.version) for e in stored] == self.order
        assert [e.position for e in stored] == list(range(1, len(stored) + 1))
        if self.first_position is not None:
            assert self.store.verify_chain(club=self.club, from_position=self.first_position).ok


#: How much of each machine is run (for every store alike).
RUNS = settings(
    max_examples=25,
    stateful_step_count=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


class MemoryStoreMachine(EventStoreMachine):
    new_store = staticmethod(MemoryEventStore)


@pytest.mark.parametrize(
    "machine", [EventStoreMachine, MemoryStoreMachine], ids=["postgres", "memory"]
)
@pytest.mark.django_db
def test_the_store_behaves_like_its_model(machine):
    run_state_machine_as_test(
        machine,
        settings=RUNS,
    )


@pytest.mark.django_db(transaction=True)  # each append a transaction of its own
def test_the_store_on_its_own_behaves_like_its_model(monkeypatch):
    """The Postgres machine outside a transaction, as a caller of the public append on its
    own runs it: a lone event after its stream's last takes the one-statement way (the club
    never shut here, so it is tried every time), everything else the function."""
    from django.db import connection

    from eventlog import citus, writer

    one_event, taken, closed_ways = writer._one_event, [], set()

    def noted(*args, **kwargs):
        result = one_event(*args, **kwargs)
        taken.append(result is not None)
        if result is None:  # why, if the way was not even open (an earlier test left it shut)
            raw = connection.connection
            closed_ways.add(
                (
                    ("atomic", connection.in_atomic_block),
                    ("queries logged", connection.queries_logged),
                    ("wrappers", len(connection.execute_wrappers)),
                    ("autocommit", raw.autocommit),
                    ("libpq may run", writer._libpq_may_run(raw)),
                    ("distributed", citus.log_distributed(connection)),
                )
            )
        return result

    # A fresh server connection and none of an earlier test's clubs shut: what is tested is
    # this machine's appends alone.
    connection.close()
    monkeypatch.setattr(writer, "_SHUT", {})
    monkeypatch.setattr(writer, "_MISSED", set())
    monkeypatch.setattr(writer, "_one_event", noted)
    monkeypatch.setattr(writer, "SHUT_FOR_S", 0.0)
    run_state_machine_as_test(
        EventStoreMachine,
        settings=RUNS,
    )
    assert any(taken), closed_ways  # the one-statement way was taken ...
    assert not all(taken)  # ... and given way to the function
