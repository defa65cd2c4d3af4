"""`manage.py rebuild`: one command for the inline projections and the async projectors."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from eventlog import last_position
from games.models import TableSnapshot
from projectors.player_stats import NAME
from tests.audits.helpers import sitting_table
from tests.clubs.helpers import make_club
from tests.projectors.conftest import live, snapshot

pytestmark = pytest.mark.django_db


def _run(*args: str) -> str:
    out = StringIO()
    call_command("rebuild", *args, stdout=out)
    return out.getvalue()


def test_one_command_rebuilds_an_inline_projection_of_one_table_and_verifies_it() -> None:
    table = sitting_table(make_club(), seed=51)
    TableSnapshot.objects.filter(table=table).update(version=1)  # a damaged read model
    assert "table_state: rebuilt 1 streams" in _run(
        "--projection", "table_state", "--table", str(table.id)
    )
    assert _run("--projection", "table_state", "--table", str(table.id), "--verify").endswith(
        "0 differences\n"
    )
    TableSnapshot.objects.filter(table=table).update(version=1)
    with pytest.raises(SystemExit) as exited:
        _run("--projection", "table_state", "--table", str(table.id), "--verify")
    assert exited.value.code == 1


def test_one_command_rebuilds_an_async_projector_with_progress() -> None:
    club = make_club()
    sitting_table(club, seed=52)
    text = _run("--projection", NAME, "--batch", "100")
    assert f"{last_position()}/{last_position()} events (100%)" in text
    assert f"{NAME}: generation {live().generation} live" in text
    assert snapshot(live().generation, {str(club.id)})


@pytest.mark.usefixtures("clubs_of_the_whole_log")  # rebuilds the whole log
def test_everything_without_a_name_and_clear_refusals() -> None:
    text = _run()
    assert "table_state: rebuilt" in text
    assert "ledger: rebuilt" in text
    assert f"{NAME}: generation" in text
    with pytest.raises(CommandError, match="no projection named nope; known: "):
        _run("--projection", "nope")
    with pytest.raises(CommandError, match="rebuilt whole"):
        _run("--projection", NAME, "--verify")
