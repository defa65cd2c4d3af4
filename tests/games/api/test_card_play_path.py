"""The synchronous path of a card play, module by module (docs/events.md walks it).

A profiler hook records every function of ours that runs while `POST /tables/{id}/events`
logs one card: which modules, and each time the call stack enters a package from another
(`games` counted by subpackage: `games.api`, `games.sitting`, ...). The write side is
entered once and leaves once: the view calls the service, the service the repository, and
the repository does the rest (no going back and forth between services and projections)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.games.api.conftest import create_table, post_events
from tests.games.api.sittings import api_events, first_seats

ROOT = Path(__file__).resolve().parents[3]
OURS = frozenset(
    {
        "audits", "bourre_site", "clubs", "exports", "followers", "games", "ledger",
        "projectors", "tableapp", "webhooks",
    }
)  # fmt: skip
CASE = ROOT / "tests" / "conformance" / "cases" / "louisiana-02-tie-bourre-lone.json"


def _module(code: CodeType) -> str | None:
    path = Path(code.co_filename)
    if not path.is_relative_to(ROOT) or path.suffix != ".py":
        return None
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[0] not in OURS:
        return None
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "games" and len(parts) > 1 else parts[0]


def card_play_path(client: APIClient) -> tuple[list[str], list[tuple[str | None, str]]]:
    """The modules of ours run by one card play (in first-run order), and every entry into
    a package: (the package of the nearest caller of ours, the package entered)."""
    case = json.loads(CASE.read_text())
    transcript = case["transcript"]
    table = create_table(
        client,
        variant=transcript["variant"],
        players=first_seats(transcript),
        options=transcript.get("options", {}),
    )
    events = [event for _, event in api_events(transcript)]
    plays = [i for i, event in enumerate(events) if "play" in event]
    version = 1
    for event in events[: plays[1]]:  # up to the second card of the first trick
        response = post_events(client, table["id"], version, [event])
        assert response.status_code == 201, response.json()
        version = response.json()["version"]
    modules: list[str] = []
    entries: list[tuple[str | None, str]] = []

    def hook(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call" or (module := _module(frame.f_code)) is None:
            return
        if module not in modules:
            modules.append(module)
        caller, back = None, frame.f_back
        while back is not None and (caller := _module(back.f_code)) is None:
            back = back.f_back
        if caller is None or package(caller) != package(module):
            entries.append((None if caller is None else package(caller), package(module)))

    sys.setprofile(hook)
    try:
        response = post_events(client, table["id"], version, [events[plays[1]]])
    finally:
        sys.setprofile(None)
    assert response.status_code == 201, response.json()
    return modules, entries


@pytest.mark.django_db
def test_a_card_play_enters_the_write_side_once(scorekeeper: APIClient) -> None:
    modules, entries = card_play_path(scorekeeper)
    print(len(modules), "modules:", *modules, sep="\n  ")  # seen with `pytest -s`
    print("entries:", *entries, sep="\n  ")
    entered = Counter(entered for _, entered in entries)
    # The view, the service, the write side, the log and the registry of followers: each
    # entered once, each from the one before it.
    assert entered["games.services"] == entered["games.sitting"] == 1, entries
    assert entered["games.eventstore"] == 1, entries
    assert ("games.api", "games.services") in entries
    assert ("games.services", "games.sitting") in entries
    assert ("games.sitting", "games.eventstore") in entries
    # The spine: view, service, repository (and its store), decide, the aggregate, the log.
    spine = [
        "games.api.events",
        "games.services.events",
        "games.sitting.repository",
        "games.sitting.postgres",
        "games.sitting.decide",
        "games.sitting.aggregate",
        "games.eventstore.writer",
    ]
    assert [m for m in modules if m in spine] == spine
    assert not any(m.startswith("games.projections.table_state") for m in modules)

    print(len(modules), "modules:", *modules, sep="\n  ")  # seen with `pytest -s`
    print("entries:", *entries, sep="\n  ")
