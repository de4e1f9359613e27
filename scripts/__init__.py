"""Benchmark scripts (run from the repository root with PYTHONPATH=.)."""
