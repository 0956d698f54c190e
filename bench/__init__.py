"""Benchmarks that print figures (never asserts). Run each from the repository's root as a module,
``python -m bench.NAME [--smoke]``; ``tests/test_bench_smoke.py`` runs every one with ``--smoke``."""
