"""What `followers` offers the apps that follow the log (games, ledger, projectors,
webhooks): the one registry of followers with their lifecycle (inline, async, live;
`followers.registry`), the rebuild of several table-by-table projections on one read of the
log (`followers.replay`), and waking an asynchronous subscription after a commit,
coalesced within a process and across processes, and not at all while it says it is idle
(`followers.wakeup`). The log itself is `games.eventstore`'s, the table stream's names
`games.table`'s: with this, all another app may import to follow it (import-linter
contracts in pyproject.toml). The subscription framework (`followers.framework`) is
above: `games`, `ledger` and `clubs` never import it.
"""

from followers.registry import (
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
    register_gate,
    register_inline,
    register_rebuildable,
    register_wake,
    subscription_register,
    subscriptions,
    wake_followers,
)
from followers.replay import rebuild_one, rebuild_together
from followers.wakeup import (
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
    "register_gate",
    "register_inline",
    "register_rebuildable",
    "register_wake",
    "subscription_register",
    "subscriptions",
    "wake_after_commit",
    "wake_followers",
]
