"""What `games` publishes to the apps that follow its log (ledger, projectors, webhooks).

With the table stream contract (`games.table`) and the store's read API
(`games.eventstore`), this is all of `games` another app may import (an import-linter
contract in pyproject.toml): the one registry of followers with their lifecycle (inline,
async, live; `games.projections.registry`), the rebuild of several table-by-table
projections on one read of the log (`games.projections.replay`), and waking an
asynchronous subscription after a commit, coalesced within a process and across processes,
and not at all while it says it is idle (`games.projections.wakeup`).
"""

from games.projections.registry import (
    ASYNC,
    INLINE,
    LIVE,
    InlineProjector,
    Rebuildable,
    RebuildPlan,
    RebuildRefused,
    RebuildReport,
    Subscription,
    TablePass,
    projectors,
    rebuild_names,
    rebuild_plan,
    rebuildables,
    register_inline,
    register_rebuildable,
    register_wake,
    subscription_register,
    subscriptions,
)
from games.projections.replay import rebuild_one, rebuild_together
from games.projections.wakeup import (
    idle_set,
    is_idle,
    pending_clear,
    pending_mark,
    wake_after_commit,
)

__all__ = [
    "ASYNC",
    "INLINE",
    "LIVE",
    "InlineProjector",
    "RebuildPlan",
    "RebuildRefused",
    "RebuildReport",
    "Rebuildable",
    "Subscription",
    "TablePass",
    "idle_set",
    "is_idle",
    "pending_clear",
    "pending_mark",
    "projectors",
    "rebuild_names",
    "rebuild_one",
    "rebuild_plan",
    "rebuild_together",
    "rebuildables",
    "register_inline",
    "register_rebuildable",
    "register_wake",
    "subscription_register",
    "subscriptions",
    "wake_after_commit",
]
