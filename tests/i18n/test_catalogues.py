"""The catalogues cannot fall behind: extracting every marked string again (what `make
messages` does, on a copy of the project) must leave nothing untranslated or fuzzy in
French or Ukrainian, and every translation must keep the English placeholders."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("fr", "uk")
# Not the service's own code, or nothing to extract from (scripts/messages.sh skips them too).
LEFT_OUT = shutil.ignore_patterns(
    ".git", ".venv", "var", "tests", "bench", "docs", "docker", "tools", "node_modules",
    "__pycache__", ".*_cache", ".hypothesis", "*.mo", "screenshots",
)  # fmt: skip


def _msgids(po_text: str) -> list[str]:
    """The msgids of a `.po` snippet (what msgattrib printed), without the header's."""
    ids = []
    for block in po_text.split("\n\n"):
        found = re.search(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n?)+)', block, re.M)
        if found:
            text = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', found[1]))
            if text:
                ids.append(text)
    return ids


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project copied, with its catalogues, and `scripts/messages.sh` run on it."""
    tree = tmp_path_factory.mktemp("project") / "tree"
    shutil.copytree(ROOT, tree, ignore=LEFT_OUT)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run(
        [str(ROOT / "scripts" / "messages.sh"), str(tree)],
        check=True,
        env=env,
        capture_output=True,
        text=True,
    )
    return tree


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_string_is_translated(extracted: Path, language: str) -> None:
    po = extracted / "locale" / language / "LC_MESSAGES" / "django.po"
    untranslated = subprocess.run(
        ["msgattrib", "--untranslated", "--no-obsolete", str(po)],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    fuzzy = subprocess.run(
        ["msgattrib", "--only-fuzzy", "--no-obsolete", str(po)],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    missing = _msgids(untranslated)
    guessed = _msgids(fuzzy)
    assert not missing, (
        f"{len(missing)} string(s) not translated in locale/{language} (make messages, "
        f"then translate them: docs/i18n.md): {missing}"
    )
    assert not guessed, f"fuzzy in locale/{language} (check and unflag them): {guessed}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_catalogue_is_the_extracted_one(extracted: Path, language: str) -> None:
    """A string that is no longer marked (or changed its English) leaves the catalogue too."""
    name = Path("locale") / language / "LC_MESSAGES" / "django.po"
    ours = _msgids((ROOT / name).read_text(encoding="utf-8"))
    fresh = _msgids((extracted / name).read_text(encoding="utf-8"))
    assert sorted(set(ours) - set(fresh)) == [], "strings no longer in the source: make messages"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language: str) -> None:
    po = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    checked = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", os.devnull, str(po)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr
    assert "untranslated" not in checked.stderr
    assert "fuzzy" not in checked.stderr


def test_msgids_are_read_from_a_po_snippet() -> None:
    snippet = (
        'msgid ""\nmsgstr ""\n\n#: a.py\nmsgid "one"\nmsgstr ""\n\n'
        'msgid ""\n"two "\n"lines"\nmsgstr ""\n'
    )
    assert _msgids(snippet) == ["one", "two lines"]
