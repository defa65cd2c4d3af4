"""axe-core (vendored, pinned: tests/tableapp/assets/README.md) run inside the browser tests:
the serious and critical violations of the page as it is now."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parent / "assets" / "axe-4.11.0.min.js"
AXE_SHA256 = "e9e5863c33a874f09bc01acd9234b7e3c871479f5eef8802fa582544465e6d01"
SERIOUS = ("serious", "critical")


def axe_verified() -> str:
    source = AXE.read_text(encoding="utf-8")
    digest = hashlib.sha256(source.encode("utf-8")).hexdigest()
    assert digest == AXE_SHA256, f"{AXE.name} is not the pinned axe-core"
    return source


def serious_violations(page: Any) -> list[str]:
    """Each serious or critical violation as `rule: target (summary)`, one per node. The
    page's context must bypass its CSP (axe is injected as a script the page did not
    ship)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_verified())
    results = page.evaluate(
        "() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)"
    )
    found = []
    for violation in results:
        if violation["impact"] not in SERIOUS:
            continue
        for node in violation["nodes"]:
            found.append(
                f"{violation['id']} ({violation['impact']}): {node['target']} "
                f"{node.get('failureSummary', '')[:200]}"
            )
    return found
