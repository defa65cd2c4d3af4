"""Asynchronous projectors: read models that follow the global event log from a checkpoint.

See docs/projectors.md. `games` never imports this app; it subscribes through
`eventlog.subscriptions` (the one registry of followers) in `ProjectorsConfig.ready()`.
"""
