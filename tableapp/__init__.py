"""The table app: server-rendered pages for scorekeepers, auditors and club admins.

Views only parse a form, call the services and selectors of the apps below, and render;
an import-linter contract keeps models and the event store out of reach.
"""
