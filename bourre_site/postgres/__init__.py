"""The PostgreSQL backend of the site: Django's, with a health check that costs no round trip
while the connection shows no sign of trouble (see `base.DatabaseWrapper`)."""
