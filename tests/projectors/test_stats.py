"""Player statistics from the log: conformance transcripts, undo, several tables per club."""

from __future__ import annotations

import json
import random
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from games.engine.simulate import random_sitting
from projectors.framework import projector_run
from projectors.player_stats import NAME
from tests.projectors.conftest import live, snapshot
from tests.projectors.helpers import TableWriter, table_from_transcript

CASES = sorted((Path(__file__).parents[1] / "conformance" / "cases").glob("*.json"))
RULED = [p for p in CASES if "expected" in json.loads(p.read_text())]

pytestmark = pytest.mark.django_db


def club_stats(club_id: str) -> dict[str, dict[str, int]]:
    projector_run(name=NAME, wait=True)
    return {p: row for (_, p), row in snapshot(live().generation, {club_id}).items()}


def expected_from_ruling(transcript: dict[str, Any], ruled: dict[str, Any]) -> dict[str, dict]:
    """What the statistics must say, read off the case's expected `bourre-ruling/1`."""
    players = transcript["players"]
    out = {p: Counter(tables=1, net_chips=ruled["balances"][p], biggest_pot=0) for p in players}
    for logged, deal in zip(transcript["deals"], ruled["deals"], strict=True):
        for p in logged.get("seated") or players:
            out[p]["deals_played" if p in deal["active"] else "deals_passed"] += 1
        won: Counter[str] = Counter()
        for r in deal["rulings"]:
            if r["kind"] == "pot_won":
                won[r["player"]] += r["amount"]
                out[r["player"]]["pots_won"] += 1
            elif r["kind"] == "pot_split":
                for p in r["players"]:
                    won[p] += r["each"]
                    out[p]["pots_won"] += 1
            elif r["kind"] == "pot_shared":
                for p, n in r["shares"].items():
                    if n:
                        won[p] += n
                        out[p]["pots_won"] += 1
            elif r["kind"] in ("bourre", "renege"):
                out[r["player"]][r["kind"] + "s"] += 1
        for p, n in won.items():
            out[p]["pot_chips"] += n
            out[p]["biggest_pot"] = max(out[p]["biggest_pot"], n)
    keys = ("tables", "deals_played", "deals_passed", "pots_won", "pot_chips", "biggest_pot",
            "bourres", "reneges", "net_chips")  # fmt: skip
    return {p: {k: c[k] for k in keys} for p, c in out.items()}


@pytest.mark.parametrize("path", RULED, ids=[p.stem for p in RULED])
def test_stats_of_each_conformance_case(path: Path, club_id: str) -> None:
    case = json.loads(path.read_text())
    table = table_from_transcript(club_id, case["transcript"])
    stats = club_stats(club_id)
    assert stats == expected_from_ruling(case["transcript"], case["expected"])
    assert {p: s["net_chips"] for p, s in stats.items()} == table.balances


def test_the_tie_bourre_lone_case_in_plain_numbers(club_id: str) -> None:
    case = json.loads((RULED[0].parent / "louisiana-02-tie-bourre-lone.json").read_text())
    table_from_transcript(club_id, case["transcript"])
    stats = club_stats(club_id)
    # d went bourré and paid 5; next deal c alone took the 12-chip pot.
    assert (stats["d"]["bourres"], stats["d"]["net_chips"]) == (1, -6)
    c = stats["c"]
    assert (c["pots_won"], c["biggest_pot"], c["net_chips"]) == (1, 12, 10)
    assert (stats["e"]["deals_played"], stats["e"]["deals_passed"]) == (0, 2)
    assert sum(s["net_chips"] for s in stats.values()) == 0


def test_a_player_counts_across_the_clubs_tables_only(club_id: str) -> None:
    rng = random.Random(7)
    other_club = club_id[::-1]
    totals: Counter[str] = Counter()
    for seed in range(4):
        sim = random_sitting(rng, "louisiana", 4 + seed % 2, deals=6, renege_chance=0.2)
        table = table_from_transcript(club_id, sim.transcript)
        totals.update(table.balances)
        assert table.balances == dict(sim.state.balances)
    table_from_transcript(other_club, random_sitting(rng, "louisiana", 4, deals=3).transcript)
    stats = club_stats(club_id)
    assert {p: s["net_chips"] for p, s in stats.items()} == dict(totals)
    assert stats["p1"]["tables"] == 4
    assert stats["p5"]["tables"] == 2
    assert sum(s["deals_played"] + s["deals_passed"] for s in stats.values()) == 6 * (4 * 4 + 2)


def test_an_undone_settling_play_takes_the_deal_back_out(club_id: str) -> None:
    sim = random_sitting(random.Random(3), "louisiana", 4, deals=2)
    first, second = sim.transcript["deals"]
    other_club = str(uuid.uuid4())
    straight = table_from_transcript(other_club, sim.transcript)

    table = TableWriter(club_id=club_id, variant="louisiana", players=["p1", "p2", "p3", "p4"])
    table.deal({k: v for k, v in first.items() if k != "actions"})
    for action in first["actions"]:
        table.action(action)
    settled = club_stats(club_id)
    voided = table.undo()
    assert len(voided) >= 2  # at least the pot's fate and deal_settled
    undone = club_stats(club_id)
    assert sum(s["deals_played"] + s["deals_passed"] for s in undone.values()) == 0
    assert all(s["pots_won"] == s["biggest_pot"] == s["pot_chips"] == 0 for s in undone.values())
    assert {p: s["net_chips"] for p, s in undone.items()} == table.balances
    table.action(first["actions"][-1])
    assert club_stats(club_id) == settled

    # Undoing the next deal's start gives its antes back; logging it again takes them.
    header = {k: v for k, v in second.items() if k != "actions"}
    table.deal(header)
    table.undo()
    assert club_stats(club_id) == settled
    table.deal(header)
    for action in second["actions"]:
        table.action(action)
    assert club_stats(club_id) == club_stats(other_club)
    assert table.balances == straight.balances
