"""The event store's contract, held by every store: the Postgres one and the in-memory one
(``eventlog.memory``) pass the same tests (the ``store`` fixture of conftest.py).
What needs a transaction, a lock, a trigger or a privilege stays in the Postgres-only
modules (test_append, test_concurrency, test_immutability, test_partitions)."""

import uuid

import pytest

from eventlog import (
    GENESIS_HASH,
    IdempotencyConflict,
    NewEvent,
    VersionConflict,
    upcasters,
)


def played(card: str) -> NewEvent:
    return NewEvent(type="CardPlayed", data={"card": card})


def test_a_new_stream_starts_at_version_one_and_positions_follow_the_log(store, stream_id, club):
    result = store.append(
        club=club, stream=stream_id, expected_version=0, events=[played("A♠"), played("K♠")]
    )
    assert (result.first_version, result.last_version) == (1, 2)
    assert result.last_position == result.first_position + 1
    assert not result.replayed
    assert store.stream_version(stream=stream_id) == 2
    stored = store.read_stream(stream=stream_id)
    assert [e.data["card"] for e in stored] == ["A♠", "K♠"]
    assert stored == list(result.events)
    assert stored[1].prev_hash == stored[0].hash
    assert store.verify_chain(club=club, from_position=result.first_position).ok


def test_the_first_event_of_a_club_links_to_the_genesis_hash(store, stream_id, club):
    # Whatever ran before, the club's log has a first event once this one is appended.
    store.append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    first = store.read_all(club=club, after=0, limit=1)
    assert len(first) == 1
    assert first[0].position == 1
    assert first[0].prev_hash == GENESIS_HASH


def test_wrong_expected_version_raises_a_conflict_carrying_the_current_version(
    store, stream_id, club
):
    store.append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    with pytest.raises(VersionConflict) as raised:
        store.append(club=club, stream=stream_id, expected_version=0, events=[played("K♠")])
    assert (raised.value.expected, raised.value.current) == (0, 1)
    assert store.stream_version(stream=stream_id) == 1


def test_expected_version_none_appends_at_any_version(store, stream_id, club):
    store.append(club=club, stream=stream_id, expected_version=None, events=[played("A♠")])
    result = store.append(club=club, stream=stream_id, expected_version=None, events=[played("K♠")])
    assert result.last_version == 2


def test_a_retry_with_the_same_key_and_content_returns_the_original_and_writes_nothing(
    store, stream_id, club
):
    first = store.append(
        club=club,
        stream=stream_id,
        expected_version=0,
        events=[played("A♠")],
        idempotency_key=stream_id,
    )
    again = store.append(
        club=club,
        stream=stream_id,
        expected_version=0,
        events=[played("A♠")],
        idempotency_key=stream_id,
    )
    assert again.replayed
    assert again.events == first.events
    assert (again.first_position, again.last_position) == (
        first.first_position,
        first.last_position,
    )
    assert store.stream_version(stream=stream_id) == 1
    assert first.events[0].metadata["idempotency_key"] == stream_id


def test_the_same_key_with_other_content_is_rejected(store, stream_id, club):
    store.append(
        club=club,
        stream=stream_id,
        expected_version=0,
        events=[played("A♠")],
        idempotency_key=stream_id,
    )
    with pytest.raises(IdempotencyConflict):
        store.append(
            club=club,
            stream=stream_id,
            expected_version=1,
            events=[played("K♠")],
            idempotency_key=stream_id,
        )
    assert store.stream_version(stream=stream_id) == 1


def test_a_key_used_on_one_stream_is_refused_on_another(store, stream_id, club):
    key = f"key-{stream_id}"
    store.append(
        club=club, stream=stream_id, expected_version=0, events=[played("A♠")], idempotency_key=key
    )
    with pytest.raises(IdempotencyConflict):
        store.append(
            club=club,
            stream=f"{stream_id}-other",
            expected_version=0,
            events=[played("A♠")],
            idempotency_key=key,
        )
    assert store.stream_version(stream=f"{stream_id}-other") == 0
    assert store.stream_version(stream=stream_id) == 1


def test_read_stream_and_read_all_page_by_version_and_position(store, stream_id, club):
    store.append(
        club=club, stream=stream_id, expected_version=0, events=[played(str(n)) for n in range(5)]
    )
    assert [e.version for e in store.read_stream(stream=stream_id, after_version=2, limit=2)] == [
        3,
        4,
    ]
    pages, after = [], 0
    while page := store.read_all(club=club, after=after, limit=2, stream_prefix=stream_id):
        pages.append([e.version for e in page])
        after = page[-1].position
    assert pages == [[1, 2], [3, 4], [5]]


def test_stream_prefix_treats_like_wildcards_literally(store, stream_id, club):
    store.append(club=club, stream=f"{stream_id}_x", expected_version=0, events=[played("A♠")])
    store.append(club=club, stream=f"{stream_id}Ax", expected_version=0, events=[played("A♠")])
    found = store.read_all(club=club, stream_prefix=f"{stream_id}_")
    assert [e.stream for e in found] == [f"{stream_id}_x"]


