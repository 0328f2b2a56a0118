"""Benchmarks and measurement scripts, run on demand from the repository's root as modules
(``python3 -m benchmarks.NAME``); the test suite times none of them (tests/test_benchmarks.py
only checks their options and that the rules benchmark's random player is fair). Each script's
docstring says what it measures and how to run it; benchmarks/measure.py holds what they share
(CPU beside wall time, min and median over repeats, the machine's load, A/B runs against
another checkout) and docs/benchmarks.md how to read them."""
