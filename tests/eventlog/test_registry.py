"""The one registry of the log's followers: lifecycles, and what runs on an append."""

from __future__ import annotations

import pytest
from django.db import transaction

from eventlog import registry
from eventlog.registry import (
    ASYNC,
    INLINE,
    LIVE,
    Rebuildable,
    RebuildPlan,
    RebuildRefused,
    RebuildReport,
    Subscription,
    project_inline,
    rebuildables,
    register_rebuildable,
    register_wake,
    subscription_register,
)
from eventlog.wakeup import wait_until_sent


@pytest.fixture(autouse=True)
def empty_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_subscriptions", {})
    monkeypatch.setattr(registry, "_wakes", {})


@pytest.mark.django_db(transaction=True)
def test_an_append_runs_the_inline_projections_in_order_and_the_wakes_after_commit() -> None:
    ran: list[str] = []
    register_wake("wake", lambda events: ran.append(f"wake {list(events)}"))
    register_wake("broken", lambda events: 1 / 0)  # logged; the next hook still runs
    register_wake("second wake", lambda events: ran.append("second wake"))
    for name in ("first", "second"):
        subscription_register(
            Subscription(name, INLINE, project=lambda events, name=name: ran.append(name))
        )
    subscription_register(Subscription("later", ASYNC))
    with transaction.atomic():
        project_inline(["e1"])  # type: ignore[list-item]
        project_inline(["e2"])  # type: ignore[list-item]
        assert ran == ["first", "second"] * 2  # the wakes wait for the commit
    assert wait_until_sent(60)
    # One wake-up for the transaction, every hook on all its events, off the request's path.
    assert ran == ["first", "second"] * 2 + ["wake ['e1', 'e2']", "second wake"]
    with pytest.raises(RuntimeError):
        _rolled_back(["e3"])
    assert wait_until_sent(60)
    assert ran[-3:] == ["second wake", "first", "second"]  # no wake for a rollback


def test_only_an_inline_subscription_projects_on_append_and_lifecycles_are_known() -> None:
    with pytest.raises(ValueError, match="only an inline"):
        Subscription("stats", ASYNC, project=lambda events: None)
    with pytest.raises(ValueError, match="lifecycle"):
        Subscription("stats", "eventually")


def test_a_rebuild_registered_later_joins_its_subscription() -> None:
    def rebuild(stream: str | None = None, verify: bool = False) -> RebuildReport:
        return RebuildReport("hooks", 0, 0)

    subscription_register(Subscription("hooks", ASYNC, "deliveries"))
    register_rebuildable(Rebuildable("hooks", rebuild))
    assert registry.subscriptions()["hooks"] == Subscription(
        "hooks", ASYNC, "deliveries", rebuild=rebuild
    )
    assert rebuildables()["hooks"].rebuild is rebuild


def test_one_registry_names_what_a_rebuild_takes_and_refuses_naming_the_field() -> None:
    def rebuild(stream: str | None = None, verify: bool = False) -> RebuildReport:
        return RebuildReport("state", 0, 0)

    projector = object()
    subscription_register(Subscription("state", INLINE, rebuild=rebuild))
    subscription_register(Subscription("stats", ASYNC, projector=projector))
    subscription_register(Subscription("transcript", LIVE))
    assert registry.projectors() == {"stats": projector}
    assert registry.rebuild_names() == ["state", "stats"]
    assert registry.rebuild_plan(None) == RebuildPlan(("state",), ("stats",))
    assert registry.rebuild_plan(None, verify=True) == RebuildPlan(("state",), ())
    assert registry.rebuild_plan(["state"], table=True, verify=True) == RebuildPlan(("state",), ())
    refusals = {
        ("transcript",): ({}, "name", "folded from the log on read"),
        ("nope",): ({}, "name", "no projection named nope; known: state, stats"),
        ("stats",): ({"table": True}, "table", "rebuilt whole"),
        ("stats", "state"): ({"verify": True}, "verify", "rebuilt whole"),
    }
    for names, (options, field, message) in refusals.items():
        with pytest.raises(RebuildRefused, match=message) as refused:
            registry.rebuild_plan(list(names), **options)
        assert refused.value.field == field
    with pytest.raises(ValueError, match="only an asynchronous"):
        Subscription("state", INLINE, projector=projector)


def _rolled_back(events: list[str]) -> None:
    with transaction.atomic():
        project_inline(events)  # type: ignore[arg-type]
        raise RuntimeError("the append failed")
