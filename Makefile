# The two commands: `make run` serves, `make test` runs the whole suite. See README.md.
SHELL := /bin/bash
PY := .venv/bin/python
BENCH ?=
# make test ARGS='tests/eventlog -k carry': only those tests, in one process.
ARGS ?=

.PHONY: run test test-citus citus lint typecheck bench services stop venv clean messages soak

run:
	@scripts/run.sh

test:
	@scripts/test.sh $(ARGS)

# The project on a local Citus cluster (docs/scaling.md): build the extension once, start a
# coordinator and two workers, migrate; `BOURRE_CITUS=1 make run` then serves on it.
citus:
	@BOURRE_CITUS=1 scripts/db.sh

# The fault soak, for minutes (BOURRE_SOAK_SECONDS, 300): every process of the stack killed
# and started again in turn while 8 tables log (docs/operations.md, "The fault soak").
soak:
	@scripts/soak.sh

test-citus:
	@scripts/test-citus.sh

venv:
	@scripts/venv.sh

lint: venv
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/lint-imports
	.venv/bin/mypy

typecheck: venv
	.venv/bin/mypy

bench:
	@scripts/bench.sh $(BENCH)

# Update the translation catalogues (locale/*/LC_MESSAGES/django.po) from the marked strings.
messages: venv
	@scripts/messages.sh

# Start Postgres and Redis and migrate, leaving them up (for running pytest by hand).
services:
	@scripts/db.sh

stop:
	@scripts/pg.sh stop; scripts/citus.sh stop; scripts/redis.sh stop; rm -f var/run/*.autostop

clean: stop
	rm -rf var .venv
