"""Celery tasks: the tree's catch-up (woken after commits, swept by beat, which also issues
the checkpoints that came due), and asking the witnesses to cosign a checkpoint."""

from __future__ import annotations

from celery import shared_task

from eventlog.subscriptions import pending_clear
from transparency.checkpoints import checkpoints_issue_due
from transparency.cosign import witnesses_ask
from transparency.follower import tree_catch_up
from transparency.wake import SUBSCRIPTION, transparency_wake


@shared_task(name="transparency.catch_up", ignore_result=True)
def tree_catch_up_task() -> None:
    pending_clear(SUBSCRIPTION)
    result = tree_catch_up()
    if result.skipped:
        transparency_wake(countdown=1)  # another worker holds it: look again shortly
    checkpoints_issue_due()


@shared_task(name="transparency.cosign", ignore_result=True)
def checkpoint_cosign(club_id: str, size: int) -> None:
    witnesses_ask(club_id=club_id, size=size)
