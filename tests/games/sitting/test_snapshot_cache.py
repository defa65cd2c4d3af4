"""The per-process cache of decoded snapshots: a text is decoded once, and a row that
another process rewrote (another text) is never answered with the state cached before."""

from __future__ import annotations

import pytest

from games.engine import apply, new_sitting, parse_action, parse_deal
from games.models import TableSnapshot
from games.services import commands_parse, table_create, table_events_append
from games.sitting import snapshot_cache
from games.sitting.snapshot import dump_state, load_state
from tests.clubs.helpers import make_club


def test_each_text_decodes_to_its_own_state_and_the_cache_stays_bounded() -> None:
    state = new_sitting(variant="louisiana", players=["ana", "ben", "cy"], options={})
    dealt, _ = apply(state, parse_deal({"dealer": "cy", "trump": "7S"}))
    declared, _ = apply(dealt, parse_action({"player": "ana", "declare": "play"}))
    texts = [dump_state(s) for s in (state, dealt, declared)]
    for text in texts:
        assert snapshot_cache.decoded(text) == load_state(text)
    assert snapshot_cache.decoded(texts[1]).deal is not None
    assert snapshot_cache.decoded(texts[0]).deal is None
    for seat in range(snapshot_cache.LIMIT + 10):  # other tables' texts push the oldest out
        snapshot_cache.decoded(dump_state(new_sitting(
            variant="louisiana", players=["ana", "ben", f"p{seat}"], options={}
        )))  # fmt: skip
    assert len(snapshot_cache._states) == snapshot_cache.LIMIT
    assert snapshot_cache.decoded(texts[2]) == declared  # decoded afresh


@pytest.mark.django_db
def test_a_row_rewritten_elsewhere_is_read_as_written() -> None:
    club = make_club()
    table = table_create(club=club, name="t", variant="louisiana", players=["ana", "ben", "cy"])
    deal = {"deal": {"dealer": "cy", "trump": "7S"}}
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse([deal])
    )
    # Another process takes the table back to before the deal (its own write: another
    # text at the version this process last saw); this process must not play on its copy.
    row = TableSnapshot.objects.get(table_id=table.id)
    before = dump_state(new_sitting(variant="louisiana", players=["ana", "ben", "cy"], options={}))
    TableSnapshot.objects.filter(table_id=table.id).update(state=before, deal_events=[])
    out = table_events_append(
        table_id=table.id, club=club, expected_version=row.version, commands=commands_parse([deal])
    )
    assert out.body["state"]["deal"] is not None  # a deal started on the rewritten state
