"""The hash chain's encoding is a published contract: these fixed vectors must never change."""

import hashlib
from datetime import UTC, datetime, timedelta, timezone

from eventlog import GENESIS_HASH, canonical_json, event_hash
from eventlog.canonical import v1_event_hash

CLUB = "6f1c1a52-3c3e-4b8e-9f0a-2d6f0c7e1b11"
V1 = {
    "position": 1,
    "stream": "table-1",
    "version": 1,
    "type": "CardPlayed",
    "schema_version": 1,
    "data": {"seat": 2, "card": "A♠", "z": [1, None, True]},
    "metadata": {"actor": "é"},
    "recorded_at": datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC),
    "prev_hash": GENESIS_HASH,
}
FIXED = {"club": CLUB, **V1}
FIXED_BYTES = (
    '{"club":"'
    + CLUB
    + '","data":{"card":"A♠","seat":2,"z":[1,null,true]},"metadata":{"actor":"é"},'
    '"position":1,"prev_hash":"' + "0" * 64 + '","recorded_at":"2026-01-02T03:04:05.678901+00:00",'
    '"schema_version":1,"stream":"table-1","type":"CardPlayed","version":1}'
).encode()
FIXED_HASH = "3cc082ed2ca4c2ecb84fac954c45f477c9738332a60c16f035fbad7529a6f3d6"
#: The first, single-chain scheme (no club), which the archived log was hashed with.
V1_HASH = "8955c3d37b7a2151d791749b9d973470250ade084dbb69d3552192ac0ceea3f0"


def test_canonical_json_sorts_keys_without_whitespace_and_keeps_unicode():
    assert (
        canonical_json({"b": 1, "a": {"d": "é", "c": [1, 2]}}) == '{"a":{"c":[1,2],"d":"é"},"b":1}'
    )


def test_event_hash_is_sha256_of_the_pinned_encoding():
    assert hashlib.sha256(FIXED_BYTES).hexdigest() == FIXED_HASH
    assert event_hash(**FIXED) == FIXED_HASH


def test_recorded_at_is_hashed_in_utc_whatever_the_zone_it_comes_in():
    paris = FIXED["recorded_at"].astimezone(timezone(timedelta(hours=1)))
    assert event_hash(**{**FIXED, "recorded_at": paris}) == FIXED_HASH


def test_the_first_schemes_hash_is_still_computable_for_the_archive():
    assert v1_event_hash(**V1) == V1_HASH
