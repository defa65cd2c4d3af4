"""What `followers` offers the apps that follow the log (games, ledger, projectors,
webhooks): the one registry of followers with their lifecycle (inline, async, live;
`eventlog.registry`), the rebuild of several table-by-table projections on one read of the
log (`eventlog.replay`), and waking an asynchronous subscription after a commit,
coalesced within a process and across processes, and not at all while it says it is idle
(`eventlog.wakeup`). The log itself is `eventlog`'s, the table stream's names
`table_stream`'s: with this, all another app may import to follow it (import-linter
contracts in pyproject.toml). The subscription framework (`followers.framework`) is
above: `games`, `ledger` and `clubs` never import it.
"""

from eventlog.registry import (
    ASYNC,
    HOLD,
    INLINE,
    LIVE,
    PASS_OVER,
    InlineProjector,
    Rebuildable,
    RebuildPlan,
    RebuildRefused,
    RebuildReport,
    Subscription,
    TablePass,
    inline_writes,
    project_inline,
    projectors,
    rebuild_names,
    rebuild_plan,
    rebuildables,
    register_gate,
    register_inline,
    register_rebuildable,
    register_wake,
    streams_gated,
    subscription_register,
    subscriptions,
    wake_followers,
)
from eventlog.replay import (
    RebuiltStreams,
    rebuild_one,
    rebuild_together,
    register_rebuilt_streams,
)
from eventlog.wakeup import (
    idle_set,
    is_idle,
    pending_clear,
    pending_mark,
    wake_after_commit,
)

__all__ = [
    "ASYNC",
    "HOLD",
    "INLINE",
    "LIVE",
    "PASS_OVER",
    "InlineProjector",
    "RebuildPlan",
    "RebuildRefused",
    "RebuildReport",
    "Rebuildable",
    "RebuiltStreams",
    "Subscription",
    "TablePass",
    "idle_set",
    "inline_writes",
    "is_idle",
    "pending_clear",
    "pending_mark",
    "project_inline",
    "projectors",
    "rebuild_names",
    "rebuild_one",
    "rebuild_plan",
    "rebuild_together",
    "rebuildables",
    "register_gate",
    "register_inline",
    "register_rebuildable",
    "register_rebuilt_streams",
    "register_wake",
    "streams_gated",
    "subscription_register",
    "subscriptions",
    "wake_after_commit",
    "wake_followers",
]
