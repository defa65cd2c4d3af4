"""The checkpointed followers and imports (issue 25): a table being imported is held back
(the club's checkpoint rests before its first event until the import is whole), an
abandoned import's events are passed over (never handed to a handler, the checkpoint moves
past them), and a handler's `Stop.accepted`, which counts the events handed over, maps
back to the right position around the passed-over ones."""

from __future__ import annotations

import uuid

import pytest
from django.utils import timezone

from eventlog import NewEvent, append
from followers import framework
from followers.framework import checkpoint_create, club_positions, subscription_run
from followers.models import SubscriptionCheckpoint
from games.models import Table
from tests.clubs.helpers import make_club
from tests.followers.test_framework import Picky

pytestmark = pytest.mark.django_db


class Log:
    """One club's log, its events `Note`s numbered in the order written."""

    def __init__(self) -> None:
        self.club = make_club()
        self.club_id = str(self.club.id)
        self.n = 0
        self.positions: dict[int, int] = {}
        self.versions: dict[str, int] = {}

    def table(self, import_status: str = "") -> Table:
        return Table.objects.create(
            id=uuid.uuid4(),
            club=self.club,
            name="t",
            variant="louisiana",
            options={},
            players=["p1", "p2", "p3", "p4"],
            created_at=timezone.now(),
            import_status=import_status,
        )

    def write(self, table: Table, count: int) -> list[int]:
        stream = f"table-{table.id}"
        numbers = list(range(self.n, self.n + count))
        self.n += count
        result = append(
            stream=stream,
            club=self.club_id,
            expected_version=self.versions.get(stream, 0),
            events=[NewEvent("Note", {"n": n}) for n in numbers],
        )
        self.versions[stream] = result.events[-1].version
        for n, event in zip(numbers, result.events, strict=True):
            self.positions[n] = event.position
        return numbers

    def follow(self) -> str:
        name = f"test:{uuid.uuid4()}"
        checkpoint_create(name=name, start={self.club_id: self.positions[0] - 1})
        return name

    def at(self, name: str) -> int:
        return club_positions(SubscriptionCheckpoint.objects.get(name=name))[self.club_id]


def test_an_abandoned_import_is_passed_over_and_a_stop_after_it_rests_in_the_right_place() -> None:
    log = Log()
    whole, abandoned = log.table(), log.table("abandoned")
    log.write(whole, 3)  # 0 1 2
    log.write(abandoned, 2)  # 3 4: never handed over
    log.write(whole, 3)  # 5 6 7
    name = log.follow()

    # Handed 0 1 2 5 6 7, it stops before 6: four accepted, which is n=5's position (the
    # passed-over 3 and 4 lie behind it), not the fourth event of the page (n=3).
    picky = Picky(refuse={6})
    run = subscription_run(picky, name=name, clubs=[log.club_id], create=False)
    assert run.state == framework.STOPPED
    assert picky.seen == [0, 1, 2, 5]
    assert log.at(name) == log.positions[5]

    # A stop before the passed-over events rests before them too: nothing is lost.
    early = Picky(refuse={2})
    again = log.follow()
    subscription_run(early, name=again, clubs=[log.club_id], create=False)
    assert (early.seen, log.at(again)) == ([0, 1], log.positions[1])

    picky.refuse = set()
    run = subscription_run(picky, name=name, clubs=[log.club_id], create=False)
    assert run.state == framework.CAUGHT_UP
    assert picky.seen == [0, 1, 2, 5, 6, 7]
    assert log.at(name) == log.positions[7]
    # The checkpoint's total counts positions read, passed-over ones included.
    assert SubscriptionCheckpoint.objects.get(name=name).position == log.positions[7]


def test_a_page_of_nothing_but_an_abandoned_import_moves_the_checkpoint_past_it() -> None:
    log = Log()
    abandoned = log.table("abandoned")
    log.write(abandoned, 4)
    name = log.follow()
    picky = Picky(refuse=set())
    run = subscription_run(picky, name=name, clubs=[log.club_id], create=False)
    assert (run.state, picky.calls, picky.seen) == (framework.CAUGHT_UP, 0, [])
    assert log.at(name) == log.positions[3]


def test_a_table_being_imported_holds_its_club_back_until_it_is_whole() -> None:
    log = Log()
    whole, importing = log.table(), log.table("importing")
    log.write(whole, 2)  # 0 1
    log.write(importing, 3)  # 2 3 4
    log.write(whole, 2)  # 5 6: after the import's first event, so held with it
    name = log.follow()
    picky = Picky(refuse=set())

    run = subscription_run(picky, name=name, clubs=[log.club_id], create=False)
    assert run.state == framework.CAUGHT_UP  # as far as it can go until woken
    assert picky.seen == [0, 1]
    assert log.at(name) == log.positions[1]
    # Woken again while still importing: not one step further.
    subscription_run(picky, name=name, clubs=[log.club_id], create=False)
    assert picky.seen == [0, 1]

    log.write(importing, 2)  # 7 8: the last chunk, and the table is whole with it
    Table.objects.filter(id=importing.id).update(import_status="")
    run = subscription_run(picky, name=name, clubs=[log.club_id], create=False)
    assert run.state == framework.CAUGHT_UP
    assert picky.seen == list(range(9))
    assert log.at(name) == log.positions[8]


def test_an_import_abandoned_while_held_is_then_passed_over() -> None:
    log = Log()
    whole, importing = log.table(), log.table("importing")
    log.write(whole, 1)  # 0
    log.write(importing, 2)  # 1 2
    log.write(whole, 1)  # 3
    name = log.follow()
    picky = Picky(refuse=set())
    subscription_run(picky, name=name, clubs=[log.club_id], create=False)
    assert picky.seen == [0]
    Table.objects.filter(id=importing.id).update(import_status="abandoned")
    subscription_run(picky, name=name, clubs=[log.club_id], create=False)
    assert picky.seen == [0, 3]
    assert log.at(name) == log.positions[3]


def test_a_rebuild_reading_to_the_end_stops_at_a_held_import() -> None:
    """`projection_rebuild` batches until `caught_up`: a club held back by an import is as
    far as it can go, so the rebuild ends (and its generation goes on once woken)."""
    log = Log()
    whole, importing = log.table(), log.table("importing")
    log.write(whole, 2)  # 0 1
    log.write(importing, 2)  # 2 3
    name = log.follow()
    checkpoint = SubscriptionCheckpoint.objects.get(name=name)
    picky = Picky(refuse=set())
    batches = [framework.checkpoint_project(picky, checkpoint, clubs=[log.club_id])]
    while not batches[-1].caught_up and len(batches) < 3:
        batches.append(framework.checkpoint_project(picky, checkpoint, clubs=[log.club_id]))
    assert batches[-1].caught_up
    assert (len(batches), picky.seen) == (1, [0, 1])
