"""Benchmarks, one module per subject, run by ``python -m bench [name ...]`` (``make bench``).

A benchmark module defines ``main() -> None`` that measures and prints its own table; use
the helpers in ``bench._common``. Django is set up before any module is imported.
"""
