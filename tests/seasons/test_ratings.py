"""The ratings projector: each settled deal rated with openskill's Plackett-Luce model, an
undo taken back as if the mistake had never been logged, a rebuild giving the same rows."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from clubs.nights import tonight
from eventlog import read_stream
from projectors.rebuild import projection_rebuild
from seasons.rating_fold import deal_ranks
from seasons.ratings import NAME
from tests.clubs.helpers import make_club
from tests.projectors.helpers import TableWriter, table_from_transcript
from tests.seasons.helpers import NIGHT, TIE, catch_up, rating_rows

pytestmark = pytest.mark.django_db


def _settled_summaries(stream: str) -> list[dict]:
    return [
        e.data["ruling"]["summary"]
        for e in read_stream(stream=stream)
        if e.type == "RulingMade" and e.data["kind"] == "deal_settled"
    ]


def test_every_settled_deal_moves_the_ratings_as_openskill_rates_it() -> None:
    club = make_club()
    table = table_from_transcript(str(club.id), NIGHT)
    catch_up()
    # The same deals through openskill by hand, in the same order: the projector adds no
    # formula of its own.
    model = PlackettLuce()
    expected: dict[str, tuple[float, float, int]] = {}
    for summary in _settled_summaries(table.stream):
        ranks = deal_ranks(summary)
        if not ranks:
            continue
        players = sorted(ranks)
        teams = [
            [model.rating(mu=expected[p][0], sigma=expected[p][1])]
            if p in expected
            else [model.rating()]
            for p in players
        ]
        rated = model.rate(teams, ranks=[ranks[p] for p in players])
        for player, [new] in zip(players, rated, strict=True):
            expected[player] = (new.mu, new.sigma, expected.get(player, (0, 0, 0))[2] + 1)
    ratings, nights = rating_rows(str(club.id))
    assert expected, "the night rates somebody"
    assert {p: (mu, sigma, deals) for p, mu, sigma, deals, _ in ratings} == expected
    night = tonight(club.time_zone)
    assert {(p, n) for p, n, *_ in nights} == {(p, night) for p in expected}


def _play_deal_with_a_mistake(writer: TableWriter, deal: dict, *, mistake: bool) -> None:
    writer.deal({k: v for k, v in deal.items() if k != "actions"})
    for action in deal["actions"]:
        writer.action(action)
    if mistake:  # the last card settled the deal: undone, and logged again
        writer.undo("the last card was logged by mistake")
        writer.action(deal["actions"][-1])


def test_an_undone_settlement_is_as_if_the_mistake_was_never_logged() -> None:
    straight, mended = make_club(), make_club()
    for club, mistake in ((straight, False), (mended, True)):
        writer = TableWriter(
            club_id=str(club.id), variant=NIGHT["variant"], players=list(NIGHT["players"])
        )
        for deal in NIGHT["deals"][:2]:
            _play_deal_with_a_mistake(writer, deal, mistake=mistake)
        catch_up()  # the live projector between the settlement and its undo, too
    assert rating_rows(str(straight.id))[0], "two deals rated"
    assert rating_rows(str(straight.id)) == rating_rows(str(mended.id))


def test_an_undone_first_deal_leaves_its_players_unrated() -> None:
    club = make_club()
    writer = TableWriter(club_id=str(club.id), variant=TIE["variant"], players=list(TIE["players"]))
    deal = TIE["deals"][0]
    writer.deal({k: v for k, v in deal.items() if k != "actions"})
    for action in deal["actions"]:
        writer.action(action)
    catch_up()
    assert rating_rows(str(club.id))[0], "the first deal rated its players"
    writer.undo()
    catch_up()
    assert rating_rows(str(club.id)) == ([], [])


def test_a_rebuild_gives_the_very_same_rows() -> None:
    club = make_club()
    table_from_transcript(str(club.id), NIGHT)
    table_from_transcript(str(club.id), TIE)
    catch_up()
    before = rating_rows(str(club.id))
    result = projection_rebuild(name=NAME)
    assert result.generation > 0
    assert rating_rows(str(club.id)) == before
