"""Seasons: a club's run of nights with its own points rule, the standings over it, each
player's page, and a skill rating (Weng-Lin, `openskill`) that follows the log.

The standings are read from the player statistics' night lines (`projectors`, the one fold
of the log's postings) and the ratings' projector of this app; a season itself is the club's
setting, not a fact of the log, so editing it changes its standings at once, with no
rebuild (docs/seasons.md, docs/decisions/0300-seasons-above-the-statistics.md).
"""
