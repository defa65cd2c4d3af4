"""`read_stream(lazy=True)` (the replay's read) and `read_all(lazy=True)` (the followers'):
the same events as the eager read, their payloads decoded only when first read."""

import pytest

from eventlog import NewEvent, RecordedEvent, append, read_all, read_stream, upcasters
from eventlog.reader import _DATA, _METADATA, _RECORDED_AT

pytestmark = pytest.mark.django_db

PAYLOADS = [
    {"card": "A♠", "seat": 3, "note": 'quotes " and \\ and é'},
    # Beyond 64 bits: orjson would give a float; the read must give the integer back.
    {"big": 123456789012345678901234567890, "small": -(2**63), "ratio": 0.1},
    {"nested": {"list": [1, None, True, "x"]}, "empty": {}},
]


def _append_all(stream_id, club):
    append(
        club=club,
        stream=stream_id,
        expected_version=0,
        events=[NewEvent(type="CardPlayed", data=data) for data in PAYLOADS],
        metadata={"actor": {"key_id": "k"}, "client": "tests"},
    )


def test_a_lazy_read_equals_the_eager_one(stream_id, club):
    _append_all(stream_id, club)
    eager = read_stream(stream=stream_id, club=club)
    lazy = read_stream(stream=stream_id, club=club, lazy=True)
    assert lazy == eager
    assert eager == lazy
    assert [e.data for e in lazy] == PAYLOADS
    assert type(lazy[1].data["big"]) is int
    assert [e.recorded_at for e in lazy] == [e.recorded_at for e in eager]
    assert lazy[0].recorded_at.utcoffset().total_seconds() == 0
    assert [e.club for e in lazy] == [str(club)] * 3


def test_nothing_is_decoded_until_it_is_read(stream_id, club):
    _append_all(stream_id, club)
    event = read_stream(stream=stream_id, club=club, lazy=True)[0]
    assert isinstance(event, RecordedEvent)
    assert all(isinstance(slot.__get__(event), str) for slot in (_DATA, _METADATA, _RECORDED_AT))
    assert event.data["card"] == "A♠"
    assert _DATA.__get__(event) is event.data  # decoded once, kept
    assert isinstance(_METADATA.__get__(event), str)  # still not decoded
    assert event.metadata["client"] == "tests"


def test_events_with_an_upcaster_are_upcast_as_by_the_eager_read(stream_id, club):
    _append_all(stream_id, club)
    with upcasters.isolated():

        @upcasters.register("CardPlayed", 1)
        def _v2(data):
            return {**data, "upcast": True}

        lazy = read_stream(stream=stream_id, club=club, lazy=True)
        assert lazy == read_stream(stream=stream_id, club=club)
    assert [e.schema_version for e in lazy] == [2, 2, 2]
    assert all(e.data["upcast"] for e in lazy)


def test_a_lazy_read_of_a_club_equals_the_eager_one(stream_id, club):
    _append_all(stream_id, club)
    eager = read_all(club=club)
    lazy = read_all(club=club, lazy=True)
    assert lazy == eager
    assert [e.data for e in lazy] == PAYLOADS
    assert type(lazy[1].data["big"]) is int
    assert [e.recorded_at for e in lazy] == [e.recorded_at for e in eager]
    assert [e.club for e in lazy] == [str(club)] * 3
    # Paged like the eager read, and undecoded until read.
    page = read_all(club=club, after=lazy[0].position, to_position=lazy[1].position, lazy=True)
    assert isinstance(_DATA.__get__(page[0]), str)
    assert page == eager[1:2]
    # The rows exactly as stored (the audit's read) are never lazy.
    assert type(read_all(club=club, upcast=False, lazy=True)[0]) is RecordedEvent


def test_a_lazy_read_of_a_club_upcasts_as_the_eager_one(stream_id, club):
    _append_all(stream_id, club)
    with upcasters.isolated():

        @upcasters.register("CardPlayed", 1)
        def _v2(data):
            return {**data, "upcast": True}

        lazy = read_all(club=club, lazy=True)
        assert lazy == read_all(club=club)
    assert all(e.data["upcast"] for e in lazy)
