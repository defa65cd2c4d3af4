"""The table seen live by everyone at it: Server-Sent Events fed from the log's commits, the
table display (TV), the players' view through revocable viewer links (docs/ui.md)."""
