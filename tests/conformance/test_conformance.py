"""Every worked case of the transcript format rules exactly as written, both through
the engine and through `manage.py referee` (the command users and CI run)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import TranscriptRejected, rule_transcript
from tests.conformance.reasons import answers, expected_player

CASES = sorted((Path(__file__).parent / "cases").glob("*.json"))
ROOT = Path(__file__).resolve().parents[2]


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_cases_are_there() -> None:
    assert len(CASES) >= 13


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_engine_rules_the_case(path: Path) -> None:
    case = load(path)
    if "rejected" in case:
        with pytest.raises(TranscriptRejected) as caught:
            rule_transcript(case["transcript"])
        assert (caught.value.deal, caught.value.action) == (
            case["rejected"]["deal"],
            case["rejected"]["action"],
        )
        assert answers(case, caught.value.rejection.code), caught.value.rejection
        expected = expected_player(case)
        if expected is not None:
            assert caught.value.rejection.expected == expected
    else:
        assert rule_transcript(case["transcript"]) == case["expected"]


def test_referee_command_rules_every_case(tmp_path: Path) -> None:
    cases = [load(p) for p in CASES]
    files = []
    for i, case in enumerate(cases):
        f = tmp_path / f"{i}.json"
        f.write_text(json.dumps(case["transcript"]), encoding="utf-8")
        files.append(str(f))
    run = subprocess.run(
        [sys.executable, "manage.py", "referee", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = run.stdout.splitlines()
    assert len(lines) == len(cases), run.stderr
    any_rejected = False
    for case, line in zip(cases, lines, strict=True):
        out = json.loads(line)
        if "rejected" in case:
            any_rejected = True
            assert out["error"]["deal"] == case["rejected"]["deal"]
            assert out["error"]["action"] == case["rejected"]["action"]
            assert answers(case, out["error"]["code"]), (case["name"], out["error"])
            assert out["error"]["message"]
        else:
            assert out == case["expected"], case["name"]
    assert run.returncode == (1 if any_rejected else 0)


def test_referee_command_reads_stdin_and_exits_0_when_all_ruled() -> None:
    case = load(next(p for p in CASES if "expected" in load(p)))
    run = subprocess.run(
        [sys.executable, "manage.py", "referee", "-"],
        cwd=ROOT,
        input=json.dumps(case["transcript"]),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == case["expected"]


def test_referee_command_reports_bad_json_on_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "manage.py", "referee", str(bad)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1
    error = json.loads(run.stdout)["error"]
    assert error["code"] == "invalid_json"
    assert error["deal"] is None
    assert error["action"] is None
