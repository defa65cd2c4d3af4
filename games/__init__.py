"""Bourré games: the rules engine, the event store, and the services on top."""
