"""What `games` publishes to the apps that follow its log (ledger, projectors, webhooks).

With the table stream contract (`games.table`) and the store's read API
(`games.eventstore`), this is all of `games` another app may import (an import-linter
contract in pyproject.toml): registering an inline projection (run in the append's
transaction) or a rebuildable one, and waking an asynchronous subscription after a
commit, coalesced within a process and across processes (`games.projections.wakeup`).
"""

from games.projections.registry import (
    InlineProjector,
    Rebuildable,
    RebuildReport,
    rebuildables,
    register_inline,
    register_rebuildable,
)
from games.projections.wakeup import pending_clear, pending_mark, wake_after_commit

__all__ = [
    "InlineProjector",
    "RebuildReport",
    "Rebuildable",
    "pending_clear",
    "pending_mark",
    "rebuildables",
    "register_inline",
    "register_rebuildable",
    "wake_after_commit",
]
