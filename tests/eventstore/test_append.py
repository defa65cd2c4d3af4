"""Appending and reading, in the test's own transaction (rolled back afterwards)."""

import pytest
from django.db import transaction

from games.eventstore import (
    GENESIS_HASH,
    AppendOnlyError,
    IdempotencyConflict,
    NewEvent,
    VersionConflict,
    append,
    read_all,
    read_stream,
    stream_version,
    upcasters,
    verify_chain,
)
from games.models import Event

pytestmark = pytest.mark.django_db


def played(card: str) -> NewEvent:
    return NewEvent(type="CardPlayed", data={"card": card})


def test_a_new_stream_starts_at_version_one_and_positions_follow_the_log(stream_id, club):
    result = append(
        club=club, stream=stream_id, expected_version=0, events=[played("A♠"), played("K♠")]
    )
    assert (result.first_version, result.last_version) == (1, 2)
    assert result.last_position == result.first_position + 1
    assert not result.replayed
    assert stream_version(stream=stream_id) == 2
    stored = read_stream(stream=stream_id)
    assert [e.data["card"] for e in stored] == ["A♠", "K♠"]
    assert stored == list(result.events)
    assert stored[1].prev_hash == stored[0].hash
    assert verify_chain(club=club, from_position=result.first_position).ok


def test_the_first_event_of_a_club_links_to_the_genesis_hash(stream_id, club):
    # Whatever ran before, the club's log has a first event once this one is appended.
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    first = read_all(club=club, after=0, limit=1)
    assert len(first) == 1
    assert first[0].position == 1
    assert first[0].prev_hash == GENESIS_HASH


def test_wrong_expected_version_raises_a_conflict_carrying_the_current_version(stream_id, club):
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    with pytest.raises(VersionConflict) as raised:
        append(club=club, stream=stream_id, expected_version=0, events=[played("K♠")])
    assert (raised.value.expected, raised.value.current) == (0, 1)
    assert stream_version(stream=stream_id) == 1


def test_expected_version_none_appends_at_any_version(stream_id, club):
    append(club=club, stream=stream_id, expected_version=None, events=[played("A♠")])
    result = append(club=club, stream=stream_id, expected_version=None, events=[played("K♠")])
    assert result.last_version == 2


def test_a_retry_with_the_same_key_and_content_returns_the_original_and_writes_nothing(
    stream_id, club
):
    first = append(
        club=club,
        stream=stream_id,
        expected_version=0,
        events=[played("A♠")],
        idempotency_key=stream_id,
    )
    again = append(
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
    assert stream_version(stream=stream_id) == 1
    assert first.events[0].metadata["idempotency_key"] == stream_id


def test_the_same_key_with_other_content_is_rejected(stream_id, club):
    append(
        club=club,
        stream=stream_id,
        expected_version=0,
        events=[played("A♠")],
        idempotency_key=stream_id,
    )
    with pytest.raises(IdempotencyConflict):
        append(
            club=club,
            stream=stream_id,
            expected_version=1,
            events=[played("K♠")],
            idempotency_key=stream_id,
        )
    assert stream_version(stream=stream_id) == 1


def test_a_key_used_on_one_stream_is_refused_on_another(stream_id, club):
    key = f"key-{stream_id}"
    append(
        club=club, stream=stream_id, expected_version=0, events=[played("A♠")], idempotency_key=key
    )
    with pytest.raises(IdempotencyConflict):
        append(
            club=club,
            stream=f"{stream_id}-other",
            expected_version=0,
            events=[played("A♠")],
            idempotency_key=key,
        )
    assert stream_version(stream=f"{stream_id}-other") == 0
    assert stream_version(stream=stream_id) == 1


def test_a_conflict_inside_an_outer_transaction_leaves_it_usable(stream_id, club):
    with transaction.atomic():
        append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
        with pytest.raises(VersionConflict):
            append(club=club, stream=stream_id, expected_version=0, events=[played("K♠")])
        append(club=club, stream=stream_id, expected_version=1, events=[played("Q♠")])
    assert [e.data["card"] for e in read_stream(stream=stream_id)] == ["A♠", "Q♠"]


def test_a_rolled_back_outer_transaction_leaves_no_trace(stream_id, club):
    def append_then_fail():
        with transaction.atomic():
            append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
            raise RuntimeError("the projection update failed")

    with pytest.raises(RuntimeError):
        append_then_fail()
    assert stream_version(stream=stream_id) == 0


def test_read_stream_and_read_all_page_by_version_and_position(stream_id, club):
    append(
        club=club, stream=stream_id, expected_version=0, events=[played(str(n)) for n in range(5)]
    )
    assert [e.version for e in read_stream(stream=stream_id, after_version=2, limit=2)] == [3, 4]
    pages, after = [], 0
    while page := read_all(club=club, after=after, limit=2, stream_prefix=stream_id):
        pages.append([e.version for e in page])
        after = page[-1].position
    assert pages == [[1, 2], [3, 4], [5]]


def test_stream_prefix_treats_like_wildcards_literally(stream_id, club):
    append(club=club, stream=f"{stream_id}_x", expected_version=0, events=[played("A♠")])
    append(club=club, stream=f"{stream_id}Ax", expected_version=0, events=[played("A♠")])
    found = read_all(club=club, stream_prefix=f"{stream_id}_")
    assert [e.stream for e in found] == [f"{stream_id}_x"]


def test_upcasters_upgrade_old_payloads_on_read_only(stream_id, club):
    append(club=club, stream=stream_id, expected_version=0, events=[played("AS")])
    with upcasters.isolated():

        @upcasters.register("CardPlayed", 1)
        def spell_suits(data):
            return {"card": data["card"].replace("S", "♠")}

        @upcasters.register("CardPlayed", 2)
        def add_seat(data):
            return {**data, "seat": None}

        (event,) = read_stream(stream=stream_id)
        assert event.schema_version == 3
        assert event.data == {"card": "A♠", "seat": None}
        # What the hash chain covers (the audit export) is the row as stored.
        (stored,) = read_all(club=club, upcast=False)
        assert (stored.schema_version, stored.data) == (1, {"card": "AS"})
    (raw,) = read_stream(stream=stream_id)
    assert (raw.schema_version, raw.data) == (1, {"card": "AS"})
    assert verify_chain(club=club, from_position=raw.position).ok


def test_appending_nothing_is_refused(stream_id, club):
    with pytest.raises(ValueError, match="at least one"):
        append(club=club, stream=stream_id, expected_version=0, events=[])


def test_the_django_model_can_neither_update_nor_delete(stream_id, club):
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    event = Event.objects.get(stream=stream_id)
    event.data = {"card": "2♣"}
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(stream=stream_id).update(data={})
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(stream=stream_id).delete()
    assert Event.objects.get(stream=stream_id).data == {"card": "A♠"}


def test_stream_names_lists_streams_of_a_prefix_in_the_order_they_began(stream_id, club):
    from games.eventstore import stream_names

    first, second, other = f"{stream_id}_a", f"{stream_id}_b", f"x{stream_id}"
    for stream in (second, other, first):
        append(club=club, stream=stream, expected_version=0, events=[played("AS")])
    append(club=club, stream=second, expected_version=1, events=[played("KS")])
    # "_" in the prefix is literal, not a LIKE wildcard.
    assert stream_names(prefix=f"{stream_id}_") == [second, first]
