"""`make bench`'s summary: every target row with its verdict, and a loud non-zero exit when a
baseline could not be measured (the other rows are still printed)."""

from __future__ import annotations

import pytest

from bench import summary
from bench.summary import Row


def _rows(*rows: Row):  # type: ignore[no-untyped-def]
    return lambda: list(rows)


def _fake_steps(monkeypatch: pytest.MonkeyPatch, http) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(summary, "_http_rows", http)
    monkeypatch.setattr(
        summary, "_append_rows", _rows(Row("append", "bare 2,000", "35%", ">= 70%", False))
    )
    monkeypatch.setattr(
        summary, "_engine_rows", _rows(Row("engine", "decode", "2,500", ">= 2,000", True))
    )
    monkeypatch.setattr(
        summary, "_replay_rows", _rows(Row("replay", "raw", "23%", ">= 40%", False))
    )
    monkeypatch.setattr(
        summary, "_seasons_rows", _rows(Row("seasons", "plain 6 ms", "67 ms", "< 200 ms", True))
    )


def test_every_row_is_printed_with_its_verdict(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _fake_steps(monkeypatch, _rows(Row("HTTP", "bare", "2%", ">= 25%", False)))
    assert summary.main() == 0
    out = capsys.readouterr().out
    assert "| engine | decode | 2,500 | >= 2,000 | met |" in out
    assert "| append | bare 2,000 | 35% | >= 70% | missed |" in out
    assert "| seasons | plain 6 ms | 67 ms | < 200 ms | met |" in out


def test_a_missing_baseline_fails_the_run_loudly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def http() -> list[Row]:
        raise RuntimeError("baseline bare INSERT measured nothing")

    _fake_steps(monkeypatch, http)
    assert summary.main() == 1
    captured = capsys.readouterr()
    assert "BENCH FAILED" in captured.err
    assert "baseline bare INSERT measured nothing" in captured.err
    assert "| engine | decode | 2,500 | >= 2,000 | met |" in captured.out  # the rest still shown
