"""`manage.py` kept running for the migration-history tests (tests/scratch.py): their
migrations and exports, on one scratch database after another, in one process that sets
Django up once.

Each line on standard input is a request, `{"database": NAME, "args": [COMMAND, ...]}`: the
command runs on that database as `manage.py COMMAND ...` runs it with `DJANGO_DB_ROLE=owner`
(the environment this process was started with names the server and the roles), and one
line answers on the standard output this process started with: `{"status": 0 or 1,
"stdout": ..., "stderr": ...}`, the traceback in `stderr` on a failure, as `manage.py`
prints it. A `manage.py` of its own for each step spent most of these tests' time setting
Django up (about 2 s of CPU each, some 25 times).

    python -m tests.manage_server
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import traceback


def main() -> None:
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # whatever else writes to the standard output goes to standard error
    requests = sys.stdin
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115  # a command that asks reads nothing
    import django

    django.setup()
    from django.contrib.contenttypes.models import ContentType
    from django.core.management import call_command
    from django.db import connections

    for line in requests:
        request = json.loads(line)
        connections.close_all()
        connections["default"].settings_dict["NAME"] = request["database"]
        ContentType.objects.clear_cache()  # the ids of another database's content types
        out, err = io.StringIO(), io.StringIO()
        status = 0
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                call_command(*request["args"])
            except Exception:
                traceback.print_exc()
                status = 1
        connections.close_all()  # the next request's database, or a DROP of this one
        answers.write(
            json.dumps({"status": status, "stdout": out.getvalue(), "stderr": err.getvalue()})
            + "\n"
        )
        answers.flush()


if __name__ == "__main__":
    main()