def test_upcasters_upgrade_old_payloads_on_read_only(store, stream_id, club):
    store.append(club=club, stream=stream_id, expected_version=0, events=[played("AS")])
    with upcasters.isolated():

        @upcasters.register("CardPlayed", 1)
        def spell_suits(data):
            return {"card": data["card"].replace("S", "♠")}

        @upcasters.register("CardPlayed", 2)
        def add_seat(data):
            return {**data, "seat": None}

        (event,) = store.read_stream(stream=stream_id)
        assert event.schema_version == 3
        assert event.data == {"card": "A♠", "seat": None}
        # What the hash chain covers (the audit export) is the row as stored.
        (stored,) = store.read_all(club=club, upcast=False)
        assert (stored.schema_version, stored.data) == (1, {"card": "AS"})
    (raw,) = store.read_stream(stream=stream_id)
    assert (raw.schema_version, raw.data) == (1, {"card": "AS"})
    assert store.verify_chain(club=club, from_position=raw.position).ok


def test_appending_nothing_is_refused(store, stream_id, club):
    with pytest.raises(ValueError, match="at least one"):
        store.append(club=club, stream=stream_id, expected_version=0, events=[])


def test_stream_names_lists_streams_of_a_prefix_in_the_order_they_began(store, stream_id, club):
    first, second, other = f"{stream_id}_a", f"{stream_id}_b", f"x{stream_id}"
    for stream in (second, other, first):
        store.append(club=club, stream=stream, expected_version=0, events=[played("AS")])
    store.append(club=club, stream=second, expected_version=1, events=[played("KS")])
    # "_" in the prefix is literal, not a LIKE wildcard.
    assert store.stream_names(prefix=f"{stream_id}_") == [second, first]


def test_each_club_numbers_its_own_positions_and_chains_from_genesis(store, stream_id):
    clubs = [str(uuid.uuid4()) for _ in range(3)]
    for round_ in range(3):
        for index, club in enumerate(clubs):
            store.append(
                club=club,
                stream=f"{stream_id}-{index}",
                expected_version=round_,
                events=[played(str(round_))],
            )
    for index, club in enumerate(clubs):
        events = store.read_all(club=club)
        assert [e.position for e in events] == [1, 2, 3]
        assert {e.club for e in events} == {club}
        assert events[0].prev_hash == GENESIS_HASH
        assert store.read_stream(stream=f"{stream_id}-{index}", club=club) == events
        assert store.verify_chain(club=club).ok
        assert store.last_position(club=club) == 3
        assert store.partition_heads()[club] == 3
        assert store.stream_club(stream=f"{stream_id}-{index}") == club
    behind = store.partitions_behind({clubs[0]: 3, clubs[1]: 1})
    assert clubs[0] not in behind
    assert (behind[clubs[1]], behind[clubs[2]]) == ((1, 3), (0, 3))


def test_an_idempotency_key_belongs_to_its_club(store, stream_id):
    first, second = str(uuid.uuid4()), str(uuid.uuid4())
    for club in (first, second):
        result = store.append(
            club=club,
            stream=f"{stream_id}-{club}",
            expected_version=0,
            events=[played("AS")],
            idempotency_key="same-key",
        )
        assert not result.replayed
        assert result.first_position == 1


def test_read_all_stops_at_to_position_and_stream_first_events_give_version_one(
    store, stream_id, club
):
    store.append(club=club, stream=f"{stream_id}-a", expected_version=0, events=[played("AS")])
    store.append(club=club, stream=f"{stream_id}-b", expected_version=0, events=[played("KS")])
    store.append(club=club, stream=f"{stream_id}-a", expected_version=1, events=[played("QS")])
    assert [e.position for e in store.read_all(club=club, after=1, to_position=2)] == [2]
    firsts = store.stream_first_events(prefix=stream_id, club=club)
    assert [(e.stream, e.version) for e in firsts] == [(f"{stream_id}-a", 1), (f"{stream_id}-b", 1)]
    assert store.read_all(club=str(uuid.uuid4())) == []
    assert store.stream_version(stream=f"{stream_id}-none") == 0


def test_recorded_events_hash_as_the_verifier_computes(store, stream_id, club):
    from eventlog import recorded_event_hash

    result = store.append(
        club=club,
        stream=stream_id,
        expected_version=0,
        events=[played("AS"), NewEvent(type="Noted", data={"é": [1, {"b": None, "a": True}]})],
        metadata={"actor": {"name": "ana"}},
    )
    for event in store.read_all(club=club, upcast=False):
        assert recorded_event_hash(event) == event.hash
        assert event.metadata == {"actor": {"name": "ana"}}
    assert [e.hash for e in store.read_all(club=club)] == [e.hash for e in result.events]
    report = store.verify_chain(club=club)
    assert (report.ok, report.checked) == (True, 2)


def test_the_memory_verifier_names_the_first_tampered_position(stream_id, club):
    # The Postgres store refuses any change to every role; its tamper tests run as the
    # superuser with the triggers off (test_immutability, test_partitions).
    from eventlog.memory import MemoryEventStore

    store = MemoryEventStore()
    store.append(club=club, stream=stream_id, expected_version=0, events=[played(c) for c in "AKQ"])
    store.tamper(club=club, position=2, data={"card": "2"})
    report = store.verify_chain(club=club)
    assert (report.ok, report.first_broken, report.reason) == (False, 2, "hash does not match")
    assert not store.verify_chain().ok
    assert store.verify_chain(club=club, to_position=1).ok
