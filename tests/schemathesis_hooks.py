"""Makes schemathesis 3.x work with the Hypothesis this project pins, in pytest and on the
command line: ``SCHEMATHESIS_HOOKS=tests.schemathesis_hooks .venv/bin/schemathesis run ...``.

hypothesis-jsonschema 0.23 (the newest, which schemathesis 3.x needs) drives Hypothesis'
`many` with `more()`, which recent Hypothesis replaced by `with many(...) as m: for _ in m:`.
This puts `more()` back as that loop, one step a call. Without it the CLI errors on every
operation with `'many' object has no attribute 'more'`."""

from __future__ import annotations

from typing import Any

import schemathesis.experimental
from hypothesis.internal.conjecture import utils as conjecture_utils


def _compat_more(self: Any) -> bool:
    if self._depth is None:
        self.__enter__()
        self._compat_steps = iter(self)
    try:
        next(self._compat_steps)
    except StopIteration:
        self.__exit__(None)
        return False
    return True


if not hasattr(conjecture_utils.many, "more"):
    conjecture_utils.many.more = _compat_more


# The schema is OpenAPI 3.1 (bourre_site/settings/base.py says why); schemathesis 3.x reads
# it behind its `openapi-3.1` experiment (the CLI: `--experimental=openapi-3.1`).
schemathesis.experimental.OPEN_API_3_1.enable()
